"""The hall: every table, open, running or finished, made of parts of one job each, which it
builds and ties together:

- `book` (`TableBook`, `book.py`): the tables and seats as stored, each table's lock, and what
  is read from them (`info`, `list_tables`, records, `authenticate`);
- `opening` (`Opening`, `opening.py`): new tables, a lobby's or a league's;
- `seats` (`Seats`, `seats.py`): joining, leaving, claiming a kept seat, starting a table;
- `running` (`Running`, `running.py`): the table runtimes in memory, claimed, started, retired;
- `news` (`News`, `news.py`): telling watchers, lobbies and listeners what changed;
- `presence` (`Presence`, `presence.py`): the waiting rooms and how long seats were away.

A part reaches another only through its public methods; the refusals they share are in
`refusals.py`. With several processes, the cluster (`ownership.Ownership`) is set on the hall
(`cluster`), which hands it to the parts that ask it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from pokerhall.server.store.db import Database
from pokerhall.server.tables.absence import Absence
from pokerhall.server.tables.access import TableAccess
from pokerhall.server.tables.book import TableBook
from pokerhall.server.tables.news import News
from pokerhall.server.tables.opening import Opening
from pokerhall.server.tables.ownership import Ownership
from pokerhall.server.tables.presence import Presence
from pokerhall.server.tables.running import Running
from pokerhall.server.tables.runtime import TableRuntime
from pokerhall.server.tables.seats import Seats

__all__ = ["Hall", "Ownership"]

log = logging.getLogger("pokerhall.server")


class Hall:
    def __init__(self, db: Database) -> None:
        self.db = db
        self.runtimes: dict[str, TableRuntime] = {}
        """The tables running (or finished and still shown) on this process, by id."""
        self.book = TableBook(db)
        self.presence = Presence(self.runtimes.get)
        self.news = News(self.book, self.presence, self.runtimes.get)
        self.running = Running(db, self.book, self.news, self.presence, self.runtimes)
        self.seats = Seats(db, self.book, self.news, self.presence, self.running)
        self.opening = Opening(db, self.book, self.news)
        self.access = TableAccess(db)
        """Who may see a private table's play (`access.py`)."""
        self._cluster: Ownership | None = None
        self._restoring: asyncio.Task[None] | None = None

    @property
    def cluster(self) -> Ownership | None:
        """Set when several processes share the tables (`server/cluster/`)."""
        return self._cluster

    @cluster.setter
    def cluster(self, cluster: Ownership | None) -> None:
        self._cluster = cluster
        self.news.cluster = self.presence.cluster = self.running.cluster = cluster

    @property
    def absence(self) -> Absence:
        """How long seats have been away from this process (`Presence.absence`)."""
        return self.presence.absence

    @absence.setter
    def absence(self, absence: Absence) -> None:
        self.presence.absence = absence

    async def restore(self) -> int:
        """Claim every unfinished table by replaying its moves; returns how many were claimed
        here (a table a request claimed first is not counted again).

        One table at a time, giving way to requests between tables: the server serves from
        the start (`restore_in_background`), and a request for a table not claimed yet claims
        it at once (`Running.runtime`). A table that cannot be rebuilt is logged and left
        alone: it must not keep the other tables from starting.
        """
        restored = 0
        for table_id in await self.db.table_ids(["running"]):
            if await self.running.claim_running(table_id):
                restored += 1
            await asyncio.sleep(0)
        return restored

    def restore_in_background(self) -> None:
        """Start `restore` without waiting for it (start-up): a restart with many running
        tables answers its first request at once instead of after replaying them all."""
        self._restoring = asyncio.create_task(self._restore_logged(), name="hall-restore")

    async def restored(self) -> None:
        """Wait for the background restore, when one runs."""
        if self._restoring is not None:
            await asyncio.shield(self._restoring)

    async def _restore_logged(self) -> None:
        restored = await self.restore()
        if restored:
            log.info("restored %d unfinished tables", restored)

    async def close(self) -> None:
        if self._restoring is not None and not self._restoring.done():
            self._restoring.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._restoring
        await self.running.close()
