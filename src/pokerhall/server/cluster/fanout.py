"""The owner's end of a client connected to another process, and the cluster's fan-out.

A `RemoteConnection` stands in a runtime's connections for a WebSocket held by another process,
so the runtime treats every client alike: it attaches and detaches them (and so knows who is
connected, wherever), and builds each audience's update once, as alone. `fan_out` then sends an
audience's text to its connections here directly and publishes it once to each other process
holding some of them, naming the connections it is for; that process hands the same text on.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pokerhall.server.cluster.bus import Bus
from pokerhall.server.tables.runtime import FanOut
from pokerhall.server.wire.chat_text import CHAT_BURST, CHAT_RATE
from pokerhall.server.wire.connection import NORMAL_CLOSURE, TRY_AGAIN_LATER, Peer, RateLimiter


class RemoteConnection:
    """A client connected to process `origin` (its connection `id` there)."""

    def __init__(self, bus: Bus, origin: str, conn_id: str, table_id: str, seat: int | None):
        self.bus = bus
        self.origin = origin
        self.id = conn_id
        self.table_id = table_id
        self._seat = seat
        self.closed = False
        self.chat_limit = RateLimiter(CHAT_RATE, CHAT_BURST)
        self.presence: dict[str, Any] | None = None

    @property
    def seat(self) -> int | None:
        return self._seat

    @seat.setter
    def seat(self, seat: int | None) -> None:
        """The owner changed the connection's seat (its player left): tell its process."""
        self._seat = seat
        self.bus.to_process(self.origin, {"k": "seat", "c": self.id, "s": seat})

    def send(self, text: str) -> None:
        if not self.closed:
            self.bus.to_process(self.origin, {"k": "send", "c": [self.id], "x": text})

    def close(self, code: int = NORMAL_CLOSURE, reason: str = "") -> None:
        if not self.closed:
            self.closed = True
            message = {"k": "close", "c": self.id, "code": code, "r": reason}
            self.bus.to_process(self.origin, message)

    async def wait_closed(self) -> None:
        """The table stops here (it finished long ago, or this process stops): the client
        reconnects, and finds the table wherever it is."""
        self.close(TRY_AGAIN_LATER, "the table stopped on its server process; reconnect")


def fan_out(bus: Bus) -> FanOut:
    """The runtime's seam (`runtime.FanOut`) for a table other processes have clients of."""

    def send(peers: Sequence[Peer], text: str) -> None:
        elsewhere: dict[str, list[str]] = {}
        for peer in peers:
            if isinstance(peer, RemoteConnection):
                if not peer.closed:
                    elsewhere.setdefault(peer.origin, []).append(peer.id)
            else:
                peer.send(text)
        for origin, ids in elsewhere.items():
            bus.to_process(origin, {"k": "send", "c": ids, "x": text})

    return send
