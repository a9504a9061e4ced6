"""Routing: a client connected here to a table another process runs, and the other way round.

Here (the client's process) a `Link` forwards every message the client sends, untouched, to the
owner, and hands the client what the owner sends it. There (the owner) the client is a
`RemoteConnection` attached to the table's runtime like any WebSocket, and its messages are
handled by the same code as a local client's (`tables/socket.py: handle_message`), one at a
time and in order, as a WebSocket's are. So the owner's runtime decides everything, visibility
included, and this module only carries text.

Messages, on the receiving process's channel (`bus.py`): to the owner `attach` (table, conn,
origin, seat), `msg` (conn, text), `detach` (conn); to the client's process `send` (conns, text),
`close` (conn, code, reason), `seat` (conn, seat).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from pokerhall.server.cluster.bus import Bus, Message
from pokerhall.server.cluster.fanout import RemoteConnection
from pokerhall.server.tables.runtime import TableRuntime
from pokerhall.server.wire.connection import TRY_AGAIN_LATER, Connection, Peer

log = logging.getLogger("pokerhall.cluster")
ClientHandler = Callable[[Peer, str, str], Awaitable[None]]
"""(connection, table id, text): how the owner answers one client message."""
MOVED = "this table moved to another server process; reconnect"


@dataclass
class Link:
    conn: Connection
    table_id: str
    owner: str


@dataclass
class Remote:
    """A client of another process at a table run here, with its messages in order."""

    peer: RemoteConnection
    inbox: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    worker: asyncio.Task[None] | None = None


class Router:
    def __init__(
        self,
        bus: Bus,
        runtime_of: Callable[[str], TableRuntime | None],
        handle: ClientHandler,
    ) -> None:
        self.bus = bus
        self.runtime_of = runtime_of
        self.handle = handle
        self.links: dict[str, Link] = {}
        """This process's clients of tables run elsewhere, by connection id."""
        self.remotes: dict[str, Remote] = {}
        """Other processes' clients of tables run here, by connection id."""

    # --- the client's process ----------------------------------------------------------------

    def link(self, table_id: str, owner: str, conn: Connection) -> None:
        conn_id = secrets.token_hex(8)
        self.links[conn_id] = Link(conn, table_id, owner)

        def forward(text: str) -> None:
            self.bus.to_process(owner, {"k": "msg", "c": conn_id, "x": text})

        conn.forward = forward
        self.bus.to_process(
            owner,
            {"k": "attach", "t": table_id, "c": conn_id, "o": self.bus.process_id, "s": conn.seat},
        )

    def unlink(self, conn: Connection) -> None:
        for conn_id, link in list(self.links.items()):
            if link.conn is conn:
                del self.links[conn_id]
                conn.forward = None
                self.bus.to_process(link.owner, {"k": "detach", "c": conn_id})

    def linked(self, table_id: str) -> list[Connection]:
        """This process's clients of a table run elsewhere."""
        return [link.conn for link in self.links.values() if link.table_id == table_id]

    def close_links(self, table_id: str | None, *, unless_owner: str | None = None) -> None:
        """Disconnect clients linked to a table's old owner (or all, for None): they reconnect
        and reach the table wherever it runs now."""
        for link in list(self.links.values()):
            if (table_id is None or link.table_id == table_id) and link.owner != unless_owner:
                link.conn.close(TRY_AGAIN_LATER, MOVED)

    # --- the owner ---------------------------------------------------------------------------

    def drop_remotes(self, table_id: str | None = None, origins: set[str] | None = None) -> None:
        """Detach other processes' clients: of one table (it left this process), of processes
        that died (`origins`), or all (Redis is gone, so they cannot be reached)."""
        for conn_id, remote in list(self.remotes.items()):
            peer = remote.peer
            if (table_id is None or peer.table_id == table_id) and (
                origins is None or peer.origin in origins
            ):
                self._detach(conn_id)
                peer.close(TRY_AGAIN_LATER, MOVED)

    def origins(self) -> list[str]:
        return sorted({remote.peer.origin for remote in self.remotes.values()})

    def _attach(self, message: Message) -> None:
        table_id, conn_id, origin = message["t"], message["c"], message["o"]
        runtime = self.runtime_of(table_id)
        if runtime is None:  # not run here (any more): the client finds its owner again
            self.bus.to_process(
                origin, {"k": "close", "c": conn_id, "code": TRY_AGAIN_LATER, "r": MOVED}
            )
            return
        peer = RemoteConnection(self.bus, origin, conn_id, table_id, message["s"])
        remote = Remote(peer)
        remote.worker = asyncio.create_task(self._work(remote), name=f"remote-{conn_id}")
        self.remotes[conn_id] = remote
        runtime.attach(peer)

    async def _work(self, remote: Remote) -> None:
        peer = remote.peer
        while (text := await remote.inbox.get()) is not None:
            try:
                await self.handle(peer, peer.table_id, text)
            except Exception:
                log.exception("table %s: a routed message failed", peer.table_id)

    def _detach(self, conn_id: str) -> None:
        remote = self.remotes.pop(conn_id, None)
        if remote is None:
            return
        remote.inbox.put_nowait(None)
        runtime = self.runtime_of(remote.peer.table_id)
        if runtime is not None:
            runtime.detach(remote.peer)

    # --- receiving ---------------------------------------------------------------------------

    async def receive(self, message: Message) -> None:
        kind = message.get("k")
        if kind == "attach":
            self._attach(message)
        elif kind == "msg":
            if (remote := self.remotes.get(message["c"])) is not None:
                remote.inbox.put_nowait(message["x"])
        elif kind == "detach":
            self._detach(message["c"])
        elif kind == "send":
            for conn_id in message["c"]:
                if (link := self.links.get(conn_id)) is not None:
                    link.conn.send(message["x"])
        elif kind == "close":
            if (link := self.links.get(message["c"])) is not None:
                link.conn.close(message["code"], message["r"])
        elif kind == "seat" and (link := self.links.get(message["c"])) is not None:
            link.conn.seat = message["s"]

    async def close(self) -> None:
        workers = [r.worker for r in self.remotes.values() if r.worker is not None]
        self.drop_remotes()
        for worker in workers:
            worker.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await worker
