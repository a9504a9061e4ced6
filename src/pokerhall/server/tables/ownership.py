"""What the hall's parts ask of the cluster when several processes share the tables
(`server/cluster/`), and the listeners the hall tells of changes."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Protocol

from pokerhall.server.tables.runtime import TableRuntime
from pokerhall.server.wire.connection import Connection


class Ownership(Protocol):
    """What the hall asks of the cluster when several processes share the tables
    (`server/cluster/`); None alone, when this process runs every table."""

    async def acquire(self, table_id: str) -> bool:
        """Take the running table's lease; False when another process runs it."""

    def launched(self, runtime: TableRuntime) -> None:
        """The table runs here now (its fan-out reaches other processes' clients too)."""

    async def finished(self, table_id: str) -> None:
        """The game is over: no process needs to run it any more."""

    def changed(self, table_id: str | None) -> None:
        """Tell the other processes that a table's seats or status (None: the lobby) changed."""

    async def link(self, table_id: str, conn: Connection) -> None:
        """Connect a client here to the process that runs its table."""

    def unlink(self, conn: Connection) -> None: ...

    def left(self, table_id: str, seat: int, bot_kind: str | None) -> None:
        """A player left a table another process runs: that process acts on it."""

    async def away(self, table_id: str, seat: int, running: bool) -> tuple[bool, float] | None:
        """Whether a connection of any process plays the seat, and the least time any
        process has seen it away (`server/tables/absence.py`); a running table's owner must answer.
        None when that cannot be known now."""

    def share(self, topic: str, key: str) -> None:
        """Tell the other processes' listeners of `topic` (`News.hear` there)."""

    def told(self, table_id: str) -> None:
        """Tell the other processes' status listeners that a table started or finished
        (`News.tell_here` there)."""


StatusListener = Callable[[str], Awaitable[None]]
"""Told a table's id when the table starts or finishes."""
NewsListener = Callable[[str], Awaitable[None]]
