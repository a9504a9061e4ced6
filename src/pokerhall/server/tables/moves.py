"""A seat's move at a running table, from a player, a bot or the clock: checked against the
rules, committed to the database, and only then applied to the game and its events sent. So the
game in memory only ever holds committed moves (`Moves.apply`)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from pokerhall.engine import Event, Game, IllegalMove
from pokerhall.engine.events import ROUND_STARTED, started_round
from pokerhall.engine.protocol import TIMED_OUT
from pokerhall.engine.refusals import refuse
from pokerhall.server.store.db import Database
from pokerhall.server.tables.clock import TurnClock
from pokerhall.server.tables.commands import MoveCommand, MoveNotSaved
from pokerhall.server.tables.pause import Pauses
from pokerhall.server.tables.runtime_presence import Presence
from pokerhall.server.tables.sending import Sender

log = logging.getLogger("pokerhall.server")


class Moves:
    def __init__(
        self,
        table_id: str,
        state: Game[Any],
        db: Database,
        *,
        clock: TurnClock,
        pauses: Pauses,
        presence: Presence,
        sender: Sender,
        on_finish: Callable[[Game[Any]], Awaitable[None]],
    ) -> None:
        self._table_id = table_id
        self._state = state
        self._db = db
        self._clock = clock
        self._pauses = pauses
        self._presence = presence
        self._sender = sender
        self._on_finish = on_finish

    async def apply(self, command: MoveCommand) -> bool:
        """Check, commit, apply, then send; False when the move was refused.

        The state is changed only after the commit: snapshots are built from the state at any
        time (a sync, a new connection) while this task waits for the database, and they must
        not show a move that may still fail to be saved. It also leaves nothing to undo when
        the commit fails, and costs no copy of the state.
        """
        state, seat, pauses = self._state, command.seat, self._pauses
        prompt_before = state.prompt_id
        try:
            if command.source != "clock" and TIMED_OUT in command.move:
                raise refuse("refuse.move.clock_only")
            checked = state.check_move(seat, command.move)
        except IllegalMove as exc:
            if command.reply is not None:
                command.reply.set_exception(exc)
            return False
        try:
            await self._db.append_move(self._table_id, state.state_id + 1, seat, checked.record)
        except Exception:
            log.exception("table %s: could not save move %d", self._table_id, state.state_id + 1)
            if command.reply is not None:
                command.reply.set_exception(MoveNotSaved())
            pauses.schedule()  # bots and clocks carry on from the unchanged state
            return False
        events = state.play(checked)  # cannot fail: checked in this state, parsed once
        if any(event.type == ROUND_STARTED for event in events):
            pauses.keep_current_round()
        if state.over:
            await self._on_finish(state)
        if command.reply is not None:
            command.reply.set_result(state.state_id)
        self._clock.answered(seat)  # the seat's next prompt gets a full clock
        began = not state.over and _hand_ended(events) and pauses.begin()
        pauses.schedule()  # first, so the update carries the clock of the prompts it asks
        self._sender.broadcast(events, mover=seat)
        self._presence.moved(command, visible=state.prompt_id != prompt_before)
        if began:
            pauses.send()
        elif pauses.paused and command.source == "player":
            pauses.ready(seat)  # moving on in the next hand is pressing Next hand
        return True


def _hand_ended(events: list[Event]) -> bool:
    """Whether these events end a hand (battle, deal): a round starts that is not the first.
    Every game emits `round_started` (`engine.events.ROUND_STARTED`), so the runtime needs
    nothing else from a game to know a hand's end; a game's last hand ends with the game."""
    return any(started_round(e) not in (None, 1) for e in events)
