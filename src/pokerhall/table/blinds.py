"""Blind schedules as data: a list of levels and the rule for growing past the list."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

from pokerhall.engine.values import value_class
from pokerhall.table.amounts import MAX_CHIPS

MAX_SMALL_BLIND = MAX_CHIPS // 2
"""Blinds stop rising here, far above any stack, so that a game that runs for thousands of levels
never overflows (a blind larger than every stack puts everyone all-in, as a smaller one would)."""


class BlindsJSON(TypedDict):
    """A blind level as events and views show it."""

    small: int
    big: int


@value_class
class BlindLevel:
    small: int
    big: int

    def to_json(self) -> BlindsJSON:
        return {"small": self.small, "big": self.big}


@dataclass(frozen=True, slots=True)
class BlindSchedule:
    """Small blinds by level (big = 2 × small, Q11/DU4); past the list, each level adds `step`
    or, when `step` is 0, multiplies by `factor` and rounds to the chip unit."""

    small_blinds: tuple[int, ...]
    unit: int
    step: int = 0
    factor: float = 1.5

    def __post_init__(self) -> None:
        if not self.small_blinds or any(b <= 0 or b % self.unit for b in self.small_blinds):
            raise ValueError("small blinds must be positive multiples of the chip unit")

    def level(self, index: int) -> BlindLevel:
        """Blinds of level `index` (0-based), at most MAX_SMALL_BLIND (rounded to the unit)."""
        known = self.small_blinds
        ceiling = MAX_SMALL_BLIND - MAX_SMALL_BLIND % self.unit
        steps = index - len(known) + 1
        if steps <= 0:
            small = known[index]
        elif self.step:
            small = known[-1] + self.step * steps
        else:
            try:
                exact = min(known[-1] * self.factor**steps, ceiling)
            except OverflowError:  # the power is beyond the largest float
                exact = ceiling
            small = int(exact / self.unit + 0.5) * self.unit
        small = min(max(small, self.unit), ceiling)
        return BlindLevel(small, 2 * small)
