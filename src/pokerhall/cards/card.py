"""Playing cards of one 52-card deck, Ace high (Palace Poker P1).

A card is written the way poker software writes it: one rank character ("2".."9", "T", "J", "Q",
"K", "A") and one lower-case suit ("s", "h", "d", "c"), e.g. "Ah" or "Tc". Only that canonical
form is read: "10h", "ah", "AH" or " Ah" are refused rather than guessed at, because cards come
from moves and records, where a second spelling would make two records of one game differ.

There are only 52 cards, so each exists once: `Card("Ah")` returns the same object every time.
That makes equality an identity check, lets copies and pickles of game states share the cards,
and gives each card a fixed `index` (its place in `FULL_DECK`) for tables indexed by card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

RANK_CHARS = "23456789TJQKA"
"""Rank characters from the deuce (rank 2) to the Ace (rank 14)."""
SUITS = ("s", "h", "d", "c")
"""Suits are unranked (P1); this is only the order of `FULL_DECK`."""

RANK_NAMES = {
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    11: "jack",
    12: "queen",
    13: "king",
    14: "ace",
}
"""Keys for a card's spoken rank; `spoken.py` (plain text: the mails) and the web translate them."""
SUIT_NAMES = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
"""Keys for a card's spoken suit; `spoken.py` (plain text: the mails) and the web translate them."""


class Card:
    """One of the 52 cards; `Card("Ah")`."""

    __slots__ = ("index", "rank", "suit", "text")

    if TYPE_CHECKING:
        # Read-only to the type checker, plain slots at run time (a property would cost every
        # read a call, and ranking reads suits in the hot loop of a battle).
        @property
        def rank(self) -> int:
            """2..14, Ace high."""

        @property
        def suit(self) -> str:
            """One of `SUITS`."""

        @property
        def index(self) -> int:
            """The card's place in `FULL_DECK`, 0..51."""

        @property
        def text(self) -> str:
            """The canonical spelling, e.g. "Ah"."""

    def __new__(cls, text: str) -> Card:
        card = _BY_TEXT.get(text) if isinstance(text, str) else None
        if card is None:
            raise ValueError(
                f"not a card: {text!r} (a card is a rank 2-9, T, J, Q, K or A followed by a "
                'lower-case suit s, h, d or c, e.g. "Ah" or "Tc")'
            )
        return card

    @property
    def rank_name(self) -> str:
        return RANK_NAMES[self.rank]

    @property
    def suit_name(self) -> str:
        return SUIT_NAMES[self.suit]

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f'Card("{self.text}")'

    def __hash__(self) -> int:
        # The index rather than the object's address, so that sets of cards iterate in the same
        # order in every process and a replayed game makes the same choices.
        return self.index

    def __reduce__(self) -> tuple[type[Card], tuple[str]]:
        return Card, (self.text,)


def _make(index: int, rank: int, suit: str) -> Card:
    card = object.__new__(Card)
    text = RANK_CHARS[rank - 2] + suit
    for name, value in (("index", index), ("rank", rank), ("suit", suit), ("text", text)):
        object.__setattr__(card, name, value)
    return card


FULL_DECK: tuple[Card, ...] = tuple(
    _make(index, rank, suit)
    for index, (suit, rank) in enumerate((s, r) for s in SUITS for r in range(2, 15))
)
"""The 52 cards in a fixed order: spades, hearts, diamonds, clubs, each from the deuce up."""

_BY_TEXT: dict[str, Card] = {card.text: card for card in FULL_DECK}


def parse_cards(text: str) -> tuple[Card, ...]:
    """Cards written with spaces between them, e.g. "Ah Kd 2c" (tests, records, the terminal)."""
    return tuple(Card(part) for part in text.split())
