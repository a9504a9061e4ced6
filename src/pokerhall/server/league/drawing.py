"""The league's drawing of players to tables: seeded, so anyone can re-run it from the seed.

Pure: the same players and seed give the same tables on any machine, which is what publishing
the seed is for (docs/protocol.md says how to re-run it). The players are first put in a fixed
order (by their name key), then shuffled with Python's `random.Random(seed)`, then dealt in that
order into tables whose sizes differ by at most one, larger tables first.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")


class DrawingError(ValueError):
    """The players cannot be seated within the table sizes (too few of them, or a range no
    number of tables fits)."""


def table_sizes(players: int, smallest: int, largest: int) -> list[int]:
    """The sizes of the fewest tables of at most `largest` players, as even as can be, each of
    at least `smallest` (W1 for Slovní poker: 2 to 5). Fewest tables, because a table that
    could take one more player is one more game to run that evening."""
    if not 1 <= smallest <= largest:
        raise DrawingError(f"table sizes must run from 1 up: {smallest} to {largest}")
    if players < smallest:
        raise DrawingError(f"the drawing needs at least {smallest} players, {players} signed up")
    count = math.ceil(players / largest)
    base, extra = divmod(players, count)
    if base < smallest:
        raise DrawingError(
            f"{players} players cannot sit at tables of {smallest} to {largest} players"
        )
    return [base + 1] * extra + [base] * (count - extra)


def draw(
    players: Sequence[T], seed: int, *, smallest: int, largest: int, key: Callable[[T], str]
) -> list[list[T]]:
    """The tables, each a list of players in seat order. `key` puts the players in the fixed
    order the shuffle starts from (so the order they signed up in does not matter); keys must
    differ."""
    ordered = sorted(players, key=key)
    if len({key(p) for p in ordered}) != len(ordered):
        raise DrawingError("every player may be drawn only once")
    sizes = table_sizes(len(ordered), smallest, largest)
    random.Random(seed).shuffle(ordered)
    tables, start = [], 0
    for size in sizes:
        tables.append(ordered[start : start + size])
        start += size
    return tables
