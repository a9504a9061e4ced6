"""A running table: one asyncio task applies every move of the table in order.

Moves arrive from players, bots and the turn clock through one inbox, and so do the table's
chat messages (stored, then sent to the connections that may read them, `chat.py`) and the
presence ticks (who is connected, away or replaced by a bot, and how many watch: sent to
everyone when it changes, changes within `PRESENCE_DELAY` as one message). A move is checked against
the rules, committed to the database, and only then applied to the game and its events sent, each
connection getting the events its seat may see and its seat's view (the engine's visibility is the
only filter). So the game in memory only ever holds committed moves, and anything built from it
(an update, a snapshot for a sync or a new connection, a bot's view) shows no move that could
still be lost.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from pokerhall.engine import JSON, Event, Game, IllegalMove
from pokerhall.engine.bots import Bot, bot_move
from pokerhall.engine.events import ROUND_STARTED
from pokerhall.engine.protocol import TIMED_OUT
from pokerhall.engine.refusals import refuse
from pokerhall.server.store.db import Database
from pokerhall.server.store.models import ChatRow, utcnow
from pokerhall.server.tables.chat import ChatEntry, ChatLog, ChatRefused, Reaction
from pokerhall.server.tables.updates import event_json, receives_update
from pokerhall.server.wire.connection import Peer
from pokerhall.server.wire.messages import server_message

log = logging.getLogger("pokerhall.server")
RESIGN: JSON = {"type": "resign"}
"""The move every game accepts from a seat still in the game, in turn or not (`Game.resign`)."""
PRESENCE_DELAY = 0.25
"""Seconds presence changes are gathered before they are sent as one message (a table
starting attaches every waiting connection at once; a reconnect is a detach and an attach)."""

MoveSource = Literal["player", "bot", "clock"]


FanOut = Callable[[Sequence[Peer], str], None]
"""Sends one text to the connections of one audience: every message a runtime sends goes
through this one seam. Alone, each connection is sent it (`send_each`); with several server
processes the cluster publishes it once per audience to each process holding some of them."""


def send_each(peers: Sequence[Peer], text: str) -> None:
    for peer in peers:
        peer.send(text)


class MoveNotSaved(Exception):
    """The database did not take the move (unreachable, or this process no longer runs the
    table): nothing changed, and the client may send it again."""


@dataclass
class MoveCommand:
    seat: int
    move: JSON
    reply: asyncio.Future[int] | None = None
    """Resolved with the new state id once the move is committed, or with an error."""
    source: MoveSource = "player"
    """Who made it: a player's own move brings an away seat back, the clock's makes it away."""


@dataclass
class BotTurn:
    seat: int


@dataclass
class ClockTick:
    pass


@dataclass
class PresenceTick:
    pass


@dataclass
class PauseCheck:
    """The result pause ends: its time is up (`serial` names the pause the timer was set for,
    so a stale timer ends no later pause) or, `serial` None, if nobody is left to wait for."""

    serial: int | None = None


@dataclass
class NextHandCommand:
    """A seated player's "Next hand" during a result pause (`TableRuntime.next_hand`)."""

    seat: int | None
    reply: asyncio.Future[None]


