"""Whose hand is best (and worst) in each betting round (X7), through `pokerhall.cards` (eval7).

A player's hand is its private card, its forehead card and the community cards out in that
round. Preflop that is the two hole cards alone, ranked as a partial poker hand: a pair beats a
high card, then the ranks decide from the highest down (X7 [ours]); suits never count, since two
cards make no flush. From the flop on it is the best five of the five to seven cards.
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerhall.cards import Card, HandRank, rank_hand
from pokerhall.games.detective.events import Street

STREETS: tuple[Street, ...] = ("preflop", "flop", "turn", "river")
"""The four betting rounds of a hand (X4), in order."""
BOARD_SIZE = (0, 3, 4, 5)
"""Community cards out during each betting round (X4)."""


def hand_rank(private: Card, forehead: Card, community: Sequence[Card]) -> HandRank:
    """One player's hand in a betting round with `community` out."""
    return rank_hand((private, forehead, *community))


def extremes(ranks: Sequence[HandRank]) -> tuple[frozenset[int], frozenset[int]]:
    """(the seats with the best hand, the seats with the worst): tied seats all count (X7)."""
    top, bottom = max(ranks), min(ranks)
    best = frozenset(seat for seat, rank in enumerate(ranks) if rank == top)
    worst = frozenset(seat for seat, rank in enumerate(ranks) if rank == bottom)
    return best, worst
