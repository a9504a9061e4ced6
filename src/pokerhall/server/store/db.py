"""Persistence through SQLAlchemy 2 (async): SQLite by default, PostgreSQL by URL, same code.

Schema changes go through Alembic migrations (`pokerhall/server/store/migrations`), run at start-up.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    Connection,
    bindparam,
    delete,
    event,
    insert,
    select,
    union_all,
    update,
)
from sqlalchemy.engine.interfaces import DBAPIConnection, Dialect
from sqlalchemy.ext.asyncio import (
    AsyncConnection,
    AsyncEngine,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.pool import ConnectionPoolEntry, PoolProxiedConnection, PoolResetState

from pokerhall.server.store.models import ChatRow, MoveRow, PackRow, SeatRow, TableRow, utcnow

MIGRATIONS = Path(__file__).parent / "migrations"
Fence = Callable[[AsyncConnection, Sequence[dict[str, Any]]], Awaitable[None]]
"""Checked inside the transaction that inserts moves, before the insert: raises when one of
the moves' tables is no longer this process's (`cluster/lease.py`), so that commit fails."""


def async_url(url: str) -> str:
    """Take the URLs people write (`sqlite:///x.db`, `postgresql://...`); pick async drivers."""
    for plain, driver in (
        ("sqlite://", "sqlite+aiosqlite://"),
        ("postgresql://", "postgresql+asyncpg://"),
        ("postgres://", "postgresql+asyncpg://"),
    ):
        if url.startswith(plain):
            return driver + url[len(plain) :]
    return url


def _sqlite_pragmas(dbapi_connection: DBAPIConnection, _record: ConnectionPoolEntry) -> None:
    """WAL lets readers work while a move is written; FULL sync keeps every acknowledged move."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _sqlite_reset(
    dbapi_connection: DBAPIConnection, record: ConnectionPoolEntry, state: PoolResetState
) -> None:
    """The pool's rollback when a connection comes back, only when a transaction is open.

    A session ends its own transaction before its connection goes back, and SQLite opens one
    only at a write, so after a commit or a read there is nothing to roll back; the pool's
    own rollback ran all the same, one more trip to aiosqlite's thread for every session
    (a move's group commit took five, a read six). Anything left open, by a bug or a raw
    connection, is still rolled back here, as the pool did."""
    driver = record.driver_connection
    left_open = driver is not None and driver.in_transaction and not state.transaction_was_reset
    if state.asyncio_safe and left_open:
        dbapi_connection.rollback()


def _skip_idle_rollback(dialect: Dialect) -> None:
    """SQLite's rollback at a session's end, only when a transaction is open.

    SQLite opens a transaction only at a write, so a session that only read has nothing to
    roll back when it closes; SQLAlchemy rolled it back all the same, one more trip to
    aiosqlite's thread for every read (the set-up's joins and greetings read the table and
    its seats, the start and finish of a table read for the ratings). An open transaction is
    rolled back as before."""
    rollback = dialect.do_rollback

    def do_rollback(dbapi_connection: PoolProxiedConnection) -> None:
        driver = dbapi_connection.driver_connection
        if driver is None or driver.in_transaction:
            rollback(dbapi_connection)

    dialect.do_rollback = do_rollback  # type: ignore[method-assign]


TABLE_WITH_SEATS = (
    select(TableRow, SeatRow)
    .outerjoin(SeatRow, SeatRow.table_id == TableRow.id)
    .where(TableRow.id == bindparam("table_id"))
    .order_by(SeatRow.seat)
)
"""`Database.table_with_seats`, built once: a table's set-up asks it for every join and greeting,
and building the statement costs about as much as SQLAlchemy's run of its cached compilation."""
SEATS = select(SeatRow).where(SeatRow.table_id == bindparam("table_id")).order_by(SeatRow.seat)
"""`Database.seats`, built once (as `TABLE_WITH_SEATS`)."""


