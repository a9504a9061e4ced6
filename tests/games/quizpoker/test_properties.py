"""Properties of random legal play (hypothesis): chips are conserved, secrets never leak, illegal
moves change nothing, and every game ends with one player holding all the chips.

Random play draws the seed, the ruleset, the number of players and the minimum-raise rule. Every
guess is a distinctive long decimal, and every hint and answer of the pack is a distinctive text,
so a leak shows up as one of those strings in the JSON a seat (or a spectator) receives.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerhall import games
from pokerhall.content import library
from pokerhall.engine.errors import IllegalMove
from pokerhall.engine.events import Event

from .driver import RandomPlayer, legal_of, snapshot

QUESTIONS = 30
MAX_MOVES = 4000
CHECKED = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def pack_entry(number: int) -> dict[str, str]:
    return {
        "id": f"p-{number:02d}",
        "language": "en",
        "topic": "test",
        "question": f"Question number {number}?",
        "hint1": f"First hint of question {number}.",
        "hint2": f"Second hint of question {number}.",
        "answer": f"5{number:02d}.31{number:02d}",
        "unit": "",
        "source": "property tests",
        "licence": "MIT",
        "as_of": "2020-01-01",
    }


@pytest.fixture(scope="module")
def secret_pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("packs") / "secrets.jsonl"
    path.write_text("".join(json.dumps(pack_entry(n)) + "\n" for n in range(QUESTIONS)))
    return path


@dataclass(frozen=True)
class Setup:
    players: int
    options: dict[str, Any]
    seed: int

    @property
    def chips(self) -> int:
        default = 10_000 if self.options.get("ruleset") == "duell" else 1000
        return self.players * int(self.options.get("starting_stack", default))


@st.composite
def setups(draw: st.DrawFn) -> Setup:
    seed = draw(st.integers(0, 2**32))
    if draw(st.booleans()):
        options: dict[str, Any] = {
            "ruleset": "duell",
            "software_game_master": draw(st.booleans()),
            "starting_stack": draw(st.sampled_from([500, 1000, 2000])),
        }
        return Setup(draw(st.integers(3, 6)), options, seed)
    options = {
        "min_raise": draw(st.sampled_from(["seed", "standard"])),
        "starting_stack": draw(st.sampled_from([100, 300, 1000])),
    }
    return Setup(draw(st.integers(2, 10)), options, seed)


def start(setup: Setup, pack: Path) -> Any:
    options = {**setup.options, "questions": library.register_file(pack).id, "language": "en"}
    return games.create("quizpoker", setup.players, options, seed=setup.seed)


def strings(data: Any) -> Iterator[str]:
    """Every string inside JSON-like data (keys and values)."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield str(key)
            yield from strings(value)
    elif isinstance(data, list | tuple):
        for item in data:
            yield from strings(item)


