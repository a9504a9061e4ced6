"""No-limit betting rounds: minimum raises (QP2, standard, DU5), all-ins (Q4), reopening, the big
blind's option, when a round ends (Q5, Q7), and bad moves (IllegalMove, nothing changes)."""

from __future__ import annotations

from typing import Any

import pytest

from pokerhall.engine.errors import IllegalMove
from pokerhall.table.betting import BettingRound

from .builders import act, later_round, play, preflop, snapshot


def raise_to(to: int) -> dict[str, Any]:
    return {"type": "raise", "to": to}


def bet_to(to: int) -> dict[str, Any]:
    return {"type": "bet", "to": to}


def refused(betting: BettingRound, move: dict[str, Any], reason: str) -> None:
    """The move raises IllegalMove (mentioning `reason`) and changes nothing."""
    before = snapshot(betting)
    with pytest.raises(IllegalMove, match=reason):
        betting.parse(move)
    assert snapshot(betting) == before


# --- minimum raise rules ----------------------------------------------------------------------


def test_qp2_seed_rule_raise_at_least_the_highest_bet_of_the_round() -> None:
    """QP2 (seed): the increment is at least max(big blind, highest bet of this round)."""
    betting = preflop([1000] * 3, rule="highest_bet")
    assert betting.legal().min_to == 40  # 20 + max(20, 20)
    act(betting, raise_to(40))
    assert betting.legal().min_to == 80  # 40 + max(20, 40)
    refused(betting, raise_to(79), "smallest raise is to 80")
    act(betting, raise_to(100))
    assert betting.legal().min_to == 200  # 100 + max(20, 100)
    refused(betting, raise_to(199), "smallest raise is to 200")
    act(betting, raise_to(200))


def test_qp2_seed_rule_after_hints_bet_at_least_the_big_blind() -> None:
    """QP2/Q4: an opening bet is at least the big blind; a raise adds at least the bet."""
    betting = later_round([1000] * 3, rule="highest_bet")
    assert betting.legal().min_to == 20
    refused(betting, bet_to(19), "smallest bet is to 20")
    act(betting, bet_to(30))
    assert betting.legal().min_to == 60  # 30 + max(20, 30)
    act(betting, raise_to(100))
    assert betting.legal().min_to == 200  # standard would say 170


def test_standard_rule_raise_at_least_the_last_full_bet_or_raise() -> None:
    """min_raise="standard": the increment is at least the last full bet or raise (>= BB)."""
    betting = preflop([1000] * 4)
    assert betting.legal().min_to == 40
    act(betting, raise_to(70))  # raises by 50
    assert betting.legal().min_to == 120
    act(betting, raise_to(120))
    assert betting.legal().min_to == 170
    refused(betting, raise_to(169), "smallest raise is to 170")
    later = later_round([1000] * 3)
    act(later, bet_to(30))
    assert later.legal().min_to == 60
    act(later, raise_to(100))
    assert later.legal().min_to == 170


def test_standard_rule_short_all_in_does_not_raise_the_minimum() -> None:
    """A short all-in raises the bet but not the size of the next full raise."""
    betting = later_round([1000, 150, 1000])
    act(betting, bet_to(100))
    outcome = act(betting, {"type": "all_in"})
    assert (outcome.kind, outcome.to, outcome.full_raise) == ("raise", 150, False)
    assert betting.legal().min_to == 250  # 150 + the last full bet of 100


def test_du5_round_one_any_raise_above_the_big_blind() -> None:
    """DU5: in round 1 a raise is any bet higher than the current one (in 50 € chips)."""
    betting = preflop([10_000] * 4, small=50, big=100, rule="unit_then_big_blind", unit=50)
    assert betting.legal().min_to == 150
    act(betting, raise_to(150))
    assert betting.legal().min_to == 200
    act(betting, raise_to(1000))
    assert betting.legal().min_to == 1050


def test_du5_later_rounds_bet_and_raise_by_the_round_one_big_blind() -> None:
    """DU5: rounds 2-4: bet at least the big blind of round 1, raise by at least it."""
    betting = later_round([10_000] * 4, big=100, rule="unit_then_big_blind", unit=50, round_index=2)
    assert betting.legal().min_to == 100
    refused(betting, bet_to(50), "smallest bet is to 100")
    act(betting, bet_to(1000))
    assert betting.legal().min_to == 1100
    refused(betting, raise_to(1050), "smallest raise is to 1100")
    refused(betting, raise_to(1125), "multiple of the chip unit 50")


