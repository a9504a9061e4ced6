"""Confidence intervals the bot benchmarks print: one place for the arithmetic.

Games, hands or deals are independent trials, so a win rate gets the Wilson score interval
(sound near 0 and 1, where the normal interval runs past them) and a mean per trial (chips or
points per deal) the normal interval, n being in the hundreds or more.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

Z95 = 1.959964
"""The two-sided 95 % quantile of the standard normal distribution."""


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """95 % Wilson score interval for a rate of `wins` in `n`; (0, 1) when nothing was played."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def mean_ci(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean and its 95 % normal interval; unbounded with fewer than two values."""
    if not values:
        return 0.0, -math.inf, math.inf
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, -math.inf, math.inf
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half
