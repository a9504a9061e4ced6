"""Who is here: the connections waiting at tables that have not started, and how long each
seat has been away (`server/tables/absence.py`), on this process or, asked, on every one."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from pokerhall.server.tables.absence import Absence
from pokerhall.server.tables.ownership import Ownership
from pokerhall.server.tables.refusals import presence_unknown
from pokerhall.server.tables.runtime import TableRuntime
from pokerhall.server.wire.connection import Connection


class Presence:
    def __init__(self, runtime_here: Callable[[str], TableRuntime | None]) -> None:
        self._runtime_here = runtime_here
        """The table's runtime when it runs on this process."""
        self._waiting: defaultdict[str, set[Connection]] = defaultdict(set)
        """Connections to tables that have not started yet; they get every seat change."""
        self.absence = Absence()
        """How long seats have been away from this process: a seat is removed only after its
        grace time (`server/tables/absence.py`)."""
        self.cluster: Ownership | None = None
        """Set when several processes share the tables (`server/cluster/`)."""

    def wait(self, table_id: str, conn: Connection) -> None:
        self._waiting[table_id].add(conn)

    def unwait(self, table_id: str, conn: Connection) -> None:
        """The connection closed (or stops waiting): its seat's time away starts now."""
        self._waiting.get(table_id, set()).discard(conn)
        if conn.seat is not None:
            self.absence.seen(table_id, conn.seat)

    def stop_waiting(self, table_id: str, conn: Connection) -> bool:
        """Take the connection off the table's waiting list (not gone: it joins the running
        table instead); False when it was not on it (handed over already)."""
        waiting = self._waiting.get(table_id, set())
        if conn not in waiting:
            return False
        waiting.discard(conn)
        return True

    def waiting_at(self, table_id: str) -> list[Connection]:
        """The connections waiting for the table to start."""
        return list(self._waiting.get(table_id, ()))

    def hand_over(self, table_id: str) -> set[Connection]:
        """The table started: its waiting connections, no longer waiting here."""
        return self._waiting.pop(table_id, set())

    def free_seat(self, table_id: str, seat: int) -> None:
        """The seat was given up before the start: the sockets waiting in it no longer hold
        it (it is free for the next player)."""
        for conn in self._waiting.get(table_id, ()):
            if conn.seat == seat:
                conn.seat = None

    async def away(self, table_id: str, seat: int, running: bool) -> float | None:
        """How long `seat` has been away (`server/tables/absence.py`); None while a connection plays
        it, in the waiting room or at the running table. A table running here knows every
        client, wherever it is connected (`RemoteConnection`), and sees each one go;
        otherwise, with several processes, every process is asked (`Ownership.away`) and the
        least time away counts, and `presence_unknown` (retryable) is raised when not every one
        could answer."""
        if self.connected_here(table_id, seat):
            return None
        here = self.absence.away_for(table_id, seat)
        if self.cluster is None or (running and self._runtime_here(table_id) is not None):
            return here
        found = await self.cluster.away(table_id, seat, running)
        if found is None:
            raise presence_unknown()
        present, elsewhere = found
        return None if present else min(here, elsewhere)

    def connected_here(self, table_id: str, seat: int) -> bool:
        """Whether a connection of this process plays `seat` (in the waiting room or at the
        running table: with several processes, the latter includes other processes' clients
        of a table run here)."""
        runtime = self._runtime_here(table_id)
        watching = set(self.waiting_at(table_id)) | (runtime.connections if runtime else set())
        return any(conn.seat == seat for conn in watching)
