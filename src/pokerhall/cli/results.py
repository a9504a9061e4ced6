"""The standings at the end of a match (or where a match was left), as a Rich table."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rich.table import Table

from pokerhall.engine.events import Event
from pokerhall.engine.protocol import Game
from pokerhall.games.quizpoker.history import chips


def eliminations(events: Iterable[Event]) -> dict[int, int]:
    """Seat -> the hand after which it ran out of chips (Q10)."""
    return {
        int(event.data["seat"]): int(event.data["hand"])
        for event in events
        if event.type == "eliminated"
    }


def standings(state: Game[Any]) -> tuple[list[int], list[int]]:
    """(seats from first to last, chips per seat), as the game ranks them (its result or view)."""
    result = state.result
    if result is not None:
        return list(result["standings"]), [int(score) for score in result["scores"]]
    view = state.view(None)
    return list(view["standings"]), [int(player["stack"]) for player in view["players"]]


def standings_table(state: Game[Any], labels: Mapping[int, str] | None = None) -> Table:
    order, stacks = standings(state)
    out = eliminations(state.events)
    title = "Final standings" if state.over else "Standings so far"
    table = Table(title=title, title_justify="left")
    table.add_column("#", justify="right")
    table.add_column("Player")
    table.add_column("Chips", justify="right")
    table.add_column("")
    for place, seat in enumerate(order, start=1):
        name = state.players[seat]
        if labels and seat in labels:
            name += f" ({labels[seat]})"
        note = f"out after hand {out[seat]}" if seat in out else ""
        table.add_row(str(place), name, chips(stacks[seat]), note)
    return table
