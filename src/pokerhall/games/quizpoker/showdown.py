"""Showdown: who reveals a guess, in what order (QP3, DU6), and who wins each pot (Q8, Q9)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal

from pokerhall.table.pots import Pot
from pokerhall.table.seats import clockwise


def reveal_order(contenders: Sequence[int], first: int, num_seats: int) -> list[int]:
    """Contenders clockwise, starting with `first` (the last aggressor, or left of the button)."""
    return [seat for seat in clockwise(first, num_seats) if seat in contenders]


Distance = Callable[[int], Decimal]
"""A seat's distance from the answer (Q8), the measure of its guess."""


def reveals(
    order: Sequence[int], distance: Distance, *, everyone_shows: bool
) -> list[tuple[int, bool]]:
    """(seat, shows?) in reveal order.

    QP3: the first seat shows; each later seat shows only if its guess is as good as or better
    than the best shown so far, else it stays face down for good. With `everyone_shows` (DU6, or
    QP3 when someone is all-in) every contender shows.
    """
    out: list[tuple[int, bool]] = []
    best: Decimal | None = None
    for seat in order:
        gap = distance(seat)
        shows = everyone_shows or best is None or gap <= best
        if shows:
            best = gap if best is None else min(best, gap)
        out.append((seat, shows))
    return out


def pot_winners(pot: Pot, distance: Distance) -> list[int]:
    """The eligible seats closest to the answer (Q8 ties split); a lone eligible seat wins
    without its guess being looked at (Q6)."""
    if len(pot.eligible) == 1:
        return list(pot.eligible)
    gaps = {seat: distance(seat) for seat in pot.eligible}
    best = min(gaps.values())
    return [seat for seat in pot.eligible if gaps[seat] == best]
