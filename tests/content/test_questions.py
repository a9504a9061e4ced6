"""Question packs: the format rules, exact numbers (Q1), as-of dates (DU10) and CSV import."""

from __future__ import annotations

import dataclasses
import datetime
import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pokerhall.content.csv_import import import_csv
from pokerhall.content.packs import (
    builtin_questions,
    load_pack,
    load_questions,
    parse_pack,
    validate_pack_file,
    write_pack,
)
from pokerhall.content.questions import (
    MAX_ID_LENGTH,
    MAX_TEXT_LENGTH,
    RANGE_FIELDS,
    REQUIRED_FIELDS,
    PackError,
    PackProblem,
    Question,
    parse_question,
)
from pokerhall.content.text import REFUSED_CATEGORIES

_DELETE = object()


def entry(**changes: Any) -> dict[str, Any]:
    """A valid pack entry, with some fields changed (or removed with _DELETE)."""
    obj: dict[str, Any] = {
        "id": "pop-deu-2015",
        "language": "en",
        "topic": "geography",
        "question": "How many people lived in Germany in 2015, in millions?",
        "hint1": "Between 60 and 100 million.",
        "hint2": "Between 78 and 84 million.",
        "answer": "81.7",
        "unit": "million",
        "source": "UN World Population Prospects",
        "licence": "CC BY 3.0 IGO",
        "as_of": "2015-07-01",
        "hint1_range": ["60", "100"],
        "hint2_range": ["78", "84"],
    }
    obj.update(changes)
    return {key: value for key, value in obj.items() if value is not _DELETE}


def line(**changes: Any) -> str:
    return json.dumps(entry(**changes), ensure_ascii=False)


def write_lines(tmp_path: Path, *lines: str, name: str = "pack.jsonl") -> Path:
    path = tmp_path / name
    path.write_text("".join(text + "\n" for text in lines), encoding="utf-8")
    return path


def only_problem(*lines: str) -> PackProblem:
    _, problems = parse_pack(lines)
    assert len(problems) == 1, problems
    return problems[0]


# --- good packs -----------------------------------------------------------------------------


def test_good_pack_loads(tmp_path: Path) -> None:
    """A pack with blank lines, integer answers and no hint ranges loads in file order (Q1)."""
    path = write_lines(
        tmp_path,
        line(),
        "",
        line(id="year-1774", answer=1774, hint1_range=_DELETE, hint2_range=_DELETE, unit=""),
        line(id="temp-low", answer="-44", hint1_range=["-60", "0"], hint2_range=[-50, -40]),
    )
    questions = load_pack(path)
    assert [q.id for q in questions] == ["pop-deu-2015", "year-1774", "temp-low"]
    first = questions[0]
    assert first.answer == Decimal("81.7")
    assert first.as_of == datetime.date(2015, 7, 1)
    assert first.hint1_range == (Decimal(60), Decimal(100))
    assert questions[1].answer == Decimal(1774)
    assert questions[1].hint1_range is None
    assert questions[2].hint2_range == (Decimal(-50), Decimal(-40))
    assert validate_pack_file(path) == []


def test_answers_stay_exact_decimals() -> None:
    """Answers are exact: "0.1" is Decimal("0.1"), not the float 0.1 (Q1)."""
    question = parse_question(entry(answer="0.1", hint1_range=["0", "1"], hint2_range=["0", "0.5"]))
    assert isinstance(question.answer, Decimal)
    assert question.answer == Decimal("0.1")
    assert question.to_json()["answer"] == "0.1"


def test_as_of_date_is_kept() -> None:
    """Every question carries the date its facts hold for (DU10)."""
    assert parse_question(entry(as_of="2016-05-01")).as_of == datetime.date(2016, 5, 1)


def test_to_json_uses_pack_order_and_strings() -> None:
    question = parse_question(
        entry(answer=1774, hint1_range=[1700, 1800], hint2_range=[1770, 1780])
    )
    obj = question.to_json()
    assert list(obj) == list(REQUIRED_FIELDS + RANGE_FIELDS)
    assert obj["answer"] == "1774"
    assert obj["hint1_range"] == ["1700", "1800"]
    assert obj["as_of"] == "2015-07-01"


# --- bad entries: each gives the right line and a clear reason -----------------------------

