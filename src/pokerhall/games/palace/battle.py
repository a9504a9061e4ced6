"""Who wins a called battle (P10) and a showdown (P15): the rules of comparing hands.

In a battle each hand is the best five of banner + palace + soldiers, leaving out the cards of
the *opponent's* banner suit; a tie goes to the player with more cards of their own banner's
suit; a tie after that is a draw (the hand decides what a draw means: both out, or a split when
they are the last two). At the showdown every card counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from pokerhall.cards import Card, HandRank, rank_hand, rank_without_suit
from pokerhall.engine.values import value_class

MAX_SOLDIERS = 5
"""P7: nobody may hold more than five soldiers."""


@dataclass
class Camp:
    """One player's cards in a hand: the banner and soldiers face up, the palace face down."""

    banner: Card
    palace: tuple[Card, ...]
    soldiers: list[Card] = field(default_factory=list)

    def cards(self) -> list[Card]:
        return [self.banner, *self.palace, *self.soldiers]

    def own_suit(self) -> int:
        """P10 tie-break: the cards of the player's own banner suit."""
        return sum(card.suit == self.banner.suit for card in self.cards())

    def face_up(self) -> list[Card]:
        """What a player who wins against this camp takes as soldiers (P10)."""
        return [*self.soldiers, self.banner]


def battle_rank(camp: Camp, opponent: Camp) -> HandRank:
    """P10: the best hand without the cards of the opponent's banner suit."""
    return rank_without_suit(camp.cards(), opponent.banner.suit)


@value_class
class Verdict:
    winner: int | None
    """None: still tied after the banner-suit tie-break."""
    how: Literal["hand", "banner_suit", "tie"]


def judge(attacker: int, a: Camp, defender: int, d: Camp) -> Verdict:
    """P10: the better battle hand wins; tied, more cards of one's own banner suit; else a tie."""
    rank_a, rank_d = battle_rank(a, d), battle_rank(d, a)
    if rank_a != rank_d:
        return Verdict(attacker if rank_d < rank_a else defender, "hand")
    suit_a, suit_d = a.own_suit(), d.own_suit()
    if suit_a != suit_d:
        return Verdict(attacker if suit_a > suit_d else defender, "banner_suit")
    return Verdict(None, "tie")


def showdown_winners(camps: dict[int, Camp]) -> list[int]:
    """P15: the best hand of all the player's cards (no suit left out [ours]); ties share."""
    ranks = {seat: rank_hand(camp.cards()) for seat, camp in camps.items()}
    best = max(ranks.values())
    return [seat for seat, rank in ranks.items() if rank == best]


def lowest(cards: Sequence[Card], count: int) -> list[Card]:
    """The `count` lowest-ranked cards (in the order held among equals): what the time-out
    default discards when a player holds more than five soldiers."""
    order = sorted(range(len(cards)), key=lambda i: (cards[i].rank, i))
    return [cards[i] for i in sorted(order[:count])]
