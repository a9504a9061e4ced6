"""A running table: one asyncio task applies every move of the table in order.

Moves arrive from players, bots and the turn clock through one inbox (`commands.py`), and so do
the table's chat messages (stored, then sent to the connections that may read them,
`table_chat.py`) and the presence ticks (who is connected, away or replaced by a bot, and how
many watch: sent to everyone when it changes, changes within `PRESENCE_DELAY` as one message,
`runtime_presence.py`). A move is checked against the rules, committed to the database, and only
then applied to the game and its events sent (`moves.py`), each connection getting the events
its seat may see and its seat's view (`sending.py`: the engine's visibility is the only filter).
So the game in memory only ever holds committed moves, and anything built from it (an update, a
snapshot for a sync or a new connection, a bot's view) shows no move that could still be lost.

`TableRuntime` puts the parts together and is what the hall and the connections use: the turn
clock (`clock.py`), the bots' turns (`bot_turns.py`), who plays each seat (`seat_control.py`)
and the result pause (`pause.py`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from pokerhall.engine import JSON, Game, IllegalMove
from pokerhall.engine.bots import Bot
from pokerhall.server.store.db import Database
from pokerhall.server.tables.bot_turns import BotTurns
from pokerhall.server.tables.chat import ChatLog
from pokerhall.server.tables.clock import TurnClock
from pokerhall.server.tables.commands import (
    BotTurn,
    ChatCommand,
    ChatSettingsCommand,
    ClockTick,
    Command,
    Inbox,
    MoveCommand,
    MoveNotSaved,
    NextHandCommand,
    PauseCheck,
    PresenceTick,
)
from pokerhall.server.tables.moves import Moves
from pokerhall.server.tables.pause import NextHandRefused, Pauses
from pokerhall.server.tables.runtime_presence import PRESENCE_DELAY, Presence
from pokerhall.server.tables.seat_control import SeatControl, Seats
from pokerhall.server.tables.sending import FanOut, Sender, send_each
from pokerhall.server.tables.table_chat import TableChat
from pokerhall.server.wire.chat_text import Reaction
from pokerhall.server.wire.connection import Peer
from pokerhall.server.wire.messages import server_message

__all__ = [
    "PRESENCE_DELAY",
    "RESIGN",
    "FanOut",
    "MoveNotSaved",
    "NextHandRefused",
    "SeatControl",
    "TableRuntime",
    "send_each",
]

log = logging.getLogger("pokerhall.server")
RESIGN: JSON = {"type": "resign"}
"""The move every game accepts from a seat still in the game, in turn or not (`Game.resign`)."""


class TableRuntime:
    def __init__(
        self,
        table_id: str,
        state: Game[Any],
        db: Database,
        control: SeatControl,
        *,
        on_finish: Callable[[Game[Any]], Awaitable[None]],
        chat: ChatLog | None = None,
        now: Callable[[], float] | None = None,
    ) -> None:
        """`now` is the clock the deadlines are measured on: the event loop's unless a test
        gives its own."""
        self.table_id = table_id
        self.state = state
        self.db = db
        self.control = control
        self.chat = chat if chat is not None else ChatLog([], spectators_shown=False)
        self.connections: set[Peer] = set()
        self.fan_out: FanOut = send_each
        self.on_seat_gone: Callable[[int], None] = _nobody_told
        """Told the seat of a player's connection that went (here or, through the cluster,
        on another process): the hall counts the seat's time away from then."""
        clock_now = now if now is not None else _loop_time
        # `clock` and `pauses` are public for reading (the seconds left, the pause as clients
        # see it); the other parts are reached only through the methods below.
        self._inbox = Inbox(table_id)
        self._seats = Seats(table_id, state, db, control, self.connections)
        self.clock = TurnClock(table_id, state, db, control, self._inbox, now=clock_now)
        self._sender = Sender(
            state,
            self.connections,
            # `fan_out` as set when sending: the cluster sets its own once the table runs
            fan_out=lambda peers, text: self.fan_out(peers, text),
            clock_for=self.clock.clock_for,
            on_closed=lambda: self._presence.changed(),
        )
        self._presence = Presence(
            state,
            control,
            self.connections,
            self._inbox,
            live_connections=self._sender.live_connections,
        )
        self._bots = BotTurns(table_id, state, control, self._inbox)
        self.pauses = Pauses(
            state,
            control,
            seats=self._seats,
            clock=self.clock,
            bots=self._bots,
            sender=self._sender,
            inbox=self._inbox,
            now=clock_now,
        )
        self._table_chat = TableChat(
            table_id, db, self.chat, seats=self._seats, sender=self._sender
        )
        self._moves = Moves(
            table_id,
            state,
            db,
            clock=self.clock,
            pauses=self.pauses,
            presence=self._presence,
            sender=self._sender,
            on_finish=on_finish,
        )

    # --- life --------------------------------------------------------------------------------

    def start(self) -> None:
        # Clocks and bots are set before the task runs: the hall attaches the waiting room's
        # connections right after this, and their first snapshot must carry the clock of the
        # first prompts (no later update may come before the deadline passes).
        self.clock.restore(self.control.deadlines)
        self.pauses.keep_current_round()
        self.pauses.schedule()
        self._inbox.start(self._handle)

    async def stop(self) -> None:
        await self._inbox.stop()
        self.clock.cancel()  # after the task, which may have set a new timer
        self._presence.cancel()
        self.pauses.clear()
        await self.clock.flush()
        self._inbox.refuse_waiting()
        for conn in list(self.connections):
            await conn.wait_closed()

    async def _handle(self, command: Command) -> None:
        if isinstance(command, MoveCommand):
            await self._moves.apply(command)
        elif isinstance(command, BotTurn):
            await self._bots.play(command.seat, self._moves.apply, paused=self.pauses.paused)
        elif isinstance(command, ClockTick):
            await self.clock.tick(self._moves.apply, self._seats.excused)
            self.pauses.schedule()
        elif isinstance(command, PresenceTick):
            self._presence.tick()
        elif isinstance(command, ChatCommand):
            await self._table_chat.message(command)
        elif isinstance(command, ChatSettingsCommand):
            await self._table_chat.settings(command)
        elif isinstance(command, PauseCheck):
            self.pauses.check(command.serial)
        elif isinstance(command, NextHandCommand):
            self.pauses.next_hand(command)

    # --- commands ----------------------------------------------------------------------------

    async def submit(self, seat: int, move: JSON) -> int:
        """Queue a player's move; returns the new state id once it is committed.

        Raises IllegalMove with the reason when the rules refuse it.
        """
        if not self._inbox.running:
            raise RuntimeError("the table has stopped")
        reply: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self._inbox.put(MoveCommand(seat, move, reply))
        return await reply

    async def chat_message(
        self, seat: int | None, name: str | None, text: str | None, reaction: Reaction | None
    ) -> None:
        """Queue a chat message (checked already, `messages.ChatMessage`); returns once it is
        stored and sent. Raises ChatRefused."""
        reply = self._inbox.reply()
        self._inbox.put(ChatCommand(seat, name, text, reaction, reply))
        await reply

    async def chat_settings(self, seat: int | None, spectators_shown: bool) -> None:
        """The host's switch; raises ChatRefused for anyone else."""
        reply = self._inbox.reply()
        self._inbox.put(ChatSettingsCommand(seat, spectators_shown, reply))
        await reply

    async def next_hand(self, seat: int | None) -> None:
        """A player pressed Next hand; raises NextHandRefused when it changes nothing."""
        reply = self._inbox.reply()
        self._inbox.put(NextHandCommand(seat, reply))
        await reply

    # --- seats -------------------------------------------------------------------------------

    def release(self, seat: int) -> None:
        """The player left: their connections only watch from now on."""
        self._seats.leave(seat)
        self._presence.changed()
        self.pauses.left(seat)

    async def resign(self, seat: int) -> None:
        """The player left and nobody takes the seat over: the seat resigns (a move like any
        other, saved and sent), so the table never waits for them. Refused when the seat is out
        of the game already, which then needs nothing either."""
        try:
            await self.submit(seat, dict(RESIGN))
        except IllegalMove as exc:
            log.info("table %s: seat %d left without resigning: %s", self.table_id, seat, exc)

    def set_bot(self, seat: int, bot: Bot) -> None:
        """A bot takes over a seat (a player left): it moves from the next prompt on."""
        self._seats.take_over(seat, bot)
        self.clock.answered(seat)  # the bot moves now, not when the player's time is up
        self.release(seat)
        self._bots.take_over(seat)

    # --- connections -------------------------------------------------------------------------

    def attach(self, conn: Peer) -> None:
        self.connections.add(conn)
        if conn.seat is not None:  # a player who reconnects is back
            self._presence.back(conn.seat)
        presence = self._presence.seats_json()
        self._sender.send((conn,), self.snapshot(conn.seat, presence))
        conn.presence = presence
        self._presence.changed()

    def detach(self, conn: Peer) -> None:
        if conn in self.connections:
            self.connections.discard(conn)
            if conn.seat is not None:
                self.on_seat_gone(conn.seat)
            self._presence.changed()

    def snapshot(self, seat: int | None, presence: JSON | None = None) -> str:
        """The full picture for a (re)connecting client: view plus this round's visible events
        (the only ones the table keeps, `Pauses.keep_current_round`), who is here (`presence`)
        and the recent chat it may read."""
        event_json = self._sender.event_json
        # During a result pause, the hand that just ended as this seat saw it: the same filter
        # as the updates it would have had, so a reload shows the result and learns nothing more.
        return server_message(
            "state",
            view=self.state.view(seat),
            events=[event_json(e) for e in self.state.events if e.visible_to(seat)],
            result_events=[event_json(e) for e in self.pauses.ended_round(seat)],
            clock=self.clock.clock_for(seat),
            pause=self.pauses.pause_json(),
            presence=self._presence.seats_json() if presence is None else presence,
            chat=self._table_chat.history(seat),
        )

    def notify(self, text: str) -> None:
        """Send every connection at the table the same text."""
        self._sender.send_where(text, lambda _reader: True)


def _loop_time() -> float:
    """The event loop's clock, which the deadlines are measured on."""
    return asyncio.get_running_loop().time()


def _nobody_told(seat: int) -> None:
    """`TableRuntime.on_seat_gone` of a runtime that no hall watches (some tests)."""
