"""Seeded randomness.

Every random choice of a game goes through one `random.Random` owned by the state and seeded from
the match seed, never the global generator, so a match record replays to the identical state.
"""

from __future__ import annotations

import hashlib
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


def derive_seed(seed: int, label: str) -> int:
    """A seed for one part of a match (a bot, a later game) that depends only on the match seed
    and the label, so runs repeat exactly. Hashed rather than `seed + k`: the game draws from
    `make_rng(seed)`, and a bot seeded nearby must not share or shadow that stream."""
    digest = hashlib.sha256(f"{seed}:{label}".encode()).digest()
    return int.from_bytes(digest[:8], "big") & MAX_SEED


def make_rng(seed: int) -> random.Random:
    return random.Random(seed)
