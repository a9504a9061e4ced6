"""The garbage collector in a long-running server.

Every collection stops the event loop, so its pause adds to the latency of every move waiting
at that moment, and a full collection walks every tracked object the process holds: with 1,000
tables and their 3,000 connections, a few hundred milliseconds. So:

- What start-up made (modules, pydantic and SQLAlchemy schemas, question packs) lives as long as
  the process; it is moved out of the collector's sight (`gc.freeze`) once the server is set up.
- What survives a full collection is long-lived too (running tables, open connections): it is
  frozen after each one, so the next full collection walks only what became long-lived since,
  and stays short however many tables run.
- A frozen object that later becomes garbage in a reference cycle is only found by a sweep:
  every `SWEEP_SECONDS` everything is unfrozen and collected once (one long pause that rarely
  meets a move), so memory stays bounded.
- A move allocates thousands of short-lived objects (views, events, JSON); with the default
  young-generation threshold (700) collections start in the middle of a move and promote its
  garbage-to-be to the older generations, so the young generation may grow larger first.
"""

from __future__ import annotations

import asyncio
import gc
import time

YOUNG_THRESHOLD = 10_000
"""Allocations (minus deallocations) of tracked objects before a young collection."""
CHECK_SECONDS = 1.0
"""How often to look whether a full collection ran (then its survivors are frozen)."""
SWEEP_SECONDS = 600.0
"""How often everything is unfrozen and collected, so frozen cycles are freed."""


def settle_after_start_up() -> None:
    """Collect what start-up left behind, freeze the rest, raise the young threshold."""
    gc.collect()
    gc.freeze()
    _young, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, old)


def full_collections() -> int:
    return int(gc.get_stats()[2]["collections"])


async def keep_long_lived_frozen() -> None:
    """Runs for the life of the server (a task the app starts and cancels)."""
    seen, swept = full_collections(), time.monotonic()
    while True:
        await asyncio.sleep(CHECK_SECONDS)
        if time.monotonic() - swept >= SWEEP_SECONDS:
            gc.unfreeze()
            gc.collect()
            swept = time.monotonic()
        if full_collections() != seen:
            gc.freeze()
            seen = full_collections()
