"""What the others' bets say about the cards this seat cannot see (X5, X10).

Every other player sees this seat's forehead card, which this seat never sees, and its own
private card; its chips on a board are public (X5). A player who bets on the board that looks
best from what it sees tells something about those two cards. Seen from a player `j`, each seat
shows one card and the community: its own private card for `j` itself, the forehead card for
everyone else. `j`'s *pick* is the board whose shown card makes the best hand with the
community out in that round (ties all count).

How far to believe a player is learnt from the hands already scored (their cards are all shown
then, X7): the share of its open bets (no card under them, since Clockwise and Bluff move a bet
elsewhere, X6) that went to its pick. A player betting at random picks its pick in 1 / n of its
bets; one that always bets on its own board is not much above that and is hardly believed; one
that follows what it sees is. The belief `trust` is that share made relative to chance:
`j` is taken to bet on its pick with chance `trust` and anywhere at random otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from pokerhall.cards import Card, HandRank, rank_hand
from pokerhall.engine.bots import seat_of
from pokerhall.games.detective.ranking import BOARD_SIZE, STREETS
from pokerhall.games.detective.views import DetectiveView, HandSummary

PRIOR_BETS = 4.0
"""Open bets the prior is worth."""
PRIOR_TRUST = 0.5
"""Before any hand is scored, a player is believed halfway between chance and its pick."""
MOST_TRUST = 0.85
"""Nobody is believed completely: a player of any style misjudges sometimes."""


@dataclass(frozen=True, slots=True)
class OpenBet:
    """An open bet (no card under it) another seat made this hand."""

    seat: int
    street: int
    board: int


def open_bets(view: DetectiveView) -> list[OpenBet]:
    """The others' bets of this hand with no card under them, as the view shows them."""
    me = seat_of(view)
    return [
        OpenBet(int(b["seat"]), STREETS.index(b["street"]), int(b["board"]))
        for b in view["hand"]["bets"]
        if int(b["seat"]) != me and not b["face_down"]
    ]


def picks(shown: Sequence[Card], community: Sequence[Card]) -> frozenset[int]:
    """The boards whose one shown card makes the best hand with the community."""
    ranks: list[HandRank] = [rank_hand((card, *community)) for card in shown]
    top = max(ranks)
    return frozenset(s for s, rank in enumerate(ranks) if rank == top)


@dataclass
class Reads:
    """Per other seat, its open bets of scored hands and how many went to its pick."""

    bets: dict[int, int] = field(default_factory=dict)
    agreed: dict[int, float] = field(default_factory=dict)
    _pending: tuple[int, list[OpenBet]] = (0, [])
    """(hand number, open bets seen in it), scored once the hand's cards are shown."""

    def observe(self, view: DetectiveView) -> None:
        """Keeps this hand's open bets, and scores the last hand's once its cards are shown."""
        number: int = view["hand"]["number"]
        last = view.get("last_hand")
        held, bets = self._pending
        if held != number and last is not None and last["number"] == held:
            self._score(last, bets)
        if held != number:
            bets = []
        seen = {(b.seat, b.street) for b in bets}
        bets = bets + [b for b in open_bets(view) if (b.seat, b.street) not in seen]
        self._pending = (number, bets)

    def _score(self, last: HandSummary, bets: Sequence[OpenBet]) -> None:
        cards = {int(c["seat"]): c for c in last["cards"]}
        community = [Card(c) for c in last["community"]]
        n = len(cards)
        for bet in bets:
            shown = [
                Card(cards[s]["private"] if s == bet.seat else cards[s]["forehead"])
                for s in range(n)
            ]
            chosen = picks(shown, community[: BOARD_SIZE[bet.street]])
            self.bets[bet.seat] = self.bets.get(bet.seat, 0) + 1
            hit = 1.0 / len(chosen) if bet.board in chosen else 0.0
            self.agreed[bet.seat] = self.agreed.get(bet.seat, 0.0) + hit

    def trust(self, seat: int, players: int) -> float:
        """The chance `seat` bets on its pick rather than at random (0: its bets say nothing)."""
        chance = 1.0 / players
        prior = chance + PRIOR_TRUST * (1 - chance)
        share = (self.agreed.get(seat, 0.0) + PRIOR_BETS * prior) / (
            self.bets.get(seat, 0) + PRIOR_BETS
        )
        return max(0.0, min(MOST_TRUST, (share - chance) / (1 - chance)))
