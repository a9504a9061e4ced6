"""Fixtures shared by the whole suite: question packs with known answers, game builders, and a
real server process for the tests that play over the network (`served`, tests/serving.py)."""

from __future__ import annotations

import faulthandler
import json
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from pokerhall import games
from pokerhall.content import library
from pokerhall.engine.errors import IllegalMove
from pokerhall.engine.protocol import Game
from serving import Served, serve

TESTS = Path(__file__).parent
FIXTURES = TESTS / "fixtures"
MINI_PACK = FIXTURES / "mini.en.jsonl"
MINI_PACK_ID = "mini.en"
"""The mini pack's id in the pack library, as `serve --packs tests/fixtures` would name it."""
library.register_file(MINI_PACK, MINI_PACK_ID)

GameFactory = Callable[..., Game[Any]]

settings.register_profile("pokerhall", deadline=None)
settings.load_profile("pokerhall")
"""No time limit per example: speed is measured by the benchmarks, and a loaded machine (CI, a
shared laptop) must not turn a slow example into a failure."""


HANG_GUARD_SECONDS = {"server": 150, "browser": 120, "botclient": 120, "arena": 120}
"""The folders whose tests talk to a server process or a browser, and how long one of their tests
may take before the run ends with every thread's traceback: each wait has its own timeout, and
this only catches a hang they missed (a stuck test would otherwise hold CI for its whole hour)."""


@pytest.fixture(autouse=True)
def hang_guard(request: pytest.FixtureRequest) -> Iterator[None]:
    seconds = HANG_GUARD_SECONDS.get(Path(request.path).relative_to(TESTS).parts[0])
    if seconds is None:
        yield
        return
    faulthandler.dump_traceback_later(seconds, exit=True, file=sys.stderr)
    yield
    faulthandler.cancel_dump_traceback_later()


@pytest.fixture
def anyio_backend() -> str:
    """Async tests run on asyncio (the server's loop), not trio."""
    return "asyncio"


@pytest.fixture(scope="session")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """A `pokerhall serve` process for the whole session (started when first asked for)."""
    yield from serve(tmp_path_factory)


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
        language = options.get("language", "en")
        pack = fixed_pack(answer, hint1=hint1, hint2=hint2, language=language)
        pack_id = library.register_file(pack).id
        return games.create("quizpoker", players, {"questions": pack_id, **options}, seed=seed)

    return make


@pytest.fixture
def face_down_match(new_game: GameFactory) -> Game[Any]:
    """A finished QuizPoker match (docs/rules/quizpoker.md QP3) whose first hand ends with seat
    0's guess (its first move) never shown: everyone checks to round 4, where seat 2 bets and
    shows 97 first, seat 3 shows an equally good 103, seats 0 and 1 are worse and stay face
    down. Then everybody goes all-in (or calls) every hand until one player holds every chip
    (Q10)."""
    game = new_game(4)
    for seat, guess in {0: "95.0000123", 1: "80.0000456", 2: "97", 3: "103"}.items():
        game.act(seat, {"type": "guess", "value": guess})
    while game.view(None)["hand"]["round"] < 4:
        _first_legal(game, {"type": "check"}, {"type": "call"})
    _first_legal(game, {"type": "check"})  # seat 1
    _first_legal(game, {"type": "bet", "to": 20})  # seat 2
    for _ in range(3):  # seats 3, 0 and 1 call
        _first_legal(game, {"type": "call"})
    while not game.over:
        if any(p["type"] == "guess" for p in game.pending().values()):
            for seat in sorted(game.pending()):
                game.act(seat, {"type": "guess", "value": str(50 + seat)})
        else:
            _first_legal(game, {"type": "all_in"}, {"type": "call"}, {"type": "check"})
    return game


def _first_legal(game: Game[Any], *moves: dict[str, Any]) -> None:
    """The seat asked makes the first of `moves` the rules allow (else its default move)."""
    seat = min(game.pending())
    for move in moves:
        try:
            game.act(seat, move)
            return
        except IllegalMove:
            continue
    game.act(seat, game.default_move(seat))
