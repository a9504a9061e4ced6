"""Secret hashing (scrypt, `accounts.py`) off the event loop, in a small bounded pool.

Each hash takes about 16 MiB and tens of milliseconds of a core. Run on asyncio's default
executor, a flood of sign-ups or wrong secrets hashes on as many threads as it likes and takes
every core from the tables (8 clients raised another table's ping from 2 ms to 28 ms). Here at
most `threads` hash at once and at most `queue` more wait; past that the request is refused at
once with 503 and `Retry-After`, which a client may simply repeat. `bench/secret_flood.py`
measures a table's ping during such a flood.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from pokerhall.server.wire.retry import RetryLater

T = TypeVar("T")
BUSY_RETRY = 1
"""Seconds a client refused for a full pool is told to wait: the queue empties that fast."""


class Busy(RetryLater):
    def __init__(self) -> None:
        reason = f"the server is busy checking secrets; try again in {BUSY_RETRY} second"
        super().__init__(503, reason, "server_busy", BUSY_RETRY)


class HashPool:
    def __init__(self, threads: int = 1, queue: int = 16) -> None:
        self.threads = threads
        self.capacity = threads + queue
        self._executor = ThreadPoolExecutor(threads, thread_name_prefix="pokerhall-scrypt")
        """At the process's own priority: a hashing thread given the lowest (nice 19) made the
        tail worse (ping p99 51-83 ms against 28 ms in bench/secret_flood.py), since it must take
        the GIL back after each hash and, preempted on a busy machine while holding it, kept
        the event loop waiting."""
        self._taken = 0
        """Hashes running or waiting; counted on the event loop, so no lock is needed."""

    async def run(self, work: Callable[..., T], *args: object) -> T:
        """`work(*args)` on the pool; Busy when it is full (nothing is started then)."""
        if self._taken >= self.capacity:
            raise Busy
        self._taken += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self._executor, work, *args)
        finally:
            self._taken -= 1

    def shutdown(self) -> None:
        self._executor.shutdown(wait=False)  # hashes already queued still finish


_pool = HashPool()


def pool() -> HashPool:
    return _pool


def configure(threads: int, queue: int) -> None:
    """Size the process's pool (`create_app`, from its `Limits`): hashing is about this
    process's cores, so there is one pool per process however many apps it runs."""
    global _pool
    if (threads, queue) != (_pool.threads, _pool.capacity - _pool.threads):
        old, _pool = _pool, HashPool(threads, queue)
        old.shutdown()
