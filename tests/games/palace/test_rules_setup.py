"""Palace Poker set-up (docs/rules/palace.md P1-P5, P16): the deck, antes, the first dealer, the
banner deal by groups of four with the rejected banners reshuffled, the palace deal, options."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from pokerhall import games
from pokerhall.cards import SUITS, Card
from pokerhall.engine.errors import InvalidOptions
from pokerhall.games.palace.deal import deal_banners, first_dealer

from .helpers import new


def test_p1_two_to_ten_players_and_one_deck_of_distinct_cards() -> None:
    for count in (1, 11):
        with pytest.raises(InvalidOptions, match="2 to 10"):
            new(count)
    game = new(10, seed=4)
    hand = game.hand
    on_table = [c for camp in hand.camps.values() for c in camp.cards()] + list(hand.stock)
    assert sorted(c.index for c in on_table) == list(range(52))


def test_p2_everyone_antes_half_a_small_bet_rounded_down() -> None:
    game = new(4, small_bet=15, big_bet=30)
    antes = next(e for e in game.events if e.type == "antes")
    assert dict(antes.data["paid"]) == {"0": 7, "1": 7, "2": 7, "3": 7}
    assert game.hand.ledger.pot_total() == 28
    assert game.hand.ledger.this_round == [0, 0, 0, 0]  # an ante is not a bet


def test_p3_the_highest_card_deals_and_ties_draw_again_in_public() -> None:
    """P3: suits are unranked (P1), so a tie for the highest rank draws again."""
    for seed in range(200):
        dealer, events = first_dealer(range(6), random.Random(seed))
        assert all(e.is_public for e in events)
        draws = [e for e in events if e.type == "dealer_draw"]
        last = {item["seat"]: Card(item["card"]).rank for item in draws[-1].data["cards"]}
        assert max(last, key=lambda s: last[s]) == dealer
        assert list(last.values()).count(max(last.values())) == 1
        for earlier, later in itertools.pairwise(draws):
            ranks = {i["seat"]: Card(i["card"]).rank for i in earlier.data["cards"]}
            top = max(ranks.values())
            assert sorted(i["seat"] for i in later.data["cards"]) == sorted(
                s for s, r in ranks.items() if r == top
            )
        if len(draws) > 1:
            return
    pytest.fail("no seed gave a tie for the first deal")


def test_p3_ours_the_deal_moves_one_seat_clockwise_each_hand() -> None:
    game = new(3, seed=2, hands_per_session=4)
    while not game.over:
        seat = next(iter(game.pending()))
        game.act(seat, game.default_move(seat))
    dealers = [e.data["dealer"] for e in game.events if e.type == "round_started"]
    assert len(dealers) == 4
    assert dealers == [(dealers[0] + k) % 3 for k in range(len(dealers))]
    assert dealers[0] == next(e for e in game.events if e.type == "first_dealer").data["seat"]


@pytest.mark.parametrize("count", [2, 4, 5, 8, 9, 10])
def test_p4_banners_differ_in_suit_within_each_group_of_four(count: int) -> None:
    for seed in range(30):
        game = new(count, seed=seed)
        order = game.hand.order
        for start in range(0, count, 4):
            group = order[start : start + 4]
            suits = [game.hand.camps[s].banner.suit for s in group]
            assert len(set(suits)) == len(suits)
        cards = [e for e in game.events if e.type == "banner_card"]
        assert all(e.is_public for e in cards)
        kept = [e.data["seat"] for e in cards if e.data["kept"]]
        assert kept == order  # dealt in order from the dealer's left, one banner each


class SortedRandom(random.Random):
    """Shuffles so that the stock deals spades, hearts, diamonds, clubs, each from the deuce: the
    worst case for the banner deal, which runs the stock dry."""

    def shuffle(self, x: Any) -> None:  # type: ignore[override]
        x.sort(key=lambda c: (SUITS.index(c.suit), c.rank), reverse=True)


def test_p4_rejected_banners_are_reshuffled_when_the_stock_runs_out() -> None:
    deal = deal_banners(list(range(10)), SortedRandom(0))
    types = [e.type for e in deal.events]
    assert "banners_reshuffled" in types
    assert [deal.banners[s] for s in range(5)] == [Card(t) for t in ("2s", "2h", "2d", "2c", "3c")]
    rejected = [e for e in deal.events if e.type == "banner_card" and not e.data["kept"]]
    assert rejected[0].data == {"seat": 1, "card": "3s", "kept": False}
    for start in (0, 4, 8):
        group = [deal.banners[s].suit for s in range(start, min(start + 4, 10))]
        assert len(set(group)) == len(group)


def test_p5_three_face_down_palace_cards_each_the_rest_is_the_stock() -> None:
    game = new(5, seed=3)
    hand = game.hand
    dealt = [e for e in game.events if e.type == "palace_cards"]
    assert [e.data["seat"] for e in dealt] == hand.order
    for event in dealt:
        seat = event.data["seat"]
        assert event.to == frozenset({seat})  # P13: only the owner sees them
        assert event.data["cards"] == [str(c) for c in hand.camps[seat].palace]
    assert len(hand.stock) == 52 - 5 - 15
    assert hand.discards == []


def test_p16_options_have_the_rules_defaults_and_are_checked() -> None:
    info = games.info("palace")
    parsed = info.parse_options({})
    assert parsed == {
        "ruleset": "palace",
        "starting_stack": 500,
        "small_bet": 10,
        "big_bet": 20,
        "betting": "limit",
        "buy_price": 0,
        "discard_price": 0,
        "raise_cap": 0,
        "forced_battle": True,
        "hands_per_session": 0,
        "stacks": (),  # P17: a table's state, none given
        "dealer": -1,
    }
    assert new(2).options.raise_limit is None  # P16: 0 is no cap (the seed sets none)
    assert new(2, raise_cap=3).options.raise_limit == 3  # a table stored with the old default
    game = new(2, buy_price=7, small_bet=4, big_bet=8)
    assert game.options.buy_cost == 7
    assert game.options.discard_cost == 4
    with pytest.raises(InvalidOptions, match="big bet"):
        new(2, small_bet=20, big_bet=10)
    with pytest.raises(InvalidOptions, match="betting"):
        new(2, betting="pot_limit")
