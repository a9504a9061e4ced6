"""Fixtures shared by the whole suite: question packs with known answers and game builders."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from pokerhall import games
from pokerhall.content import library
from pokerhall.engine.protocol import Game

FIXTURES = Path(__file__).parent / "fixtures"
MINI_PACK = FIXTURES / "mini.en.jsonl"
MINI_PACK_ID = "mini.en"
"""The mini pack's id in the pack library, as `serve --packs tests/fixtures` would name it."""
library.register_file(MINI_PACK, MINI_PACK_ID)

GameFactory = Callable[..., Game[Any]]


def question_entry(
    answer: str = "100",
    *,
    ident: str = "q-fixed",
    language: str = "en",
    hint1: str = "Hint one.",
    hint2: str = "Hint two.",
    as_of: str = "2016-05-01",
) -> dict[str, str]:
    """One valid pack entry whose answer (and hints) a test chooses."""
    return {
        "id": ident,
        "language": language,
        "topic": "test",
        "question": f"Which number is {ident}?",
        "hint1": hint1,
        "hint2": hint2,
        "answer": answer,
        "unit": "",
        "source": "test suite",
        "licence": "MIT",
        "as_of": as_of,
    }


def write_pack(path: Path, entries: Sequence[Mapping[str, str]]) -> Path:
    path.write_text("".join(json.dumps(e) + "\n" for e in entries), encoding="utf-8")
    return path


@pytest.fixture
def mini_pack() -> Path:
    """The five-question English test pack (tests/fixtures/mini.en.jsonl), as an absolute path."""
    return MINI_PACK


@pytest.fixture
def fixed_pack(tmp_path: Path) -> Callable[..., Path]:
    """Writes a one-question pack, so every hand of a game asks that question."""

    def make(answer: str = "100", **fields: str) -> Path:
        entry = question_entry(answer, **fields)
        return write_pack(tmp_path / f"fixed-{len(list(tmp_path.iterdir()))}.jsonl", [entry])

    return make


@pytest.fixture
def new_game(fixed_pack: Callable[..., Path]) -> GameFactory:
    """`new_game(players, answer="100", seed=1, hint1=..., hint2=..., **options)`.

    A QuizPoker game in which every hand asks one question with the given answer; `players` is a
    count or a list of names, options are passed through (e.g. ruleset="duell").
    """

    def make(
        players: int | Sequence[str] = 3,
        answer: str = "100",
        *,
        seed: int = 1,
        hint1: str = "Hint one.",
        hint2: str = "Hint two.",
        **options: Any,
    ) -> Game[Any]:
        language = options.get("language", "de" if options.get("ruleset") == "duell" else "en")
        pack = fixed_pack(answer, hint1=hint1, hint2=hint2, language=language)
        pack_id = library.register_file(pack).id
        return games.create("quizpoker", players, {"questions": pack_id, **options}, seed=seed)

    return make
