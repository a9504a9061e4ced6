"""`pokerhall questions ...`: validating, importing, listing and counting question packs."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokerhall.cli import questions as questions_cli
from pokerhall.content.packs import load_pack

from .conftest import Run

HEADER = "id,topic,question,hint1,hint2,answer,unit,as_of,hint1_lo,hint1_hi,hint2_lo,hint2_hi\n"
GOOD_ROW = "t-legs,nature,How many legs has a spider?,2 to 20.,6 to 10.,8,,2026-01-01,2,20,6,10\n"
BAD_ROW = "t-bad,nature,Which?,2 to 20.,6 to 10.,many,,2026-01-01,2,20,6,10\n"


def test_validate_a_good_pack(cli: Run, mini_pack: Path) -> None:
    result = cli("questions", "validate", mini_pack)
    assert result.exit_code == 0
    assert f"{mini_pack}: 5 questions OK" in result.stdout


def test_validate_prints_each_problem_with_its_line(
    cli: Run, mini_pack: Path, tmp_path: Path
) -> None:
    """Q1: an answer must be a number; every broken line is reported, not just the first."""
    lines = mini_pack.read_text().splitlines()
    pack = tmp_path / "bad.jsonl"
    pack.write_text("\n".join([lines[0], '{"id": "x"}', lines[1], "not json"]) + "\n")
    result = cli("questions", "validate", pack)
    assert result.exit_code == 1
    assert f"{pack}:2: missing fields" in result.stderr
    assert f"{pack}:4: invalid JSON" in result.stderr
    assert f"{pack}:1:" not in result.stderr


def test_validate_a_missing_file(cli: Run, tmp_path: Path) -> None:
    result = cli("questions", "validate", tmp_path / "none.jsonl")
    assert result.exit_code == 1
    assert "cannot read it" in result.stderr


def test_import_writes_a_pack(cli: Run, tmp_path: Path) -> None:
    sheet, out = tmp_path / "q.csv", tmp_path / "q.en.jsonl"
    sheet.write_text(HEADER + GOOD_ROW)
    args = ("--out", out, "--language", "en", "--licence", "MIT", "--source", "me")
    result = cli("questions", "import", sheet, *args)
    assert result.exit_code == 0, result.output
    assert "Wrote 1 question to" in result.stdout
    (question,) = load_pack(out)
    assert (question.id, question.source, question.licence) == ("t-legs", "me", "MIT")


def test_import_with_problems_writes_nothing(cli: Run, tmp_path: Path) -> None:
    sheet, out = tmp_path / "q.csv", tmp_path / "q.en.jsonl"
    sheet.write_text(HEADER + GOOD_ROW + BAD_ROW)
    args = ("--out", out, "--language", "en", "--licence", "MIT", "--source", "me")
    result = cli("questions", "import", sheet, *args)
    assert result.exit_code == 1
    assert f"{sheet}:3: answer 'many' is not a finite number" in result.stderr
    assert not out.exists()


def test_list_hides_answers_unless_asked(cli: Run, mini_pack: Path) -> None:
    result = cli("questions", "list", "--pack", mini_pack, "--limit", "2")
    assert result.exit_code == 0, result.output
    assert "t-moon" in result.stdout
    assert "Answer" not in result.stdout
    assert "and 3 more" in result.stdout
    shown = cli("questions", "list", "--pack", mini_pack, "--answers", "--limit", "0")
    assert "Answer" in shown.stdout
    assert "3.14" in shown.stdout


def test_list_and_stats_of_the_built_in_questions(
    cli: Run, mini_pack: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The built-in packs, stood in for by the test pack (the shipped ones grow over time)."""
    monkeypatch.setattr(questions_cli, "builtin_languages", lambda: ["en"])
    monkeypatch.setattr(questions_cli, "builtin_questions", lambda language: load_pack(mini_pack))
    listed = cli("questions", "list", "--lang", "en", "--topic", "science")
    assert listed.exit_code == 0, listed.output
    assert "5 questions" in listed.stdout
    assert cli("questions", "list", "--topic", "sport").stdout.startswith("0 questions")
    stats = cli("questions", "stats")
    assert stats.exit_code == 0, stats.output
    assert "science" in stats.stdout
    assert "│ en   │ all     │         5 │" in stats.stdout


def test_list_a_language_without_built_in_questions(cli: Run) -> None:
    result = cli("questions", "list", "--lang", "xx")
    assert result.exit_code == 1
    assert "no built-in questions in language 'xx'" in result.stderr


def _entry(**changes: object) -> str:
    import json

    obj: dict[str, object] = {
        "id": "q1",
        "language": "en",
        "topic": "culture",
        "question": "In which year was the film released?",
        "hint1": "Between 1950 and 2010.",
        "hint2": "Between 1990 and 2005.",
        "answer": "1998",
        "unit": "",
        "source": "Wikidata",
        "licence": "CC0 1.0",
        "as_of": "2026-10-18",
        "hint1_range": ["1950", "2010"],
        "hint2_range": ["1990", "2005"],
    }
    obj.update(changes)
    return json.dumps({k: v for k, v in obj.items() if v is not None})


@pytest.mark.parametrize(
    ("lines", "name", "reason"),
    [
        pytest.param([_entry(as_of=None)], "p.jsonl", "missing field 'as_of'", id="missing"),
        pytest.param([_entry(as_of="2999-01-01")], "p.jsonl", "is in the future", id="future"),
        pytest.param(
            [_entry(as_of="1998-12-31")], "p.jsonl", "is implied by the answer 1998", id="implied"
        ),
        pytest.param(
            ['{"languages": ["en"]}', _entry(language="cs")],
            "p.jsonl",
            "language 'cs' is not one the pack declares (en)",
            id="undeclared-by-header",
        ),
        pytest.param(
            [_entry(language="el")],
            "p.de.jsonl",
            "language 'el' is not one the pack declares (de)",
            id="undeclared-by-name",
        ),
    ],
)
def test_validate_refuses_bad_as_of_dates_and_undeclared_languages(
    cli: Run, tmp_path: Path, lines: list[str], name: str, reason: str
) -> None:
    """DU10: the as-of date is the day the fact was checked or published (issue 13)."""
    pack = tmp_path / name
    pack.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = cli("questions", "validate", pack)
    assert result.exit_code == 1
    assert f"{pack}:{len(lines)}: " in result.stderr
    assert reason in result.stderr.replace("\n", "")


def test_validate_accepts_a_header_declaring_the_languages(cli: Run, tmp_path: Path) -> None:
    pack = tmp_path / "p.jsonl"
    pack.write_text('{"languages": ["en", "cs"]}\n' + _entry(as_of="2026-01-01") + "\n")
    result = cli("questions", "validate", pack)
    assert result.exit_code == 0, result.output
