"""Pots: layered side pots (Q9), folded chips, uncalled bets, and splitting (Q8, QP4, DU7)."""

from __future__ import annotations

import pytest

from pokerhall.table.ledger import Ledger
from pokerhall.table.pots import OddChips, Pot, build_pots, split, uncalled

from .builders import later_round, play

LIVE3 = [True, True, True]


# --- layering (Q9) ----------------------------------------------------------------------------


def test_q9_seed_example_main_pot_side_pot_and_uncalled_return() -> None:
    """Q9: A 250, B 500, C 1000 all-in: main pot 750 for all, side pot 500 for B and C, and C's
    uncalled 500 goes back to C."""
    put_in = [250, 500, 1000]
    assert uncalled(put_in) == (2, 500)
    assert build_pots([250, 500, 500], LIVE3) == [Pot(750, (0, 1, 2)), Pot(500, (1, 2))]


def test_q9_seed_example_through_the_ledger() -> None:
    """Q9 on the ledger: after the round the uncalled 500 is back on C's stack."""
    ledger = Ledger(stacks=[250, 500, 1000], playing=[True] * 3)
    for seat, amount in enumerate([250, 500, 1000]):
        assert ledger.commit(seat, amount) == amount
    assert ledger.end_round() == (2, 500)
    assert ledger.stacks == [0, 0, 500]
    assert ledger.put_in == [250, 500, 500]
    assert ledger.this_round == [0, 0, 0]
    assert ledger.pots() == [Pot(750, (0, 1, 2)), Pot(500, (1, 2))]
    assert ledger.pot_total() == 1250


def test_q9_seed_example_played_as_a_betting_round() -> None:
    """Q4/Q9 in the seed's order: A and B are all-in, then C goes all-in too although nobody can
    call more; C's excess comes back when the round ends."""
    betting = later_round([250, 500, 1000])
    play(betting, "all_in", "all_in")
    assert betting.legal().min_to is None  # nobody could call a raise ...
    play(betting, "all_in")  # ... but all remaining chips may always go in (Q4)
    assert betting.done
    assert betting.ledger.end_round() == (2, 500)
    assert betting.ledger.pots() == [Pot(750, (0, 1, 2)), Pot(500, (1, 2))]


def test_q9_folded_chips_stay_in_the_layers_they_reached() -> None:
    """Q4/Q9: a folded player's chips stay in the pot, split across the layers they reach, but
    the folded player is eligible for none."""
    put_in = [100, 300, 500, 500]  # seat 0 all-in for 100, seat 1 folded after putting in 300
    live = [True, False, True, True]
    assert build_pots(put_in, live) == [Pot(400, (0, 2, 3)), Pot(1000, (2, 3))]


def test_q9_folded_chips_above_every_live_level_join_the_last_pot() -> None:
    put_in = [100, 300, 100]
    live = [True, False, True]
    assert build_pots(put_in, live) == [Pot(500, (0, 2))]


def test_q9_one_layer_per_distinct_all_in_level() -> None:
    put_in = [50, 120, 120, 300, 300]
    live = [True] * 5
    assert build_pots(put_in, live) == [
        Pot(250, (0, 1, 2, 3, 4)),
        Pot(280, (1, 2, 3, 4)),
        Pot(360, (3, 4)),
    ]


def test_q6_only_folded_chips_go_to_the_players_still_in() -> None:
    """Q6: everyone else folded before putting anything in; the chips go to who is left."""
    assert build_pots([0, 20, 10], [True, False, False]) == [Pot(30, (0,))]


def test_du7_carry_joins_the_main_pot_only() -> None:
    """DU7: chips left from an earlier split are won with the main pot of the next question."""
    assert build_pots([100, 200, 200], LIVE3, carry=50) == [
        Pot(350, (0, 1, 2)),
        Pot(200, (1, 2)),
    ]
    assert build_pots([0, 0, 0], LIVE3, carry=50) == [Pot(50, (0, 1, 2))]
    ledger = Ledger(stacks=[1000, 1000], playing=[True, True], carry=100)
    ledger.commit(0, 50)
    ledger.commit(1, 50)
    assert ledger.pot_total() == 200
    assert ledger.pots() == [Pot(200, (0, 1))]


def test_no_chips_no_pots() -> None:
    assert build_pots([0, 0, 0], LIVE3) == []


