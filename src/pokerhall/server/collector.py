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
- The young generations keep their default thresholds: a larger young generation means
  fewer collections but longer ones (a burst of new tables and connections made a collection
  of a 10,000-object young generation take up to 200 ms), while what the default promotes too
  early is now frozen or swept instead of walked by every full collection.
"""

from __future__ import annotations

import asyncio
import gc
import time

CHECK_SECONDS = 1.0
"""How often to look whether a full collection ran (then its survivors are frozen)."""
SWEEP_SECONDS = 600.0
"""How often everything is unfrozen and collected, so frozen cycles are freed."""


def settle_after_start_up() -> None:
    """Collect what start-up left behind and freeze the rest."""
    gc.collect()
    gc.freeze()


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
