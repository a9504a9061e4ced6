"""The garbage collector in a long-running server.

Every collection stops the event loop, so its pause adds to the latency of every move waiting
at that moment, and a full collection walks every tracked object the process holds. Most of
those are made once at start-up and live as long as the process (modules, pydantic and
SQLAlchemy schemas, the question packs, the lexicon's word lists), so they are moved out of the
collector's sight (`gc.freeze`) once the server is set up: a full collection then walks only the
tables, seats and connections. A move allocates thousands of short-lived objects (views,
events, JSON); with the default young-generation threshold (700) collections start in the middle
of a move and promote its garbage-to-be to the older generations, which then fill up and make
full collections frequent, so the young generation is allowed to grow larger first.
"""

from __future__ import annotations

import gc

YOUNG_THRESHOLD = 50_000
"""Allocations (minus deallocations) of tracked objects before a young collection."""


def settle_after_start_up() -> None:
    """Collect what start-up left behind, then freeze the rest (it lives until the process
    ends, so it never needs collecting) and raise the young generation's threshold."""
    gc.collect()
    gc.freeze()
    _young, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, old)
