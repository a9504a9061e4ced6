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


async def running_table(server: LiveServer, options: dict[str, Any], clock: float = CLOCK) -> str:
    async with Lobby.at(server.http) as lobby:
        table = await lobby.create(options=options, seats=2, turn_clock=clock)
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


async def test_a_turn_based_clock_of_days_survives_a_restart(
    sqlite_url: str, db: Database, quick_options: dict[str, Any]
) -> None:
    """A three-day clock (turn-based play): the table is listed as turn-based, and after a
    restart each seat still has about three days left from the first deadline, not a fresh one
    and not a clock cut to the hour the live tables had at most."""
    days = 3 * 24 * 3600.0
    async with LiveServer(sqlite_url) as server:
        table_id = await running_table(server, quick_options, clock=days)
        before = await wait_stored(db, table_id, seats=2)
        async with Lobby.at(server.http) as lobby:
            listed = (await lobby.http.get(f"/api/tables/{table_id}")).json()
    assert listed["turn_based"] is True
    assert listed["turn_clock"] == days
    for wall in before["seats"].values():
        assert time.time() + days - 600 < wall <= time.time() + days

    async with LiveServer(sqlite_url) as server:
        player = await TableClient.connect(server.ws(table_id))
        state = await player.expect("state")
        await player.close()
        assert (await stored(db, table_id)) == before
    assert days - 600 < state["clock"]["table"] <= before["table"] - time.time() + 1


async def test_a_clock_under_an_hour_is_not_turn_based_and_over_a_week_is_refused(
    sqlite_url: str, quick_options: dict[str, Any]
) -> None:
    async with LiveServer(sqlite_url) as server, Lobby.at(server.http) as lobby:
        live = await lobby.create(options=quick_options, seats=2, turn_clock=3599.0)
        assert live["turn_based"] is False
        hour = await lobby.create(options=quick_options, seats=2, turn_clock=3600.0)
        assert hour["turn_based"] is True
        body = {"options": quick_options, "seats": 2, "turn_clock": 8 * 24 * 3600.0}
        too_long = await lobby.http.post("/api/tables", json=body)
        assert too_long.status_code == 422
        assert too_long.json()["detail"].startswith("turn_clock:")


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
