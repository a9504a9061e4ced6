"""Throw-away PostgreSQL databases for the persistence tests.

Each test gets a database of its own (`pokerhall_test_<random>`), created through asyncpg on the
server's `postgres` database and dropped afterwards, so runs in parallel never see each other's
tables. Under CI (CI=true) an unreachable server fails the tests; elsewhere it skips them.
"""

from __future__ import annotations

import asyncio
import os
import secrets
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/test"
CONNECT_TIMEOUT = 5.0


def server_url() -> str:
    return os.environ.get("POKERHALL_TEST_POSTGRES", DEFAULT_URL)


def with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{name}"))


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


async def _admin(url: str, statement: str) -> None:
    conn = await asyncpg.connect(with_database(url, "postgres"), timeout=CONNECT_TIMEOUT)
    try:
        await conn.execute(statement)
    finally:
        await conn.close()


def reachable_or_skip(url: str) -> None:
    """Return when PostgreSQL answers; skip (fail under CI) when it does not."""
    try:
        asyncio.run(_admin(url, "SELECT 1"))
    except (OSError, asyncpg.PostgresError, TimeoutError) as exc:
        message = f"PostgreSQL at {url} is not reachable: {exc!r}"
        if in_ci():
            pytest.fail(message + " (CI=true: the PostgreSQL tests must run)")
        pytest.skip(message)


def create_database(url: str) -> tuple[str, str]:
    """A new empty database; returns (its name, its URL)."""
    name = f"pokerhall_test_{secrets.token_hex(6)}"
    asyncio.run(_admin(url, f'CREATE DATABASE "{name}"'))
    return name, with_database(url, name)


def drop_database(url: str, name: str) -> None:
    asyncio.run(_admin(url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
