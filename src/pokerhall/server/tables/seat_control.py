"""Who plays each seat of a running table: its player, a bot from the start, or a bot that took
over from a player who left (`SeatControl`), and what follows from it (`Seats`): the chat's
host, the seats a result pause waits for, the excused seats."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from pokerhall.engine import JSON, Game
from pokerhall.engine.bots import Bot
from pokerhall.server.store.db import Database
from pokerhall.server.wire.connection import Peer

log = logging.getLogger("pokerhall.server")


@dataclass
class SeatControl:
    """Who plays each seat: the bots (by seat) and the turn clock."""

    bots: dict[int, Bot] = field(default_factory=dict)
    turn_clock: float | None = None
    bot_delay: float = 0.0
    result_pause: float = 0.0
    """Seconds the end of a hand stays on the felt before bots and the clock go on with the
    next (`pause.Pauses.begin`); 0 for none."""
    deadlines: JSON | None = None
    """The clock as last stored with the table (`clock.TurnClock.restore`), so a table
    rebuilt after a restart keeps its deadlines instead of giving everyone a fresh clock."""
    left: set[int] = field(default_factory=set)
    """Seats whose player left (a bot plays those of them in `bots`, the others resigned)."""
    excused: set[int] = field(default_factory=set)
    """Seats whose player is excused (`controls.excuse`), as last read from the seat rows: the
    clock's moves for them carry no time-out mark (`engine.protocol.TIMED_OUT`)."""
    creator: int | None = None
    """The seat of the table's creator (`server/tables/creator.py`), when they sat down: the chat's
    host while they still play it."""


class Seats:
    """A table's seats as `SeatControl` says who plays them."""

    def __init__(
        self,
        table_id: str,
        state: Game[Any],
        db: Database,
        control: SeatControl,
        connections: set[Peer],
    ) -> None:
        self._table_id = table_id
        self._state = state
        self._db = db
        self._control = control
        self._connections = connections

    def host(self) -> int | None:
        """The seat that sets the chat (`chat.py`): the creator's while they still play it,
        else the lowest seat still played by the person who took it; None when every player
        has left."""
        bots, left = self._control.bots, self._control.left
        players = [s for s in range(self._state.num_seats) if s not in bots and s not in left]
        creator = self._control.creator
        return creator if creator in players else next(iter(players), None)

    def humans_in_game(self) -> set[int]:
        """The seats played by a person who is still in the game (a result pause waits for
        them)."""
        bots, left = self._control.bots, self._control.left
        return {
            seat
            for seat in range(self._state.num_seats)
            if seat not in bots and seat not in left and self._state.still_in(seat)
        }

    def leave(self, seat: int) -> None:
        """The player left: their connections only watch from now on."""
        self._control.left.add(seat)
        for conn in self._connections:
            if conn.seat == seat:
                conn.seat = None

    def take_over(self, seat: int, bot: Bot) -> None:
        """A bot plays the seat from now on."""
        self._control.bots[seat] = bot

    async def excused(self) -> set[int]:
        """The excused seats, read from the seat rows when the clock needs them: an excuse
        is given on whichever process the organiser or creator asks, and the database is
        where every process finds it. Unreadable: the last seats read (the move then most
        likely fails to be saved too, and the clock tries again)."""
        try:
            rows = await self._db.seats(self._table_id)
        except Exception:
            log.warning("table %s: could not read the excused seats", self._table_id)
            return set(self._control.excused)
        self._control.excused = {row.seat for row in rows if row.excused}
        return set(self._control.excused)
