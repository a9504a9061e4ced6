"""Invariants of Palace Poker over random play (docs/rules/palace.md P9, P13): chips are
conserved, no seat or spectator is told a card it may not know in any view or event it receives,
and every prompt is answered by its own moves.

The default run plays 10,000 random hands (`POKERHALL_PALACE_HANDS` changes it); the hypothesis
test draws table set-ups (size, betting, the forced battle) and plays them with secrecy checked
after every move.
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


def test_p13_the_secrecy_check_catches_a_palace_told_to_everyone() -> None:
    """The property above can fail: a palace event made public is caught."""
    game = new(3, seed=1)
    hand = game.hand
    leaked = [Event("palace_cards", e.data) for e in game.events if e.type == "palace_cards"]
    with pytest.raises(AssertionError, match="was told"):
        check_told(hand, leaked, None)
