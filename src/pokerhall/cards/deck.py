"""A stock of cards dealt from the game's seeded generator.

The generator is passed in, never taken from `random`'s global one, so a game replayed from its
seed and moves deals the same cards (ARCHITECTURE.md). A deck holds each card at most once: a
second copy of a card could only come from a bug in the game, and it would show up much later as
an impossible hand, so it is refused where it enters.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator

from pokerhall.cards.card import FULL_DECK, Card


class Deck:
    """`Deck([Card("Ah"), Card("Kd")])` has the Ace on top; `Deck.shuffled(rng)` is all 52."""

    __slots__ = ("_stack",)

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        stack = list(cards)
        _check_distinct(stack)
        stack.reverse()  # the top card last, so drawing is a pop
        self._stack = stack

    @classmethod
    def shuffled(cls, rng: random.Random, cards: Iterable[Card] = FULL_DECK) -> Deck:
        """`cards` (by default the full deck) in an order drawn from `rng`."""
        deck = cls()
        deck.add_shuffled(cards, rng)
        return deck

    def draw(self) -> Card:
        """Takes the top card; an empty stock raises IndexError (games check `empty` first)."""
        try:
            return self._stack.pop()
        except IndexError:
            raise IndexError("the stock is empty") from None

    def add_shuffled(self, cards: Iterable[Card], rng: random.Random) -> None:
        """Shuffles `cards` and puts them under the stock: a discard pile becoming the new stock
        (P7), rejected banners reshuffled (P4). Under, so cards already in the stock keep their
        place; on an empty stock it is the same as a new one."""
        added = list(cards)
        _check_distinct(self._stack + added)
        rng.shuffle(added)
        self._stack[:0] = added

    @property
    def empty(self) -> bool:
        return not self._stack

    def __len__(self) -> int:
        return len(self._stack)

    def __iter__(self) -> Iterator[Card]:
        """The cards in the order they would be drawn."""
        return reversed(self._stack)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Deck):
            return NotImplemented
        return self._stack == other._stack

    __hash__ = None  # type: ignore[assignment]  # a deck changes as it is dealt

    def copy(self) -> Deck:
        deck = Deck()
        deck._stack = self._stack.copy()
        return deck

    __copy__ = copy

    def __deepcopy__(self, memo: dict[int, object]) -> Deck:
        return self.copy()  # cards are immutable and unique: sharing them is a deep copy

    def __repr__(self) -> str:
        return f"Deck([{', '.join(map(repr, self))}])"


def _check_distinct(cards: list[Card]) -> None:
    for card in cards:
        if not isinstance(card, Card):
            raise TypeError(f"not a Card: {card!r}")
    if len(set(cards)) != len(cards):
        twice = sorted(card.text for card, count in Counter(cards).items() if count > 1)
        raise ValueError(f"a card may be in a deck only once: {' '.join(twice)}")
