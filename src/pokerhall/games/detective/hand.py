"""One hand (X2-X7, X9): the deal, four betting rounds with a rotating first bettor, scoring.

The hand gets its deck from the game (shuffled from the game's seeded generator, or arranged by
a test) and returns the events each change causes. Bets are checked by `moves.py` before they
reach `apply`, which cannot fail.
"""

from __future__ import annotations

from typing import Literal

from pokerhall.cards import Card, Deck
from pokerhall.engine.events import Event
from pokerhall.engine.values import value_class
from pokerhall.games.detective.actions import ACTION_CARDS, NO_CARD
from pokerhall.games.detective.events import (
    BetMade,
    CardPlaced,
    CardsDealt,
    CardsRevealed,
    DetectiveEvent,
    HandScored,
    StreetScore,
    StreetScored,
    StreetStarted,
)
from pokerhall.games.detective.ranking import BOARD_SIZE, STREETS, extremes, hand_rank
from pokerhall.games.detective.scoring import Bet, counts_for, is_correct, points

CHIPS = 7
"""X3: chips per player per hand; what is left over does not carry over."""
MAX_BET = 3
"""X5: a bet is 1 to 3 chips."""

Phase = Literal["betting", "done"]


@value_class
class ScoredBet:
    """A bet as scored: whom it counted for, whether it was right, its points."""

    bet: Bet
    counts_for: int
    correct: bool
    points: int


@value_class
class StreetResult:
    """One betting round scored (X7): the best and worst seats with their hands' categories."""

    street: int
    best: frozenset[int]
    worst: frozenset[int]
    categories: tuple[str, ...]
    bets: tuple[ScoredBet, ...]


