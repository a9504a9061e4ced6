"""Tables and seats of a poker tournament: the seeded draw (T1), the moving button (T2), who
moves when tables are balanced (T3) and where a moved player sits (T3, T4).

Pure functions and a small mutable `Table`; the director decides when they apply.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pokerhall.engine.events import JSON


@dataclass(slots=True)
class Table:
    number: int
    """From 1, as the lobby shows it."""
    seats: list[str | None]
    button: int = -1
    """The seat that held the button in the table's last hand; -1 before its first."""
    hands: int = 0
    """Hands this table has finished."""
    playing: str | None = None
    """The id of the hand in play (a `GameSpec`), None between hands."""
    broken: bool = False
    history: list[str] = field(default_factory=list)
    """Ids of the hands played here, for the lobby's links to their records."""
    carried: Any = None
    """T17: what the table's last hand handed on to its next (the game's `TableState.history`
    option, from the hand's result); None before its first hand, or for a game without one."""

    def players(self) -> list[str]:
        """Seated players in seat order."""
        return [name for name in self.seats if name is not None]

    @property
    def size(self) -> int:
        return sum(name is not None for name in self.seats)

    def seat_of(self, name: str) -> int:
        return self.seats.index(name)

    def empty_seat(self) -> int | None:
        """The lowest empty seat (T3: where a moved or late player sits)."""
        for seat, name in enumerate(self.seats):
            if name is None:
                return seat
        return None

    def occupied_after(self, seat: int) -> list[int]:
        """Occupied seats clockwise, starting after `seat`."""
        n = len(self.seats)
        order = [(seat + step) % n for step in range(1, n + 1)]
        return [s for s in order if self.seats[s] is not None]

    def next_button(self) -> int:
        """T2: the button moves to the next occupied seat clockwise (the first hand: the first
        occupied seat from seat 0)."""
        return self.occupied_after(self.button if self.button >= 0 else len(self.seats) - 1)[0]

    def due_big_blind(self) -> str:
        """T3: the player who would post the big blind next hand (heads-up: the one without
        the button; Palace has no blinds, and moves the player in the same place)."""
        button = self.next_button()
        after = self.occupied_after(button)
        name = self.seats[after[0] if self.size == 2 else after[1]]
        assert name is not None
        return name

    def to_json(self) -> JSON:
        return {
            "number": self.number,
            "seats": list(self.seats),
            "button": self.button,
            "hands": self.hands,
            "playing": self.playing,
            "broken": self.broken,
            "history": list(self.history),
            "carried": self.carried,
        }

    @staticmethod
    def from_json(data: JSON) -> Table:
        return Table(
            int(data["number"]),
            [None if s is None else str(s) for s in data["seats"]],
            int(data["button"]),
            int(data["hands"]),
            data["playing"],
            bool(data["broken"]),
            [str(h) for h in data["history"]],
            data.get("carried"),  # stored before T17: nothing carried yet
        )


def draw(players: Sequence[str], table_size: int, rng: random.Random) -> list[Table]:
    """T1: the fewest tables that seat everyone; the players in a shuffled order are dealt to
    the tables in turn (so sizes differ by at most one), and each table's players take its
    seats in a shuffled order."""
    count = max(1, math.ceil(len(players) / table_size))
    order = list(players)
    rng.shuffle(order)
    tables = [Table(number + 1, [None] * table_size) for number in range(count)]
    for index, name in enumerate(order):
        table = tables[index % count]
        table.seats[table.seats.index(None)] = name
    for table in tables:
        rng.shuffle(table.seats)
    return tables


def smallest(tables: Iterable[Table]) -> Table | None:
    """T3: the table a moved player goes to: the fewest players with an empty seat, the lowest
    number among equals."""
    open_tables = [t for t in tables if t.empty_seat() is not None]
    return min(open_tables, key=lambda t: (t.size, t.number), default=None)
