"""Table leases in PostgreSQL: which process runs each table, and the fence on its moves.

A process runs a table only while it holds the table's lease (`table_leases`): taken when it
claims the table, renewed every `Timing.renew` seconds while the process lives, and free for
any other process once it has expired by the database's clock (so the processes' clocks never
matter; `timing.py` has the lease's length). Every
takeover raises the lease's `epoch`. A move is inserted in the same transaction that finds the
lease still held by this process at the epoch it claimed the table with, the lease row locked
(`FOR SHARE`) until the commit, so a takeover (which updates that row) waits for the move and
then replays it, or comes first and the stale owner's move fails. The move's primary key
(table, sequence number) refuses a second move N either way.

A process that stalls in such a transaction (SIGSTOP between the fence and the commit) would
hold the lease row's lock until it runs again, and the takeover would wait for it however long
the lease: so a fenced transaction lets PostgreSQL end it once it has sat idle for
`Timing.lock_idle` (`idle_in_transaction_session_timeout`, for that transaction only), well
within a lease (a healthy process does not wait between those statements; one that does gets
`not_saved`, which may be retried). Taking and renewing leases are single statements, run
outside any transaction (autocommit), so no stall can hold their locks, nor can a busy event
loop between statements make PostgreSQL end a renewal.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from sqlalchemy import delete, func, or_, select, text, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncConnection

from pokerhall.server.cluster.timing import DEFAULT
from pokerhall.server.store.db import Database
from pokerhall.server.store.models import LeaseRow, TableRow


class LeaseLost(Exception):
    """This process no longer runs the table: another one took it over."""


class Leases:
    def __init__(
        self,
        db: Database,
        owner: str,
        seconds: float = DEFAULT.lease,
        lock_idle: float = DEFAULT.lock_idle,
    ) -> None:
        self.db = db
        self.owner = owner
        self.ttl = timedelta(seconds=seconds)
        self._autocommit = db.engine.execution_options(isolation_level="AUTOCOMMIT")
        self._bounded = text(
            f"SET LOCAL idle_in_transaction_session_timeout = {max(1, round(lock_idle * 1000))}"
        )
        self.held: dict[str, int] = {}
        """The tables this process runs, with the epoch each was claimed at."""

    def _expiry(self) -> Any:
        return func.clock_timestamp() + self.ttl

    async def _bound(self, conn: AsyncConnection) -> None:
        """This transaction locks lease rows: PostgreSQL ends it if it idles (module doc)."""
        await conn.execute(self._bounded)

    async def acquire(self, table_id: str) -> bool:
        """Take the table's lease if nobody holds it (or it expired); True when this process
        now runs the table. The caller replays the table only after this returns True."""
        lease = LeaseRow.__table__
        statement = (
            insert(LeaseRow)
            .values(table_id=table_id, owner=self.owner, epoch=1, expires_at=self._expiry())
            .on_conflict_do_update(
                index_elements=[lease.c.table_id],
                set_={
                    "owner": self.owner,
                    "epoch": lease.c.epoch + 1,
                    "expires_at": self._expiry(),
                },
                where=or_(lease.c.expires_at < func.clock_timestamp(), lease.c.owner == self.owner),
            )
            .returning(lease.c.epoch)
        )
        async with self._autocommit.connect() as conn:
            epoch = (await conn.execute(statement)).scalar_one_or_none()
        if epoch is None:
            return False
        self.held[table_id] = int(epoch)
        return True

    async def renew(self) -> set[str]:
        """Renew every lease this process holds; returns the tables it has lost (taken over
        by another process after this one failed to renew in time)."""
        if not self.held:
            return set()
        mine = (
            select(LeaseRow.table_id)
            .where(LeaseRow.owner == self.owner)
            .order_by(LeaseRow.table_id)
            .with_for_update()
        )  # locked in table order, as `fence` locks them: the two never deadlock
        statement = (
            update(LeaseRow)
            .where(LeaseRow.table_id.in_(mine.scalar_subquery()))
            .values(expires_at=self._expiry())
            .returning(LeaseRow.table_id, LeaseRow.epoch)
        )
        async with self._autocommit.connect() as conn:
            kept = {row.table_id: row.epoch for row in await conn.execute(statement)}
        lost = {t for t, epoch in self.held.items() if kept.get(t) != epoch}
        for table_id in lost:
            del self.held[table_id]
        return lost

    async def release(self, table_id: str) -> None:
        """Give the table up (it finished, or this process stops): no wait for the expiry."""
        self.held.pop(table_id, None)
        statement = delete(LeaseRow).where(
            LeaseRow.table_id == table_id, LeaseRow.owner == self.owner
        )
        async with self.db.engine.begin() as conn:
            await conn.execute(statement)

    async def release_all(self) -> None:
        self.held.clear()
        async with self.db.engine.begin() as conn:
            await conn.execute(delete(LeaseRow).where(LeaseRow.owner == self.owner))

    async def owner_of(self, table_id: str) -> str | None:
        """The process running the table now, None when no live lease names one."""
        query = select(LeaseRow.owner).where(
            LeaseRow.table_id == table_id, LeaseRow.expires_at > func.clock_timestamp()
        )
        async with self.db.engine.connect() as conn:
            owner: str | None = (await conn.execute(query)).scalar_one_or_none()
        return owner

    async def orphans(self, limit: int = 50) -> list[str]:
        """Running tables that no live process holds: its owner died (or none ever took it)."""
        query = (
            select(TableRow.id)
            .outerjoin(LeaseRow, LeaseRow.table_id == TableRow.id)
            .where(
                TableRow.status == "running",
                or_(LeaseRow.table_id.is_(None), LeaseRow.expires_at < func.clock_timestamp()),
            )
            .order_by(TableRow.created_at)
            .limit(limit)
        )
        async with self.db.engine.connect() as conn:
            return list((await conn.scalars(query)).all())

    async def fence(self, conn: AsyncConnection, rows: Sequence[dict[str, Any]]) -> None:
        """`Database.fence`: the moves' tables must still be this process's, at the epoch
        each was claimed at; their lease rows stay locked until the moves commit."""
        wanted = {row["table_id"] for row in rows}
        query = (
            select(LeaseRow.table_id, LeaseRow.epoch)
            .where(LeaseRow.owner == self.owner, LeaseRow.table_id.in_(wanted))
            .order_by(LeaseRow.table_id)
            .with_for_update(read=True)
        )  # one cached statement for every batch size (`in_` expands its list)
        await self._bound(conn)
        found = {t for t, epoch in await conn.execute(query) if self.held.get(t) == epoch}
        if missing := wanted - found:
            raise LeaseLost(f"tables {sorted(missing)} are run by another process now")
