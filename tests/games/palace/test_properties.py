"""Invariants of Palace Poker over random play (docs/rules/palace.md P9, P13): chips are
conserved, no seat or spectator is told a card it may not know in any view or event it receives,
and every prompt is answered by its own moves.

The default run plays 10,000 random hands (`POKERHALL_PALACE_HANDS` changes it); the hypothesis
tests draw table set-ups (size, betting, the forced battle) and play them with secrecy checked
after every move, one of them against an oracle of its own (not the game's record of who saw
what): a caller who loses a battle concedes, and no other seat or spectator is ever told a card
of its palace for the rest of the hand.
"""

from __future__ import annotations

import json
import os
import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerhall.engine import prompts
from pokerhall.engine.events import ROUND_STARTED, Event
from pokerhall.games.palace import hand_secrets
from pokerhall.games.palace.hand import Hand
from pokerhall.games.palace.state import Palace

from .helpers import new

HANDS = int(os.environ.get("POKERHALL_PALACE_HANDS", "10000"))
CARD = re.compile(r"(?<![0-9A-Za-z.])[2-9TJQKA][shdc](?![0-9A-Za-z.])")


def cards_in(data: Any) -> set[str]:
    return set(CARD.findall(json.dumps(data, ensure_ascii=False)))


def check_told(hand: Hand, events: list[Event], game: Palace | None) -> None:
    """No seat (or spectator) gets a card of `hand` it may not know, in `events` it may see or,
    when `game` is given, in its view."""
    shown = [(e, cards_in(e.to_json())) for e in events]
    for seat in [None, *hand.order]:
        told = {card for e, cards in shown if e.visible_to(seat) for card in cards}
        if game is not None:
            told |= cards_in(game.view(seat))
        leaked = told & set(hand_secrets(hand, seat))
        assert not leaked, f"seat {seat} was told {sorted(leaked)}"


def play(game: Palace, rng: random.Random, *, views: bool) -> int:
    total = sum(game.stacks) + game.hand.ledger.pot_total()
    check_told(game.hand, [e for e in game.events if e.type != "dealer_draw"], game)
    while not game.over:
        pending = game.pending()
        seat = rng.choice(sorted(pending))
        asked = pending[seat]
        move = prompts.random_move(asked, rng)
        assert move["type"] in {m["type"] for m in asked["moves"]}
        before = game.hand
        events = game.act(seat, move)
        starts = [i for i, e in enumerate(events) if e.type == ROUND_STARTED]
        cut = starts[0] if starts else len(events)
        check_told(before, events[:cut], None if game.hand is not before else game)
        if game.hand is not before and not game.over:
            check_told(game.hand, events[cut:], game if views else None)
        in_pot = 0 if game.over else game.hand.ledger.pot_total()
        assert sum(game.stacks) + in_pot == total  # chips are conserved (P9)
        assert all(stack >= 0 for stack in game.stacks)
    return game.hands_played


def test_p9_p13_ten_thousand_random_hands_conserve_chips_and_keep_secrets() -> None:
    rng = random.Random(2024)
    hands = 0
    seed = 0
    while hands < HANDS:
        seed += 1
        game = new(
            rng.randint(2, 10),
            seed=seed,
            starting_stack=rng.choice([30, 100, 500]),
            betting=rng.choice(["limit", "no_limit"]),
            forced_battle=rng.random() < 0.7,
            hands_per_session=rng.choice([0, 5]),
        )
        hands += play(game, rng, views=False)


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(2, 10),
    seed=st.integers(0, 2**32),
    limit=st.booleans(),
    forced=st.booleans(),
    stack=st.sampled_from([25, 100, 400]),
)
def test_p13_no_view_or_event_tells_a_seat_a_card_it_may_not_know(
    players: int, seed: int, limit: bool, forced: bool, stack: int
) -> None:
    game = new(
        players,
        seed=seed,
        starting_stack=stack,
        betting="limit" if limit else "no_limit",
        forced_battle=forced,
        hands_per_session=3,
    )
    play(game, random.Random(seed), views=True)


