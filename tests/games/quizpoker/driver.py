"""Helpers that drive a QuizPoker game in tests: everyone guesses, seats act in turn, and a seeded
random player that picks any legal move from the prompt (for property and conformance tests)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from pokerhall.engine.events import Event
from pokerhall.engine.protocol import Game
from pokerhall.games.quizpoker.bots.legal import legal_of

GameFactory = Callable[..., Any]
"""The `new_game` fixture of tests/conftest.py."""


def guess_all(game: Game[Any], guesses: Mapping[int, str]) -> list[Event]:
    """Every seat in `guesses` writes its guess; returns all events caused."""
    events: list[Event] = []
    for seat, value in guesses.items():
        events += game.act(seat, {"type": "guess", "value": value})
    return events


def to_act(game: Game[Any]) -> int:
    """The one seat asked to bet now (fails the test if the prompt is not a betting one)."""
    pending = game.pending()
    assert len(pending) == 1, pending
    ((seat, prompt),) = pending.items()
    assert prompt["type"] == "bet", prompt
    return seat


def legal(game: Game[Any]) -> dict[str, Any]:
    """The legal actions of the seat to act, by kind (see `legal_of`)."""
    return legal_of(game.pending()[to_act(game)])


def play(game: Game[Any], *moves: tuple[int, str] | tuple[int, str, int]) -> list[Event]:
    """Make betting moves `(seat, type)` or `(seat, "bet"/"raise", to)`, checking each seat is the
    one asked; returns all events caused."""
    events: list[Event] = []
    for step in moves:
        seat, kind = step[0], step[1]
        assert to_act(game) == seat, (f"expected seat {seat} to act", game.pending())
        move: dict[str, Any] = {"type": kind}
        if len(step) == 3:
            move["to"] = step[2]
        events += game.act(seat, move)
    return events


def check_around(game: Game[Any]) -> list[Event]:
    """Everyone asked in turn checks (or calls when facing a bet) until the betting round ends."""
    events: list[Event] = []
    start = game.view(None)["hand"]["round"]
    while game.pending() and game.view(None)["hand"]["round"] == start:
        seat = to_act(game)
        kind = "check" if legal(game)["check"] else "call"
        events += game.act(seat, {"type": kind})
    return events


def types(events: Iterable[Event]) -> list[str]:
    return [e.type for e in events]


def of_type(events: Iterable[Event], kind: str) -> list[Event]:
    return [e for e in events if e.type == kind]


def set_stacks(game: Game[Any], stacks: list[int]) -> None:
    """Give seats unequal stacks before anything happened (quizpoker posts blinds after the
    guesses), to set up a scenario such as the seed's side-pot example."""
    assert not game.moves
    assert game.view(None)["hand"]["pot"] == 0
    game.stacks[:] = stacks  # type: ignore[attr-defined]


def visible_json(game: Game[Any], seat: int | None) -> str:
    """Everything `seat` has been told so far: its view and every event it may see."""
    events = [e.to_json() for e in game.events if e.visible_to(seat)]
    return dumps({"view": game.view(seat), "events": events})


def dumps(data: Any) -> str:
    return json.dumps(data, sort_keys=True, default=str)


def snapshot(game: Game[Any]) -> str:
    """Everything a caller can observe: every seat's view, the spectator view and the prompts."""
    views = {str(seat): game.view(seat) for seat in range(game.num_seats)}
    return dumps({"views": views, "spectator": game.view(None), "pending": game.pending()})


class RandomPlayer:
    """Picks a legal move for any prompt, mostly calm (check, call, small bets) so hands reach the
    showdown, sometimes wild (all-in, folds); guesses come from `guess_for(seat)`."""

    def __init__(self, seed: int, guess_for: Callable[[int], str] | None = None) -> None:
        self.rng = random.Random(seed)
        self.guess_for = guess_for or (lambda seat: str(self.rng.randint(50, 150)))

    def move(self, seat: int, prompt: Mapping[str, Any]) -> dict[str, Any]:
        rng = self.rng
        if prompt["type"] == "guess":
            if rng.random() < 0.03:
                return {"type": "fold"}
            return {"type": "guess", "value": self.guess_for(seat)}
        if prompt["type"] == "show_folded":
            return {"type": rng.choice(["show", "muck"])}
        lg = legal_of(prompt)
        weighted: list[tuple[float, dict[str, Any]]] = [
            (0.08, {"type": "fold"}),
            (0.6, {"type": "check"} if lg["check"] else {"type": "call"}),
        ]
        if lg["all_in"] is not None:
            weighted.append((0.04, {"type": "all_in"}))
        for kind in ("bet", "raise"):
            window = lg[kind]
            if window:
                low, high, unit = window["min_to"], window["max_to"], prompt["unit"]
                middle = low + (high - low) // 4 // unit * unit
                weighted.append((0.2, {"type": kind, "to": low}))
                weighted.append((0.05, {"type": kind, "to": middle}))
        weights, moves = zip(*weighted, strict=True)
        return dict(rng.choices(moves, weights=weights)[0])


# --- three players in a hand, in either ruleset ----------------------------------------------


def table(new_game: GameFactory, ruleset: str, answer: str = "100", **options: Any) -> Any:
    """Three players in the hand: seats 0-2 (quizpoker) or 1-3 with game master 0 (duell)."""
    if ruleset == "duell":
        return new_game(4, answer, ruleset="duell", **options)
    return new_game(3, answer, **options)


def players(game: Any) -> list[int]:
    """The seats in the hand, in the order they act in betting round 1."""
    return [3, 1, 2] if game.options.ruleset == "duell" else [0, 1, 2]


def later_order(game: Any) -> list[int]:
    """The seats in the hand, in the order they act in betting rounds 2-4."""
    return [1, 2, 3] if game.options.ruleset == "duell" else [1, 2, 0]


def big_blind(game: Any) -> int:
    return int(game.view(None)["hand"]["blinds"]["big"])


def shown(events: Any) -> dict[int, str]:
    return {e.data["seat"]: e.data["value"] for e in of_type(events, "guess_shown")}


def shares(events: Any) -> list[dict[str, int]]:
    return [dict(e.data["shares"]) for e in of_type(events, "pot_awarded")]


def positions(game: Any) -> tuple[int, int | None, int, int]:
    hand = game.view(None)["hand"]
    return hand["button"], hand["game_master"], hand["small_blind"], hand["big_blind"]


def play_hand_all_in(game: Any, best: int, loser: int) -> None:
    """Everyone guesses (`best` exactly); the first to act goes all-in, `loser` calls, the rest
    fold; runs until the hand is over."""
    number = game.view(None)["hand"]["number"]
    guess_all(game, {s: "100" if s == best else "1" for s in sorted(game.pending())})
    game.act(to_act(game), {"type": "all_in"})
    while game.view(None)["hand"]["number"] == number and not game.over:
        seat = to_act(game)
        game.act(seat, {"type": "call" if seat in (best, loser) else "fold"})
