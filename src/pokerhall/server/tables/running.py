"""The running tables: a table is in memory once this hall has claimed it (`claim_locked`,
under its lock): the one place a table becomes this process's. Moves go through the table's
runtime; a finished table stays a while for its players to read the result, then retires."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Any

from pokerhall import games
from pokerhall.engine import Game, registry
from pokerhall.server.store.db import Database
from pokerhall.server.store.models import SeatRow, TableRow
from pokerhall.server.tables.book import TableBook, creator_seat, result_pause
from pokerhall.server.tables.chat import HISTORY, ChatLog, chat_entry
from pokerhall.server.tables.news import News
from pokerhall.server.tables.ownership import Ownership
from pokerhall.server.tables.presence import Presence
from pokerhall.server.tables.refusals import OwnedElsewhere
from pokerhall.server.tables.runtime import SeatControl, TableRuntime
from pokerhall.server.wire.connection import TRY_AGAIN_LATER, Connection

log = logging.getLogger("pokerhall.server")

FINISHED_TABLE_LINGERS = 600.0
"""Seconds a finished table stays in memory for its players to read the result."""


class Running:
    def __init__(
        self,
        db: Database,
        book: TableBook,
        news: News,
        presence: Presence,
        runtimes: dict[str, TableRuntime],
    ) -> None:
        self.db = db
        self._book = book
        self._news = news
        self._presence = presence
        self.runtimes = runtimes
        """The tables in memory here, by id."""
        self._retiring: dict[str, asyncio.TimerHandle] = {}
        self._unrestorable: set[str] = set()
        """Running tables that could not be rebuilt (logged once): not tried again."""
        self.cluster: Ownership | None = None
        """Set when several processes share the tables (`server/cluster/`)."""

    async def runtime(self, table_id: str) -> TableRuntime | None:
        """The live table, claiming a running one that is not in memory yet (start-up restores
        in the background) and loading a finished one for spectators; None while it is open."""
        if table_id in self.runtimes:
            return self.runtimes[table_id]
        table = await self._book.table(table_id)
        if table.status == "open":
            return None
        async with self._book.known_lock(table_id):
            return await self.claim_locked(table)

    async def claim_running(self, table_id: str) -> bool:
        """Claim a running table unless it is in memory already; True when this claimed it."""
        async with self._book.known_lock(table_id):
            if table_id in self.runtimes:
                return False
            table = await self.db.table(table_id)
            if table is None or table.status != "running":
                return False
            return await self.claim_locked(table) is not None

    async def claim_locked(self, table: TableRow) -> TableRuntime | None:
        """The table's runtime, rebuilt from its record when it is not in memory; the caller
        holds the table's lock, so a table is never rebuilt twice. A finished table is loaded
        to be looked at and retired again later; a running table whose game turns out to be
        over (the server stopped between its last move and marking it finished) is finished
        now. None for an open table, and for one that cannot be rebuilt (logged once)."""
        if table.id in self.runtimes or table.status == "open":
            return self.runtimes.get(table.id)
        if table.id in self._unrestorable:
            return None
        try:
            await self._launch(table)
        except OwnedElsewhere:
            return None
        except Exception:
            if table.status != "running":
                raise
            log.exception("table %s could not be restored", table.id)
            self._unrestorable.add(table.id)
            return None
        runtime = self.runtimes[table.id]
        if table.status == "finished":
            self._retire_later(table.id)  # no move will finish it again
        elif runtime.state.over:
            await self.db.set_status(table.id, "finished", runtime.state.result)
            self._retire_later(table.id)
            await self._news.tell(table.id)
        return runtime

    async def start(self, table: TableRow, seats: Sequence[SeatRow] | None = None) -> TableRuntime:
        """Start an open table here, its seats settled (`seats`: as the caller just read and
        wrote them, in seat order; else they are read); the caller holds the table's lock.
        Its waiting connections join the runtime, and everyone is told."""
        # The lease first: another process must never see the table running with no owner
        # and take it over while this one starts it.
        if self.cluster is not None and not await self.cluster.acquire(table.id):
            raise OwnedElsewhere
        await self.db.set_status(table.id, "running")
        table.status = "running"
        if self.cluster is not None:  # another process may have changed the seats meanwhile
            seats = None
        await self._launch(table, leased=True, seats=seats, starting=True)
        runtime = self.runtimes[table.id]
        for conn in self._presence.hand_over(table.id):
            runtime.attach(conn)
        known = None if seats is None else await self._book.info_of(table, seats)
        await self._news.announce(table.id, known)
        await self._news.tell(table.id)
        return runtime

    async def _launch(
        self,
        table: TableRow,
        *,
        leased: bool = False,
        seats: Sequence[SeatRow] | None = None,
        starting: bool = False,
    ) -> None:
        """Rebuild the table and run it here; a running table only once this process holds
        its lease (when it shares the tables with others; `leased`: taken already), and before
        its moves are read, so that no move committed by its last owner is missed. `seats`: as
        the caller just read them, in seat order; `starting`: an open table starting now,
        which has neither moves nor chat yet (both go through a runtime): neither is read."""
        running, cluster = table.status == "running", self.cluster
        if running and cluster and not leased and not await cluster.acquire(table.id):
            raise OwnedElsewhere
        if seats is None:
            seats = await self.db.seats(table.id)
        state = await self._book.replay(table, seats, starting=starting)
        default = registry.info(table.game).default_bot
        bots = games.make_bots(
            table.game,
            {s.seat: s.bot_kind or default for s in seats if s.kind == "bot"},
            table.seed,
        )
        control = SeatControl(
            bots=bots,
            turn_clock=table.turn_clock,
            bot_delay=table.bot_delay,
            result_pause=result_pause(table),
            deadlines=table.deadlines,
            left={s.seat for s in seats if s.left},
            excused={s.seat for s in seats if s.excused},
            creator=creator_seat(table, seats),
        )
        history = [] if starting else await self.db.recent_chat(table.id, HISTORY)
        chat = ChatLog(
            [chat_entry(row) for row in history], spectators_shown=table.spectator_chat_shown
        )

        async def finish(game: Game[Any]) -> None:
            await self.db.set_status(table.id, "finished", game.result)
            if self.cluster is not None:
                await self.cluster.finished(table.id)
            self._retire_later(table.id)
            await self._news.tell(table.id)

        runtime = TableRuntime(table.id, state, self.db, control, on_finish=finish, chat=chat)
        runtime.on_seat_gone = lambda seat: self._presence.absence.seen(table.id, seat)
        runtime.clock.on_asked = lambda asked: self._news.asked(table.id, runtime, asked)
        for row in seats:  # from now on this process's runtime sees every client come and go
            self._presence.absence.seen(table.id, row.seat)
        self.runtimes[table.id] = runtime
        if self.cluster is not None and table.status == "running":
            self.cluster.launched(runtime)
        runtime.start()

    def _retire_later(self, table_id: str) -> None:
        """Retire a finished table once its players have had time to read the result.

        Every way a finished table gets into memory (its last move, a restart, a watcher asking
        for it) must come here, or the table would stay in memory until the server stops.
        """
        old = self._retiring.pop(table_id, None)
        if old is not None:
            old.cancel()
        self._retiring[table_id] = asyncio.get_running_loop().call_later(
            FINISHED_TABLE_LINGERS, lambda: asyncio.create_task(self._retire(table_id))
        )

    async def drop(self, table_id: str) -> None:
        """Stop running a table another process has taken over (this one lost its lease):
        its clients here are disconnected, and reconnect to wherever it runs now."""
        async with self._book.known_lock(table_id):
            runtime = self.runtimes.pop(table_id, None)
            if runtime is None:
                return
            for conn in list(runtime.connections):
                conn.close(TRY_AGAIN_LATER, "this table moved to another server process")
            await runtime.stop()

    async def link(self, table_id: str, conn: Connection) -> bool:
        """Connect a client to a running table another process runs; False when there is no
        such process (alone, or the table is not running) and the client should wait here."""
        if self.cluster is None or (await self._book.table(table_id)).status != "running":
            return False
        await self.cluster.link(table_id, conn)
        return True

    async def _retire(self, table_id: str) -> None:
        """A finished table leaves memory after a while; watchers who come later get it
        rebuilt from the database (`runtime`)."""
        self._retiring.pop(table_id, None)
        runtime = self.runtimes.pop(table_id, None)
        if runtime is not None:
            await runtime.stop()

    async def left_here(self, table_id: str, seat: int, bot_kind: str | None) -> None:
        """A player left a table running here: a bot of `bot_kind` takes the seat over, or
        (None) the seat resigns, so the table never waits for them (no clock)."""
        runtime = self.runtimes.get(table_id)
        if runtime is None:
            return
        runtime.release(seat)
        if bot_kind is not None:
            table = await self._book.table(table_id)
            runtime.set_bot(seat, games.make_bots(table.game, {seat: bot_kind}, table.seed)[seat])
        else:
            await runtime.resign(seat)

    async def seat_gone(
        self, table_id: str, seat: int, bot_kind: str | None, *, here: bool
    ) -> None:
        """A player is gone from a running table (its seat row says so already): the process
        that runs it, this one (`here`) or another, gives the seat to a bot or resigns it."""
        if here:
            await self.left_here(table_id, seat, bot_kind)
        elif self.cluster is not None:
            self.cluster.left(table_id, seat, bot_kind)

    async def close(self) -> None:
        """Stop every table running here (the server stops)."""
        for handle in self._retiring.values():
            handle.cancel()
        for runtime in list(self.runtimes.values()):
            await runtime.stop()
        self.runtimes.clear()
