"""A running table's turn clock: each seat's deadline for its prompt, the table's deadline that
everyone sees, the time-outs, and the clock as stored with the table so a restart keeps it."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from pokerhall.engine import JSON, Game
from pokerhall.engine.protocol import TIMED_OUT
from pokerhall.server.store.db import Database
from pokerhall.server.tables.commands import ClockTick, Inbox, MoveCommand
from pokerhall.server.tables.seat_control import SeatControl

log = logging.getLogger("pokerhall.server")


class TurnClock:
    def __init__(
        self,
        table_id: str,
        state: Game[Any],
        db: Database,
        control: SeatControl,
        inbox: Inbox,
        *,
        now: Callable[[], float],
    ) -> None:
        self._table_id = table_id
        self._state = state
        self._db = db
        self._control = control
        self._inbox = inbox
        self._now = now
        self._deadlines: dict[int, float] = {}
        self._table_deadline: float | None = None
        """The table clock others see: the earliest deadline as it was when the current prompts
        became visible (`schedule`); kept while seats quietly answer their part of them."""
        self._table_prompt: int | None = None
        """The prompt id `_table_deadline` belongs to."""
        self._timer: asyncio.TimerHandle | None = None
        self._saved_clock: tuple[dict[int, float], float | None] = ({}, None)
        self._unsaved_clock: JSON | None = None
        self._clock_writer: asyncio.Task[None] | None = None
        self.on_asked: Callable[[list[int]], None] = _nobody_told
        """Told the seats that have just been given a deadline: a new prompt waits on each
        (the hall's turn listeners: e-mail notices, `people/notices.py`). Called on the
        table's task, so it must only take note and return."""

    def clock_for(self, seat: int | None) -> JSON:
        """Seconds left: for this seat's own prompt (its own business), and the table's
        deadline, derived from public information only (`schedule`), so that it says nothing
        about who has already answered a simultaneous prompt."""
        now = self._now()
        own = self._deadlines.get(seat) if seat is not None else None
        table = self._table_deadline
        return {
            "you": None if own is None else round(max(0.0, own - now), 1),
            "table": None if table is None else round(max(0.0, table - now), 1),
        }

    def answered(self, seat: int) -> None:
        """The seat moved, or a bot took it over: its next prompt gets a full clock (or none)."""
        self._deadlines.pop(seat, None)

    def halt(self) -> None:
        """Nobody's clock runs (the result pause)."""
        self._deadlines.clear()
        self._table_deadline = self._table_prompt = None
        self._cancel_timer()
        self._save_deadlines()

    def schedule(self) -> None:
        """A deadline for each pending seat no bot plays, kept for a seat still asked the same,
        and the timer for the earliest."""
        pending = self._state.pending()
        now = self._now()
        bots = self._control.bots
        self._deadlines = {
            s: d for s, d in self._deadlines.items() if s in pending and s not in bots
        }
        asked = []
        if self._control.turn_clock is not None:
            for seat in pending:
                if seat not in bots and seat not in self._deadlines:
                    self._deadlines[seat] = now + self._control.turn_clock
                    asked.append(seat)
        if self._table_prompt != self._state.prompt_id:
            # Only when the prompts change visibly: a quiet answer to a simultaneous prompt (a
            # secret guess, Q2) drops the seat's own deadline, and the earliest of the rest
            # would tell everyone that it has answered, or once none is left, that all humans
            # have. The game's prompt id moves on exactly when others may see a change.
            self._table_prompt = self._state.prompt_id
            self._table_deadline = min(self._deadlines.values(), default=None)
        self._cancel_timer()
        if self._deadlines:
            when = min(self._deadlines.values())
            self._timer = self._inbox.later(when - now, ClockTick())
        self._save_deadlines()
        if asked:
            self.on_asked(asked)

    def deadline_wall(self, seat: int) -> float | None:
        """The seat's deadline as a wall-clock time (`time.time()`), if it has one."""
        own = self._deadlines.get(seat)
        return None if own is None else own - self._now() + time.time()

    async def tick(
        self,
        play: Callable[[MoveCommand], Awaitable[object]],
        excused: Callable[[], Awaitable[set[int]]],
    ) -> None:
        """Each seat whose time ran out gets its prompt's default move (`play`), marked as a
        time-out unless its player is excused (the game decides what a time-out means: W12).
        The caller schedules what comes next."""
        self._timer = None
        now = self._now()
        excused_seats: set[int] | None = None
        for seat in sorted(self._deadlines):
            deadline = self._deadlines.get(seat)  # an earlier default move may have changed it
            if deadline is not None and deadline <= now and seat in self._state.pending():
                if excused_seats is None:
                    excused_seats = await excused()
                move = self._state.default_move(seat)
                if seat not in excused_seats:
                    move[TIMED_OUT] = True
                await play(MoveCommand(seat, move, source="clock"))

    def cancel(self) -> None:
        """The table stops: no more time-outs."""
        self._cancel_timer()

    async def flush(self) -> None:
        """Wait until the clock last set is stored."""
        if self._clock_writer is not None:
            await self._clock_writer

    # --- the clock in the database -----------------------------------------------------------

    def restore(self, stored: JSON | None) -> None:
        """Take the stored wall-clock deadlines back onto the loop's clock, when they were
        stored for the state the table is in now. Deadlines stored for an earlier state (the
        server stopped between a move's commit and its clock's) are not this prompt's: those
        seats get a fresh clock, as before deadlines were stored."""
        if not stored or stored.get("state_id") != self._state.state_id:
            return
        pending = self._state.pending()
        to_loop = self._now() - time.time()
        self._deadlines = {
            int(seat): float(wall) + to_loop
            for seat, wall in stored.get("seats", {}).items()
            if int(seat) in pending
        }
        table = stored.get("table")
        self._table_deadline = None if table is None else float(table) + to_loop
        self._table_prompt = self._state.prompt_id
        self._saved_clock = (dict(self._deadlines), self._table_deadline)

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _stored_deadlines(self) -> JSON:
        to_wall = time.time() - self._now()
        table = self._table_deadline
        return {
            "state_id": self._state.state_id,
            "seats": {str(seat): round(d + to_wall, 3) for seat, d in self._deadlines.items()},
            "table": None if table is None else round(table + to_wall, 3),
        }

    def _save_deadlines(self) -> None:
        """Store the clock with the table when it changed: in the background, latest first,
        so the table never waits for it (the move itself is committed already). A clock not
        yet stored when the server stops is no worse than no stored clock (see `restore`)."""
        clock = (dict(self._deadlines), self._table_deadline)
        if clock == self._saved_clock:
            return
        self._saved_clock = clock
        self._unsaved_clock = self._stored_deadlines()
        if self._clock_writer is None or self._clock_writer.done():
            self._clock_writer = asyncio.create_task(self._write_deadlines())

    async def _write_deadlines(self) -> None:
        while (clock := self._unsaved_clock) is not None:
            self._unsaved_clock = None
            try:
                await self._db.set_deadlines(self._table_id, clock)
            except Exception:
                log.exception("table %s: could not store the turn clock", self._table_id)


def _nobody_told(seats: list[int]) -> None:
    """`TurnClock.on_asked` of a clock no hall listens to (tests, and before launch)."""
