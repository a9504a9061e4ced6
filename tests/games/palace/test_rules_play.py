"""Palace Poker turns (docs/rules/palace.md P6-P9, P11, P12): one action per turn from the
dealer's left; buying and discarding soldiers, at most five; opening a battle; staying and
folding; bad moves refused with nothing changed."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pokerhall.cards import Card
from pokerhall.engine.errors import IllegalMove

from .helpers import act, moves_of, new, rig, types

# Seed 1 with three players: seat 1 deals, so the order is 2, 0, 1.
CAMPS = {
    2: ("Ah", "Kh Qh 2d", ""),
    0: ("As", "Ks Qs 3d", "4c"),
    1: ("Ad", "Kd Qd 4d", ""),
}


def game3(**options: Any) -> Any:
    game = new(3, seed=1, **options)
    assert game.hand.order == [2, 0, 1]
    rig(game, CAMPS)
    return game


def observe(game: Any) -> str:
    seats: list[int | None] = [None, 0, 1, 2]
    return json.dumps([game.view(s) for s in seats] + [game.pending()], sort_keys=True)


def test_p6_turns_go_clockwise_from_the_dealers_left_one_action_each() -> None:
    game = game3()
    assert list(game.pending()) == [2]
    assert set(moves_of(game, 2)) == {"buy", "battle", "stay", "fold"}  # no soldier to discard
    act(game, 2, {"type": "stay"})
    assert list(game.pending()) == [0]
    assert set(moves_of(game, 0)) == {"buy", "discard", "battle", "stay", "fold"}
    act(game, 0, {"type": "stay"})
    assert list(game.pending()) == [1]


def test_p7_a_buy_costs_a_small_bet_and_the_card_is_a_public_soldier() -> None:
    game = game3()
    rig(game, CAMPS, stock="9c 8c")
    events = act(game, 2, {"type": "buy"})
    assert types(events) == ["bought"]
    assert events[0].is_public
    assert events[0].data == {"seat": 2, "card": "9c", "paid": 10, "pot": 25}
    assert game.hand.camps[2].soldiers == [Card("9c")]
    assert game.view(None)["players"][2]["soldiers"] == ["9c"]
    prompt = game.pending()[2]  # then any soldiers may go, the one just bought too
    assert prompt["type"] == "soldiers"
    assert prompt["default"] == {"type": "keep"}
    act(game, 2, {"type": "discard", "cards": ["9c"]})
    assert game.hand.camps[2].soldiers == []
    assert game.hand.discards == [Card("9c")]
    assert list(game.pending()) == [0]


def test_p7_nobody_keeps_more_than_five_soldiers() -> None:
    game = game3()
    rig(game, {**CAMPS, 2: ("Ah", "Kh Qh 2d", "2c 3c 5c 6c 7c")}, stock="9c")
    act(game, 2, {"type": "buy"})
    prompt = game.pending()[2]
    assert "keep" not in {m["type"] for m in prompt["moves"]}
    assert prompt["default"] == {"type": "discard", "cards": ["2c"]}  # the lowest goes
    with pytest.raises(IllegalMove, match="more than 5"):
        act(game, 2, {"type": "keep"})
    act(game, 2, {"type": "discard", "cards": ["9c"]})
    assert [str(c) for c in game.hand.camps[2].soldiers] == ["2c", "3c", "5c", "6c", "7c"]


def test_p7_an_empty_stock_is_renewed_from_the_discard_pile_else_no_buying() -> None:
    game = game3()
    rig(game, CAMPS, stock="", discards="9c")
    events = act(game, 2, {"type": "buy"})
    assert types(events) == ["stock_reshuffled", "bought"]
    assert events[1].data["card"] == "9c"
    act(game, 2, {"type": "keep"})
    rig(game, CAMPS, stock="", discards="")
    assert "buy" not in moves_of(game, 0)
    with pytest.raises(IllegalMove, match="no card left to buy"):
        act(game, 0, {"type": "buy"})


def test_p8_discarding_costs_a_small_bet_and_takes_at_least_one_soldier() -> None:
    game = game3()
    act(game, 2, {"type": "stay"})
    assert moves_of(game, 0)["discard"]["cost"] == 10
    with pytest.raises(IllegalMove, match="at least 1"):
        act(game, 0, {"type": "discard", "cards": []})
    with pytest.raises(IllegalMove, match="not one of your soldiers"):
        act(game, 0, {"type": "discard", "cards": ["Ah"]})
    events = act(game, 0, {"type": "discard", "cards": ["4c"]})
    assert events[0].data == {"seat": 0, "cards": ["4c"], "paid": 10, "pot": 25}
    assert game.hand.camps[0].soldiers == []


def test_p9_a_battle_opens_with_soldiers_plus_one_small_bets_against_another_suit() -> None:
    game = game3()
    rig(game, {**CAMPS, 1: ("Kh", "Kd Qd 4d", "")})  # seat 1's banner shares seat 2's suit
    battle = moves_of(game, 2)["battle"]
    assert battle["params"]["target"]["choices"] == [0]  # not seat 1: same banner suit
    assert battle["params"]["bet"] == {"kind": "int", "min": 10, "max": 10, "step": 1}
    with pytest.raises(IllegalMove, match="banner's suit"):
        act(game, 2, {"type": "battle", "target": 1, "bet": 10})
    act(game, 2, {"type": "stay"})
    battle = moves_of(game, 0)["battle"]  # one soldier: two small bets
    assert battle["params"]["bet"]["min"] == 20
    events = act(game, 0, {"type": "battle", "target": 2, "bet": 20})
    assert events[0].data["pot"] == 15 + 20  # into the one main pot
    assert game.pending()[2]["type"] == "battle"


def test_p9_no_limit_battles_open_with_at_least_the_minimum_up_to_all_in() -> None:
    game = game3(betting="no_limit")
    bet = moves_of(game, 2)["battle"]["params"]["bet"]
    assert (bet["min"], bet["max"]) == (10, 495)
    with pytest.raises(IllegalMove, match="from 10 to 495"):
        act(game, 2, {"type": "battle", "target": 0, "bet": 9})


def test_p11_staying_does_nothing_and_passes_the_turn_left() -> None:
    game = game3()
    before = list(game.stacks)
    events = act(game, 2, {"type": "stay"})
    assert types(events) == ["stayed"]
    assert game.stacks == before
    assert list(game.pending()) == [0]


def test_p12_folding_leaves_the_hand_and_forfeits_the_pot() -> None:
    game = game3()
    act(game, 2, {"type": "fold"})
    assert not game.hand.ledger.live(2)
    assert game.view(None)["players"][2]["in_hand"] is False
    act(game, 0, {"type": "fold"})  # one player left: the pot is seat 1's (P14)
    awarded = next(e for e in reversed(game.events) if e.type == "pot_awarded")
    assert dict(awarded.data["shares"]) == {"1": 15}


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        ({"type": "check"}, "on your turn you may"),
        ({"type": "stay", "extra": 1}, "unexpected"),
        ({"type": "battle", "target": 0}, "needs bet"),
        ({"type": "battle", "target": 2, "bet": 10}, "not one of the seats"),
        ({"type": "battle", "target": "0", "bet": 10}, "not one of the seats"),
        ({"type": "battle", "target": 0, "bet": 11}, "exactly 10"),
        ({"type": "battle", "target": 0, "bet": True}, "whole number"),
        ({"type": "discard", "cards": ["4c"]}, "no soldiers"),
        ({"type": "discard", "cards": "4c"}, "no soldiers"),
    ],
)
def test_p6_bad_turn_moves_are_refused_and_change_nothing(
    move: dict[str, Any], reason: str
) -> None:
    game = game3()
    before = observe(game)
    with pytest.raises(IllegalMove, match=reason):
        act(game, 2, move)
    assert observe(game) == before


def test_p7_bad_soldier_choices_are_refused() -> None:
    game = game3()
    rig(game, CAMPS, stock="9c")
    act(game, 2, {"type": "buy"})
    before = observe(game)
    for move, reason in [
        ({"type": "discard", "cards": ["9c", "9c"]}, "once"),
        ({"type": "discard", "cards": ["XX"]}, "not a card"),
        ({"type": "discard", "cards": [1]}, "list of your soldiers"),
        ({"type": "stay"}, "keep your soldiers"),
    ]:
        with pytest.raises(IllegalMove, match=reason):
            act(game, 2, move)
        assert observe(game) == before
