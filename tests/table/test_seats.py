"""Walking round the table (Q11: buttons and blinds skip eliminated seats)."""

from __future__ import annotations

import pytest

from pokerhall.table.seats import clockwise, left_of, next_seat, right_of

IN_GAME = {0, 2, 3}.__contains__  # seats 1 and 4 are out


def test_q11_clockwise_order_starts_at_the_given_seat() -> None:
    assert clockwise(3, 5) == [3, 4, 0, 1, 2]


def test_q11_left_and_right_skip_seats_that_are_out() -> None:
    assert left_of(0, 5, IN_GAME) == 2
    assert left_of(3, 5, IN_GAME) == 0  # past the end of the table
    assert right_of(2, 5, IN_GAME) == 0
    assert right_of(0, 5, IN_GAME) == 3  # past the start of the table


def test_the_only_eligible_seat_is_its_own_neighbour() -> None:
    assert left_of(2, 5, {2}.__contains__) == 2
    assert right_of(2, 5, {2}.__contains__) == 2


def test_no_eligible_seat_is_an_error() -> None:
    assert next_seat(0, 5, lambda seat: False) is None
    with pytest.raises(ValueError, match="no eligible seat"):
        left_of(0, 5, lambda seat: False)
    with pytest.raises(ValueError, match="no eligible seat"):
        right_of(0, 5, lambda seat: False)