class Hand:
    def __init__(self, *, number: int, dealer: int, num_seats: int, deck: Deck, expert: bool):
        self.number = number
        """Counted from 1 over the whole game."""
        self.dealer = dealer
        self.num_seats = num_seats
        self.deck = deck
        self.expert = expert
        self.private: list[Card] = []
        self.forehead: list[Card] = []
        self.community: list[Card] = []
        self.discarded: list[Card] = []
        """X9: community cards dealt face up and replaced because they paired the board."""
        self.burned: list[Card] = []
        self.street = 0
        self.bets: list[Bet] = []
        self.chips = [CHIPS] * num_seats
        self.cards = [list(ACTION_CARDS) for _ in range(num_seats)]
        """Each seat's action cards still in hand (X3), in `ACTION_CARDS` order."""
        self.acted = 0
        """Bets made in this betting round."""
        self.phase: Phase = "betting"
        self.results: tuple[StreetResult, ...] = ()
        self.points: list[int] = [0] * num_seats

    # --- who bets --------------------------------------------------------------------------

    def opener(self, street: int) -> int:
        """X4: the first, second, third, fourth player left of the dealer opens round 1-4,
        counting round the table (with three players the dealer opens the turn)."""
        return (self.dealer + street + 1) % self.num_seats

    def order(self) -> list[int]:
        """The seats in betting order for this betting round (each bets exactly once, X4)."""
        first = self.opener(self.street)
        return [(first + k) % self.num_seats for k in range(self.num_seats)]

    @property
    def to_act(self) -> int | None:
        if self.phase != "betting":
            return None
        return (self.opener(self.street) + self.acted) % self.num_seats

    def max_chips(self, seat: int) -> int:
        """X5: at most 3, and one chip kept back for every betting round still to come."""
        return min(MAX_BET, self.chips[seat] - (len(STREETS) - 1 - self.street))

    # --- the deal ----------------------------------------------------------------------------

    def start(self) -> list[Event[DetectiveEvent]]:
        """X2: each player gets a private card, then a forehead card, dealt from the dealer's left;
        each seat learns its own private card and the others' forehead cards."""
        n = self.num_seats
        seats = [(self.dealer + 1 + k) % n for k in range(n)]
        private: dict[int, Card] = {}
        forehead: dict[int, Card] = {}
        for seat in seats:
            private[seat] = self.deck.draw()
        for seat in seats:
            forehead[seat] = self.deck.draw()
        self.private = [private[s] for s in range(n)]
        self.forehead = [forehead[s] for s in range(n)]
        events: list[Event[DetectiveEvent]] = [
            Event.private(
                [seat],
                CardsDealt(
                    type="cards_dealt",
                    seat=seat,
                    private=self.private[seat].text,
                    foreheads={str(o): self.forehead[o].text for o in range(n) if o != seat},
                ),
            )
            for seat in range(n)
        ]
        return [*events, self._street_event([], [])]

    def _street_event(self, dealt: list[Card], discarded: list[Card]) -> Event[StreetStarted]:
        return Event.public(
            StreetStarted(
                type="street_started",
                street=STREETS[self.street],
                index=self.street + 1,
                dealt=[c.text for c in dealt],
                community=[c.text for c in self.community],
                discarded=[c.text for c in discarded],
                first=self.opener(self.street),
            )
        )

    def _deal_street(self) -> Event[StreetStarted]:
        """X4: burn one card, then deal the flop's three or one card; X9 in expert mode: a card
        whose rank is already on the board is discarded face up and replaced, as often as it
        takes (so the board never pairs)."""
        self.street += 1
        self.acted = 0
        self.burned.append(self.deck.draw())
        dealt: list[Card] = []
        discarded: list[Card] = []
        while len(self.community) < BOARD_SIZE[self.street]:
            card = self.deck.draw()
            if self.expert and any(card.rank == c.rank for c in self.community):
                discarded.append(card)
                continue
            self.community.append(card)
            dealt.append(card)
        self.discarded += discarded
        return self._street_event(dealt, discarded)

    # --- betting -------------------------------------------------------------------------------

    def apply(self, bet: Bet) -> list[Event[DetectiveEvent]]:
        """Place a bet that `moves.parse_bet` accepted: its chips are public, its card is not."""
        seat = bet.seat
        self.bets.append(bet)
        self.chips[seat] -= bet.chips
        if bet.card != NO_CARD:
            self.cards[seat].remove(bet.card)
        events: list[Event[DetectiveEvent]] = [
            Event.public(
                BetMade(
                    type="bet",
                    seat=seat,
                    street=STREETS[bet.street],
                    board=bet.board,
                    chips=bet.chips,
                    face_down=bet.card != NO_CARD,
                    chips_left=self.chips[seat],
                    cards_left=len(self.cards[seat]),
                )
            )
        ]
        if bet.card != NO_CARD:
            placed = CardPlaced(
                type="card_placed", seat=seat, street=STREETS[bet.street], card=bet.card
            )
            events.append(Event.private([seat], placed))
        self.acted += 1
        if self.acted < self.num_seats:
            return events
        if self.street + 1 < len(STREETS):
            return [*events, self._deal_street()]
        return events + self._score()

    # --- scoring ---------------------------------------------------------------------------------

    def street_result(self, street: int) -> StreetResult:
        """X7: one betting round judged with the community cards that were out in it."""
        board = self.community[: BOARD_SIZE[street]]
        n = self.num_seats
        ranks = [hand_rank(self.private[s], self.forehead[s], board) for s in range(n)]
        best, worst = extremes(ranks)
        scored = []
        for bet in self.bets:
            if bet.street != street:
                continue
            player = counts_for(bet.board, bet.card, n)
            right = is_correct(player, bet.card, best, worst)
            scored.append(
                ScoredBet(bet, player, right, points(bet.chips, bet.card, right, self.expert))
            )
        return StreetResult(street, best, worst, tuple(r.category for r in ranks), tuple(scored))

    def _score(self) -> list[Event[DetectiveEvent]]:
        """After the river: every card and action card is shown, then each round is scored."""
        self.phase = "done"
        self.results = tuple(self.street_result(s) for s in range(len(STREETS)))
        for result in self.results:
            for scored in result.bets:
                self.points[scored.bet.seat] += scored.points
        n = self.num_seats
        events: list[Event[DetectiveEvent]] = [
            Event.public(
                CardsRevealed(
                    type="cards_revealed",
                    hands=[
                        {
                            "seat": s,
                            "private": self.private[s].text,
                            "forehead": self.forehead[s].text,
                        }
                        for s in range(n)
                    ],
                    cards=[
                        {"seat": b.seat, "street": STREETS[b.street], "card": b.card}
                        for b in self.bets
                        if b.card != NO_CARD
                    ],
                )
            )
        ]
        events += [
            Event.public(StreetScored(type="street_scored", **street_json(r))) for r in self.results
        ]
        events.append(
            Event.public(
                HandScored(
                    type="hand_scored",
                    hand=self.number,
                    points=list(self.points),
                    cards_left=[len(c) for c in self.cards],
                )
            )
        )
        return events


def street_json(result: StreetResult) -> StreetScore:
    """A scored betting round as JSON (the `street_scored` event and the hand summary)."""
    return {
        "street": STREETS[result.street],
        "best": sorted(result.best),
        "worst": sorted(result.worst),
        "categories": list(result.categories),
        "bets": [
            {
                "seat": s.bet.seat,
                "board": s.bet.board,
                "counts_for": s.counts_for,
                "chips": s.bet.chips,
                "card": s.bet.card,
                "correct": s.correct,
                "points": s.points,
            }
            for s in result.bets
        ],
    }
