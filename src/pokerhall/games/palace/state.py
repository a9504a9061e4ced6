"""The Palace Poker session: hands one after another until the session ends.

This module owns what spans hands: the first dealer (P3) and the deal moving clockwise (P3
[ours]), players leaving (no chips left, or resigned), the end of the session (a number of hands,
or until one player has every chip) and the result.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from pokerhall.engine.events import JSON, Event
from pokerhall.engine.messages import Message
from pokerhall.engine.results import game_result, places_from_standings
from pokerhall.engine.rng import make_rng
from pokerhall.games.palace.deal import first_dealer
from pokerhall.games.palace.events import Eliminated, Left, PalaceEvent
from pokerhall.games.palace.hand import Hand
from pokerhall.games.palace.history import describe_event
from pokerhall.games.palace.moves import PalaceMove
from pokerhall.games.palace.options import PalaceOptions
from pokerhall.games.palace.views import build_view
from pokerhall.table.ledger import Ledger
from pokerhall.table.match import Match
from pokerhall.table.seats import left_of


class Palace(Match[PalaceMove, PalaceEvent]):
    name = "palace"

    def __init__(self, players: Sequence[str], opts: PalaceOptions, seed: int) -> None:
        """Made by the registry through `palace.create`, which checks the options."""
        super().__init__(players, opts.to_json(), seed)
        self.options = opts
        self._rng = make_rng(seed)
        self.stacks = opts.seat_stacks(len(players))  # P17
        self.hands_played = 0
        self.out_after_hand: list[int | None] = [None] * len(players)
        """The hand after which a seat left the game (no chips, or resigned), else None."""
        if opts.dealer >= 0:
            self.dealer = opts.dealer  # P17: the table's state names the dealer
        else:
            self.dealer, events = first_dealer(range(len(players)), self._rng)  # P3
            self.events += events
        self.first_dealer = self.dealer
        self.hand = self._new_hand()
        self.events += self.hand.start()

    # --- protocol ------------------------------------------------------------------------------

    def compute_pending(self) -> dict[int, JSON]:
        return self.hand.pending(self.prompt_id, self.resigned)

    def parse(self, seat: int, move: Mapping[str, Any]) -> PalaceMove:
        return self.hand.parse(seat, move)

    def apply(self, seat: int, move: PalaceMove) -> list[Event[PalaceEvent]]:
        events = self.hand.apply(seat, move)
        if self.hand.phase == "done":
            events += self._end_hand()
        return events

    def seat_view(self, seat: int | None) -> JSON:
        # A view leaves the game as JSON (engine protocol); within the game it is a
        # `PalaceView`, which mypy checks where it is built.
        return cast(JSON, build_view(self, seat))

    def still_in(self, seat: int) -> bool:
        return self.in_game(seat)

    def resign(self, seat: int) -> list[Event[PalaceEvent]]:
        """The seat folds when next asked (its prompts' defaults fold for it) and leaves the
        game, keeping its chips, when this hand ends; it places behind everyone still in."""
        return []

    def describe(self, event: Event[PalaceEvent]) -> Message | None:
        return describe_event(event)

    # --- between hands -------------------------------------------------------------------------

    def in_game(self, seat: int) -> bool:
        return self.out_after_hand[seat] is None

    def _new_hand(self) -> Hand:
        playing = [self.in_game(seat) for seat in range(self.num_seats)]
        return Hand(
            number=self.hands_played + 1,
            dealer=self.dealer,
            ledger=Ledger(stacks=self.stacks, playing=playing),
            options=self.options,
            rng=self._rng,
        )

    def _end_hand(self) -> list[Event[PalaceEvent]]:
        self.hands_played += 1
        events: list[Event[PalaceEvent]] = []
        for seat in range(self.num_seats):
            if not self.in_game(seat):
                continue
            if self.stacks[seat] == 0:
                self.out_after_hand[seat] = self.hands_played
                events.append(
                    Event.public(Eliminated(type="eliminated", seat=seat, hand=self.hands_played))
                )
            elif seat in self.resigned:
                self.out_after_hand[seat] = self.hands_played
                chips = self.stacks[seat]
                events.append(
                    Event.public(Left(type="left", seat=seat, hand=self.hands_played, chips=chips))
                )
        left = [seat for seat in range(self.num_seats) if self.in_game(seat)]
        session = self.options.hands_per_session
        if len(left) > 1 and (session == 0 or self.hands_played < session):
            self.dealer = left_of(self.dealer, self.num_seats, self.in_game)  # P3 [ours]
            self.hand = self._new_hand()
            return events + self.hand.start()
        standings, tied = self._standings()
        result = game_result(
            places=places_from_standings(standings, tied),
            scores=self.stacks,
            unit="chips",
            rounds=self.hands_played,
        )
        return [*events, self.finish(result)]

    def _rank(self, seat: int) -> tuple[int, int]:
        """Players still in come first, by chips; then those who left, the later the better."""
        out = self.out_after_hand[seat]
        return (-(out or self.hands_played + 1), -self.stacks[seat])

    def _standings(self) -> tuple[list[int], list[list[int]]]:
        order = sorted(range(self.num_seats), key=lambda s: (self._rank(s), s))
        groups: dict[tuple[int, int], list[int]] = {}
        for seat in order:
            groups.setdefault(self._rank(seat), []).append(seat)
        return order, [group for group in groups.values() if len(group) > 1]

    def standings(self) -> list[int]:
        return self._standings()[0]
