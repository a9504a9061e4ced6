"""The turn clock is stored with the table as wall-clock deadlines: a restart (crash recovery
replays the moves) keeps each seat's deadline instead of starting a fresh clock, and a deadline
that passed while the server was down is met with the default move as soon as it is back."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from typing import Any

import pytest
from sqlalchemy import select, update

from pokerhall.server.store.db import Database
from pokerhall.server.store.models import MoveRow, TableRow

from .live import LiveServer
from .lobby import Lobby
from .wsclient import TableClient

pytestmark = pytest.mark.anyio
CLOCK = 3000.0


@pytest.fixture
async def db(sqlite_url: str) -> AsyncIterator[Database]:
    database = Database(sqlite_url)
    yield database
    await database.close()


async def stored(db: Database, table_id: str) -> dict[str, Any] | None:
    async with db.sessions() as session:
        deadlines: dict[str, Any] | None = await session.scalar(
            select(TableRow.deadlines).where(TableRow.id == table_id)
        )
        return deadlines


async def wait_stored(db: Database, table_id: str, seats: int) -> dict[str, Any]:
    async with asyncio.timeout(20):
        while (clock := await stored(db, table_id)) is None or len(clock["seats"]) < seats:
            await asyncio.sleep(0.05)
    return clock


async def running_table(server: LiveServer, options: dict[str, Any]) -> str:
    async with Lobby.at(server.http) as lobby:
        table = await lobby.create(options=options, seats=2, turn_clock=CLOCK)
        await lobby.join_all(table["id"], "Ann", "Bob")
        table_id: str = table["id"]
        return table_id


async def test_a_restart_keeps_the_stored_deadlines(
    sqlite_url: str, db: Database, quick_options: dict[str, Any]
) -> None:
    async with LiveServer(sqlite_url) as server:
        table_id = await running_table(server, quick_options)
        before = await wait_stored(db, table_id, seats=2)
    assert before["state_id"] == 0
    for wall in before["seats"].values():
        assert time.time() < wall <= time.time() + CLOCK

    async with LiveServer(sqlite_url) as server:
        watcher = await TableClient.connect(server.ws(table_id))
        state = await watcher.expect("state")
        after = await stored(db, table_id)
        await watcher.close()
    assert after == before  # not a fresh clock from the restart
    table_deadline = before["table"]
    assert state["clock"]["table"] <= table_deadline - time.time() + 1


async def test_a_deadline_that_passed_while_the_server_was_down_is_met_at_once(
    sqlite_url: str, db: Database, quick_options: dict[str, Any]
) -> None:
    """Seat 0's stored deadline is moved into the past while the server is stopped (as if it
    had been down for an hour): back up, the clock makes seat 0's default move right away,
    while seat 1, whose deadline is still ahead, is left to think."""
    async with LiveServer(sqlite_url) as server:
        table_id = await running_table(server, quick_options)
        clock = await wait_stored(db, table_id, seats=2)
    clock["seats"]["0"] = time.time() - 3600
    async with db.sessions.begin() as session:
        await session.execute(
            update(TableRow).where(TableRow.id == table_id).values(deadlines=clock)
        )

    async with LiveServer(sqlite_url):
        async with asyncio.timeout(20):
            while not (moves := await _moves(db, table_id)):
                await asyncio.sleep(0.05)
    assert [seat for seat, _move in moves] == [0]


async def _moves(db: Database, table_id: str) -> list[tuple[int, dict[str, Any]]]:
    query = select(MoveRow).where(MoveRow.table_id == table_id).order_by(MoveRow.seq)
    async with db.sessions() as session:
        return [(m.seat, m.move) for m in (await session.scalars(query)).all()]
