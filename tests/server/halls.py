"""A hall over a real database for tests that drive tables directly: open, seat, play random
legal moves until the end, and an HTTP client on the app's routes over that same hall."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx

from pokerhall.engine import prompts
from pokerhall.server.app import create_app
from pokerhall.server.store.db import Database
from pokerhall.server.tables.absence import Absence
from pokerhall.server.tables.hall import Hall

from .roomy import ROOMY

MAX_MOVES = 3000
PLAY_TIMEOUT = 60.0


@asynccontextmanager
async def hall_at(db_url: str) -> AsyncIterator[Hall]:
    db = Database(db_url)
    await db.migrate()
    hall = Hall(db)
    try:
        yield hall
    finally:
        await hall.close()
        await db.close()


@asynccontextmanager
async def http_on(hall: Hall, db_url: str) -> AsyncIterator[httpx.AsyncClient]:
    """The app's HTTP routes over `hall` (no lifespan: the hall is the test's own)."""
    app = create_app(db_url, limits=ROOMY)
    app.state.hall = hall
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://hall") as client:
        yield client


async def play_randomly(hall: Hall, table_id: str, seed: int, moves: int = MAX_MOVES) -> None:
    """Random legal moves for the human seats (bots play themselves) until the game is over
    or `moves` were made."""
    rng = random.Random(seed)
    runtime = hall.runtimes[table_id]
    humans = {s.seat for s in await hall.db.seats(table_id) if s.kind == "human"}
    made = 0
    async with asyncio.timeout(PLAY_TIMEOUT):
        while not runtime.state.over and made < moves:
            pending = {s: p for s, p in runtime.state.pending().items() if s in humans}
            if not pending:
                await asyncio.sleep(0.005)  # a bot's turn
                continue
            seat = rng.choice(sorted(pending))
            move = prompts.random_move(pending[seat], rng)
            await runtime.submit(seat, {**move, "prompt_id": pending[seat]["prompt_id"]})
            made += 1
        if moves >= MAX_MOVES:
            while (await hall.book.table(table_id)).status != "finished":
                await asyncio.sleep(0.01)


def bearer(token: str) -> dict[str, Any]:
    return {"Authorization": f"Bearer {token}"}


class ManualClock:
    """A clock the test moves, for a hall's `absence` (`server/tables/absence.py`): a grace time
    passes without waiting for it."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def manual_absence(hall: Hall) -> ManualClock:
    """Give `hall` a clock the test moves for how long seats have been away (same grace)."""
    clock = ManualClock()
    hall.absence = Absence(hall.absence.grace, clock)
    return clock