class NextHandRefused(Exception):
    """A "Next hand" that changes nothing: `code` names why, for the client to word."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


@dataclass
class ResultPause:
    """The end of a hand held on the felt: until `until` (the loop's clock) or until every
    seat in `waiting` has pressed Next hand (or moved in the next hand)."""

    serial: int
    until: float
    waiting: set[int]


@dataclass
class ChatCommand:
    """A chat message from a connection: `seat` None for a spectator, who may sign it."""

    seat: int | None
    name: str | None
    text: str | None
    reaction: Reaction | None
    reply: asyncio.Future[None]


@dataclass
class ChatSettingsCommand:
    seat: int | None
    spectators_shown: bool
    reply: asyncio.Future[None]


Command = (
    MoveCommand
    | BotTurn
    | ClockTick
    | PresenceTick
    | ChatCommand
    | ChatSettingsCommand
    | PauseCheck
    | NextHandCommand
    | None
)


@dataclass
class SeatControl:
    """Who plays each seat: the bots (by seat) and the turn clock."""

    bots: dict[int, Bot] = field(default_factory=dict)
    turn_clock: float | None = None
    bot_delay: float = 0.0
    result_pause: float = 0.0
    """Seconds the end of a hand stays on the felt before bots and the clock go on with the
    next (`TableRuntime._begin_pause`); 0 for none."""
    deadlines: JSON | None = None
    """The clock as last stored with the table (`TableRuntime._stored_deadlines`), so a table
    rebuilt after a restart keeps its deadlines instead of giving everyone a fresh clock."""
    left: set[int] = field(default_factory=set)
    """Seats whose player left (a bot plays those of them in `bots`, the others resigned)."""
    excused: set[int] = field(default_factory=set)
    """Seats whose player is excused (`controls.excuse`), as last read from the seat rows: the
    clock's moves for them carry no time-out mark (`engine.protocol.TIMED_OUT`)."""
    creator: int | None = None
    """The seat of the table's creator (`server/tables/creator.py`), when they sat down: the chat's
    host while they still play it."""


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
    ) -> None:
        self.table_id = table_id
        self.state = state
        self.db = db
        self.control = control
        self.chat = chat if chat is not None else ChatLog([], spectators_shown=False)
        self.connections: set[Peer] = set()
        self.fan_out: FanOut = send_each
        self._on_finish = on_finish
        self._inbox: asyncio.Queue[Command] = asyncio.Queue()
        self._bot_waiting: set[int] = set()
        self._deadlines: dict[int, float] = {}
        self._table_deadline: float | None = None
        """The table clock others see: the earliest deadline as it was when the current prompts
        became visible (`_schedule`); kept while seats quietly answer their part of them."""
        self._table_prompt: int | None = None
        """The prompt id `_table_deadline` belongs to."""
        self._timer: asyncio.TimerHandle | None = None
        self._rng = random.Random()
        self._task: asyncio.Task[None] | None = None
        self._saved_clock: tuple[dict[int, float], float | None] = ({}, None)
        self._unsaved_clock: JSON | None = None
        self._clock_writer: asyncio.Task[None] | None = None
        self._away: set[int] = set()
        """Seats shown as away: the clock made their last move, and they have neither moved
        nor reconnected since."""
        self._away_unshown: dict[int, bool] = {}
        """Away (True) or back (False) by a quiet move, shown once the prompts change visibly
        (`_move_presence`), so presence never tells who answered a secret prompt (Q2)."""
        self._presence_timer: asyncio.TimerHandle | None = None
        self._pause: ResultPause | None = None
        """The result pause, while the end of a hand is held on the felt (`_begin_pause`)."""
        self._pause_serial = 0
        self._ended_round: list[Event] = []
        """The events of the round before the current one, kept only while its result is held
        on the felt: a client that (re)connects during the pause gets them to draw it."""
        self.on_seat_gone: Callable[[int], None] = _nobody_told
        """Told the seat of a player's connection that went (here or, through the cluster,
        on another process): the hall counts the seat's time away from then."""

    # --- life --------------------------------------------------------------------------------

    def start(self) -> None:
        # Clocks and bots are set before the task runs: the hall attaches the waiting room's
        # connections right after this, and their first snapshot must carry the clock of the
        # first prompts (no later update may come before the deadline passes).
        self._restore_deadlines(self.control.deadlines)
        self._keep_current_round()
        self._schedule()
        self._task = asyncio.create_task(self._run(), name=f"table-{self.table_id}")

    async def stop(self) -> None:
        if self._task is not None:
            self._inbox.put_nowait(None)
            await self._task
        if self._timer is not None:  # after the task, which may have set a new one
            self._timer.cancel()
        if self._presence_timer is not None:
            self._presence_timer.cancel()
        self._pause = None  # its timer's check, if still to come, then finds no pause
        if self._clock_writer is not None:
            await self._clock_writer
        while not self._inbox.empty():  # moves that came too late: their senders must not wait
            command = self._inbox.get_nowait()
            reply = getattr(command, "reply", None)
            if reply is not None and not reply.done():
                reply.set_exception(RuntimeError("the table has stopped"))
        for conn in list(self.connections):
            await conn.wait_closed()

    async def _run(self) -> None:
        while (command := await self._inbox.get()) is not None:
            try:
                await self._handle(command)
            except Exception:  # a bug must not take the table down; the log has the details
                log.exception("table %s: command %r failed", self.table_id, command)
                reply = getattr(command, "reply", None)
                if reply is not None and not reply.done():
                    reply.set_exception(RuntimeError("internal error"))

    # --- commands ----------------------------------------------------------------------------

    async def submit(self, seat: int, move: JSON) -> int:
        """Queue a player's move; returns the new state id once it is committed.

        Raises IllegalMove with the reason when the rules refuse it.
        """
        if self._task is None or self._task.done():
            raise RuntimeError("the table has stopped")
        reply: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self._inbox.put_nowait(MoveCommand(seat, move, reply))
        return await reply

    async def chat_message(
        self, seat: int | None, name: str | None, text: str | None, reaction: Reaction | None
    ) -> None:
        """Queue a chat message (checked already, `messages.ChatMessage`); returns once it is
        stored and sent. Raises ChatRefused."""
        reply = self._reply()
        self._inbox.put_nowait(ChatCommand(seat, name, text, reaction, reply))
        await reply

    async def chat_settings(self, seat: int | None, spectators_shown: bool) -> None:
        """The host's switch; raises ChatRefused for anyone else."""
        reply = self._reply()
        self._inbox.put_nowait(ChatSettingsCommand(seat, spectators_shown, reply))
        await reply

    def _reply(self) -> asyncio.Future[None]:
        if self._task is None or self._task.done():
            raise RuntimeError("the table has stopped")
        return asyncio.get_running_loop().create_future()

    async def _handle(self, command: Command) -> None:
        if isinstance(command, MoveCommand):
            await self._apply(command)
        elif isinstance(command, BotTurn):
            await self._bot_turn(command.seat)
        elif isinstance(command, ClockTick):
            await self._clock_tick()
        elif isinstance(command, PresenceTick):
            self._presence_tick()
        elif isinstance(command, ChatCommand):
            await self._chat(command)
        elif isinstance(command, ChatSettingsCommand):
            await self._chat_settings(command)
        elif isinstance(command, PauseCheck):
            self._pause_check(command.serial)
        elif isinstance(command, NextHandCommand):
            self._next_hand(command)

    async def _apply(self, command: MoveCommand) -> bool:
        """Check, commit, apply, then send; False when the move was refused.

        The state is changed only after the commit: snapshots are built from `self.state` at any
        time (a sync, a new connection) while this task waits for the database, and they must
        not show a move that may still fail to be saved. It also leaves nothing to undo when
        the commit fails, and costs no copy of the state.
        """
        state, seat = self.state, command.seat
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
            await self.db.append_move(self.table_id, state.state_id + 1, seat, checked.record)
        except Exception:
            log.exception("table %s: could not save move %d", self.table_id, state.state_id + 1)
            if command.reply is not None:
                command.reply.set_exception(MoveNotSaved())
            self._schedule()  # bots and clocks carry on from the unchanged state
            return False
        events = state.play(checked)  # cannot fail: checked in this state, parsed once
        if any(event.type == ROUND_STARTED for event in events):
            self._keep_current_round()
        if state.over:
            await self._on_finish(state)
        if command.reply is not None:
            command.reply.set_result(state.state_id)
        self._deadlines.pop(seat, None)  # answered: the seat's next prompt gets a full clock
        began = not state.over and _hand_ended(events) and self._begin_pause()
        self._schedule()  # first, so the update carries the clock of the prompts it asks
        self._broadcast(events, mover=seat)
        self._move_presence(command, visible=state.prompt_id != prompt_before)
        if began:
            self._send_pause()
        elif self._pause is not None and command.source == "player":
            self._ready(seat)  # moving on in the next hand is pressing Next hand
        return True

    async def _bot_turn(self, seat: int) -> None:
        self._bot_waiting.discard(seat)
        bot = self.control.bots.get(seat)
        prompt = self.state.pending().get(seat)
        if bot is None or prompt is None or self._pause is not None:
            return  # during a result pause: the pause's end schedules the bot again
        try:
            move = bot_move(bot, self.state, seat, prompt)
        except Exception:
            log.exception("table %s: bot at seat %d failed", self.table_id, seat)
            move = self.state.default_move(seat)
        if not await self._apply(MoveCommand(seat, move, source="bot")):
            log.warning("table %s: bot at seat %d chose an illegal move", self.table_id, seat)
            await self._apply(MoveCommand(seat, self.state.default_move(seat), source="bot"))

    async def _clock_tick(self) -> None:
        """Each seat whose time ran out gets its prompt's default move, marked as a time-out
        unless its player is excused (the game decides what a time-out means: W12)."""
        self._timer = None
        now = self._now()
        excused: set[int] | None = None
        for seat in sorted(self._deadlines):
            deadline = self._deadlines.get(seat)  # an earlier default move may have changed it
            if deadline is not None and deadline <= now and seat in self.state.pending():
                if excused is None:
                    excused = await self._excused()
                move = self.state.default_move(seat)
                if seat not in excused:
                    move[TIMED_OUT] = True
                await self._apply(MoveCommand(seat, move, source="clock"))
        self._schedule()

    async def _excused(self) -> set[int]:
        """The excused seats, read from the seat rows when the clock needs them: an excuse
        is given on whichever process the organiser or creator asks, and the database is
        where every process finds it. Unreadable: the last seats read (the move then most
        likely fails to be saved too, and the clock tries again)."""
        try:
            rows = await self.db.seats(self.table_id)
        except Exception:
            log.warning("table %s: could not read the excused seats", self.table_id)
            return set(self.control.excused)
        self.control.excused = {row.seat for row in rows if row.excused}
        return set(self.control.excused)

    # --- bots and clocks ---------------------------------------------------------------------

    def release(self, seat: int) -> None:
        """The player left: their connections only watch from now on."""
        self.control.left.add(seat)
        for conn in self.connections:
            if conn.seat == seat:
                conn.seat = None
        self._presence_changed()
        if self._pause is not None and seat in self._pause.waiting:
            self._pause.waiting.discard(seat)
            self._inbox.put_nowait(PauseCheck())

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
        self.control.bots[seat] = bot
        self._deadlines.pop(seat, None)  # the bot moves now, not when the player's time is up
        self.release(seat)
        self._inbox.put_nowait(BotTurn(seat))

    def _now(self) -> float:
        """The event loop's clock, which the deadlines are measured on."""
        return asyncio.get_running_loop().time()

    def _schedule(self) -> None:
        if self._pause is not None:  # nobody's clock runs and no bot moves during the pause
            self._deadlines.clear()
            self._table_deadline = self._table_prompt = None
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            self._save_deadlines()
            return
        pending = self.state.pending()
        loop = asyncio.get_running_loop()
        now = self._now()
        for seat in pending:
            if seat in self.control.bots and seat not in self._bot_waiting:
                self._bot_waiting.add(seat)
                delay = self.control.bot_delay * self._rng.uniform(0.5, 1.5)
                loop.call_later(delay, self._inbox.put_nowait, BotTurn(seat))
        self._deadlines = {
            s: d for s, d in self._deadlines.items() if s in pending and s not in self.control.bots
        }
        if self.control.turn_clock is not None:
            for seat in pending:
                if seat not in self.control.bots and seat not in self._deadlines:
                    self._deadlines[seat] = now + self.control.turn_clock
        if self._table_prompt != self.state.prompt_id:
            # Only when the prompts change visibly: a quiet answer to a simultaneous prompt (a
            # secret guess, Q2) drops the seat's own deadline, and the earliest of the rest
            # would tell everyone that it has answered, or once none is left, that all humans
            # have. The game's prompt id moves on exactly when others may see a change.
            self._table_prompt = self.state.prompt_id
            self._table_deadline = min(self._deadlines.values(), default=None)
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._deadlines:
            when = min(self._deadlines.values())
            self._timer = loop.call_later(when - now, self._inbox.put_nowait, ClockTick())
        self._save_deadlines()

    # --- the result pause --------------------------------------------------------------------

    def _pause_humans(self) -> set[int]:
        """The seats a result pause waits for: played by a person who is still in the game."""
        bots, left = self.control.bots, self.control.left
        return {
            seat
            for seat in range(self.state.num_seats)
            if seat not in bots and seat not in left and self.state.still_in(seat)
        }

    def _begin_pause(self) -> bool:
        """Hold the hand that just ended on every felt: no bot moves and no clock runs until
        `result_pause` seconds have passed or every person still playing has pressed Next hand.
        None when the table has no pause or nobody to wait for (a table of bots goes on)."""
        seconds = self.control.result_pause
        waiting = self._pause_humans()
        if seconds <= 0 or not waiting:
            return False
        self._pause_serial += 1
        serial = self._pause_serial
        self._pause = ResultPause(serial, self._now() + seconds, waiting)
        asyncio.get_running_loop().call_later(seconds, self._inbox.put_nowait, PauseCheck(serial))
        return True

    def pause_json(self) -> JSON | None:
        """The pause as clients see it (public): seconds left and the seats still looked for."""
        pause = self._pause
        if pause is None:
            return None
        return {
            "seconds": round(max(0.0, pause.until - self._now()), 1),
            "total": self.control.result_pause,
            "waiting": sorted(pause.waiting),
        }

    def _send_pause(self) -> None:
        """Tell every connection the pause as it is now, with its own clock (which starts once
        the pause is over)."""
        pause = self.pause_json()
        for seat, peers in self._audiences().items():
            self.fan_out(
                peers, server_message("result_pause", pause=pause, clock=self.clock_for(seat))
            )

    def _ready(self, seat: int) -> None:
        pause = self._pause
        if pause is None or seat not in pause.waiting:
            return
        pause.waiting.discard(seat)
        if pause.waiting:
            self._send_pause()
        else:
            self._end_pause()

    def _pause_check(self, serial: int | None) -> None:
        pause = self._pause
        if pause is None or (serial is not None and serial != pause.serial):
            return
        if serial is not None or not pause.waiting:
            self._end_pause()

    def _end_pause(self) -> None:
        """The next hand goes on: bots are scheduled and the clock starts now."""
        self._pause = None
        self._ended_round = []
        self._schedule()
        self._send_pause()

    async def next_hand(self, seat: int | None) -> None:
        """A player pressed Next hand; raises NextHandRefused when it changes nothing."""
        reply = self._reply()
        self._inbox.put_nowait(NextHandCommand(seat, reply))
        await reply

    def _next_hand(self, command: NextHandCommand) -> None:
        seat, pause = command.seat, self._pause
        if seat is None:
            refusal = NextHandRefused("next_hand_spectator", "spectators do not press Next hand")
        elif seat not in self._pause_humans():
            refusal = NextHandRefused("next_hand_out", "your seat is no longer in the game")
        elif pause is None:
            refusal = NextHandRefused("no_result_pause", "no hand's result is being shown now")
        else:
            command.reply.set_result(None)
            self._ready(seat)
            return
        command.reply.set_exception(refusal)

    # --- the clock in the database -----------------------------------------------------------

    def _restore_deadlines(self, stored: JSON | None) -> None:
        """Take the stored wall-clock deadlines back onto the loop's clock, when they were
        stored for the state the table is in now. Deadlines stored for an earlier state (the
        server stopped between a move's commit and its clock's) are not this prompt's: those
        seats get a fresh clock, as before deadlines were stored."""
        if not stored or stored.get("state_id") != self.state.state_id:
            return
        pending = self.state.pending()
        to_loop = self._now() - time.time()
        self._deadlines = {
            int(seat): float(wall) + to_loop
            for seat, wall in stored.get("seats", {}).items()
            if int(seat) in pending
        }
        table = stored.get("table")
        self._table_deadline = None if table is None else float(table) + to_loop
        self._table_prompt = self.state.prompt_id
        self._saved_clock = (dict(self._deadlines), self._table_deadline)

    def _stored_deadlines(self) -> JSON:
        to_wall = time.time() - self._now()
        table = self._table_deadline
        return {
            "state_id": self.state.state_id,
            "seats": {str(seat): round(d + to_wall, 3) for seat, d in self._deadlines.items()},
            "table": None if table is None else round(table + to_wall, 3),
        }

    def _save_deadlines(self) -> None:
        """Store the clock with the table when it changed: in the background, latest first,
        so the table never waits for it (the move itself is committed already). A clock not
        yet stored when the server stops is no worse than no stored clock (see
        `_restore_deadlines`)."""
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
                await self.db.set_deadlines(self.table_id, clock)
            except Exception:
                log.exception("table %s: could not store the turn clock", self.table_id)

    def clock_for(self, seat: int | None) -> JSON:
        """Seconds left: for this seat's own prompt (its own business), and the table's
        deadline, derived from public information only (`_schedule`), so that it says nothing
        about who has already answered a simultaneous prompt."""
        now = self._now()
        own = self._deadlines.get(seat) if seat is not None else None
        table = self._table_deadline
        return {
            "you": None if own is None else round(max(0.0, own - now), 1),
            "table": None if table is None else round(max(0.0, table - now), 1),
        }

    # --- sending -----------------------------------------------------------------------------

    def attach(self, conn: Peer) -> None:
        self.connections.add(conn)
        if conn.seat is not None:  # a player who reconnects is back
            self._away.discard(conn.seat)
            self._away_unshown.pop(conn.seat, None)
        presence = self.presence()
        self.fan_out((conn,), self.snapshot(conn.seat, presence))
        conn.presence = presence
        self._presence_changed()

    def detach(self, conn: Peer) -> None:
        if conn in self.connections:
            self.connections.discard(conn)
            if conn.seat is not None:
                self.on_seat_gone(conn.seat)
            self._presence_changed()

    def snapshot(self, seat: int | None, presence: JSON | None = None) -> str:
        """The full picture for a (re)connecting client: view plus this round's visible events
        (the only ones the table keeps, `_keep_current_round`), who is here (`presence`) and
        the recent chat it may read."""
        recent = [self._event_json(e) for e in self.state.events if e.visible_to(seat)]
        pause = self.pause_json()
        # During a result pause, the hand that just ended as this seat saw it: the same filter
        # as the updates it would have had, so a reload shows the result and learns nothing more.
        ended = [self._event_json(e) for e in self._ended_round if e.visible_to(seat)]
        return server_message(
            "state",
            view=self.state.view(seat),
            events=recent,
            result_events=ended if pause is not None else [],
            clock=self.clock_for(seat),
            pause=pause,
            presence=self.presence() if presence is None else presence,
            chat=self._chat_history(seat),
        )

    # --- presence ----------------------------------------------------------------------------

    def presence(self) -> JSON:
        """Each seat's status and the number of spectators: public, the same for everyone.

        `bot` (a bot from the start), `replaced` (a bot took over from a player who left),
        `left` (left, and the seat resigned), `away` (the clock made the seat's last move,
        `_away`), `connected` or `offline`. A player's second tab counts once; a player who
        left and still watches counts as a spectator."""
        connected = {conn.seat for conn in self.connections if not conn.closed}
        spectators = sum(1 for conn in self.connections if conn.seat is None and not conn.closed)
        bots, left = self.control.bots, self.control.left
        seats = []
        for seat in range(self.state.num_seats):
            if seat in bots:
                seats.append("replaced" if seat in left else "bot")
            elif seat in left:
                seats.append("left")
            elif seat in self._away:
                seats.append("away")
            else:
                seats.append("connected" if seat in connected else "offline")
        return {"seats": seats, "spectators": spectators}

    def _move_presence(self, command: MoveCommand, *, visible: bool) -> None:
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
            self._presence_changed()

    def _presence_changed(self) -> None:
        """Send the presence soon, once for a burst of changes (through the inbox, like
        every other thing the table does)."""
        if self._presence_timer is not None or self._task is None or self._task.done():
            return
        self._presence_timer = asyncio.get_running_loop().call_later(
            PRESENCE_DELAY, self._inbox.put_nowait, PresenceTick()
        )

    def _presence_tick(self) -> None:
        """Send the presence to each connection that does not have it yet (a connection
        that just came got it in its snapshot)."""
        self._presence_timer = None
        presence = self.presence()
        text = server_message("presence", **presence)
        for conn in self._live_connections():
            if conn.presence != presence:
                conn.presence = presence
                conn.send(text)

    # --- chat --------------------------------------------------------------------------------

    def host(self) -> int | None:
        """The seat that sets the chat (`chat.py`): the creator's while they still play it,
        else the lowest seat still played by the person who took it; None when every player
        has left."""
        bots, left = self.control.bots, self.control.left
        players = [s for s in range(self.state.num_seats) if s not in bots and s not in left]
        creator = self.control.creator
        return creator if creator in players else next(iter(players), None)

    def _chat_history(self, seat: int | None) -> JSON:
        return {
            "messages": self.chat.history(seat),
            "spectators_shown": self.chat.spectators_shown,
            "host": self.host(),
        }

    async def _chat(self, command: ChatCommand) -> None:
        seat = command.seat
        kind: Literal["text", "reaction"] = "text" if command.reaction is None else "reaction"
        entry = ChatEntry(
            seq=self.chat.last_seq + 1,
            channel="spectators" if seat is None else "players",
            seat=seat,
            name=command.name if seat is None else None,
            kind=kind,
            text=command.reaction or command.text or "",
            at=utcnow(),
        )
        try:
            await self.db.add_chat(
                ChatRow(
                    table_id=self.table_id,
                    seq=entry.seq,
                    seat=entry.seat,
                    name=entry.name,
                    channel=entry.channel,
                    kind=entry.kind,
                    text=entry.text,
                    created_at=entry.at,
                )
            )
        except Exception:
            log.exception("table %s: could not save chat message %d", self.table_id, entry.seq)
            command.reply.set_exception(
                ChatRefused("chat_not_saved", "the chat message could not be saved")
            )
            return
        self.chat.add(entry)
        command.reply.set_result(None)
        text = server_message("chat", message=entry.to_json())
        self._send_where(text, lambda reader: self.chat.readable(entry, reader))

    async def _chat_settings(self, command: ChatSettingsCommand) -> None:
        if command.seat is None or command.seat != self.host():
            command.reply.set_exception(
                ChatRefused("chat_not_host", "only the table's host may change the chat")
            )
            return
        shown = command.spectators_shown
        if shown != self.chat.spectators_shown:
            await self.db.set_spectator_chat_shown(self.table_id, shown)
            self.chat.spectators_shown = shown
            # Everyone's history changes with it (players gain or lose a channel): each
            # audience gets its own again, built once.
            histories: dict[bool, str] = {}
            for conn in self._live_connections():
                player = conn.seat is not None
                if player not in histories:
                    histories[player] = server_message(
                        "chat_history", **self._chat_history(conn.seat)
                    )
                conn.send(histories[player])
        command.reply.set_result(None)

    def _keep_current_round(self) -> None:
        """Forget the events before the current round's start: a snapshot sends no older ones,
        and a long game's whole history would otherwise stay in memory for as long as the
        table runs (and be walked by every full garbage collection)."""
        events = self.state.events
        start = next(
            (i for i in range(len(events) - 1, -1, -1) if events[i].type == ROUND_STARTED), 0
        )
        if start:
            begin = next(
                (i for i in range(start - 1, -1, -1) if events[i].type == ROUND_STARTED), 0
            )
            self._ended_round = list(events[begin:start])
            self.state.forget_events_before(start)

    def _live_connections(self) -> list[Peer]:
        """The open connections; closed ones are dropped (their handler detaches them too)."""
        return [conn for peers in self._audiences().values() for conn in peers]

    def _send_where(self, text: str, reads: Callable[[int | None], bool]) -> None:
        """Send one text to each audience (a seat, or None: the spectators) that `reads` it."""
        for seat, peers in self._audiences().items():
            if reads(seat):
                self.fan_out(peers, text)

    def _broadcast(self, events: list[Event], mover: int) -> None:
        """Send each connection the events it may see and its new view.

        A connection that may see none of the events gets nothing at all (the mover always
        gets its update): an empty update would tell the others that somebody moved, which a
        secret simultaneous move such as a guess (Q2) must not. The message is built and
        encoded once per audience (a seat, or the spectators), however many connections
        share it: a player's second tab and every spectator get the same text.
        """
        described: dict[int, JSON] = {}
        for seat, peers in self._audiences().items():
            text = self._update(seat, events, described, mover)
            if text is not None:
                self.fan_out(peers, text)

    def _audiences(self) -> dict[int | None, list[Peer]]:
        """The open connections by audience (a seat, or None for the spectators)."""
        audiences: dict[int | None, list[Peer]] = {}
        for conn in list(self.connections):
            if conn.closed:
                self.connections.discard(conn)
                self._presence_changed()
            else:
                audiences.setdefault(conn.seat, []).append(conn)
        return audiences

    def _update(
        self, seat: int | None, events: list[Event], described: dict[int, JSON], mover: int
    ) -> str | None:
        """One audience's update, or None when it may see none of the events and did not
        move; `described` keeps each event's JSON for the next audience."""
        if not receives_update(events, seat, mover):
            return None
        visible = [
            described[i] if i in described else described.setdefault(i, self._event_json(e))
            for i, e in enumerate(events)
            if e.visible_to(seat)
        ]
        return server_message(
            "update", events=visible, view=self.state.view(seat), clock=self.clock_for(seat)
        )

    def _event_json(self, event: Event) -> JSON:
        return event_json(self.state, event)

    def notify(self, text: str) -> None:
        """Send every connection at the table the same text."""
        self._send_where(text, lambda _reader: True)


def _hand_ended(events: list[Event]) -> bool:
    """Whether these events end a hand (battle, deal): a round starts that is not the first.
    Every game emits `round_started` (`engine.events.ROUND_STARTED`), so the runtime needs
    nothing else from a game to know a hand's end; a game's last hand ends with the game."""
    return any(e.type == ROUND_STARTED and e.data.get("round", 1) != 1 for e in events)


def _nobody_told(seat: int) -> None:
    """`TableRuntime.on_seat_gone` of a runtime that no hall watches (some tests)."""
