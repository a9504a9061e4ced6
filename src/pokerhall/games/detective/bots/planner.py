"""Choosing a bet that maximises expected points (X5-X7, X9) given the chances of `estimate`.

A bet is worth, in expected points this round, its points if right times the chance that it is
right plus its points if wrong times the chance that it is not; whom it counts for, what makes
it right and its points are the game's own rules (`scoring.py`), so they live in one place.
Spending a chip or a card now costs its expected value in a later round, which `FUTURE`
estimates per round; the planner weighs the two.
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerhall.engine.values import value_class
from pokerhall.games.detective.actions import BLUFF, NO_CARD, PLUS_ONE
from pokerhall.games.detective.ranking import STREETS
from pokerhall.games.detective.scoring import counts_for, points

FUTURE = {3: (0.62, 0.68, 0.74), 4: (0.52, 0.58, 0.66)}
"""Players -> the typical chance of the likeliest board on the flop, turn and river, measured
with the expert bot's sampling (the best per-chip rate an extra chip kept for then can earn)."""
BLUFF_FUTURE = 0.55
"""The typical chance of the likeliest worst hand on a later round: what keeping Bluff is worth
per chip."""


@value_class
class Choice:
    board: int
    chips: int
    card: str
    value: float


def later_rates(street: int, num_seats: int) -> list[float]:
    """Per-chip rates of the rounds after `street`, each twice (a bet takes up to 2 extra)."""
    rates = FUTURE.get(num_seats, FUTURE[4])
    return sorted(
        [r for s in range(street + 1, len(STREETS)) for r in (rates[s - 1],) * 2], reverse=True
    )


def keep_value(extras: int, street: int, num_seats: int) -> float:
    """What `extras` chips above one a round are worth in the rounds after `street`."""
    return sum(later_rates(street, num_seats)[:extras])


def card_keep_value(card: str, street: int, num_seats: int, expert: bool) -> float:
    """What keeping an action card for a later round is worth (0 on the river)."""
    if street == len(STREETS) - 1:
        return 0.0
    best_later = max(later_rates(street, num_seats))
    if card == PLUS_ONE:
        return 2 * best_later - 1 if expert else best_later
    if card == BLUFF:
        return BLUFF_FUTURE * 1.5
    return 0.0


def plan(
    *,
    seat: int,
    best: Sequence[float],
    worst: Sequence[float],
    street: int,
    chips_left: int,
    max_chips: int,
    cards: Sequence[str],
    expert: bool,
    use_bluff: bool = True,
) -> Choice:
    """The bet with the most expected points now plus what is kept for later rounds."""
    n = len(best)
    rounds_left = len(STREETS) - street
    extras = chips_left - rounds_left
    options: list[Choice] = []
    playable = [NO_CARD, *(c for c in cards if use_bluff or c != BLUFF)]
    for card in playable:
        keep_cards = sum(card_keep_value(k, street, n, expert) for k in cards if k != card)
        for board in range(n):
            player = counts_for(board, card, n)
            right = (worst if card == BLUFF else best)[player]
            for chips in range(1, max_chips + 1):
                now = right * points(chips, card, True, expert)
                now += (1 - right) * points(chips, card, False, expert)
                later = keep_value(extras - (chips - 1), street, n)
                options.append(Choice(board, chips, card, now + later + keep_cards))
    top = max(o.value for o in options)
    ties = [o for o in options if o.value >= top - 1e-9]
    # Equal value: no card (an unused card breaks a tie at the end, X8), then fewer chips.
    return min(ties, key=lambda o: (o.card != NO_CARD, o.chips, o.board != seat))
