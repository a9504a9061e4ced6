"""The hall's news: telling everyone watching a table that its seats or status changed, the
lobbies that their list may have, and the listeners (the leagues) that a table started or
finished or what another process shared, on this process and, through the cluster, on every
one."""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Callable

from pokerhall.server.tables.book import TableBook
from pokerhall.server.tables.ownership import NewsListener, Ownership, StatusListener
from pokerhall.server.tables.presence import Presence
from pokerhall.server.tables.runtime import TableRuntime
from pokerhall.server.wire.messages import TableInfo, server_message

log = logging.getLogger("pokerhall.server")

TurnListener = Callable[[str, TableRuntime, list[int]], None]
"""Told a table's id, its runtime and the seats a new prompt waits on (`News.asked`)."""


class News:
    def __init__(
        self,
        book: TableBook,
        presence: Presence,
        runtime_here: Callable[[str], TableRuntime | None],
    ) -> None:
        self._book = book
        self._presence = presence
        self._runtime_here = runtime_here
        self.cluster: Ownership | None = None
        """Set when several processes share the tables (`server/cluster/`)."""
        self.listeners: list[StatusListener] = []
        """Told when a table starts or finishes (the leagues listen), wherever it runs."""
        self.news_listeners: defaultdict[str, list[NewsListener]] = defaultdict(list)
        """Told, by topic, of news shared by another process (`share`): a feature built on the
        hall (the leagues) keeps its watchers here up to date with changes made elsewhere."""
        self.turn_listeners: list[TurnListener] = []
        """Told, on the table's own task, the seats a new prompt waits on at a table running
        here (`asked`): e-mail notices (`people/notices.py`) take note and return at once."""
        self.lobby_listeners: list[Callable[[], None]] = []
        """Told (without waiting) when the lobby's list may have changed: a table opened,
        a seat was taken or given up, a table started or finished."""

    async def announce(self, table_id: str, known: TableInfo | None = None) -> None:
        """Tell everyone watching the table that its seats or status changed. `known`: the
        table's info as the caller made it from the rows it just read and wrote under the
        table's lock, which saves reading them again; used only when this process is alone
        (with others, another process may have changed the table meanwhile: it is read)."""
        await self.announce_here(table_id, known if self.cluster is None else None)
        if self.cluster is not None:
            self.cluster.changed(table_id)

    async def announce_here(self, table_id: str, known: TableInfo | None = None) -> None:
        """`announce` for this process's clients (and lobbies) only."""
        self.lobby_changed_here()
        info = known if known is not None else await self._book.info(table_id)
        text = server_message("table", table=info.model_dump())
        for conn in self._presence.waiting_at(table_id):
            conn.send(text)
        runtime = self._runtime_here(table_id)
        if runtime is not None:
            runtime.notify(text)

    def lobby_changed(self) -> None:
        """Tell the lobbies, on every process, that their list may have changed."""
        self.lobby_changed_here()
        if self.cluster is not None:
            self.cluster.changed(None)

    def lobby_changed_here(self) -> None:
        for listener in self.lobby_listeners:
            listener()

    async def tell(self, table_id: str) -> None:
        """Tell the listeners a table started or finished, on every process: a league page's
        socket may be held by another process than the one running its table."""
        self.lobby_changed()
        await self.tell_here(table_id)
        if self.cluster is not None:
            self.cluster.told(table_id)

    async def tell_here(self, table_id: str) -> None:
        """`tell` for this process's listeners only; one that fails is logged, since the
        table itself has moved on either way."""
        for listener in self.listeners:
            try:
                await listener(table_id)
            except Exception:
                log.exception("table %s: a status listener failed", table_id)

    def asked(self, table_id: str, runtime: TableRuntime, seats: list[int]) -> None:
        """A new prompt waits on these seats (their turn clock has just started); a listener
        that fails is logged: the table goes on either way."""
        for listener in self.turn_listeners:
            try:
                listener(table_id, runtime, seats)
            except Exception:
                log.exception("table %s: a turn listener failed", table_id)

    def share(self, topic: str, key: str) -> None:
        """Tell the other processes' `news_listeners` of `topic` (nothing, alone)."""
        if self.cluster is not None:
            self.cluster.share(topic, key)

    async def hear(self, topic: str, key: str) -> None:
        """News shared by another process; a listener that fails is logged."""
        for listener in self.news_listeners.get(topic, ()):
            try:
                await listener(key)
            except Exception:
                log.exception("news %s %s: a listener failed", topic, key)
