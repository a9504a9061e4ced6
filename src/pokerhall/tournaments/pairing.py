"""Who plays whom in a round of a round-robin or Swiss tournament (T13, T14, T15).

Pure functions of the players' order and who has met whom, so a round is determined by the
tournament's seed and the results so far."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

Met = Counter[frozenset[str]]


def table_sizes(players: int, most: int, fewest: int) -> tuple[list[int], int]:
    """T15: the games of a round, as even as can be with at most `most` and at least `fewest`
    players each, and how many players sit the round out (the fewest byes that allow it)."""
    for byes in range(players + 1):
        left = players - byes
        if left < fewest:
            continue
        count = -(-left // most)
        base, extra = divmod(left, count)
        if base >= fewest:
            return [base + 1] * extra + [base] * (count - extra), byes
    raise ValueError(f"{players} players cannot fill a game of {fewest}")


def byes(order: Sequence[str], count: int, had: Counter[str]) -> list[str]:
    """T15: who sits out: the lowest in `order` among those with the fewest byes so far."""
    chosen: list[str] = []
    for _ in range(count):
        rest = [name for name in reversed(order) if name not in chosen]
        chosen.append(min(rest, key=lambda name: had[name]))
    return chosen


def group(order: Sequence[str], sizes: Sequence[int], met: Met) -> list[list[str]]:
    """T14: games filled in `order`: each takes the first player not yet placed, then, one at a
    time, whoever has met the players already in it least often (the first in order among
    equals)."""
    rest = list(order)
    games: list[list[str]] = []
    for size in sizes:
        game = [rest.pop(0)]
        while len(game) < size:
            best = min(
                range(len(rest)),
                key=lambda i: (sum(met[frozenset((rest[i], p))] for p in game), i),
            )
            game.append(rest.pop(best))
        games.append(game)
    return games


def circle(order: Sequence[str], round_index: int) -> tuple[list[list[str]], list[str]]:
    """T13: heads-up round robin by the circle method: the first player stays, the others turn
    one place per round; with an odd count, whoever meets the empty place has the bye."""
    slots: list[str | None] = [*order, None] if len(order) % 2 else list(order)
    m = len(slots)
    turned = slots[1:]
    shift = round_index % (m - 1) if m > 1 else 0
    turned = turned[shift:] + turned[:shift]
    ring = [slots[0], *turned]
    pairs: list[list[str]] = []
    bye: list[str] = []
    for i in range(m // 2):
        a, b = ring[i], ring[m - 1 - i]
        if a is None or b is None:
            bye.extend(x for x in (a, b) if x is not None)
        else:
            pairs.append([a, b])
    return pairs, bye
