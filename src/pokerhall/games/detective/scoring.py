"""Scoring one bet (X6, X7, X9): which board it counts for, whether it is right, its points.

The rule for one bet lives here and only here; the hand scores every bet of a betting round with
it once the river is bet, and the bots compute their expected points with the same functions.
"""

from __future__ import annotations

from collections.abc import Set

from pokerhall.engine.values import value_class
from pokerhall.games.detective.actions import BLUFF, CLOCKWISE, PLUS_ONE


@value_class
class Bet:
    """One bet: `chips` of `seat` on `board` in betting round `street` (0-3), `card` the action
    card placed face down under it ("" for none)."""

    seat: int
    street: int
    board: int
    chips: int
    card: str


def counts_for(board: int, card: str, num_seats: int) -> int:
    """X6 Clockwise: the bet counts for the player clockwise-next to the board's owner (seats
    are numbered clockwise); any other bet counts for the board's owner."""
    return (board + 1) % num_seats if card == CLOCKWISE else board


def is_correct(player: int, card: str, best: Set[int], worst: Set[int]) -> bool:
    """X6 Bluff: right if the player has the worst hand; any other bet: if it has the best.
    Tied players all count as best, or as worst (X7)."""
    return player in (worst if card == BLUFF else best)


def points(chips: int, card: str, correct: bool, expert: bool) -> int:
    """X7: a right bet scores a point per chip; X6 +1: one more; X9: a wrong +1 bet costs one
    point in expert mode. A wrong bet otherwise scores nothing (its chips are simply lost)."""
    if correct:
        return chips + (1 if card == PLUS_ONE else 0)
    return -1 if expert and card == PLUS_ONE else 0


def score(bet: Bet, best: Set[int], worst: Set[int], num_seats: int, expert: bool) -> int:
    """The points of one bet, given who had the best and the worst hand in its betting round."""
    player = counts_for(bet.board, bet.card, num_seats)
    return points(bet.chips, bet.card, is_correct(player, bet.card, best, worst), expert)