# --- all-ins and reopening --------------------------------------------------------------------


def test_q4_all_in_below_the_minimum_bet_is_allowed() -> None:
    """Q4: a player may always bet all remaining chips, even below the minimum."""
    betting = later_round([1000, 15, 1000])
    play(betting, "check")
    assert betting.legal().min_to == 15  # the whole stack, below the big blind
    outcome = act(betting, {"type": "all_in"})
    assert (outcome.kind, outcome.to, outcome.all_in, outcome.full_raise) == (
        "bet",
        15,
        True,
        False,
    )
    assert betting.legal().call == 15
    assert betting.legal().min_to == 35  # 15 + the big blind


def test_q4_all_in_raise_below_the_minimum_via_to() -> None:
    """Q4: "raise to" the whole stack is the same all-in, even below the minimum raise."""
    betting = preflop([1000, 1000, 30])
    assert betting.legal().min_to == 30
    outcome = act(betting, raise_to(30))
    assert (outcome.kind, outcome.all_in, outcome.full_raise) == ("raise", True, False)


def test_q4_all_in_for_less_than_the_call_is_a_call() -> None:
    betting = preflop([1000, 1000, 12])
    assert betting.legal().call == 12
    outcome = act(betting, {"type": "all_in"})
    assert (outcome.kind, outcome.to, outcome.added, outcome.all_in) == ("call", 12, 12, True)


def test_q4_short_all_in_does_not_reopen_raising_for_players_who_acted() -> None:
    """Standard no-limit: a raise short of a full raise lets players who already acted only
    call or fold; players who have not acted yet may still raise."""
    betting = later_round([1000, 150, 1000])
    act(betting, bet_to(100))
    act(betting, {"type": "all_in"})  # to 150: 50 more, a full raise would be 100
    assert betting.legal().min_to == 250  # seat 2 has not acted yet
    act(betting, {"type": "call"})
    legal = betting.legal()
    assert (legal.seat, legal.call, legal.min_to) == (0, 50, None)
    assert betting.legal().to_json()["raise"] is None
    refused(betting, raise_to(300), "did not reopen")
    refused(betting, {"type": "all_in"}, "did not reopen")
    act(betting, {"type": "call"})
    assert betting.done


def test_q4_short_all_ins_that_add_up_to_a_full_raise_reopen_raising() -> None:
    """TDA "reopening the bet": short all-ins that together make a full raise reopen it."""
    betting = later_round([1000, 150, 210, 1000])
    play(betting, bet_to(100), "all_in", "all_in", "call")  # +50 and +60 on top of 100
    legal = betting.legal()
    assert (legal.seat, legal.call, legal.min_to) == (0, 110, 310)
    act(betting, raise_to(310))


def test_q4_short_all_ins_below_a_full_raise_together_do_not_reopen() -> None:
    betting = later_round([1000, 150, 180, 1000])
    play(betting, bet_to(100), "all_in", "all_in", "call")  # +50 and +30: 80 < 100
    legal = betting.legal()
    assert (legal.seat, legal.call, legal.min_to) == (0, 80, None)


def test_qp2_a_short_all_in_reopens_only_by_a_full_seed_raise() -> None:
    """QP2 with Q4: after a raise to 60 a full raise adds max(big blind, 60) = 60, so an all-in
    adding 40 leaves the raiser only call or fold (under `standard`, 40 would be a full raise)."""
    betting = later_round([1000, 1000, 1000, 100], rule="highest_bet")
    play(betting, bet_to(20), raise_to(60), "fold", "all_in", "call")  # seat 3: 60 -> 100
    legal = betting.legal()
    assert (legal.seat, legal.call, legal.min_to, legal.all_in) == (1, 40, None, False)
    refused(betting, {"type": "all_in"}, "did not reopen")


def test_du5_short_all_ins_adding_up_to_the_round_one_big_blind_reopen_raising() -> None:
    """DU5: after the first round any raise by the round-1 big blind is full, so two short
    all-ins of 50 each on top of a raise to 400 reopen raising for the players who acted."""
    betting = later_round([10000, 10000, 450, 500], big=100, rule="unit_then_big_blind", unit=50)
    play(betting, bet_to(100), raise_to(400), "all_in", "all_in", "call")
    legal = betting.legal()
    assert (legal.seat, legal.call, legal.min_to) == (1, 100, 600)