class Conceded:
    """The palaces of callers who lost a battle this hand (P13), and whose they were: cards no
    one else may be told until the hand ends, or until a reshuffled discard pile (where they
    went) is drawn from, face up (P7). Cards already shown face up before the battle (the
    banner deal's rejects are gathered into the palace deal, P4, P5) are not secrets, nor is a
    palace to a seat that was rightly shown it in an earlier battle: this oracle keeps its own
    account of that from the rule (the one who calls last sees the other's palace; the other
    sees the caller's when the caller claims the win or the tie), not the game's."""

    def __init__(self) -> None:
        self.hand: Hand | None = None
        self.cards: dict[str, int] = {}
        self.shown: dict[int, set[int]] = {}
        """Seat -> the seats whose palace it was rightly shown this hand."""
        self.count = 0

    def note(self, hand: Hand, events: list[Event]) -> None:
        if hand is not self.hand:
            self.hand, self.cards, self.shown = hand, {}, {}
        if any(e.type == "stock_reshuffled" for e in events):
            self.cards = {}
        for e in events:
            if e.type == "battle_tied":
                first, second = e.data["seats"]
                self.shown.setdefault(first, set()).add(second)
                self.shown.setdefault(second, set()).add(first)
            if e.type != "battle_won" or e.data["how"] == "fold":
                continue
            caller = e.data["caller"]
            other = e.data["winner"] if caller == e.data["loser"] else e.data["loser"]
            self.shown.setdefault(caller, set()).add(other)
            if e.data["how"] == "claimed":
                assert e.data["winner"] == caller
                self.shown.setdefault(other, set()).add(caller)
                continue
            assert e.data["how"] == "conceded"
            assert e.data["loser"] == caller
            self.count += 1
            for card in hand.camps[caller].palace:
                if card not in hand.public:
                    self.cards[str(card)] = caller

    def check(self, hand: Hand, events: list[Event], game: Palace | None) -> None:
        if hand is not self.hand or not self.cards:
            return
        for seat in [None, *hand.order]:
            told = {c for e in events if e.visible_to(seat) for c in cards_in(e.to_json())}
            if game is not None:
                told |= cards_in(game.view(seat))
            rightly = self.shown.get(seat, set()) if seat is not None else set()
            leaked = {
                c
                for c in told
                if c in self.cards and self.cards[c] != seat and self.cards[c] not in rightly
            }
            assert not leaked, f"seat {seat} was told the conceded palace cards {sorted(leaked)}"


def play_conceding(game: Palace, rng: random.Random) -> int:
    """Random play that calls most battles, checked by `Conceded` after every move; returns
    how many callers conceded."""
    conceded = Conceded()
    while not game.over:
        pending = game.pending()
        seat = rng.choice(sorted(pending))
        move = prompts.random_move(pending[seat], rng)
        if pending[seat]["type"] == "battle" and rng.random() < 0.7:
            move = {"type": "call"}  # more called battles than random answers would give
        before = game.hand
        events = game.act(seat, move)
        starts = [i for i, e in enumerate(events) if e.type == ROUND_STARTED]
        cut = starts[0] if starts else len(events)
        conceded.note(before, events[:cut])
        conceded.check(before, events[:cut], game if game.hand is before else None)
    return conceded.count


def test_p13_random_play_has_callers_who_concede() -> None:
    """The property below is not empty: its play does reach conceded battles."""
    played = [
        play_conceding(new(3, seed=seed, hands_per_session=3), random.Random(seed))
        for seed in range(5)
    ]
    assert sum(played) > 0


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    limit=st.booleans(),
    stack=st.sampled_from([60, 200]),
)
def test_p13_no_view_or_event_ever_shows_a_losing_callers_palace(
    players: int, seed: int, limit: bool, stack: int
) -> None:
    """P13: the attacker hands its palace to the one who calls last; a caller who loses
    concedes, and its palace is in no view or event any other seat or a spectator gets."""
    game = new(
        players,
        seed=seed,
        starting_stack=stack,
        betting="limit" if limit else "no_limit",
        hands_per_session=3,
    )
    play_conceding(game, random.Random(seed))


def test_p13_the_conceded_palace_check_catches_a_palace_shown_to_the_winner() -> None:
    """The oracle above can fail: a losing caller's palace told to the winner is caught."""
    game = new(3, seed=1)
    hand = game.hand
    loser = hand.order[0]
    won = Event.public(
        "battle_won", winner=hand.order[1], loser=loser, how="conceded", caller=loser
    )
    conceded = Conceded()
    conceded.note(hand, [won])
    palace = [str(c) for c in hand.camps[loser].palace if c not in hand.public]
    assert palace
    leak = Event.private([hand.order[1]], "battle_confirmed", hands=[{"palace": palace}])
    with pytest.raises(AssertionError, match="conceded palace"):
        conceded.check(hand, [leak], None)


def test_p13_the_secrecy_check_catches_a_palace_told_to_everyone() -> None:
    """The property above can fail: a palace event made public is caught."""
    game = new(3, seed=1)
    hand = game.hand
    leaked = [Event(e.payload) for e in game.events if e.type == "palace_cards"]
    with pytest.raises(AssertionError, match="was told"):
        check_told(hand, leaked, None)
