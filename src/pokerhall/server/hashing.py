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
import contextlib
import os
import sys
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from pokerhall.server.retry import RetryLater

T = TypeVar("T")
BUSY_RETRY = 1
"""Seconds a client refused for a full pool is told to wait: the queue empties that fast."""
NICENESS = 19
"""The hashing threads' scheduling priority on Linux: the lowest, so that on a busy machine the
event loop (every table) runs first and a hash waits for a free moment of a core."""


class Busy(RetryLater):
    def __init__(self) -> None:
        reason = f"the server is busy checking secrets; try again in {BUSY_RETRY} second"
        super().__init__(503, reason, "server_busy", BUSY_RETRY)


class HashPool:
    def __init__(self, threads: int = 1, queue: int = 16) -> None:
        self.threads = threads
        self.capacity = threads + queue
        self._executor = ThreadPoolExecutor(
            threads, thread_name_prefix="pokerhall-scrypt", initializer=_yield_to_the_tables
        )
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


def _yield_to_the_tables() -> None:
    """Lower this thread's priority (Linux gives each thread its own nice value)."""
    if sys.platform == "linux":
        with contextlib.suppress(OSError):
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), NICENESS)


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
