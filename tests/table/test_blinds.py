"""Blind schedules (Q11, QP5, DU4): listed levels, then growth by a step or a factor, with a
ceiling so that a game running for thousands of levels never overflows."""

from __future__ import annotations

import pytest

from pokerhall.table.blinds import MAX_SMALL_BLIND, BlindLevel, BlindSchedule


def test_q11_listed_levels_then_growth_by_a_factor_rounded_to_the_unit() -> None:
    schedule = BlindSchedule((10, 20), unit=5, factor=1.5)
    smalls = [schedule.level(i).small for i in range(5)]
    assert smalls == [10, 20, 30, 45, 70]  # 67.5 rounds to the unit: 70
    assert schedule.level(4) == BlindLevel(70, 140)


def test_du4_growth_by_a_fixed_step_after_the_listed_levels() -> None:
    schedule = BlindSchedule((50, 100, 150, 200, 250), unit=50, step=50)
    assert [schedule.level(i).small for i in (4, 5, 6)] == [250, 300, 350]


@pytest.mark.parametrize(
    ("schedule", "level"),
    [
        (BlindSchedule((10,), unit=1, factor=10.0), 400),  # the float power overflows
        (BlindSchedule((10,), unit=1, factor=1.5), 100_000),
        (BlindSchedule((50,), unit=50, step=10**12), 10**6),
    ],
    ids=["factor 10", "factor 1.5", "step"],
)
def test_q11_blinds_stop_rising_at_the_ceiling(schedule: BlindSchedule, level: int) -> None:
    blinds = schedule.level(level)
    assert blinds.small <= MAX_SMALL_BLIND
    assert blinds.small % schedule.unit == 0
    assert blinds.big == 2 * blinds.small
    assert schedule.level(level + 1) == blinds
