"""Playing cards: the 52-card deck, a seeded stock, and poker hand ranks (through eval7).

Layer 3, beside `content`: pure card logic that card games share. Game rules (who battles whom,
tie-breaks, what a player may see) belong to the games.
"""

from pokerhall.cards.card import (
    FULL_DECK,
    RANK_CHARS,
    RANK_NAMES,
    SUIT_NAMES,
    SUITS,
    Card,
    parse_cards,
)
from pokerhall.cards.deck import Deck
from pokerhall.cards.ranking import (
    CATEGORIES,
    HandRank,
    rank_hand,
    rank_without_suit,
    without_suit,
)

__all__ = [
    "CATEGORIES",
    "FULL_DECK",
    "RANK_CHARS",
    "RANK_NAMES",
    "SUITS",
    "SUIT_NAMES",
    "Card",
    "Deck",
    "HandRank",
    "parse_cards",
    "rank_hand",
    "rank_without_suit",
    "without_suit",
]
