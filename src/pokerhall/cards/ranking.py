"""Poker hand ranks, computed by eval7 (a C evaluator): the best five of up to nine cards.

A Palace Poker hand is banner + three palace cards + up to five soldiers, so up to nine cards,
and a battle ranks each hand without the cards of the opponent's banner suit (P10), which can
leave fewer than five. eval7 ranks such partial hands the way poker compares them (category
first: a pair beats any high card, trips in three cards beat two pair in four; then the ranks in
order), with one gap this module closes: eval7 writes a deuce as zero, so "3 2" and "3" alone
came out equal. Here a missing card counts below a deuce, i.e. of two partial hands that are
otherwise equal the one with more cards is better; with five or more cards it makes no difference.
"""

from __future__ import annotations

import warnings
from collections.abc import Collection

from pokerhall.cards.card import FULL_DECK, SUITS, Card

with warnings.catch_warnings():
    # eval7 0.1 builds its (unused here) hand-range parser at import with pyparsing's pre-3.0
    # method names, which pyparsing 3.3 reports as deprecated; that is no news to our users.
    warnings.simplefilter("ignore", DeprecationWarning)
    import eval7

MAX_CARDS = 9

CATEGORIES = (
    "high card",
    "pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
)
"""From worst to best; a royal flush is the best straight flush."""

_CATEGORY_OF_EVAL7 = {
    "High Card": "high card",
    "Pair": "pair",
    "Two Pair": "two pair",
    "Trips": "three of a kind",
    "Straight": "straight",
    "Flush": "flush",
    "Full House": "full house",
    "Quads": "four of a kind",
    "Straight Flush": "straight flush",
}

_EVAL7_CARDS = tuple(eval7.Card(card.text) for card in FULL_DECK)
"""eval7's card for each of ours by `Card.index`, converted once."""
_evaluate = eval7.evaluate
_COUNT_BITS = 3  # the number of cards played, 0..5, below eval7's value


class HandRank:
    """How good a hand is: compare two with `<`, `==` (higher is better); `category` names it.

    `key` is eval7's value with the number of cards played (at most five) below it; it means
    nothing outside comparisons, but it makes the repr evaluate back.
    """

    __slots__ = ("_key",)

    def __init__(self, key: int) -> None:
        if isinstance(key, bool) or not isinstance(key, int) or key < 0:
            raise ValueError(f"not a hand rank key: {key!r}")
        self._key = key

    @property
    def key(self) -> int:
        return self._key

    @property
    def category(self) -> str:
        """One of `CATEGORIES`, e.g. "two pair"."""
        return _CATEGORY_OF_EVAL7[eval7.handtype(self._key >> _COUNT_BITS)]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandRank):
            return NotImplemented
        return self._key == other._key

    def __lt__(self, other: HandRank) -> bool:
        if not isinstance(other, HandRank):
            return NotImplemented
        return self._key < other._key

    def __le__(self, other: HandRank) -> bool:
        if not isinstance(other, HandRank):
            return NotImplemented
        return self._key <= other._key

    def __gt__(self, other: HandRank) -> bool:
        if not isinstance(other, HandRank):
            return NotImplemented
        return self._key > other._key

    def __ge__(self, other: HandRank) -> bool:
        if not isinstance(other, HandRank):
            return NotImplemented
        return self._key >= other._key

    def __hash__(self) -> int:
        return hash(self._key)

    def __repr__(self) -> str:
        return f"HandRank({self._key})"

    def __str__(self) -> str:
        return self.category


_new_rank = object.__new__


def rank_hand(cards: Collection[Card]) -> HandRank:
    """The rank of the best five of `cards` (0 to 9 distinct cards; fewer than five all play)."""
    count = len(cards)
    if count > MAX_CARDS:
        raise ValueError(f"a hand has at most {MAX_CARDS} cards, got {count}")
    converted = [_EVAL7_CARDS[card.index] for card in cards]
    if len(set(converted)) != count:
        raise ValueError(f"a hand holds each card once: {' '.join(map(str, cards))}")
    rank = _new_rank(HandRank)  # skips the key check of HandRank(): a third of the call's time
    rank._key = _evaluate(converted) << _COUNT_BITS | (count if count < 5 else 5)
    return rank


def without_suit(cards: Collection[Card], suit: str) -> list[Card]:
    """`cards` less those of `suit`, in their order."""
    if suit not in SUITS:
        raise ValueError(f"not a suit: {suit!r} (one of {', '.join(SUITS)})")
    return [card for card in cards if card.suit != suit]


def rank_without_suit(cards: Collection[Card], suit: str) -> HandRank:
    """The rank of `cards` when those of `suit` do not count (P10: the opponent's banner suit)."""
    return rank_hand(without_suit(cards, suit))
