"""The Detective Poker game (X1, X8): two rounds of as many hands as players, then the winner.

This module owns what spans hands: the dealer moving one seat clockwise each hand (X1), the
points, and the end of the game with its tie-breaks and shared victory (X8). A hand is
`hand.Hand`; a bet's check and prompt are `moves.py`; views are `views.py`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from pokerhall.cards import Deck
from pokerhall.engine.events import JSON, Event
from pokerhall.engine.messages import Message
from pokerhall.engine.results import game_result
from pokerhall.engine.rng import make_rng
from pokerhall.games.detective.events import DetectiveEvent, RoundStarted
from pokerhall.games.detective.hand import Hand
from pokerhall.games.detective.history import describe_event
from pokerhall.games.detective.moves import bet_prompt, parse_bet
from pokerhall.games.detective.options import ROUNDS, DetectiveOptions
from pokerhall.games.detective.scoring import Bet
from pokerhall.games.detective.views import build_view
from pokerhall.table.match import Match


class Detective(Match[Bet, DetectiveEvent]):
    name = "detective"

    def __init__(self, players: Sequence[str], opts: DetectiveOptions, seed: int) -> None:
        """Made by the registry through `detective.create`, which checks the options."""
        super().__init__(players, opts.to_json(), seed)
        self.options = opts
        self._rng = make_rng(seed)
        self.points = [0] * len(players)
        self.hand_points: list[list[int]] = []
        """Each finished hand's points per seat, for the score sheet."""
        self.previous_hand: Hand | None = None
        self.hand: Hand
        self.events += self._deal()

    @property
    def hands_per_round(self) -> int:
        """X1: as many hands as players."""
        return self.num_seats

    @property
    def total_hands(self) -> int:
        return ROUNDS * self.hands_per_round

    def game_round(self, hand_number: int) -> int:
        """Which of the two rounds (1 or 2) a hand (counted from 1) belongs to."""
        return (hand_number - 1) // self.hands_per_round + 1

    def _deal(self) -> list[Event[DetectiveEvent]]:
        """Start the next hand. X1 [ours]: seat 0 deals the first hand, then the dealer moves
        one seat clockwise, so every player deals once a round. X2: a new shuffle every hand."""
        number = len(self.hand_points) + 1
        dealer = (number - 1) % self.num_seats
        hand = Hand(
            number=number,
            dealer=dealer,
            num_seats=self.num_seats,
            deck=Deck.shuffled(self._rng),
            expert=self.options.expert,
        )
        self.hand = hand
        started = RoundStarted(
            type="round_started",
            round=number,
            hands=self.total_hands,
            game_round=self.game_round(number),
            hand_in_round=(number - 1) % self.hands_per_round + 1,
            hands_per_round=self.hands_per_round,
            dealer=dealer,
        )
        return [Event.public(started), *hand.start()]

    # --- protocol ------------------------------------------------------------------------------

    def compute_pending(self) -> dict[int, JSON]:
        seat = self.hand.to_act
        if seat is None:
            return {}
        return {seat: bet_prompt(self.hand, seat, self.prompt_id)}

    def parse(self, seat: int, move: Mapping[str, Any]) -> Bet:
        return parse_bet(self.hand, seat, move)

    def apply(self, seat: int, move: Bet) -> list[Event[DetectiveEvent]]:
        events = self.hand.apply(move)
        if self.hand.phase == "done":
            events += self._end_hand()
        return events

    def seat_view(self, seat: int | None) -> JSON:
        # A view leaves the game as JSON (engine protocol); within the game it is a
        # `DetectiveView`, which mypy checks where it is built.
        return cast(JSON, build_view(self, seat))

    def describe(self, event: Event[DetectiveEvent]) -> Message:
        return describe_event(event)

    # --- between hands ---------------------------------------------------------------------------

    def _end_hand(self) -> list[Event[DetectiveEvent]]:
        finished = self.hand
        for seat, won in enumerate(finished.points):
            self.points[seat] += won
        self.hand_points.append(list(finished.points))
        self.previous_hand = finished
        if len(self.hand_points) < self.total_hands:
            return self._deal()
        cards_left = [len(c) for c in finished.cards]
        places = self.places(cards_left)
        result = game_result(
            places=places,
            scores=list(self.points),
            unit="points",
            rounds=len(self.hand_points),
            action_cards_left=cards_left,
            shared=places.count(1) > 1,
        )
        return [self.finish(result)]

    def places(self, cards_left: Sequence[int]) -> list[int]:
        """X8: most points first; a tie goes to the most action cards still in hand after the
        final hand [ours]; players still tied share the place (a shared victory for first)."""
        key = [(-self.points[s], -cards_left[s]) for s in range(self.num_seats)]
        return [1 + sum(k < key[s] for k in key) for s in range(self.num_seats)]

    def standings(self) -> list[int]:
        """Seats from first to last by points so far (ties by seat), for views between hands."""
        return sorted(range(self.num_seats), key=lambda s: (-self.points[s], s))
