"""The four action cards (X3, X6) and how a move names them.

A card is written as its id: "+1", "clockwise", "bluff", "none" (the None card, a decoy). A bet
without an action card has card "" (or leaves `card` out): the None card and no card are two
different things, since placing the None card face down looks like placing any other.
"""

from __future__ import annotations

PLUS_ONE = "+1"
CLOCKWISE = "clockwise"
BLUFF = "bluff"
DECOY = "none"
ACTION_CARDS = (PLUS_ONE, CLOCKWISE, BLUFF, DECOY)
"""Every player's four action cards at the start of every hand (X3), in this order."""
NO_CARD = ""
"""The `card` of a bet without an action card."""

MESSAGE_KEYS = {
    PLUS_ONE: "card.plus_one",
    CLOCKWISE: "card.clockwise",
    BLUFF: "card.bluff",
    DECOY: "card.none",
}
"""Each card's name in the message catalogs."""
