"""Seeded randomness.

Every random choice of a game goes through one `random.Random` owned by the state and seeded from
the match seed, never the global generator, so a match record replays to the identical state.
"""

from __future__ import annotations

import random
import secrets

MAX_SEED = 2**63 - 1


def new_seed() -> int:
    """A fresh unpredictable seed for a match whose creator did not choose one."""
    return secrets.randbelow(MAX_SEED)


def check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed must be an integer from 0 to {MAX_SEED}, got {seed!r}")
    return seed


def make_rng(seed: int) -> random.Random:
    return random.Random(seed)
