"""Palace Poker battles (docs/rules/palace.md P10, P13, P16): fold, call and raise between the two
fighters; the call at the defender's own price, raises on top of it with no cap by default; the
banner-suit exclusion, the own-banner-suit tie-break, both out or a split of the last two; the
winner takes the loser's soldiers and banner, at most five; who sees what (the one who calls last
sees the other's palace and names the winner; a losing caller's palace is seen by nobody)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pokerhall.cards import Card
from pokerhall.engine import registry
from pokerhall.engine.errors import IllegalMove
from pokerhall.engine.messages import load_catalog, render
from pokerhall.games.palace import secrets

from .helpers import act, moves_of, new, rig, types

EN = load_catalog(registry.info("palace").messages, "en")
NAMES = ["Ann", "Bob", "Cy"]


def game3(camps: dict[int, tuple[str, str, str]], **options: Any) -> Any:
    """Three players, order 2, 0, 1: seat 2 moves first."""
    game = new(3, seed=1, **options)
    assert game.hand.order == [2, 0, 1]
    rig(game, camps)
    return game


PLAIN = {2: ("Ah", "Kh Qh 2d", ""), 0: ("As", "Ks Qs 3d", "4c"), 1: ("Ad", "Kd Qd 4d", "")}


def test_p10_a_defender_who_folds_is_out_and_the_attacker_takes_its_face_up_cards() -> None:
    game = game3(PLAIN)
    act(game, 2, {"type": "battle", "target": 0, "bet": 10})
    events = act(game, 0, {"type": "fold"})
    assert types(events) == ["battle_action", "battle_won"]
    assert events[1].data == {
        "winner": 2,
        "loser": 0,
        "how": "fold",
        "caller": None,
        "taken": ["4c", "As"],
    }
    assert not game.hand.ledger.live(0)
    assert [str(c) for c in game.hand.camps[2].soldiers] == ["4c", "As"]
    assert set(game.hand.discards) == {Card("Ks"), Card("Qs"), Card("3d")}  # face down
    prompt = game.pending()[2]
    assert (prompt["type"], prompt["reason"], prompt["default"]) == (
        "soldiers",
        "won",
        {"type": "keep"},
    )


def test_p10_the_defenders_call_costs_its_own_soldiers_plus_one() -> None:
    game = game3(PLAIN)
    act(game, 2, {"type": "battle", "target": 0, "bet": 10})
    assert moves_of(game, 0)["call"]["amount"] == 20  # one soldier + banner: two small bets
    act(game, 0, {"type": "call"})
    assert game.hand.ledger.put_in[0] == 5 + 20


def test_p10_a_call_costs_the_defenders_own_price_not_the_attackers_bet() -> None:
    """P10 (seed: "(# των καρτών στρατιώτη + κάρτα πανό) x μικρό στοίχημα"): an attacker with two
    soldiers bets 30; the defender, with none, calls for one small bet, not 30."""
    game = game3({**PLAIN, 2: ("Ah", "Kh Qh 2d", "5c 6c"), 0: ("As", "Ks Qs 3d", "")})
    act(game, 2, {"type": "battle", "target": 0, "bet": 30})
    assert moves_of(game, 0)["call"]["amount"] == 10
    assert moves_of(game, 0)["raise"]["call"] == 10
    act(game, 0, {"type": "call"})
    assert game.hand.ledger.put_in[:3] == [5 + 10, 5, 5 + 30]


def test_p10_a_raise_adds_to_the_defenders_own_call_and_is_called_by_what_it_added() -> None:
    """P10: the defender calls at its price, then raises (two small bets, having no soldiers);
    the attacker calls the raise for what it added, or re-raises by a big bet on top."""
    game = game3({**PLAIN, 2: ("Ah", "Kh Qh 2d", "5c 6c"), 0: ("As", "Ks Qs 3d", "")})
    act(game, 2, {"type": "battle", "target": 0, "bet": 30})
    act(game, 0, {"type": "raise", "by": 20})
    assert game.hand.ledger.put_in[0] == 5 + 10 + 20
    assert moves_of(game, 2)["call"]["amount"] == 20
    act(game, 2, {"type": "raise", "by": 20})
    assert game.hand.ledger.put_in[2] == 5 + 30 + 20 + 20
    assert moves_of(game, 0)["call"]["amount"] == 20


def test_p16_limit_battles_have_no_raise_cap_by_default() -> None:
    """P10, P16: the seed lets the fighters re-raise after every raise ("Επαναληπτική αύξηση")."""
    game = game3(PLAIN, starting_stack=10_000)
    act(game, 2, {"type": "battle", "target": 1, "bet": 10})
    for turn in range(10):
        seat = 1 if turn % 2 == 0 else 2
        assert "raise" in moves_of(game, seat)
        act(game, seat, {"type": "raise", "by": 20})
    assert game.pending()[1]["raise_cap"] is None
    assert game.hand.exchange is not None
    assert game.hand.exchange.raises == 10


def test_p10_cards_of_the_opponents_banner_suit_do_not_count() -> None:
    """Without the exclusion the attacker holds a straight flush in spades; against a spade
    banner only its Ace counts, and the defender's three cards beat one."""
    game = game3(
        {2: ("Ah", "Ks Qs Js", "Ts 9s"), 0: ("As", "Ad 2c 3c", ""), 1: ("Kd", "5d 6d 7d", "")}
    )
    act(game, 2, {"type": "battle", "target": 0, "bet": 30})
    events = act(game, 0, {"type": "call"})
    won = next(e for e in events if e.type == "battle_won")
    assert (won.data["winner"], won.data["how"]) == (0, "claimed")
    assert won.data["taken"] == ["Ts", "9s", "Ah"]
    # What the fighters see names each hand's face-up cards and the cards that did not count,
    # so a client can show why without the (by then changed) camps.
    examined = next(e for e in events if e.type == "battle_examined")
    assert (examined.data["winner"], examined.data["how"]) == (0, "hand")
    hands = {h["seat"]: h for h in examined.data["hands"]}
    assert (hands[2]["banner"], hands[2]["soldiers"]) == ("Ah", ["Ts", "9s"])
    assert hands[2]["left_out"] == ["Ks", "Qs", "Js", "Ts", "9s"]
    assert hands[2]["counts"] == "high card"
    assert (hands[0]["banner"], hands[0]["soldiers"], hands[0]["left_out"]) == ("As", [], [])
    line = render(game.describe(examined), EN, NAMES, "en")
    assert "Ks, Qs, Js, Ts, 9s not counted (the opponent's banner suit)" in line
    assert line.startswith("Cy hands their palace to Ann, who called last")
    assert line.endswith("Ann has the better hand")