def test_q4_a_full_all_in_raise_reopens_raising() -> None:
    betting = later_round([1000, 200, 1000])
    play(betting, bet_to(100), "all_in", "call")  # to 200: a full raise of 100
    assert betting.legal().min_to == 300


def test_q9_no_raise_when_nobody_could_call_more() -> None:
    """A raise nobody can call is not offered: the others are all-in or cannot cover the bet."""
    betting = later_round([100, 1000, 60])
    act(betting, {"type": "all_in"})
    legal = betting.legal()
    assert (legal.seat, legal.call, legal.min_to) == (1, 100, None)
    refused(betting, raise_to(300), "nobody is left who could call")
    play(betting, "call", "call")
    assert betting.done
    assert betting.ledger.stacks == [0, 900, 0]


# --- the big blind, turn order and the end of a round ---------------------------------------


def test_q5_big_blind_option_preflop() -> None:
    """Preflop the big blind acts last and may check or raise when everyone just called."""
    betting = preflop([1000] * 3)
    assert betting.actor == 2
    play(betting, "call", "call")
    legal = betting.legal()
    assert (legal.seat, legal.call, legal.can_check, legal.min_to) == (1, 0, True, 40)
    assert not betting.done
    play(betting, "check")
    assert betting.done


def test_q12_heads_up_button_posts_small_blind_acts_first_and_bb_has_the_option() -> None:
    """Q12: heads-up the button posts the small blind and acts first in round 1; the big blind
    still gets its option to raise after a call."""
    betting = preflop([1000, 1000])
    assert betting.ledger.this_round == [20, 10]  # seat 1 is the button and small blind
    assert betting.actor == 1
    play(betting, "call")
    assert betting.actor == 0
    assert betting.legal().can_check
    act(betting, raise_to(60))
    assert betting.actor == 1


def test_q11_short_big_blind_posts_what_it_has() -> None:
    """Q11: a big blind that cannot cover posts its stack and is all-in; the bet to call is the
    biggest amount posted, a full raise still adds the big blind."""
    betting = preflop([1000, 5, 1000])
    assert betting.ledger.this_round == [10, 5, 0]
    assert betting.ledger.stacks[1] == 0
    legal = betting.legal()
    assert (legal.seat, legal.call, legal.min_to) == (2, 10, 30)


def test_q5_round_ends_when_everyone_acted_and_matched() -> None:
    """Q5: after a raise everyone still in and not all-in must act again."""
    betting = later_round([1000] * 4)
    play(betting, "check", "check", bet_to(50), "call")
    assert betting.actor == 0  # checked before the bet: must act again
    play(betting, "call", raise_to(150))
    assert not betting.done
    play(betting, "call", "fold", "call")
    assert betting.done
    assert betting.ledger.this_round == [150, 150, 150, 50]


def test_q5_round_ends_when_all_check() -> None:
    betting = later_round([1000] * 3)
    play(betting, "check", "check")
    assert not betting.done
    play(betting, "check")
    assert betting.done
    assert betting.actor is None


def test_q5_round_ends_when_all_but_one_fold() -> None:
    """Q5/Q6: the last player left does not act."""
    betting = later_round([1000] * 3)
    play(betting, bet_to(40), "fold", "fold")
    assert betting.done


def test_q5_all_in_players_need_not_match() -> None:
    betting = later_round([1000, 30, 1000])
    play(betting, bet_to(100), "call", "call")  # seat 1 calls all-in for 30
    assert betting.done
    assert betting.ledger.this_round == [100, 30, 100]


def test_q7_no_betting_when_at_most_one_player_can_act() -> None:
    """Q7: with everybody else all-in, a round with nothing to call needs no action."""
    ledger_round = later_round([0, 500, 0])
    assert ledger_round.done
    preflop_round = preflop([1000, 15, 1000])
    play(preflop_round, "fold")  # seat 2 folds; the small blind owes 5 to the all-in big blind
    assert preflop_round.actor == 0
    play(preflop_round, "call")
    assert preflop_round.done  # the big blind is all-in: nobody is left to decide anything


