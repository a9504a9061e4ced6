"""SQLite's pool rolls a connection back on return only when a transaction is open
(`store/db.py: _sqlite_reset`; issue 24 item 6: one trip to the database's thread fewer per
session). What is left open must still be rolled back, and committed work must stay."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from sqlalchemy import func, select

from pokerhall.server.store.db import Database
from pokerhall.server.store.models import MoveRow, TableRow

pytestmark = pytest.mark.anyio


@pytest.fixture
async def db(sqlite_url: str) -> AsyncIterator[Database]:
    database = Database(sqlite_url)
    await database.migrate()
    table = TableRow(
        id="t1", name="t", game="quizpoker", options={}, num_seats=3, seed=0, status="playing"
    )
    await database.add_table(table, [])
    yield database
    await database.close()


async def moves_stored(db: Database) -> int:
    async with db.sessions() as session:
        return int((await session.scalar(select(func.count()).select_from(MoveRow))) or 0)


async def test_a_transaction_left_open_on_a_returned_connection_is_rolled_back(
    db: Database,
) -> None:
    """An insert made on the raw connection and never committed: the pool's reset must undo it
    before the connection (the only one) serves anyone else, who would otherwise see it."""
    async with db.engine.connect() as conn:
        raw = await conn.get_raw_connection()
        driver = raw.driver_connection
        assert driver is not None
        await driver.execute(
            "INSERT INTO moves (table_id, seq, seat, move, created_at) "
            "VALUES ('t1', 1, 0, '{}', '2026-01-01 00:00:00')"
        )
        assert driver.in_transaction
    assert await moves_stored(db) == 0
    await db.append_move("t1", 1, 0, {"type": "check"})  # and the connection is not locked
    assert await moves_stored(db) == 1


async def test_committed_moves_and_reads_are_kept_without_a_rollback_after_them(
    db: Database,
) -> None:
    for seq in range(1, 4):
        await db.append_move("t1", seq, seq % 3, {"type": "check"})
        found = await db.table_with_seats("t1")
        assert found is not None
    assert [m.seq for m in await db.moves("t1")] == [1, 2, 3]


async def test_a_read_sends_no_rollback_and_a_session_left_open_is_still_rolled_back(
    db: Database,
) -> None:
    """`store/db.py: _skip_idle_rollback`: a session that only read ends without a trip to the
    database's thread for a rollback (SQLite opened no transaction), while one that wrote and
    did not commit is rolled back, its row gone. The rollbacks are counted on the pool's one
    real connection."""
    async with db.engine.connect() as conn:
        driver = (await conn.get_raw_connection()).driver_connection
    assert driver is not None
    real, rollbacks = driver.rollback, []

    async def counted() -> None:
        rollbacks.append(1)
        await real()

    driver.rollback = counted  # type: ignore[method-assign]
    assert await db.table_with_seats("t1") is not None
    assert rollbacks == []
    async with db.sessions() as session:
        session.add(
            TableRow(
                id="t2", name="t", game="quizpoker", options={}, num_seats=3, seed=0, status="open"
            )
        )
        await session.flush()  # written, never committed
    assert rollbacks == [1]
    assert await db.table("t2") is None