# --- uncalled bets (Q9) -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("put_in", "expected"),
    [
        ([100, 100, 100], None),  # everything called
        ([300, 100, 100], (0, 200)),  # the excess over the next biggest contribution
        ([40, 500, 100], (1, 400)),
        ([500, 500, 20], None),  # two equal tops: called
        ([0, 0], None),
        ([], None),
        ([70], (0, 70)),
    ],
)
def test_q9_uncalled_part_of_the_top_contribution(
    put_in: list[int], expected: tuple[int, int] | None
) -> None:
    assert uncalled(put_in) == expected


def test_q9_an_unmatched_bet_returns_when_everyone_folds() -> None:
    """Q6/Q9: a bet nobody calls comes back; only what others put in is won."""
    betting = later_round([1000, 1000, 1000])
    play(betting, {"type": "bet", "to": 300}, "fold", "fold")
    assert betting.done
    assert betting.ledger.end_round() == (0, 300)
    assert betting.ledger.stacks == [1000, 1000, 1000]
    assert betting.ledger.put_in == [0, 0, 0]


def test_q9_a_folded_players_chips_count_as_called_up_to_their_amount() -> None:
    ledger = Ledger(stacks=[1000, 1000, 1000], playing=[True] * 3)
    ledger.commit(0, 300)
    ledger.commit(1, 200)
    ledger.fold(1)
    ledger.commit(2, 100)
    ledger.fold(2)
    assert ledger.end_round() == (0, 100)
    assert ledger.pots() == [Pot(500, (0,))]


# --- splitting (Q8, QP4, DU7) -----------------------------------------------------------------


def test_q8_equal_distances_split_evenly() -> None:
    shares, rest = split(300, [0, 2], unit=1, odd_chips=OddChips.LEFT_OF_BUTTON, order=[0, 1, 2])
    assert (shares, rest) == ({0: 150, 2: 150}, 0)


def test_qp4_odd_chips_one_at_a_time_starting_left_of_the_button() -> None:
    """QP4: button on seat 1, so the order is 2, 3, 0, 1; 302 among three winners leaves two
    odd chips, one each for the first two winners in that order (seats 3 and 0)."""
    order = [2, 3, 0, 1]
    shares, rest = split(302, [0, 1, 3], unit=1, odd_chips=OddChips.LEFT_OF_BUTTON, order=order)
    assert (shares, rest) == ({0: 101, 1: 100, 3: 101}, 0)


def test_qp4_odd_chip_goes_to_the_first_winner_left_of_the_button_not_the_lowest_seat() -> None:
    shares, _ = split(101, [0, 2], unit=1, odd_chips=OddChips.LEFT_OF_BUTTON, order=[2, 0, 1])
    assert shares == {0: 50, 2: 51}


def test_qp4_odd_chips_are_whole_chip_units() -> None:
    """QP4 with a chip unit of 50: 250 between two winners is 150 + 100, never 125 each."""
    shares, rest = split(250, [1, 2], unit=50, odd_chips=OddChips.LEFT_OF_BUTTON, order=[2, 0, 1])
    assert (shares, rest) == ({1: 100, 2: 150}, 0)


def test_du7_indivisible_chips_stay_in_the_pot() -> None:
    """DU7: split equally in 50 € chips; what cannot be divided is carried to the next pot."""
    shares, rest = split(250, [0, 1], unit=50, odd_chips=OddChips.CARRY, order=[0, 1, 2])
    assert (shares, rest) == ({0: 100, 1: 100}, 50)
    shares, rest = split(1000, [0, 1, 2], unit=50, odd_chips=OddChips.CARRY, order=[0, 1, 2])
    assert (shares, rest) == ({0: 300, 1: 300, 2: 300}, 100)


def test_du7_an_even_split_carries_nothing() -> None:
    shares, rest = split(600, [0, 2], unit=50, odd_chips=OddChips.CARRY, order=[0, 1, 2])
    assert (shares, rest) == ({0: 300, 2: 300}, 0)


def test_q8_a_single_winner_takes_everything() -> None:
    for policy in OddChips:
        assert split(777, [1], unit=1, odd_chips=policy, order=[0, 1]) == ({1: 777}, 0)


def test_a_pot_needs_a_winner() -> None:
    with pytest.raises(ValueError, match="winner"):
        split(100, [], unit=1, odd_chips=OddChips.LEFT_OF_BUTTON, order=[0, 1])
