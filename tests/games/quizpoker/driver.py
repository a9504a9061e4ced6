"""Helpers that drive a QuizPoker game in tests: everyone guesses, seats act in turn, and a seeded
random player that picks any legal move from the prompt (for property and conformance tests)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from pokerhall.engine.events import Event
from pokerhall.engine.protocol import Game

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
    """The legal actions of the seat to act."""
    return dict(game.pending()[to_act(game)]["legal"])


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
        lg = prompt["legal"]
        weighted: list[tuple[float, dict[str, Any]]] = [
            (0.08, {"type": "fold"}),
            (0.6, {"type": "check"} if lg["check"] else {"type": "call"}),
        ]
        if lg["bet"] or lg["raise"] or lg["all_in"] <= prompt["current_bet"]:
            # The prompt offers all_in always, but the table refuses it when nobody is left to
            # call more (see test_rules_shared.py::test_q4_all_in_is_always_allowed).
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
