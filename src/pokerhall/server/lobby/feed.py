"""The lobby's list of tables, pushed to every open lobby page when it changes (`/ws/lobby`), so
no page polls for it.

Changes come in bursts (a table filling up is several seat changes, and a busy hall changes all
the time), so they are coalesced: the list is read (one query, `Database.listing`) and sent at
most once per `COALESCE_SECONDS`, and only while somebody watches. A watcher that does not read
keeps only the latest lists.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from pokerhall.server.tables.hall import Hall
from pokerhall.server.wire.messages import server_message

log = logging.getLogger("pokerhall.server")
COALESCE_SECONDS = 0.25
LISTED = ["open", "running"]
"""What the lobby lists: the same as `GET /api/tables` without a status."""
RECENT_RESULTS = 10
"""Finished tables listed besides, newest first, with their results (`finished`)."""
BACKLOG = 4
"""Lists a watcher may have unread before the oldest is dropped."""
Watcher = asyncio.Queue[str]


class LobbyFeed:
    def __init__(self, hall: Hall) -> None:
        self.hall = hall
        self._watchers: set[Watcher] = set()
        self._sending: asyncio.Task[None] | None = None
        hall.news.lobby_listeners.append(self.changed)

    async def watch(self) -> Watcher:
        """A queue that gets the list (as a `tables` message) now and after every change."""
        queue: Watcher = asyncio.Queue(maxsize=BACKLOG)
        queue.put_nowait(await self._message())
        self._watchers.add(queue)
        return queue

    def unwatch(self, queue: Watcher) -> None:
        self._watchers.discard(queue)

    def changed(self) -> None:
        """The list may have changed: send it soon, unless a send is already on its way."""
        if self._watchers and self._sending is None:
            self._sending = asyncio.create_task(self._send_soon(), name="lobby-feed")

    async def close(self) -> None:
        if self._sending is not None:
            self._sending.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sending

    async def _send_soon(self) -> None:
        await asyncio.sleep(COALESCE_SECONDS)
        self._sending = None  # a change from now on is not in the list read below: send again
        try:
            text = await self._message()
        except Exception:  # the next change sends again; the pages keep the last list
            log.exception("the lobby's list could not be read")
            return
        for queue in list(self._watchers):
            if queue.full():
                queue.get_nowait()
            queue.put_nowait(text)

    async def _message(self) -> str:
        tables = await self.hall.book.list_tables(LISTED, finished=RECENT_RESULTS)
        return server_message(
            "tables",
            tables=[table.model_dump() for table in tables if table.status != "finished"],
            finished=[table.model_dump() for table in tables if table.status == "finished"],
        )