def test_p10_a_tie_goes_to_more_cards_of_ones_own_banner_suit() -> None:
    game = game3(
        {2: ("2h", "Ac Kc 9d", "3h"), 0: ("2s", "Ad Kd 9c", "3c"), 1: ("Jd", "5d 6d 7d", "")}
    )
    act(game, 2, {"type": "battle", "target": 0, "bet": 20})
    events = act(game, 0, {"type": "call"})
    won = next(e for e in events if e.type == "battle_won")
    assert (won.data["winner"], won.data["how"]) == (2, "conceded")  # the caller lost
    examined = next(e for e in events if e.type == "battle_examined")
    assert (examined.data["winner"], examined.data["how"]) == (2, "banner_suit")


def test_p10_still_tied_both_are_out() -> None:
    game = game3({2: ("2h", "Ac Kc 9d", ""), 0: ("2s", "Ad Kd 9c", ""), 1: ("Jd", "5d 6d 7d", "")})
    act(game, 2, {"type": "battle", "target": 0, "bet": 10})
    events = act(game, 0, {"type": "call"})
    tied = next(e for e in events if e.type == "battle_tied")
    assert tied.data == {"seats": [2, 0], "split": False}
    confirmed = next(e for e in events if e.type == "battle_confirmed")  # P13: the tie is claimed
    assert confirmed.to == frozenset({2})
    assert confirmed.data["winner"] is None
    awarded = next(e for e in events if e.type == "pot_awarded")
    assert dict(awarded.data["shares"]) == {"1": 35}  # seat 1 is the last one standing


def test_p10_still_tied_the_last_two_split_the_pot() -> None:
    game = new(2, seed=1)
    first, second = game.hand.order
    rig(game, {first: ("2h", "Ac Kc 9d", ""), second: ("2s", "Ad Kd 9c", "")})
    act(game, first, {"type": "battle", "target": second, "bet": 10})
    events = act(game, second, {"type": "call"})
    tied = next(e for e in events if e.type == "battle_tied")
    assert tied.data["split"] is True
    awarded = next(e for e in events if e.type == "pot_awarded")
    assert dict(awarded.data["shares"]) == {str(first): 15, str(second): 15}