def test_q5_folded_seats_are_skipped() -> None:
    betting = later_round([1000] * 4, folded=(1,))
    play(betting, "check")
    assert betting.actor == 2


def test_the_last_aggressor_is_recorded_for_the_showdown_order() -> None:
    """QP3 needs the seat of the last bet or raise."""
    betting = later_round([1000] * 3)
    play(betting, "check", bet_to(20), raise_to(60), "call", "call")
    assert betting.last_aggressor == 2


def test_legal_actions_to_json() -> None:
    betting = later_round([1000] * 2)
    assert betting.legal().to_json() == {
        "fold": True,
        "check": True,
        "call": None,
        "bet": {"min_to": 20, "max_to": 1000},
        "raise": None,
        "all_in": 1000,
    }
    act(betting, bet_to(100))
    assert betting.legal().to_json() == {
        "fold": True,
        "check": False,
        "call": 100,
        "bet": None,
        "raise": {"min_to": 200, "max_to": 1000},
        "all_in": 1000,
    }


# --- bad moves --------------------------------------------------------------------------------


BAD_AMOUNTS = [
    pytest.param("200", "whole number", id="string"),
    pytest.param(200.0, "whole number", id="float"),
    pytest.param(True, "whole number", id="bool"),
    pytest.param(None, "whole number", id="missing"),
    pytest.param([200], "whole number", id="list"),
    pytest.param(-200, "negative", id="negative"),
    pytest.param(10**16, "absurdly large", id="huge"),
    pytest.param(205, "multiple of the chip unit 10", id="off-unit"),
    pytest.param(150, "smallest raise is to 200", id="below-minimum"),
    pytest.param(100, "smallest raise is to 200", id="no-raise-at-all"),
    pytest.param(0, "smallest raise is to 200", id="zero"),
    pytest.param(1010, "at most 1000", id="beyond-stack"),
]


@pytest.mark.parametrize(("amount", "reason"), BAD_AMOUNTS)
def test_bad_raise_amounts_are_refused_and_change_nothing(amount: object, reason: str) -> None:
    betting = later_round([1000] * 3, unit=10)
    act(betting, bet_to(100))
    refused(betting, {"type": "raise", "to": amount}, reason)


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        pytest.param({"type": "check"}, "cannot check", id="check-facing-a-bet"),
        pytest.param({"type": "bet", "to": 300}, "raise instead", id="bet-when-there-is-a-bet"),
        pytest.param({"type": "call", "to": 100}, "unexpected field", id="call-with-to"),
        pytest.param({"type": "fold", "why": "x"}, "unexpected field", id="fold-with-field"),
        pytest.param({"type": "raise", "to": 300, "x": 1}, "unexpected field", id="extra"),
        pytest.param({"type": "guess", "value": "7"}, "unknown move", id="not-a-bet-move"),
        pytest.param({"type": "jump"}, "unknown move", id="unknown-type"),
        pytest.param({}, "unknown move", id="no-type"),
    ],
)
def test_bad_moves_facing_a_bet(move: dict[str, Any], reason: str) -> None:
    betting = later_round([1000] * 3)
    act(betting, bet_to(100))
    refused(betting, move, reason)


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        pytest.param({"type": "call"}, "no bet to call", id="call-with-nothing-to-call"),
        pytest.param({"type": "raise", "to": 100}, "bet instead", id="raise-when-no-bet"),
        pytest.param({"type": "bet", "to": 10}, "smallest bet is to 20", id="bet-below-bb"),
        pytest.param({"type": "bet"}, "whole number", id="bet-without-amount"),
    ],
)
def test_bad_moves_when_nothing_is_bet(move: dict[str, Any], reason: str) -> None:
    refused(later_round([1000] * 3), move, reason)


def test_no_moves_after_the_round_is_over() -> None:
    betting = later_round([1000] * 2)
    play(betting, "check", "check")
    with pytest.raises(IllegalMove, match="over"):
        betting.legal()
    refused(betting, {"type": "check"}, "over")


def test_an_illegal_move_leaves_the_round_playable() -> None:
    betting = later_round([1000] * 3)
    act(betting, bet_to(100))
    refused(betting, raise_to(150), "smallest raise is to 200")
    outcome = act(betting, raise_to(200))
    assert (outcome.seat, outcome.added, outcome.full_raise) == (1, 200, True)
