"""The lease fence (`server/cluster/lease.py`) against a real PostgreSQL: a process that lost a
table's lease to another one (it was too slow to renew, and then came back) must not write
that table's moves, nor its turn clock, and nothing it tried shows in the database; the new
owner writes both. The kill -9 takeover itself is `test_cluster.py`'s."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from sqlalchemy import insert
from sqlalchemy.exc import DBAPIError

from pokerhall.server.cluster.lease import LeaseLost, Leases
from pokerhall.server.store.db import Database
from pokerhall.server.store.models import MoveRow, SeatRow, TableRow

pytestmark = pytest.mark.anyio
SHORT = 0.3
"""Seconds a lease lasts in these tests, so the stale owner loses it quickly."""
MOVE = {"table_id": "fenced", "seq": 1, "seat": 0, "move": {"type": "call"}}


@pytest.fixture
async def shared(postgres_url: str) -> AsyncIterator[tuple[Database, Database]]:
    """Two processes' databases on one PostgreSQL, with a running table."""
    first, second = Database(postgres_url), Database(postgres_url)
    await first.migrate()
    await first.add_table(
        TableRow(
            id="fenced",
            name="Fenced",
            game="quizpoker",
            options={},
            num_seats=2,
            seed=7,
            status="running",
            bot_delay=0.0,
            bot_takeover=False,
        ),
        [
            SeatRow(table_id="fenced", seat=s, name=f"P{s}", kind="human", left=False)
            for s in (0, 1)
        ],
    )
    yield first, second
    await first.close()
    await second.close()


async def test_a_stale_owner_writes_no_move_and_no_clock(shared: tuple[Database, Database]) -> None:
    db_a, db_b = shared
    stale, fresh = Leases(db_a, "a", seconds=SHORT), Leases(db_b, "b", seconds=SHORT)
    db_a.fence, db_b.fence = stale.fence, fresh.fence
    assert await stale.acquire("fenced")
    assert not await fresh.acquire("fenced")  # held and live: nobody else may take it
    await db_a.append_move("fenced", 1, 0, {"type": "call"})
    await db_a.set_deadlines("fenced", {"state": 1, "seats": {"0": 1.0}})

    await asyncio.sleep(SHORT + 0.2)  # "a" stalls past its lease; "b" takes the table over
    assert await fresh.acquire("fenced")
    with pytest.raises(LeaseLost):
        await db_a.append_move("fenced", 2, 1, {"type": "fold"})
    with pytest.raises(LeaseLost):
        await db_a.set_deadlines("fenced", {"state": 2, "seats": {"1": 2.0}})
    assert [(m.seq, m.move) for m in await db_b.moves("fenced")] == [(1, {"type": "call"})]
    table = await db_b.table("fenced")
    assert table is not None
    assert table.deadlines == {"state": 1, "seats": {"0": 1.0}}

    await db_b.append_move("fenced", 2, 1, {"type": "check"})  # the owner's move 2 is the one
    await db_b.set_deadlines("fenced", {"state": 2, "seats": {"0": 3.0}})
    assert [m.seq for m in await db_a.moves("fenced")] == [1, 2]
    assert "fenced" in await stale.renew()  # and "a" learns it has lost the table


async def test_a_stall_inside_a_fenced_transaction_does_not_hold_the_takeover_up(
    shared: tuple[Database, Database],
) -> None:
    """ "a" stalls between its fence and its commit, the lease row locked: PostgreSQL ends
    that transaction once it has idled for `lock_idle`, so "b" takes the table over as soon as
    the lease expires rather than when "a" runs again, and "a"'s move is not stored."""
    db_a, db_b = shared
    stale = Leases(db_a, "a", seconds=SHORT, lock_idle=SHORT / 2)
    fresh = Leases(db_b, "b", seconds=SHORT, lock_idle=SHORT / 2)
    db_a.fence = stale.fence
    assert await stale.acquire("fenced")
    fenced, resume = asyncio.Event(), asyncio.Event()

    async def stalled_move() -> None:
        async with db_a.engine.begin() as conn:
            await stale.fence(conn, [{"table_id": "fenced"}])
            await conn.execute(insert(MoveRow), [MOVE])
            fenced.set()
            await resume.wait()  # stalled, the lease row locked

    move = asyncio.create_task(stalled_move())
    await fenced.wait()
    await asyncio.sleep(SHORT + 0.2)  # the lease has expired
    async with asyncio.timeout(10):  # not for ever: the stalled transaction never ends itself
        assert await fresh.acquire("fenced")
    resume.set()
    with pytest.raises(DBAPIError):
        await move
    assert await db_b.moves("fenced") == []
    assert "fenced" in await stale.renew()