def test_p10_limit_raises_add_a_big_bet_or_two_small_bets_without_soldiers() -> None:
    game = game3(PLAIN, big_bet=30, raise_cap=3)
    act(game, 2, {"type": "battle", "target": 1, "bet": 10})
    raise_move = moves_of(game, 1)["raise"]  # seat 1 has no soldiers: two small bets
    assert raise_move["params"]["by"] == {"kind": "int", "min": 20, "max": 20, "step": 1}
    act(game, 1, {"type": "raise", "by": 20})  # calls 10, then raises 20
    assert game.hand.ledger.put_in[1] == 5 + 30
    assert moves_of(game, 2)["call"]["amount"] == 20
    assert moves_of(game, 2)["raise"]["params"]["by"]["min"] == 30  # the attacker: a big bet
    act(game, 2, {"type": "raise", "by": 30})
    act(game, 1, {"type": "raise", "by": 20})
    assert "raise" not in moves_of(game, 2)  # three raises: the cap
    with pytest.raises(IllegalMove, match="capped"):
        act(game, 2, {"type": "raise", "by": 30})


def test_p10_no_limit_raises_add_at_least_a_big_bet() -> None:
    game = game3(PLAIN, betting="no_limit")
    act(game, 2, {"type": "battle", "target": 1, "bet": 10})
    by = moves_of(game, 1)["raise"]["params"]["by"]
    assert (by["min"], by["max"]) == (20, 495 - 10)


def test_p10_an_attacker_who_folds_to_a_raise_is_out_and_the_defender_takes_its_cards() -> None:
    game = game3({**PLAIN, 2: ("Ah", "Kh Qh 2d", "5c")})
    act(game, 2, {"type": "battle", "target": 1, "bet": 20})
    act(game, 1, {"type": "raise", "by": 20})
    events = act(game, 2, {"type": "fold"})
    won = next(e for e in events if e.type == "battle_won")
    assert won.data == {
        "winner": 1,
        "loser": 2,
        "how": "fold",
        "caller": None,
        "taken": ["5c", "Ah"],
    }
    assert game.pending()[1]["type"] == "soldiers"


def test_p10_the_winner_keeps_at_most_five_soldiers_and_chooses_which() -> None:
    camps = {
        2: ("Ah", "Kh Qh 2d", "2c 3c 4c"),
        0: ("As", "Ks Qs 3d", "5c 6c"),
        1: ("Ad", "Kd Qd 4d", ""),
    }
    game = game3(camps)
    act(game, 2, {"type": "battle", "target": 0, "bet": 40})
    act(game, 0, {"type": "fold"})
    prompt = game.pending()[2]
    assert prompt["excess"] == 1
    assert prompt["default"] == {"type": "discard", "cards": ["2c"]}
    discard = next(m for m in prompt["moves"] if m["type"] == "discard")
    assert (discard["params"]["cards"]["min"], discard["params"]["cards"]["max"]) == (1, 6)
    with pytest.raises(IllegalMove, match="more than 5"):
        act(game, 2, {"type": "keep"})
    act(game, 2, {"type": "discard", "cards": ["As", "3c"]})
    assert [str(c) for c in game.hand.camps[2].soldiers] == ["2c", "4c", "5c", "6c"]


def told_to(game: Any, events: list[Any], seat: int | None) -> str:
    """Everything `seat` (None: a spectator) is told: the events it may see and its view."""
    seen = [e.to_json() for e in events if e.visible_to(seat)]
    return json.dumps(seen) + json.dumps(game.view(seat))


LOSING = {2: ("Ah", "Kc Kd 2c", ""), 0: ("As", "3c 4d 7c", "9d"), 1: ("Ad", "Qd Jd 5d", "")}
"""Seat 2 (a pair of kings) beats seat 0 (high card)."""