class Database:
    def __init__(self, url: str) -> None:
        self.url = async_url(url)
        # SQLite has one writer at a time: one connection avoids fighting over its lock; the
        # pool's rollback on return is `_sqlite_reset`, only when there is one to roll back.
        sqlite = self.url.startswith("sqlite")
        pool: dict[str, Any] = (
            {"pool_size": 1, "max_overflow": 0, "pool_reset_on_return": None} if sqlite else {}
        )
        self.engine: AsyncEngine = create_async_engine(self.url, **pool)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine.sync_engine, "connect", _sqlite_pragmas)
            event.listen(self.engine.sync_engine.pool, "reset", _sqlite_reset)
            _skip_idle_rollback(self.engine.sync_engine.dialect)
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        self._queued: list[tuple[dict[str, Any], asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None
        self.fence: Fence | None = None
        """Set when several processes share the database; alone, nothing else writes moves."""

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name

    async def migrate(self) -> None:
        async with self.engine.begin() as conn:
            await conn.run_sync(self._upgrade)

    def _upgrade(self, connection: Connection) -> None:
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        config.attributes["connection"] = connection
        command.upgrade(config, "head")

    async def close(self) -> None:
        await self.engine.dispose()

    # --- tables and seats --------------------------------------------------------------------

    async def add_table(self, table: TableRow, seats: Iterable[SeatRow]) -> None:
        async with self.sessions.begin() as session:
            session.add(table)
            await session.flush()
            session.add_all(list(seats))

    async def table(self, table_id: str) -> TableRow | None:
        async with self.sessions() as session:
            return await session.get(TableRow, table_id)

    async def table_with_seats(self, table_id: str) -> tuple[TableRow, list[SeatRow]] | None:
        """The table's row and its seats in seat order, in one query (`table` and `seats`
        are two, each with its own session and round trip to the database's thread)."""
        async with self.sessions() as session:
            rows = (await session.execute(TABLE_WITH_SEATS, {"table_id": table_id})).all()
        if not rows:
            return None
        return rows[0][0], [seat for _table, seat in rows if seat is not None]

    async def listing(
        self, statuses: Sequence[str], limit: int = 200, finished: int = 0
    ) -> list[tuple[TableRow, list[SeatRow]]]:
        """The newest public tables with these statuses and their seats, and the `finished`
        newest finished ones besides (the lobby's recent results), in one query: the lobby's
        list is asked for after every change, so it must not cost a query per table. Private
        tables are never listed."""

        def newest(where: Sequence[str], count: int) -> Any:
            return (
                select(TableRow.id)
                .where(TableRow.status.in_(where), TableRow.private.is_(False))
                .order_by(TableRow.created_at.desc())
                .limit(count)
                .subquery()
            )

        parts = [newest(statuses, limit)]
        if finished:
            parts.append(newest(["finished"], finished))
        ids = union_all(*(select(part.c.id) for part in parts)).scalar_subquery()
        query = (
            select(TableRow, SeatRow)
            .outerjoin(SeatRow, SeatRow.table_id == TableRow.id)
            .where(TableRow.id.in_(ids))
            .order_by(TableRow.created_at.desc(), TableRow.id, SeatRow.seat)
        )
        listed: dict[str, tuple[TableRow, list[SeatRow]]] = {}
        async with self.sessions() as session:
            for table, seat in await session.execute(query):
                _table, seats = listed.setdefault(table.id, (table, []))
                if seat is not None:
                    seats.append(seat)
        return list(listed.values())

    async def rematch_of(self, table_id: str) -> TableRow | None:
        """The table opened from this one by "Play again", if any (at most one: unique)."""
        query = select(TableRow).where(TableRow.rematch_of == table_id)
        async with self.sessions() as session:
            return (await session.scalars(query)).first()

    async def table_by_code(self, code: str) -> TableRow | None:
        query = select(TableRow).where(TableRow.join_code == code)
        async with self.sessions() as session:
            return (await session.scalars(query)).first()

    async def set_creator(self, table_id: str, creator_hash: str | None) -> None:
        query = update(TableRow).where(TableRow.id == table_id).values(creator_hash=creator_hash)
        async with self.sessions.begin() as session:
            await session.execute(query)

    async def table_ids(self, statuses: Sequence[str]) -> list[str]:
        """Every table with these statuses, oldest first: ids only, however many there are."""
        query = (
            select(TableRow.id).where(TableRow.status.in_(statuses)).order_by(TableRow.created_at)
        )
        async with self.sessions() as session:
            return list((await session.scalars(query)).all())

    async def seats(self, table_id: str) -> list[SeatRow]:
        async with self.sessions() as session:
            return list((await session.scalars(SEATS, {"table_id": table_id})).all())

    async def add_seat(self, seat: SeatRow) -> None:
        """Take a free seat: an insert, never an update, so the database refuses it (raises
        IntegrityError) when the seat or the name at the table was taken meanwhile."""
        async with self.sessions.begin() as session:
            session.add(seat)

    async def put_seat(self, seat: SeatRow) -> None:
        async with self.sessions.begin() as session:
            await session.merge(seat)

    async def remove_seat(self, table_id: str, seat: int) -> None:
        query = delete(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat)
        async with self.sessions.begin() as session:
            await session.execute(query)

    async def set_status(
        self, table_id: str, status: str, result: dict[str, Any] | None = None
    ) -> None:
        query = update(TableRow).where(TableRow.id == table_id).values(status=status, result=result)
        async with self.sessions.begin() as session:
            await session.execute(query)

    async def set_deadlines(self, table_id: str, deadlines: dict[str, Any]) -> None:
        """Store a table's turn clock, fenced like its moves: a process that lost the table
        (`fence` raises) leaves the new owner's clock alone."""
        query = update(TableRow).where(TableRow.id == table_id).values(deadlines=deadlines)
        async with self.engine.begin() as conn:
            if self.fence is not None:
                await self.fence(conn, [{"table_id": table_id}])
            await conn.execute(query)

    # --- table chat ------------------------------------------------------------------------

    async def add_chat(self, row: ChatRow) -> None:
        """Store one chat message; an insert, so a sequence number taken twice is refused."""
        async with self.sessions.begin() as session:
            session.add(row)

    async def recent_chat(self, table_id: str, per_channel: int) -> list[ChatRow]:
        """The latest `per_channel` messages of each channel of a table (one query each)."""
        rows: list[ChatRow] = []
        async with self.sessions() as session:
            for channel in ("players", "spectators"):
                query = (
                    select(ChatRow)
                    .where(ChatRow.table_id == table_id, ChatRow.channel == channel)
                    .order_by(ChatRow.seq.desc())
                    .limit(per_channel)
                )
                rows.extend((await session.scalars(query)).all())
        return sorted(rows, key=lambda row: row.seq)

    async def set_spectator_chat_shown(self, table_id: str, shown: bool) -> None:
        query = update(TableRow).where(TableRow.id == table_id).values(spectator_chat_shown=shown)
        async with self.sessions.begin() as session:
            await session.execute(query)

    # --- uploaded content --------------------------------------------------------------------

    async def add_pack(self, pack: PackRow) -> None:
        """Store an uploaded pack; one already stored under its id (the same text) is kept."""
        async with self.sessions.begin() as session:
            if await session.get(PackRow, pack.id) is None:
                session.add(pack)

    async def has_pack(self, pack_id: str) -> bool:
        async with self.sessions() as session:
            return await session.get(PackRow, pack_id) is not None

    async def packs(self) -> list[PackRow]:
        async with self.sessions() as session:
            return list((await session.scalars(select(PackRow).order_by(PackRow.id))).all())

    # --- moves -------------------------------------------------------------------------------

    async def append_move(self, table_id: str, seq: int, seat: int, move: dict[str, Any]) -> None:
        """Commit one move; only after this returns may its events be sent.

        Moves of all tables that arrive while a commit is running go into the next commit
        together (group commit), so many busy tables cost few disk syncs.
        """
        row = {"table_id": table_id, "seq": seq, "seat": seat, "move": move, "created_at": utcnow()}
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queued.append((row, done))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_moves())
        await done

    async def _write_moves(self) -> None:
        while self._queued:
            batch, self._queued = self._queued, []
            try:
                await self._insert_moves([row for row, _ in batch])
            except Exception as exc:
                if len(batch) == 1:
                    fail(batch[0][1], exc)
                    continue
                for row, done in batch:  # one bad row must only refuse its own move
                    try:
                        await self._insert_moves([row])
                    except Exception as single:
                        fail(done, single)
                    else:
                        settle(done)
            else:
                for _, done in batch:
                    settle(done)

    async def _insert_moves(self, rows: list[dict[str, Any]]) -> None:
        async with self.engine.begin() as conn:
            if self.fence is not None:
                await self.fence(conn, rows)
            await conn.execute(insert(MoveRow), rows)

    async def moves(self, table_id: str) -> list[MoveRow]:
        query = select(MoveRow).where(MoveRow.table_id == table_id).order_by(MoveRow.seq)
        async with self.sessions() as session:
            return list((await session.scalars(query)).all())


def settle(done: asyncio.Future[None]) -> None:
    if not done.done():
        done.set_result(None)


def fail(done: asyncio.Future[None], exc: Exception) -> None:
    if not done.done():
        done.set_exception(exc)
