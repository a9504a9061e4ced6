"""Sealed simultaneous declarations (`table/sealed.py`), used by Slovní poker's raise
declarations, responses and final words (docs/rules/wordpoker.md W6, W9)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerhall.table.sealed import SealedRound


def test_w6_nobody_sees_another_declaration_until_all_have_declared() -> None:
    sealed: SealedRound[str] = SealedRound([2, 0, 1])
    assert sealed.waiting == [0, 1, 2]
    assert not sealed.declare(1, "raise 3")
    assert sealed.visible(1) == {1: "raise 3"}
    assert sealed.visible(0) == {}
    assert sealed.visible(None) == {}
    assert sealed.waiting == [0, 2]
    with pytest.raises(ValueError, match="stay sealed"):
        sealed.revealed()
    with pytest.raises(ValueError, match="not waiting"):
        sealed.declare(1, "again")
    assert not sealed.declare(0, "stay")
    assert sealed.declare(2, "pass")
    assert sealed.visible(None) == sealed.revealed() == {0: "stay", 1: "raise 3", 2: "pass"}


def test_a_withdrawn_seat_is_not_waited_for() -> None:
    sealed: SealedRound[int] = SealedRound([0, 1, 2])
    sealed.declare(0, 5)
    sealed.declare(1, 6)
    assert sealed.withdraw(1) is False
    assert sealed.withdraw(2) is True
    assert sealed.revealed() == {0: 5}
    assert sealed.asked == [0]


@given(st.lists(st.integers(0, 4), unique=True, min_size=2), st.data())
def test_what_others_see_does_not_depend_on_a_declaration(
    seats: list[int], data: st.DataObject
) -> None:
    """Non-interference: before the reveal, what any other seat sees is the same whatever is
    declared."""
    one: SealedRound[int] = SealedRound(seats)
    two: SealedRound[int] = SealedRound(seats)
    for seat in seats[:-1]:
        one.declare(seat, data.draw(st.integers(0, 9)))
        two.declare(seat, data.draw(st.integers(0, 9)))
        for viewer in [None, *range(5)]:
            if viewer is None or viewer not in seats[: seats.index(seat) + 1]:
                assert one.visible(viewer) == two.visible(viewer)
        assert one.waiting == two.waiting
