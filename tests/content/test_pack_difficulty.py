"""Every shipped question says how well-known its answer is (`difficulty`, issue 22), which the
bots' knowledge model reads (games/quizpoker/bots/knowledge.py) and a table may filter on.

The field stays optional in the pack format, so an upload without it is still accepted and
counts as 2 (docs/question-packs.md); but a shipped question must state it, so nobody's
question is taken to be of middling difficulty only because its author forgot the field.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest

from pokerhall.content.packs import parse_pack
from pokerhall.content.questions import DEFAULT_DIFFICULTY, DIFFICULTIES


def _shipped_files() -> list[Path]:
    folder = Path(str(resources.files("pokerhall.content") / "packs"))
    return sorted(folder.glob("*.jsonl"))


def _entries(path: Path) -> list[dict[str, object]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


@pytest.mark.parametrize("path", _shipped_files(), ids=lambda path: path.name)
def test_every_shipped_question_states_its_difficulty(path: Path) -> None:
    missing = [entry["id"] for entry in _entries(path) if "difficulty" not in entry]
    assert missing == [], f"{len(missing)} questions without difficulty, e.g. {missing[:5]}"
    assert {entry["difficulty"] for entry in _entries(path)} <= set(DIFFICULTIES)


def test_a_question_is_as_well_known_in_every_language() -> None:
    """The same id has the same difficulty in every file that holds it (a language's pack must
    not make the bots know an answer better than another's)."""
    seen: dict[str, tuple[object, str]] = {}
    differ = []
    for path in _shipped_files():
        for entry in _entries(path):
            ident = str(entry["id"])
            level = entry.get("difficulty")
            if ident in seen and seen[ident][0] != level:
                differ.append((ident, seen[ident][1], path.name))
            seen.setdefault(ident, (level, path.name))
    assert differ == []


def test_an_upload_without_difficulty_is_still_accepted_as_2() -> None:
    entry = {
        "id": "up-1",
        "language": "en",
        "topic": "history",
        "question": "In which year did it happen?",
        "hint1": "Between 1000 and 1200.",
        "hint2": "Between 1050 and 1100.",
        "answer": "1066",
        "unit": "year",
        "source": "a book",
        "licence": "CC0",
        "as_of": "2020-01-01",
    }
    questions, problems = parse_pack([json.dumps(entry)])
    assert problems == []
    assert [q.difficulty for q in questions] == [DEFAULT_DIFFICULTY] == [2]
