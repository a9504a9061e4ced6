"""The lobby's list of tables, pushed to every open lobby page when it changes (`/ws/lobby`), so
no page polls for it; and to a signed-in person's lobby, their invitations to a seat
(`people/invitations.py`) whenever those change.

Changes come in bursts (a table filling up is several seat changes, and a busy hall changes all
the time), so they are coalesced: the list is read (one query, `Database.listing`) and sent at
most once per `COALESCE_SECONDS`, and only while somebody watches. A watcher that does not read
keeps only the latest lists.

An invitation made, declined, taken, withdrawn or lapsed is a change of its table's seats, so
it comes as every seat change does: the table's `News.announce`, which reaches the lobbies of
every process (`server/cluster/`: the hall's channel). After each such change the invitations
of the signed-in people watching here are read in one query, and a person's lobby is sent
theirs (`invitations`) when they differ from what it was sent last: a guest's lobby and a
person whose invitations did not change get nothing more.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass

from pokerhall.server.people.invitations import invitations_for
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


@dataclass
class _Signed:
    """A signed-in person's watcher: whose it is, and the invitations it was sent last."""

    account_id: str
    account_name: str
    sent: str | None = None


class LobbyFeed:
    def __init__(self, hall: Hall) -> None:
        self.hall = hall
        self._watchers: set[Watcher] = set()
        self._signed: dict[Watcher, _Signed] = {}
        self._sending: asyncio.Task[None] | None = None
        hall.news.lobby_listeners.append(self.changed)

    async def watch(self, account: tuple[str, str] | None = None) -> Watcher:
        """A queue that gets the list (as a `tables` message) now and after every change; for
        a signed-in person (`account`: their id and name), their invitations too."""
        queue: Watcher = asyncio.Queue(maxsize=BACKLOG)
        queue.put_nowait(await self._message())
        if account is not None:
            self._signed[queue] = _Signed(*account)
            await self._send_invitations({queue: self._signed[queue]})
        self._watchers.add(queue)
        return queue

    def unwatch(self, queue: Watcher) -> None:
        self._watchers.discard(queue)
        self._signed.pop(queue, None)

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
            self._put(queue, text)
        try:
            await self._send_invitations(dict(self._signed))
        except Exception:  # as the list: the next change reads them again (and the pages poll)
            log.exception("the invitations of the lobby's people could not be read")

    async def _send_invitations(self, signed: dict[Watcher, _Signed]) -> None:
        """Each of these watchers its person's invitations, when not what it got last."""
        if not signed:
            return
        found = await invitations_for(self.hall.db, {s.account_id for s in signed.values()})
        for queue, watcher in signed.items():
            text = server_message(
                "invitations",
                account=watcher.account_name,
                invitations=[i.model_dump() for i in found.get(watcher.account_id, [])],
            )
            if text != watcher.sent:
                watcher.sent = text
                self._put(queue, text)

    def _put(self, queue: Watcher, text: str) -> None:
        if queue.full():
            queue.get_nowait()
            signed = self._signed.get(queue)
            if signed is not None:  # perhaps its invitations went: send them again next time
                signed.sent = None
        queue.put_nowait(text)

    async def _message(self) -> str:
        tables = await self.hall.book.list_tables(LISTED, finished=RECENT_RESULTS)
        return server_message(
            "tables",
            tables=[table.model_dump() for table in tables if table.status != "finished"],
            finished=[table.model_dump() for table in tables if table.status == "finished"],
        )
