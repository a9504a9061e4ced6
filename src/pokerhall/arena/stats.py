"""The win-rate interval the arena and the bot benchmarks print (`bench/stats.py` re-exports it).

Games are independent trials, so a win rate gets the Wilson score interval (sound near 0 and 1,
where the normal interval runs past them).
"""

from __future__ import annotations

import math

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