def test_p13_a_winning_caller_shows_its_palace_for_confirmation() -> None:
    """P13: the attacker hands its palace to the defender who called; the defender wins, so it
    shows its own palace to the attacker. The third seat learns only who won."""
    game = game3(PLAIN)
    act(game, 2, {"type": "battle", "target": 0, "bet": 10})
    events = act(game, 0, {"type": "call"})
    examined = next(e for e in events if e.type == "battle_examined")
    assert examined.to == frozenset({0})
    assert [h["palace"] for h in examined.data["hands"]] == [["Kh", "Qh", "2d"], ["Ks", "Qs", "3d"]]
    confirmed = next(e for e in events if e.type == "battle_confirmed")
    assert confirmed.to == frozenset({2})
    won = next(e for e in events if e.type == "battle_won")
    assert (won.data["winner"], won.data["how"], won.data["caller"]) == (0, "claimed", 0)
    for card in ("Kh", "Ks"):  # the result says who, not why
        assert f'"{card}"' not in told_to(game, events, 1)
        assert f'"{card}"' not in told_to(game, events, None)
    assert game.view(2)["you"]["known"] == {"0": ["Ks", "Qs", "3d"]}
    assert game.view(0)["you"]["known"] == {"2": ["Kh", "Qh", "2d"]}
    assert game.view(1)["you"]["known"] == {}
    assert "Kh" in set(secrets(game, 1))
    assert "Kh" not in set(secrets(game, 0))
    assert "Ks" not in set(secrets(game, 2))
    act(game, 0, {"type": "keep"})
    assert game.view(0)["you"]["known"] == {"2": ["Kh", "Qh", "2d"]}  # it keeps what it saw


def test_p13_a_losing_caller_concedes_and_nobody_ever_sees_its_palace() -> None:
    """P13: the defender calls, sees the attacker's better hand and concedes: its palace goes to
    the discard pile unseen, in no event or view of anyone else, then or later in the hand."""
    game = game3(LOSING)
    act(game, 2, {"type": "battle", "target": 0, "bet": 10})
    events = act(game, 0, {"type": "call"})
    assert "battle_confirmed" not in types(events)
    examined = next(e for e in events if e.type == "battle_examined")
    assert examined.to == frozenset({0})
    won = next(e for e in events if e.type == "battle_won")
    assert won.data == {
        "winner": 2,
        "loser": 0,
        "how": "conceded",
        "caller": 0,
        "taken": ["9d", "As"],
    }
    line = render(game.describe(won), EN, NAMES, "en")
    assert line.startswith("Ann called last and concedes: Cy wins the battle")
    later = act(game, 2, {"type": "keep"}) + act(game, 1, {"type": "buy"})
    for seat in (None, 1, 2):
        for told in (told_to(game, events, seat), told_to(game, later, seat)):
            assert not any(f'"{card}"' in told for card in ("3c", "4d", "7c"))
    assert game.view(2)["you"]["known"] == {}
    assert game.view(0)["you"]["known"] == {"2": ["Kc", "Kd", "2c"]}  # what the caller saw


def test_p13_after_a_raise_the_attacker_calls_last_and_looks() -> None:
    """P10 (seed: "Ο παίκτης που καλεί τελευταίος κοιτάζει τα φύλλα και αποφασίζει τον
    νικητή"): the defender raises, the attacker calls last, so the defender hands over its
    palace; the attacker wins and shows its own for confirmation."""
    game = game3(LOSING)
    act(game, 2, {"type": "battle", "target": 0, "bet": 10})
    act(game, 0, {"type": "raise", "by": 20})
    events = act(game, 2, {"type": "call"})
    examined = next(e for e in events if e.type == "battle_examined")
    assert examined.to == frozenset({2})
    assert examined.data["hands"][0]["palace"] == ["3c", "4d", "7c"]
    assert next(e for e in events if e.type == "battle_confirmed").to == frozenset({0})
    won = next(e for e in events if e.type == "battle_won")
    assert (won.data["winner"], won.data["how"], won.data["caller"]) == (2, "claimed", 2)


def test_p13_palaces_are_private_banners_and_soldiers_public_piles_are_counts() -> None:
    game = game3(PLAIN)
    spectator = json.dumps(game.view(None))
    for card in ("Kh", "Qh", "2d", "Ks", "Kd"):
        assert card not in spectator
    assert game.view(0)["you"]["palace"] == ["Ks", "Qs", "3d"]
    assert game.view(None)["players"][0]["banner"] == "As"
    assert game.view(None)["players"][0]["soldiers"] == ["4c"]
    hand_view = game.view(None)["hand"]
    assert hand_view["stock"] == len(game.hand.stock)
    assert hand_view["discard_pile"] == 0
    act(game, 2, {"type": "fold"})  # a folded palace goes face down: nobody learns it
    assert "Kh" not in json.dumps([game.view(s) for s in (None, 0, 1)])