BAD_ENTRIES = [
    pytest.param(entry(answer=_DELETE), "missing field 'answer'", id="missing-field"),
    pytest.param(
        entry(anwser="1"), "unknown field 'anwser' (did you mean 'answer'?)", id="unknown"
    ),
    pytest.param(entry(answer="abc"), "answer 'abc' is not a finite number", id="non-numeric"),
    pytest.param(entry(answer="1e3"), "answer '1e3' is not a finite number", id="exponent"),
    pytest.param(entry(answer="NaN"), "answer 'NaN' is not a finite number", id="nan-string"),
    pytest.param(entry(answer=83.2), "answer 83.2 is a JSON float", id="float-literal"),
    pytest.param(entry(answer=True), "answer must be a number, not a boolean", id="bool"),
    pytest.param(entry(answer=None), "answer must be a decimal string or an integer", id="null"),
    pytest.param(entry(answer="1" * 41), "answer is too long (41 characters", id="long-answer"),
    pytest.param(entry(question="x" * 501), "question is too long (501 characters", id="long-q"),
    pytest.param(entry(hint2="y" * (MAX_TEXT_LENGTH + 1)), "hint2 is too long", id="long-hint"),
    pytest.param(entry(id="a" * (MAX_ID_LENGTH + 1)), "id is too long", id="long-id"),
    pytest.param(entry(topic="t" * 61), "topic is too long (61 characters", id="long-topic"),
    pytest.param(entry(unit="u" * 61), "unit is too long (61 characters", id="long-unit"),
    pytest.param(entry(source="s" * 501), "source is too long (501 characters", id="long-source"),
    pytest.param(entry(licence="l" * 501), "licence is too long", id="long-licence"),
    pytest.param(entry(id="Pop_DEU"), "id 'Pop_DEU' must be lowercase letters", id="bad-id"),
    pytest.param(entry(id="-pop"), "id '-pop' must be lowercase letters", id="id-start"),
    pytest.param(entry(language="eng"), "language 'eng' must be a two-letter", id="language"),
    pytest.param(entry(topic="  "), "topic must not be empty", id="blank-topic"),
    pytest.param(entry(hint1=7), "hint1 must be a string, not an integer", id="hint-type"),
    pytest.param(entry(source=""), "source must not be empty", id="empty-source"),
    pytest.param(entry(as_of="2016-02-30"), "as_of '2016-02-30' is not a valid date", id="date"),
    pytest.param(entry(as_of="1.5.2016"), "as_of '1.5.2016' is not a date in the form", id="fmt"),
    pytest.param(entry(as_of="20160501"), "as_of '20160501' is not a date in the form", id="b"),
    pytest.param(
        entry(hint2_range=_DELETE), "hint1_range and hint2_range must be given together", id="one"
    ),
    pytest.param(entry(hint1_range="60-100"), "hint1_range must be a list [lo, hi]", id="shape"),
    pytest.param(
        entry(hint1_range=["100", "60"]), "hint1_range [100, 60] must have lo < hi", id="lo-hi"
    ),
    pytest.param(
        entry(hint1_range=[60.5, "100"]), "hint1_range lower bound 60.5 is a JSON float", id="rf"
    ),
    pytest.param(
        entry(hint1_range=["82", "100"], hint2_range=["82", "84"]),
        "answer 81.7 is outside hint1_range [82, 100]",
        id="answer-outside-1",
    ),
    pytest.param(
        entry(hint2_range=["70", "80"]),
        "answer 81.7 is outside hint2_range [70, 80]",
        id="answer-outside-2",
    ),
    pytest.param(
        entry(hint2_range=["78", "120"]),
        "hint2_range [78, 120] is not inside hint1_range [60, 100]",
        id="hint2-not-inside",
    ),
    pytest.param(
        entry(hint2_range=["60", "100"]),
        "hint2_range [60, 100] must be narrower than hint1_range",
        id="hint2-not-narrower",
    ),
    pytest.param(
        entry(answer="80", hint2_range=["78", "84"]),
        "answer 80 is the midpoint of hint1_range [60, 100], so hint 1 would give it away",
        id="midpoint",
    ),
]


