"""What a running table sends its connections, by audience (a seat, or None: the spectators):
each connection gets the events its seat may see and its seat's view (the engine's visibility
is the only filter), and every message goes through one seam (`FanOut`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pokerhall.engine import JSON, Event, Game
from pokerhall.server.tables.updates import event_json, receives_update
from pokerhall.server.wire.connection import Peer
from pokerhall.server.wire.messages import server_message

FanOut = Callable[[Sequence[Peer], str], None]
"""Sends one text to the connections of one audience: every message a runtime sends goes
through this one seam. Alone, each connection is sent it (`send_each`); with several server
processes the cluster publishes it once per audience to each process holding some of them."""


def send_each(peers: Sequence[Peer], text: str) -> None:
    for peer in peers:
        peer.send(text)


class Sender:
    """Sends to a table's connections (`connections`, shared with the runtime)."""

    def __init__(
        self,
        state: Game[Any],
        connections: set[Peer],
        *,
        fan_out: FanOut,
        clock_for: Callable[[int | None], JSON],
        on_closed: Callable[[], None],
    ) -> None:
        self._state = state
        self._connections = connections
        self._fan_out = fan_out
        self._clock_for = clock_for
        self._on_closed = on_closed
        """Told when a closed connection is dropped: the presence changed."""

    def audiences(self) -> dict[int | None, list[Peer]]:
        """The open connections by audience (a seat, or None for the spectators)."""
        audiences: dict[int | None, list[Peer]] = {}
        for conn in list(self._connections):
            if conn.closed:
                self._connections.discard(conn)
                self._on_closed()
            else:
                audiences.setdefault(conn.seat, []).append(conn)
        return audiences

    def live_connections(self) -> list[Peer]:
        """The open connections; closed ones are dropped (their handler detaches them too)."""
        return [conn for peers in self.audiences().values() for conn in peers]

    def send(self, peers: Sequence[Peer], text: str) -> None:
        self._fan_out(peers, text)

    def send_where(self, text: str, reads: Callable[[int | None], bool]) -> None:
        """Send one text to each audience (a seat, or None: the spectators) that `reads` it."""
        for seat, peers in self.audiences().items():
            if reads(seat):
                self._fan_out(peers, text)

    def send_built(self, build: Callable[[int | None], str]) -> None:
        """Send each audience the text built for it."""
        for seat, peers in self.audiences().items():
            self._fan_out(peers, build(seat))

    def broadcast(self, events: list[Event], mover: int) -> None:
        """Send each connection the events it may see and its new view.

        A connection that may see none of the events gets nothing at all (the mover always
        gets its update): an empty update would tell the others that somebody moved, which a
        secret simultaneous move such as a guess (Q2) must not. The message is built and
        encoded once per audience (a seat, or the spectators), however many connections
        share it: a player's second tab and every spectator get the same text.
        """
        described: dict[int, JSON] = {}
        for seat, peers in self.audiences().items():
            text = self._update(seat, events, described, mover)
            if text is not None:
                self._fan_out(peers, text)

    def event_json(self, event: Event) -> JSON:
        return event_json(self._state, event)

    def _update(
        self, seat: int | None, events: list[Event], described: dict[int, JSON], mover: int
    ) -> str | None:
        """One audience's update, or None when it may see none of the events and did not
        move; `described` keeps each event's JSON for the next audience."""
        if not receives_update(events, seat, mover):
            return None
        visible = [
            described[i] if i in described else described.setdefault(i, self.event_json(e))
            for i, e in enumerate(events)
            if e.visible_to(seat)
        ]
        return server_message(
            "update", events=visible, view=self._state.view(seat), clock=self._clock_for(seat)
        )
