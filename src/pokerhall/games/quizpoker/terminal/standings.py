"""The QuizPoker standings at the end of a match (or where it was left), and what `simulate`
counts per hand (who won chips, the pot, whether it went to a showdown)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rich.table import Table

from pokerhall.engine.events import Event
from pokerhall.engine.protocol import Game
from pokerhall.games.quizpoker.events import quizpoker_event
from pokerhall.games.quizpoker.history import chips
from pokerhall.games.quizpoker.view_types import quizpoker_view


def eliminations(events: Iterable[Event]) -> dict[int, int]:
    """Seat -> the hand after which it ran out of chips (Q10)."""
    out: dict[int, int] = {}
    for event in events:
        payload = quizpoker_event(event)
        if payload["type"] == "eliminated":
            out[payload["seat"]] = payload["hand"]
    return out


def standings(state: Game[Any]) -> tuple[list[int], list[int]]:
    """(seats from first to last, chips per seat), as the game ranks them (its result or view)."""
    result = state.result
    if result is not None:
        return list(result["standings"]), [int(score) for score in result["scores"]]
    view = quizpoker_view(state.view(None))
    return list(view["standings"]), [player["stack"] for player in view["players"]]


def standings_table(state: Game[Any], labels: Mapping[int, str] | None = None) -> Table:
    order, stacks = standings(state)
    out = eliminations(state.events)
    title = "Final standings" if state.over else "Standings so far"
    table = Table(title=title, title_justify="left")
    table.add_column("#", justify="right")
    table.add_column("Player")
    table.add_column("Chips", justify="right")
    table.add_column("Out")
    for place, seat in enumerate(order, start=1):
        name = state.players[seat]
        if labels and seat in labels:
            name += f" ({labels[seat]})"
        note = f"out after hand {out[seat]}" if seat in out else ""
        table.add_row(str(place), name, chips(stacks[seat]), note)
    return table


def hand_facts(events: Sequence[Event]) -> tuple[set[int], dict[str, float]]:
    """The seats that won chips in a hand (a split gives each of them the hand), the chips
    awarded, and whether the hand reached a showdown."""
    winners: set[int] = set()
    pot = 0
    showdown = False
    for event in events:
        payload = quizpoker_event(event)
        if payload["type"] == "showdown":
            showdown = True
        elif payload["type"] == "pot_awarded":
            pot += payload["amount"]
            winners |= {int(seat) for seat in payload["shares"]}
    return winners, {"average_pot": float(pot), "showdown_rate": 1.0 if showdown else 0.0}
