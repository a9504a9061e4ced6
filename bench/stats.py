"""Confidence intervals the bot benchmarks print: one place for the arithmetic (the Wilson
interval is the arena's, `pokerhall.arena.stats`, shared).

Games, hands or deals are independent trials, so a win rate gets the Wilson score interval
(sound near 0 and 1, where the normal interval runs past them) and a mean per trial (chips or
points per deal) the normal interval, n being in the hundreds or more.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

from pokerhall.arena.stats import Z95, wilson

__all__ = ["Z95", "mean_ci", "wilson"]


def mean_ci(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean and its 95 % normal interval; unbounded with fewer than two values."""
    if not values:
        return 0.0, -math.inf, math.inf
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, -math.inf, math.inf
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half
