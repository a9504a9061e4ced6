"""Prize points by place (T10): a pool of points shared out by a table of percentages.

The pool is the entrants times the points per entry; the share of each paid place comes from
PRIZE_TABLE by the number of entrants. Players who share a place split the shares of the places
they cover equally, in whole points; points a split or a percentage leaves over go to the best
placed of those players, then the next (by registration order among equals)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

PRIZE_TABLE: tuple[tuple[int, tuple[int, ...]], ...] = (
    (2, (100,)),
    (5, (65, 35)),
    (10, (50, 30, 20)),
    (20, (40, 25, 15, 12, 8)),
    (50, (30, 20, 14, 10, 8, 6, 5, 4, 3)),
    (10**9, (24, 15, 11, 8, 7, 6, 5, 4, 4, 3, 3, 3, 3, 2, 2)),
)
"""T10: (most entrants, percentages of the pool for places 1, 2, ...): up to 2 entrants the
winner takes all; 3-5 pay two places; 6-10 three; 11-20 five; 21-50 nine; more fifteen."""


def shares(entrants: int) -> tuple[int, ...]:
    """The percentages of the pool paid to places 1, 2, ... for this many entrants."""
    for most, percents in PRIZE_TABLE:
        if entrants <= most:
            return percents[: max(1, entrants - 1)]
    raise AssertionError("the last row covers every count")


def prize_points(places: Mapping[str, int], order: Sequence[str], per_entry: int) -> dict[str, int]:
    """Each player's prize in points from their final place (T10); `order` is every player
    from first to last (registration order among players who share a place)."""
    pool = len(order) * per_entry
    percents = shares(len(order))
    prize = dict.fromkeys(order, 0)
    groups: dict[int, list[str]] = {}
    for name in order:
        groups.setdefault(places[name], []).append(name)
    paid = 0
    for place, names in sorted(groups.items()):
        covered = percents[place - 1 : place - 1 + len(names)]
        total = pool * sum(covered) // 100
        each, left = divmod(total, len(names))
        for index, name in enumerate(names):
            prize[name] = each + (1 if index < left else 0)
        paid += total
    if order:
        prize[order[0]] += pool - paid  # the rounding left by the percentages
    return prize
