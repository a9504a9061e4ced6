"""Who is at a running table: each seat connected, offline, away (the clock made its last move),
played by a bot or left, and how many watch. Public, the same for everyone, and sent to every
connection when it changes, changes within `PRESENCE_DELAY` as one message."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from pokerhall.engine import JSON, Game
from pokerhall.server.tables.commands import Inbox, MoveCommand, PresenceTick
from pokerhall.server.tables.seat_control import SeatControl
from pokerhall.server.wire.connection import Peer
from pokerhall.server.wire.messages import server_message

PRESENCE_DELAY = 0.25
"""Seconds presence changes are gathered before they are sent as one message (a table
starting attaches every waiting connection at once; a reconnect is a detach and an attach)."""


class Presence:
    def __init__(
        self,
        state: Game[Any],
        control: SeatControl,
        connections: set[Peer],
        inbox: Inbox,
        *,
        live_connections: Callable[[], list[Peer]],
    ) -> None:
        self._state = state
        self._control = control
        self._connections = connections
        self._inbox = inbox
        self._live_connections = live_connections
        self._away: set[int] = set()
        """Seats shown as away: the clock made their last move, and they have neither moved
        nor reconnected since."""
        self._away_unshown: dict[int, bool] = {}
        """Away (True) or back (False) by a quiet move, shown once the prompts change visibly
        (`moved`), so presence never tells who answered a secret prompt (Q2)."""
        self._timer: asyncio.TimerHandle | None = None

    def seats_json(self) -> JSON:
        """Each seat's status and the number of spectators: public, the same for everyone.

        `bot` (a bot from the start), `replaced` (a bot took over from a player who left),
        `left` (left, and the seat resigned), `away` (the clock made the seat's last move,
        `_away`), `connected` or `offline`. A player's second tab counts once; a player who
        left and still watches counts as a spectator."""
        connected = {conn.seat for conn in self._connections if not conn.closed}
        spectators = sum(1 for conn in self._connections if conn.seat is None and not conn.closed)
        bots, left = self._control.bots, self._control.left
        seats = []
        for seat in range(self._state.num_seats):
            if seat in bots:
                seats.append("replaced" if seat in left else "bot")
            elif seat in left:
                seats.append("left")
            elif seat in self._away:
                seats.append("away")
            else:
                seats.append("connected" if seat in connected else "offline")
        return {"seats": seats, "spectators": spectators}

    def back(self, seat: int) -> None:
        """A player who reconnects is back."""
        self._away.discard(seat)
        self._away_unshown.pop(seat, None)

    def moved(self, command: MoveCommand, *, visible: bool) -> None:
        """A clock's move makes its seat away, a player's own move brings it back: at once
        when the move changed what others are asked (`visible`), else (a quiet answer to a
        simultaneous prompt) once the prompts next change visibly."""
        seat = command.seat
        if command.source == "clock":
            self._away_unshown[seat] = True
        elif command.source == "player" and (seat in self._away or seat in self._away_unshown):
            self._away_unshown[seat] = False
        if not visible or not self._away_unshown:
            return
        before = set(self._away)
        for seat, away in self._away_unshown.items():
            if away:
                self._away.add(seat)
            else:
                self._away.discard(seat)
        self._away_unshown.clear()
        if self._away != before:
            self.changed()

    def changed(self) -> None:
        """Send the presence soon, once for a burst of changes (through the inbox, like
        every other thing the table does)."""
        if self._timer is not None or not self._inbox.running:
            return
        self._timer = self._inbox.later(PRESENCE_DELAY, PresenceTick())

    def tick(self) -> None:
        """Send the presence to each connection that does not have it yet (a connection
        that just came got it in its snapshot)."""
        self._timer = None
        presence = self.seats_json()
        text = server_message("presence", **presence)
        for conn in self._live_connections():
            if conn.presence != presence:
                conn.presence = presence
                conn.send(text)

    def cancel(self) -> None:
        """The table stops: no presence is sent any more."""
        if self._timer is not None:
            self._timer.cancel()
