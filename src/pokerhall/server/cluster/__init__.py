"""Several server processes over one PostgreSQL database and one Redis.

PostgreSQL holds the truth: the moves, the seats, and which process runs each table (`lease.py`,
which also fences a stale owner's moves). Redis carries the processes' messages (`bus.py`): a
client's messages to the process running its table and what that process sends back
(`routing.py`, `fanout.py`), and the hall's news (a table claimed, seats changed, a table
started or finished). `Cluster` ties them to the hall through its `Ownership` seam and runs two
loops: one renews this process's leases (and drops the tables it lost), the other takes over
the tables of processes that died or stalled; apart, so that replaying the tables taken over
never makes a renewal late. How often each runs, and what a takeover costs, is `timing.py`'s.

Alone (SQLite, no Redis) none of this is loaded, and the hall runs every table itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from pokerhall.server.cluster.bus import Bus, Message
from pokerhall.server.cluster.fanout import fan_out
from pokerhall.server.cluster.lease import Leases
from pokerhall.server.cluster.routing import ClientHandler, Router
from pokerhall.server.cluster.timing import DEFAULT, Timing
from pokerhall.server.store.db import Database
from pokerhall.server.tables.hall import Hall
from pokerhall.server.tables.runtime import TableRuntime
from pokerhall.server.wire.connection import TRY_AGAIN_LATER, Connection
from pokerhall.server.wire.messages import error_message

log = logging.getLogger("pokerhall.cluster")
UNREACHABLE = (
    "this table runs on another server process, which cannot be reached now; reconnect soon"
)


def _seconds(value: object) -> float:
    """A time away as another process answered it; none, or not a number, counts as no time
    away (so that answer allows no removal)."""
    if isinstance(value, int | float) and not isinstance(value, bool) and value >= 0:
        return float(value)
    return 0.0


def process_id() -> str:
    """Unique per process run: a restarted process is a new owner, whose old leases expire."""
    return f"{socket.gethostname()[:20]}-{os.getpid()}-{secrets.token_hex(3)}"


class Cluster:
    def __init__(
        self,
        hall: Hall,
        db: Database,
        redis_url: str,
        *,
        prefix: str = "pokerhall",
        handle: ClientHandler,
        timing: Timing = DEFAULT,
    ) -> None:
        if db.dialect != "postgresql":
            raise ValueError("several processes need PostgreSQL: --db postgresql://...")
        self.hall = hall
        self.id = process_id()
        self.timing = timing
        self.leases = Leases(db, self.id, timing.lease, timing.lock_idle)
        self.bus = Bus(redis_url, prefix, self.id, self._receive, timing)
        self.router = Router(self.bus, hall.runtimes.get, handle)
        self.bus.on_availability.append(self._availability_changed)
        db.fence = self.leases.fence
        hall.cluster = self
        self._loops: list[asyncio.Task[None]] = []
        self._working: set[asyncio.Task[None]] = set()

    def start(self) -> None:
        self.bus.start()
        self.start_loops()

    def start_loops(self) -> None:
        """Start renewing and scanning (`start`; after `stop_loops`, as a stalled process
        that runs again would)."""
        self._loops = [
            asyncio.create_task(self._every(self.timing.renew, self._renew), name="cluster-renew"),
            asyncio.create_task(self._every(self.timing.scan, self._scan), name="cluster-scan"),
        ]

    async def stop_loops(self) -> None:
        """Stop renewing and scanning: the leases run out (`close`; a stall, in the tests)."""
        for loop in self._loops:
            loop.cancel()
        for loop in self._loops:
            with contextlib.suppress(asyncio.CancelledError):
                await loop
        self._loops = []

    async def close(self) -> None:
        """Stop (the hall has stopped its tables): give the leases up, so that other
        processes take the tables over at once rather than when the leases expire."""
        await self.stop_loops()
        await self.router.close()
        with contextlib.suppress(Exception):
            await self.leases.release_all()
        await self.bus.close()

    def health(self) -> dict[str, object]:
        return {
            "process": self.id,
            "scale_out": "available" if self.bus.available else "unavailable",
            "tables_here": len(self.leases.held),
        }

    # --- the hall's seam (`ownership.Ownership`) ---------------------------------------------

    async def acquire(self, table_id: str) -> bool:
        return await self.leases.acquire(table_id)

    def launched(self, runtime: TableRuntime) -> None:
        runtime.fan_out = fan_out(self.bus)
        self.router.close_links(runtime.table_id)  # clients here of its old owner come back
        self.bus.to_hall({"k": "claimed", "t": runtime.table_id, "o": self.id})

    async def finished(self, table_id: str) -> None:
        with contextlib.suppress(Exception):  # it expires by itself otherwise
            await self.leases.release(table_id)

    def changed(self, table_id: str | None) -> None:
        self.bus.to_hall({"k": "table", "t": table_id} if table_id else {"k": "lobby"})

    async def link(self, table_id: str, conn: Connection) -> None:
        """Connect a client here to the table's owner; refused (the client reconnects) when
        the owner is not known or cannot be reached."""
        owner = await self.leases.owner_of(table_id) if self.bus.available else None
        if owner is None or owner == self.id:
            conn.send(error_message("table_elsewhere", UNREACHABLE))
            conn.close(TRY_AGAIN_LATER, "reconnect soon")
            return
        self.router.link(table_id, owner, conn)

    def unlink(self, conn: Connection) -> None:
        self.router.unlink(conn)

    def left(self, table_id: str, seat: int, bot_kind: str | None) -> None:
        """A player left a table run elsewhere: its owner gives the seat to a bot or resigns
        it (`Running.left_here`)."""
        message = {"k": "left", "t": table_id, "s": seat, "b": bot_kind}
        self.bus.to_hall(message)

    def share(self, topic: str, key: str) -> None:
        self.bus.to_hall({"k": "news", "n": topic, "t": key})

    def told(self, table_id: str) -> None:
        self.bus.to_hall({"k": "status", "t": table_id})

    async def away(self, table_id: str, seat: int, running: bool) -> tuple[bool, float] | None:
        """Whether a connection on another process plays the seat, and the least time any
        process has seen it away (`server/tables/absence.py`; this one's included): every process is
        asked (`Bus.ask`), for its waiting room's connections and the clients it links to the
        table's owner; a running table's owner, whose runtime has every connected client,
        must be among those that answer. None when that cannot be known now."""
        owner = await self.leases.owner_of(table_id) if running else None
        if running and owner is None:  # being taken over: ask again in a moment
            return None
        question = {"k": "present?", "t": table_id, "s": seat}
        answers = await self.bus.ask(question, self.timing.ask)
        if answers is None or (running and owner not in {a.get("from") for a in answers}):
            return None
        present = any(a.get("p") for a in answers) or self._plays_here(table_id, seat)
        # an answer without a time away (a process of an older version) allows no removal
        times = [_seconds(a.get("a")) for a in answers]
        return present, min([self.hall.absence.away_for(table_id, seat), *times])

    def _plays_here(self, table_id: str, seat: int) -> bool:
        """A connection of this process plays the seat: waiting, at the runtime, or linked."""
        linked = self.router.linked(table_id)
        return self.hall.presence.connected_here(table_id, seat) or any(
            c.seat == seat for c in linked
        )

    # --- receiving ---------------------------------------------------------------------------

    async def _receive(self, message: Message) -> None:
        kind = message.get("k")
        if kind == "claimed":
            table_id, owner = message["t"], message["o"]
            self.router.close_links(table_id, unless_owner=owner)
            if table_id not in self.hall.runtimes:
                for conn in self.hall.presence.hand_over(table_id):
                    self.router.link(table_id, owner, conn)
        elif kind == "table":
            table_id = message["t"]
            if self.hall.presence.waiting_at(table_id) or table_id in self.hall.runtimes:
                # a task: routed messages must not wait for the database
                self._spawn(self.hall.news.announce_here(table_id))
            else:
                self.hall.news.lobby_changed_here()  # nobody here watches the table itself
        elif kind == "lobby":
            self.hall.news.lobby_changed_here()
        elif kind == "present?":
            table_id, seat = message["t"], message["s"]
            away = self.hall.absence.away_for(table_id, seat)
            self.bus.answer(message, {"p": self._plays_here(table_id, seat), "a": away})
        elif kind == "news":
            self._spawn(self.hall.news.hear(message["n"], message["t"]))
        elif kind == "status":  # a table started or finished (the leagues' watchers here)
            self._spawn(self.hall.news.tell_here(message["t"]))
        elif kind == "left":
            if message["t"] in self.hall.runtimes:
                self._spawn(self.hall.running.left_here(message["t"], message["s"], message["b"]))
        else:
            await self.router.receive(message)

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._working.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        self._working.discard(task)
        if not task.cancelled() and (exc := task.exception()) is not None:
            log.error("cluster news failed", exc_info=exc)

    def _availability_changed(self, available: bool) -> None:
        if not available:  # nobody can reach across: clients reconnect to what still works
            self.router.close_links(None)
            self.router.drop_remotes()

    # --- the loops ---------------------------------------------------------------------------

    async def _every(self, seconds: float, work: Callable[[], Awaitable[None]]) -> None:
        """Run `work` every `seconds` (from start to start, so a slow round does not stretch
        the period; a round that overran is followed at once)."""
        clock = asyncio.get_running_loop()
        while True:
            started = clock.time()
            try:
                await work()
            except Exception as exc:  # the database or Redis is away: try again next round
                log.warning("cluster %s failed: %s", getattr(work, "__name__", work), exc)
            await asyncio.sleep(max(0.0, seconds - (clock.time() - started)))

    async def _renew(self) -> None:
        """Renew this process's leases, then say it is alive; the tables it lost (it was too
        slow to renew) are dropped in the background, so the next renewal is on time."""
        for table_id in await self.leases.renew():
            log.warning("table %s: lease lost, another process runs it now", table_id)
            self.router.drop_remotes(table_id)
            self._spawn(self.hall.running.drop(table_id))
        await self.bus.heartbeat()

    async def _scan(self) -> None:
        """Drop the clients of processes that stopped saying they are alive, and take over
        every table whose lease expired, all at once (each claim replays its table; the
        lease, taken first, decides which process gets it)."""
        origins = self.router.origins()
        if dead := set(origins) - await self.bus.alive(origins):
            self.router.drop_remotes(origins=dead)
        orphans = await self.leases.orphans()
        claims = await asyncio.gather(
            *(self.hall.running.claim_running(t) for t in orphans), return_exceptions=True
        )
        for table_id, claimed in zip(orphans, claims, strict=True):
            if isinstance(claimed, BaseException):
                log.warning("table %s: takeover failed: %s", table_id, claimed)
            elif claimed:
                log.warning("table %s: taken over from a process that stopped", table_id)