@pytest.mark.parametrize(("bad", "reason"), BAD_ENTRIES)
def test_bad_entry_is_reported_on_its_line(
    tmp_path: Path, bad: dict[str, Any], reason: str
) -> None:
    """Q1: a question needs text, two hints and an exact numeric answer; DU10: an as-of date."""
    path = write_lines(tmp_path, line(id="fine"), "", json.dumps(bad))
    with pytest.raises(PackError) as caught:
        load_pack(path)
    [problem] = caught.value.problems
    assert problem.line == 3
    assert reason in problem.reason
    assert f"line 3: {reason}" in str(caught.value)
    with pytest.raises(ValueError, match=r"\w"):
        parse_question(bad)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        pytest.param('{"id": "x",', "invalid JSON: ", id="truncated"),
        pytest.param("not json", "invalid JSON: Expecting value (column 1)", id="garbage"),
        pytest.param("[1, 2]", "expected a JSON object, got an array", id="array"),
        pytest.param('"a question"', "expected a JSON object, got a string", id="string"),
        pytest.param("null", "expected a JSON object, got null", id="null"),
        pytest.param(line().replace('"81.7"', "NaN"), "answer NaN is not a finite number", id="n"),
        pytest.param(
            line().replace('"81.7"', "Infinity"), "answer Infinity is not a finite", id="i"
        ),
        pytest.param(line()[:-1] + ', "unit": "m"}', "field 'unit' appears twice", id="dup-key"),
    ],
)
def test_bad_line_is_reported_on_its_line(text: str, reason: str) -> None:
    problem = only_problem(line(id="fine"), text)
    assert problem.line == 2
    assert reason in problem.reason


def test_duplicate_id_names_both_lines() -> None:
    questions, problems = parse_pack([line(id="a"), line(id="b"), "", line(id="a")])
    assert [q.id for q in questions] == ["a", "b"]
    assert problems == [PackProblem(4, "duplicate id 'a' (first on line 1)")]


def test_duplicate_id_is_reported_even_if_the_entry_has_other_faults() -> None:
    _, problems = parse_pack([line(id="a"), line(id="a", answer="x")])
    assert [p.line for p in problems] == [2, 2]
    assert "duplicate id 'a'" in problems[0].reason


def test_every_problem_is_reported_not_just_the_first(tmp_path: Path) -> None:
    path = write_lines(
        tmp_path, line(id="a", answer="x"), line(id="b"), "{", line(id="c", as_of="")
    )
    problems = validate_pack_file(path)
    assert [p.line for p in problems] == [1, 3, 4]


def test_invalid_utf8_is_reported_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "pack.jsonl"
    path.write_bytes(line(id="a").encode() + b"\n" + line(id="b").encode().replace(b"UN", b"\xff"))
    assert validate_pack_file(path) == [PackProblem(2, "not valid UTF-8 text")]
    with pytest.raises(PackError):
        load_pack(path)


@pytest.mark.parametrize("text", ["", "\n\n   \n"], ids=["empty", "blank lines"])
def test_a_pack_without_questions_is_a_problem(tmp_path: Path, text: str) -> None:
    """No game could use it, so `questions validate` must not call it OK."""
    path = tmp_path / "pack.jsonl"
    path.write_text(text, encoding="utf-8")
    assert validate_pack_file(path) == [PackProblem(1, "the pack holds no questions")]
    with pytest.raises(PackError, match="no questions"):
        load_pack(path)


