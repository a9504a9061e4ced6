"""Seat tokens: random, unguessable, and stored only as a hash."""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: str, stored_hash: str | None) -> bool:
    return stored_hash is not None and hmac.compare_digest(token_hash(token), stored_hash)


def seed_commitment(seed: int) -> str:
    """Published when the table opens; the seed itself only once the game is over."""
    return hashlib.sha256(str(seed).encode()).hexdigest()
