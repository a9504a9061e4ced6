"""The Redis the scale-out tests use, with a channel prefix of their own per test.

Pub/sub channels are shared by every database number of one Redis, so tests keep apart by
prefix (`pokerhall_test_<random>`), never by database. Under CI (CI=true) an unreachable Redis
fails the tests; elsewhere it skips them, as for PostgreSQL (`postgres.py`).
"""

from __future__ import annotations

import asyncio
import os
import secrets

import pytest
import redis.asyncio as redis
from redis.exceptions import RedisError

from .postgres import in_ci

DEFAULT_URL = "redis://127.0.0.1:6379/0"


def server_url() -> str:
    return os.environ.get("POKERHALL_TEST_REDIS", DEFAULT_URL)


async def _ping(url: str) -> None:
    client = redis.Redis.from_url(url, socket_connect_timeout=3)
    try:
        await client.ping()
    finally:
        await client.aclose()


def reachable_or_skip(url: str) -> None:
    """Return when Redis answers; skip (fail under CI) when it does not."""
    try:
        asyncio.run(_ping(url))
    except (OSError, RedisError) as exc:
        message = f"Redis at {url} is not reachable: {exc!r}"
        if in_ci():
            pytest.fail(message + " (CI=true: the scale-out tests must run)")
        pytest.skip(message)


def new_prefix() -> str:
    return f"pokerhall_test_{secrets.token_hex(6)}"
