"""A running table's inbox: every command the table carries out, in the order it came, by one
asyncio task (`Inbox`). Moves from players, bots and the turn clock come through it, and so do
chat messages, presence ticks and the result pause's checks (`runtime.py`)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Literal

from pokerhall.engine import JSON
from pokerhall.server.wire.chat_text import Reaction

log = logging.getLogger("pokerhall.server")

MoveSource = Literal["player", "bot", "clock"]


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


class Inbox:
    """The queue of a table's commands and the task that carries them out one at a time."""

    def __init__(self, table_id: str) -> None:
        self._table_id = table_id
        self._queue: asyncio.Queue[Command] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None

    @property
    def running(self) -> bool:
        """Whether the task takes commands: started and not stopped."""
        return self._task is not None and not self._task.done()

    def start(self, handle: Callable[[Command], Awaitable[None]]) -> None:
        self._task = asyncio.create_task(self._run(handle), name=f"table-{self._table_id}")

    def put(self, command: Command) -> None:
        self._queue.put_nowait(command)

    def later(self, delay: float, command: Command) -> asyncio.TimerHandle:
        """Put the command in after `delay` seconds (of the loop's clock)."""
        return asyncio.get_running_loop().call_later(delay, self._queue.put_nowait, command)

    def reply(self) -> asyncio.Future[None]:
        """A future for a command's answer; RuntimeError once the table has stopped."""
        if not self.running:
            raise RuntimeError("the table has stopped")
        return asyncio.get_running_loop().create_future()

    async def stop(self) -> None:
        """Let the task carry out what came before, then end it."""
        if self._task is not None:
            self._queue.put_nowait(None)
            await self._task

    def refuse_waiting(self) -> None:
        """Commands that came too late (after `stop`): their senders must not wait."""
        while not self._queue.empty():
            _fail(self._queue.get_nowait(), "the table has stopped")

    async def _run(self, handle: Callable[[Command], Awaitable[None]]) -> None:
        while (command := await self._queue.get()) is not None:
            try:
                await handle(command)
            except Exception:  # a bug must not take the table down; the log has the details
                log.exception("table %s: command %r failed", self._table_id, command)
                _fail(command, "internal error")


def _fail(command: Command, reason: str) -> None:
    reply = getattr(command, "reply", None)
    if reply is not None and not reply.done():
        reply.set_exception(RuntimeError(reason))
