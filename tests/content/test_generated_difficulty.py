"""Every generated question states its difficulty (issue 23: how well-known the answer is, set
per template by scripts/build_questions.py), in the file itself rather than by the default."""

from __future__ import annotations

import json
from collections import defaultdict
from importlib import resources
from pathlib import Path

import pytest

LANGUAGES = ("en", "de", "cs", "el")


def _lines(language: str) -> list[dict[str, object]]:
    folder = Path(str(resources.files("pokerhall.content") / "packs"))
    path = folder / f"generated.{language}.jsonl"
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_generated_line_writes_its_difficulty(language: str) -> None:
    missing = [
        entry["id"] for entry in _lines(language) if entry.get("difficulty") not in {1, 2, 3}
    ]
    assert missing == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_template_has_one_level_but_for_the_atomic_number_and_population(language: str) -> None:
    """The level is the template's (3: nobody knows a population, an area or a day's length
    exactly); only the atomic number (common elements 2, rare ones 3) and population (the
    world's 2) differ within a template."""
    levels: dict[str, set[object]] = defaultdict(set)
    for entry in _lines(language):
        levels[str(entry["template"])].add(entry["difficulty"])
    mixed = sorted(t for t, found in levels.items() if len(found) > 1)
    assert mixed == ["element-number", "pop"]
    assert levels["dist"] == levels["area"] == {3}