@dataclass
class Secrets:
    """What is secret in a match, and which seat legitimately knows which secret so far."""

    num_seats: int
    universe: set[str] = field(default_factory=set)
    known: dict[int | None, set[str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for number in range(QUESTIONS):
            entry = pack_entry(number)
            self.universe |= {entry["hint1"], entry["hint2"], entry["answer"]}
        self.known = {seat: set() for seat in [None, *range(self.num_seats)]}

    def add_guess(self, value: str) -> None:
        self.universe.add(value)

    def learn(self, event: Event, game_master: int | None) -> None:
        """Update who knows what from an event, checking it is addressed as the rules say."""
        data = event.data
        if event.type in ("hint", "answer", "guess_shown"):
            assert event.is_public, event
            text = data["text"] if event.type == "hint" else data["value"]
            for known in self.known.values():
                known.add(text)
        elif event.type == "guess_recorded":
            assert event.to == frozenset({data["seat"]}), event
            self.known[data["seat"]].add(data["value"])
        elif event.type == "game_master_card":
            assert game_master is not None
            assert event.to == frozenset({game_master}), event
            self.known[game_master] |= {data["hint1"], data["hint2"], data["answer"]}

    def check(self, seat: int | None, received: Any) -> None:
        leaked = (set(strings(received)) & self.universe) - self.known[seat]
        assert not leaked, f"seat {seat} was told {leaked}"


def play_checked(setup: Setup, pack: Path, *, secrets: bool = False, illegal: bool = False) -> Any:
    """Random legal play to the end, checking chip conservation after every move, and (on
    request) secrecy and that illegal moves change nothing."""
    game = start(setup, pack)
    rng = random.Random(setup.seed)
    guesses: set[str] = set()

    def distinctive(seat: int) -> str:
        value = f"{rng.randint(400, 650)}.{rng.randint(10**9, 10**10 - 1)}"
        guesses.add(value)
        return value

    player = RandomPlayer(setup.seed, guess_for=distinctive)
    known = Secrets(game.num_seats)
    observers: list[int | None] = [None, *range(game.num_seats)]
    if secrets:
        for event in game.events:
            known.learn(event, game.view(None)["hand"]["game_master"])
    for _ in range(MAX_MOVES):
        if game.over:
            break
        pending = game.pending()
        assert pending, "the game is not over but nobody is asked to move"
        seat = rng.choice(sorted(pending))
        prompt = pending[seat]
        if illegal and rng.random() < 0.15:
            try_illegal(game, seat, prompt, rng)
        move = player.move(seat, prompt)
        before = {s: game.view(s) for s in observers} if secrets else {}
        hand = game.view(None)["hand"]["number"]
        events = game.act(seat, move)
        view = game.view(None)
        chips = sum(p["stack"] for p in view["players"]) + (0 if game.over else view["hand"]["pot"])
        assert chips == setup.chips, (move, events)
        if secrets:
            for value in guesses - known.universe:
                known.add_guess(value)
            same_hand = not game.over and game.view(None)["hand"]["number"] == hand
            check_secrets(game, known, observers, seat, move, events, before, same_hand)
    assert game.over, f"no winner after {MAX_MOVES} moves"
    return game


def check_secrets(
    game: Any,
    known: Secrets,
    observers: list[int | None],
    mover: int,
    move: dict[str, Any],
    events: list[Event],
    before: dict[int | None, Any],
    same_hand: bool,
) -> None:
    game_master = game.view(None)["hand"]["game_master"]
    for event in events:
        if event.type == "round_started":
            game_master = event.data["game_master"]
        known.learn(event, game_master)
    still_guessing = same_hand and any(p["type"] == "guess" for p in game.pending().values())
    for seat in observers:
        view = game.view(seat)
        visible = [e.to_json() for e in events if e.visible_to(seat)]
        known.check(seat, {"view": view, "events": visible})
        if move["type"] == "guess" and still_guessing and seat != mover:
            # Q2: nobody can tell that somebody else has guessed
            assert view == before[seat]
            assert not visible


ILLEGAL_MOVES: list[Any] = [
    {"type": "dance"},
    {"type": "guess", "value": "NaN"},
    {"type": "guess", "value": "1e5"},
    {"type": "raise", "to": -1},
    {"type": "bet", "to": 10**30},
    {"type": "call", "extra": 1},
    {"type": "fold", "prompt_id": -5},
    "fold",
    None,
]


def try_illegal(game: Any, seat: int, prompt: dict[str, Any], rng: random.Random) -> None:
    """An IllegalMove must leave every view and the prompts exactly as they were."""
    before = snapshot(game)
    candidates = [(seat, move) for move in ILLEGAL_MOVES]
    candidates += [(s, {"type": "fold"}) for s in range(game.num_seats) if s not in game.pending()]
    candidates += [(game.num_seats, {"type": "fold"}), (seat, {**prompt, "type": "check"})]
    if prompt["type"] != "show_folded":
        candidates.append((seat, {"type": "show"}))
    if prompt["type"] == "bet" and legal_of(prompt)["raise"]:
        low = legal_of(prompt)["raise"]["min_to"]
        if low < legal_of(prompt)["raise"]["max_to"]:
            candidates.append((seat, {"type": "raise", "to": low - 1}))
    bad_seat, bad_move = rng.choice(candidates)
    with pytest.raises(IllegalMove) as refused:
        game.act(bad_seat, bad_move)
    assert refused.value.reason, (bad_seat, bad_move)
    assert snapshot(game) == before


@CHECKED
@given(setup=setups())
def test_chips_are_conserved_and_one_player_ends_with_everything(
    setup: Setup, secret_pack: Path
) -> None:
    """Q9/Q10/DU7: after every move the stacks plus the pot (with any carried chips) hold exactly
    the chips the game started with; the game ends, and the winner holds all of them."""
    game = play_checked(setup, secret_pack)
    result = game.result
    assert result["scores"][result["winners"][0]] == setup.chips
    assert sorted(result["scores"])[:-1] == [0] * (setup.players - 1)
    assert result["standings"][0] == result["winners"][0]


@CHECKED
@given(setup=setups())
def test_no_seat_or_spectator_learns_a_secret(setup: Setup, secret_pack: Path) -> None:
    """Q2/QP3/DU2/DU6: no view or event a seat receives holds another seat's guess unless it was
    shown; hints and answers reach players (and spectators) only when read out, and the game
    master alone reads the card; a guess changes nothing another seat can see."""
    play_checked(setup, secret_pack, secrets=True)


@CHECKED
@given(setup=setups())
def test_illegal_moves_change_nothing(setup: Setup, secret_pack: Path) -> None:
    """Engine contract: an IllegalMove leaves every view and pending() exactly as before."""
    play_checked(setup, secret_pack, illegal=True)