def test_missing_file_raises_oserror(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        load_pack(tmp_path / "nope.jsonl")


def test_pack_error_lists_twenty_problems_then_a_count() -> None:
    error = PackError("big.jsonl", [PackProblem(n, "bad") for n in range(1, 26)])
    text = str(error)
    assert text.startswith("big.jsonl: 25 problems")
    assert "line 20: bad" in text
    assert "line 21: bad" not in text
    assert text.endswith("... and 5 more")
    assert isinstance(error, ValueError)
    assert error.source == "big.jsonl"
    assert len(error.problems) == 25


def test_problem_str_names_the_line() -> None:
    assert str(PackProblem(3, "missing field 'answer'")) == "line 3: missing field 'answer'"


# --- writing --------------------------------------------------------------------------------


def test_write_pack_writes_readable_utf8_lines(tmp_path: Path) -> None:
    question = parse_question(entry(language="de", question="Wie viele Einwohner hatte Köln?"))
    path = tmp_path / "out.jsonl"
    write_pack([question], path)
    text = path.read_text(encoding="utf-8")
    assert "Köln" in text
    assert text.count("\n") == 1
    assert list(json.loads(text)) == list(REQUIRED_FIELDS + RANGE_FIELDS)


def test_write_pack_refuses_what_load_pack_would_refuse(tmp_path: Path) -> None:
    question = parse_question(entry())
    path = tmp_path / "out.jsonl"
    with pytest.raises(PackError, match="duplicate id"):
        write_pack([question, question], path)
    broken = dataclasses.replace(question, answer=Decimal("NaN"))
    with pytest.raises(PackError, match="not a finite number"):
        write_pack([broken], path)
    assert not path.exists()


def _decimals(max_digits: int) -> st.SearchStrategy[Decimal]:
    """Exact decimals in plain notation, with a few places (trailing zeros included)."""
    limit = 10**max_digits
    return st.builds(
        lambda digits, places: Decimal(digits).scaleb(-places),
        st.integers(-limit, limit),
        st.integers(0, 6),
    )


_positive = st.builds(
    lambda digits, places: Decimal(digits).scaleb(-places),
    st.integers(1, 10**9),
    st.integers(0, 3),
)
_letters = st.characters(exclude_categories=sorted(REFUSED_CATEGORIES))
"""Any character a pack text may hold (`content/text.py`)."""
_text = st.text(_letters, min_size=1, max_size=60).filter(str.strip)


@st.composite
def questions(draw: st.DrawFn) -> Question:
    """Valid questions, with hint ranges built around the answer so the hint rules hold."""
    answer = draw(_decimals(15))
    wide = narrow = None
    if draw(st.booleans()):
        below, above = draw(_positive), draw(_positive)
        extra_below = draw(st.sampled_from([Decimal(0), draw(_positive)]))
        extra_above = draw(_positive)
        assume(below + extra_below != above + extra_above)  # not the midpoint of hint 1
        narrow = (answer - below, answer + above)
        wide = (narrow[0] - extra_below, narrow[1] + extra_above)
    return Question(
        id=draw(st.from_regex(r"[a-z0-9][a-z0-9.-]{0,79}", fullmatch=True)),
        language=draw(st.from_regex(r"[a-z]{2}", fullmatch=True)),
        topic=draw(_text),
        question=draw(st.text(_letters, min_size=1, max_size=MAX_TEXT_LENGTH).filter(str.strip)),
        hint1=draw(_text),
        hint2=draw(_text),
        answer=answer,
        unit=draw(st.text(_letters, max_size=10)),
        source=draw(_text),
        licence=draw(_text),
        as_of=draw(st.dates()),
        hint1_range=wide,
        hint2_range=narrow,
    )


@settings(max_examples=60, deadline=None)
@given(st.lists(questions(), min_size=1, max_size=5, unique_by=lambda q: q.id))
def test_write_then_load_round_trips(
    tmp_path_factory: pytest.TempPathFactory, pack: list[Question]
) -> None:
    """Whatever write_pack writes, load_pack reads back identically, digits and all (Q1)."""
    path = tmp_path_factory.mktemp("round") / "pack.jsonl"
    write_pack(pack, path)
    loaded = load_pack(path)
    assert loaded == pack
    assert [q.to_json() for q in loaded] == [q.to_json() for q in pack]


# --- load_questions -------------------------------------------------------------------------


def test_load_questions_filters_a_pack_by_language(tmp_path: Path) -> None:
    path = write_lines(tmp_path, line(id="a"), line(id="b", language="de"), line(id="c"))
    assert [q.id for q in load_questions(str(path), "en")] == ["a", "c"]
    assert [q.id for q in load_questions(str(path), "de")] == ["b"]
    with pytest.raises(ValueError, match=r"no questions in language 'fr' \(it has: de, en\)"):
        load_questions(str(path), "fr")


def test_load_questions_passes_pack_errors_on(tmp_path: Path) -> None:
    path = write_lines(tmp_path, line(answer="many"))
    with pytest.raises(PackError, match="line 1: answer 'many' is not a finite number"):
        load_questions(str(path), "en")


def test_unknown_builtin_language_names_the_available_ones() -> None:
    with pytest.raises(ValueError, match="no built-in questions in language 'xx'; available: "):
        builtin_questions("xx")
    with pytest.raises(ValueError, match="'xx'"):
        load_questions("builtin", "xx")


# --- CSV import -----------------------------------------------------------------------------

CSV_HEADER = (
    "id,language,topic,question,hint1,hint2,answer,unit,source,licence,as_of,"
    "hint1_lo,hint1_hi,hint2_lo,hint2_hi"
)


def write_csv(tmp_path: Path, *rows: str, header: str = CSV_HEADER, bom: str = "") -> Path:
    path = tmp_path / "questions.csv"
    path.write_text(bom + "\r\n".join([header, *rows]) + "\r\n", encoding="utf-8")
    return path


def test_csv_import_happy_path(tmp_path: Path) -> None:
    """A spreadsheet export (BOM, CRLF, quoted cells, stray spaces) gives the same questions.
    A cell may span lines in CSV, but no pack text holds a line break (`content/text.py`)."""
    path = write_csv(
        tmp_path,
        'pop-deu-2015,en,geography,"How many people, in millions?",60 to 100,78 to 84,'
        " 81.7 ,million,UN,CC BY,2015-07-01,60,100,78,84",
        ",,,,,,,,,,,,,,",
        'year-1774,,history,"Which year? Think of Goethe.",Before 1800,1770s,1774,,,,'
        "2016-05-01,,,,",
        bom="\ufeff",
    )
    questions, problems = import_csv(
        path, default_language="de", default_licence="CC0", default_source="Almanac"
    )
    assert problems == []
    first, second = questions
    assert first.question == "How many people, in millions?"
    assert first.answer == Decimal("81.7")
    assert first.hint2_range == (Decimal(78), Decimal(84))
    assert (first.language, first.licence, first.source) == ("en", "CC BY", "UN")
    assert second.question == "Which year? Think of Goethe."
    assert (second.language, second.licence, second.source) == ("de", "CC0", "Almanac")
    assert second.hint1_range is None


def test_csv_import_reads_semicolon_sheets_and_defaults_missing_columns(tmp_path: Path) -> None:
    header = "id;topic;question;hint1;hint2;answer;as_of"
    path = write_csv(tmp_path, "a;sport;Q?;H1;H2;-3;2020-01-31", header=header)
    questions, problems = import_csv(
        path, default_language="en", default_licence="CC0", default_source="me"
    )
    assert problems == []
    assert questions[0].unit == ""
    assert questions[0].answer == Decimal(-3)


def test_csv_bad_rows_are_reported_by_csv_line(tmp_path: Path) -> None:
    good = "a,en,sport,Q?,H1,H2,10,,src,CC0,2020-01-01,0,30,5,20"
    path = write_csv(
        tmp_path,
        good,
        'b,en,sport,"two\nlines",H1,H2,10,,src,CC0,2020-01-01,,,,',  # lines 3-4
        "a,en,sport,Q?,H1,H2,10,,src,CC0,2020-01-01,0,30,5,20",  # line 5
        "c,en,sport,Q?,H1,H2,10,,src,CC0,2020-01-01,0,30,5,",  # line 6
        "d,en,sport,Q?,H1,H2,15,,src,CC0,2020-01-01,0,30,5,20",  # line 7: midpoint
        "e,en,sport,Q?,H1,H2,10,,,CC0,2020-01-01,0,30,5,20,extra",  # line 8
        "f,en,sport,Q?,H1,H2,10,,,CC0,2020-01-01",  # line 9: short row, empty source
    )
    questions, problems = import_csv(path)
    assert [q.id for q in questions] == ["a"]
    assert [(p.line, p.reason.split(" (")[0]) for p in problems] == [
        (
            3,
            "entry 'b': question contains U+000A, a control, invisible or bidirectional "
            "character, which pack texts may not hold",
        ),
        (5, "duplicate id 'a'"),
        (6, "hint2_lo and hint2_hi must be both filled or both empty"),
        (7, "answer 15 is the midpoint of hint1_range [0, 30], so hint 1 would give it away"),
        (8, "row has 16 cells but the header has 15 columns"),
        (9, "source must not be empty"),
    ]


def test_csv_header_problems_are_on_line_1(tmp_path: Path) -> None:
    header = CSV_HEADER.replace("answer", "anwser").replace(",licence", "")
    path = write_csv(tmp_path, "a,en,sport,Q?,H1,H2,10,,src,2020-01-01,0,30,5,20", header=header)
    questions, problems = import_csv(path)
    assert questions == []
    assert [str(p) for p in problems] == [
        "line 1: unknown column 'anwser' (did you mean 'answer'?)",
        "line 1: missing column 'answer'",
        "line 1: missing column 'licence'",
    ]
    assert import_csv(path, default_licence="CC0")[1][-1].reason == "missing column 'answer'"


def test_csv_empty_file_is_a_problem(tmp_path: Path) -> None:
    path = tmp_path / "empty.csv"
    path.write_text("", encoding="utf-8")
    questions, problems = import_csv(path)
    assert questions == []
    assert [p.line for p in problems] == [1]
