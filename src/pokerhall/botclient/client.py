"""The bot client: one seat at a table on any pokerhall server, played by a bot.

It speaks the table protocol of docs/protocol.md ("Live table") as a browser does:

- `hello` with the seat token; `welcome`, then `state` (at the start, or at once at a running
  table) and an `update` after every move it may see. The latest view is kept; the seat's
  prompt is the view's `you.prompt`.
- Each new prompt (a `prompt_id` not yet answered) is given to the bot's `choose(view, prompt)`
  in a worker thread, with a deadline: the bot's `think` limit, and never past the turn clock
  (the message's `clock.you`, less a safety `margin`). A bot that is late, raises, or answers
  with something that is not a move gets the prompt's `default` move sent for it, so the
  clock never has to move for the seat (the seat does not show as `away`).
- A move is sent as `{"v": 1, "type": "move", "move": {..., "prompt_id": N}}`. A refused move
  (`error` `illegal_move`) is reported to the bot (`on_refused`) and answered once with the
  prompt's default; a refused default is not sent again (the clock will move). A stale move
  (another seat moved first) is dropped: the next update brings the new prompt.
  `not_saved` (the server's database did not take it) sends the same move again, a few times;
  `rate_limited` sends it again after `params.retry_after` (or 0.2 s doubling), five times at
  most, then leaves the move to the turn clock.
- During a hand's result pause the client sends `next_hand`, as a person who has seen it.
- A dropped socket is reconnected with the same token, after a backoff (0.5 s doubling up to
  8 s, ±20 %), until the game is over; refusals that will not change (`unauthorized`,
  `not_found`) end the client with `BotRefused`.
- At game over the bot's `on_result(result)` is called and `run` returns the result.
"""

from __future__ import annotations

import asyncio
import json
import logging
import queue
import random
import threading
from collections.abc import Awaitable, Callable
from concurrent.futures import Future
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from typing import Any, Protocol

from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

from pokerhall.engine.bots import Bot
from pokerhall.engine.events import JSON

log = logging.getLogger("pokerhall.botclient")

THINK = 10.0
"""Seconds `choose` may take at most by default (less when the turn clock has less left)."""
MARGIN = 0.75
"""Seconds of the turn clock left unused: the move must travel and be saved before it runs out."""
LEAST_THINK = 0.05
BACKOFF_FIRST = 0.5
BACKOFF_MOST = 8.0
RETRIES = 20
"""Failed connection attempts in a row before the client gives up (about two minutes)."""
OPEN_TIMEOUT = 10.0
FINISHED_WAIT = 2.0
"""At a finished table, how long to wait for a final `state` before reading the result from
the table itself (a finished table no longer kept in memory sends none)."""
NOT_SAVED_RETRIES = 3
MOST_PER_SECOND = 15.0
"""Messages a second at most: the server takes 20 a second per connection and refuses the rest
(`rate_limited`), and two instant bots heads-up can play faster than that."""
RATE_LIMITED_RETRIES = 5
"""A move refused as `rate_limited` is sent again this many times at most; then it is left to
the turn clock (sending it sooner would only be refused again)."""
RATE_LIMITED_BACKOFF = 0.2
"""Seconds before the first resend of a `rate_limited` move without `params.retry_after`;
doubled for each further one."""
RATE_LIMITED_LONGEST = 10.0
"""The longest wait before a resend, whatever `retry_after` says: the client reads nothing
while it waits, and a longer wait would outlast the turn it is for."""
STALE = "refuse.move.stale_prompt"
FATAL = frozenset({"unauthorized", "not_found"})
"""Errors after which the server closes the socket, and which a reconnect would only repeat."""

BY_BOT = "bot"
LATE = "late"
"""The bot did not answer within its time: the prompt's default move was sent."""
FAILED = "failed"
"""The bot raised, or answered with something that is not a move: the default was sent."""
REFUSED = "refused"
"""The server refused the bot's move: the default was sent instead."""


class Socket(Protocol):
    """What the client uses of a WebSocket connection (a test may stand in for one)."""

    async def recv(self) -> str | bytes: ...

    async def send(self, message: str) -> None: ...


Opener = Callable[..., AbstractAsyncContextManager[Socket]]
"""Opens a connection: `websockets`' `connect(url, **options)` unless a test passes its own."""


class BotRefused(Exception):
    """The server will not let this client play (a bad token, no such table)."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(f"{reason} ({code})")
        self.code = code
        self.reason = reason


class GaveUp(Exception):
    """The server could not be reached for too many attempts in a row."""


@dataclass
class SentMove:
    prompt_id: int
    move: JSON
    why: str
    """`bot`, or why the default was sent instead: `late`, `failed`, `refused`."""


@dataclass
class Stats:
    """What the client did, for logs and tests."""

    moves: list[SentMove] = field(default_factory=list)
    refused: list[JSON] = field(default_factory=list)
    """Every `error` answering one of the client's moves (stale ones not included)."""
    errors: list[JSON] = field(default_factory=list)
    """Every `error` message received."""
    connections: int = 0
    """Sockets that were opened and greeted: 1 + the reconnects."""
    presence: list[list[str]] = field(default_factory=list)
    """Every `presence.seats` received, in order."""

    def defaults(self, why: str | None = None) -> list[SentMove]:
        """The default moves the client sent for the bot (for one reason, or any)."""
        return [m for m in self.moves if m.why != BY_BOT and (why is None or m.why == why)]


class Worker:
    """One daemon thread that makes the bot's calls in order, so a bot need not be thread-safe,
    and a call that never returns cannot keep the process from ending."""

    def __init__(self) -> None:
        self._jobs: queue.SimpleQueue[tuple[Callable[..., Any], tuple[Any, ...], Future[Any]]] = (
            queue.SimpleQueue()
        )
        self._thread: threading.Thread | None = None

    def submit(self, call: Callable[..., Any], *args: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self._jobs.put((call, args, future))
        if self._thread is None:
            self._thread = threading.Thread(target=self._work, name="bot-choose", daemon=True)
            self._thread.start()
        return future

    def _work(self) -> None:
        while True:
            call, args, future = self._jobs.get()
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(call(*args))
            except BaseException as exc:  # handed to the waiting side, which logs it
                future.set_exception(exc)


class BotClient:
    """Plays one seat (its `token`) of table `table_id` at the server `url` with `bot`.

    `url` is the table's WebSocket (`ws://host:port/ws/tables/ID`, see `lobby.socket_url`).
    `think` bounds each `choose` in seconds; `margin` is the part of the turn clock never used.
    `next_hand` False leaves the result pauses to run out rather than ending them."""

    def __init__(
        self,
        bot: Bot,
        url: str,
        token: str,
        *,
        think: float = THINK,
        margin: float = MARGIN,
        next_hand: bool = True,
        retries: int = RETRIES,
        backoff: float = BACKOFF_FIRST,
        rng: random.Random | None = None,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        opener: Opener = connect,
    ) -> None:
        self.bot = bot
        self.url = url
        self.token = token
        self.think = think
        self.margin = margin
        self.next_hand = next_hand
        self.retries = retries
        self.backoff = backoff
        self.rng = rng or random.Random()
        self.sleep = sleep
        self.opener = opener
        """How the client waits before sending a `rate_limited` move again (a test passes one
        that records the waits and returns at once)."""
        self.seat: int | None = None
        self.table: JSON | None = None
        self.view: JSON | None = None
        self.result: JSON | None = None
        self.stats = Stats()
        self.ws: Socket | None = None
        """The open socket, while there is one (a test may cut it)."""
        self._worker = Worker()
        self._clock: tuple[float, float] | None = None
        """(loop time when it was read, seconds left for this seat's prompt then)."""
        self._answered: int | None = None
        self._thinking: asyncio.Task[None] | None = None
        self._thinking_id: int | None = None
        self._sent: SentMove | None = None
        self._resends = 0
        self._rate_resends = 0
        self._sent_at = float("-inf")
        self._hand_events: list[JSON] = []
        self._paused_for: object = None
        self._finished_at_welcome = False

    # --- running -----------------------------------------------------------------------------

    async def run(self) -> JSON:
        """Play until the game is over; the result. Raises BotRefused or GaveUp."""
        failures = 0
        try:
            while True:
                greeted = self.stats.connections
                try:
                    await self._session()
                except (OSError, TimeoutError, WebSocketException) as exc:
                    log.warning("connection lost: %s", exc or type(exc).__name__)
                if self.result is not None:
                    self._summary()
                    return self.result
                if self.stats.connections > greeted:
                    failures = 0  # it got through: start the backoff over
                failures += 1
                if failures > self.retries:
                    raise GaveUp(f"no connection to {self.url} after {self.retries} attempts")
                delay = min(BACKOFF_MOST, self.backoff * 2 ** (failures - 1))
                delay *= self.rng.uniform(0.8, 1.2)
                log.info("reconnecting in %.1f s", delay)
                await asyncio.sleep(delay)
        finally:
            self._stop_thinking()

    async def _session(self) -> None:
        """One connection, until it closes or the game is over."""
        async with self.opener(
            self.url, open_timeout=OPEN_TIMEOUT, ping_interval=10, ping_timeout=10
        ) as ws:
            self.ws = ws
            self._answered = None  # a move sent before a drop may never have arrived
            self._sent = None
            self._finished_at_welcome = False
            try:
                await self._send({"v": 1, "type": "hello", "token": self.token})
                while self.result is None:
                    wait = FINISHED_WAIT if self._finished_at_welcome else None
                    try:
                        text = await asyncio.wait_for(ws.recv(), wait)
                    except TimeoutError:
                        self._finish(_field(self.table, "result") or {})
                        break
                    message = json.loads(text)
                    if isinstance(message, dict):
                        await self._handle(message)
            finally:
                self._stop_thinking()
                self.ws = None

    async def _send(self, message: JSON) -> None:
        """Send `message`, no sooner than the pace the server takes (`MOST_PER_SECOND`)."""
        if self.ws is None:
            return
        loop = asyncio.get_running_loop()
        wait = self._sent_at + 1.0 / MOST_PER_SECOND - loop.time()
        if wait > 0:
            await asyncio.sleep(wait)
        self._sent_at = loop.time()
        if self.ws is not None:
            await self.ws.send(json.dumps(message))

    # --- messages ----------------------------------------------------------------------------

    async def _handle(self, message: JSON) -> None:
        kind = message.get("type")
        if kind == "welcome":
            self.stats.connections += 1
            self.seat = message.get("seat")
            self.table = message.get("table")
            if self.seat is None:
                log.warning("the server seated this token nowhere: watching only")
            if _field(self.table, "status") == "finished":
                self._finished_at_welcome = True
        elif kind == "table":
            self.table = message.get("table")
        elif kind == "state":
            self._finished_at_welcome = False
            self._events(message.get("result_events") or [], snapshot=True)
            self._events(message.get("events") or [], snapshot=True)
            self._read_view(message)
            await self._pause(message.get("pause"))
        elif kind == "update":
            self._events(message.get("events") or [], snapshot=False)
            self._read_view(message)
        elif kind == "result_pause":
            self._read_clock(message.get("clock"))
            await self._pause(message.get("pause"))
        elif kind == "presence":
            seats = message.get("seats")
            if isinstance(seats, list):
                self.stats.presence.append([str(s) for s in seats])
        elif kind == "error":
            await self._error(message)
        if self.view is not None and self.view.get("over"):
            self._finish(self.view.get("result") or {})
        else:
            self._consider()

    def _read_view(self, message: JSON) -> None:
        view = message.get("view")
        if isinstance(view, dict):
            self.view = view
        self._read_clock(message.get("clock"))

    def _read_clock(self, clock: Any) -> None:
        you = clock.get("you") if isinstance(clock, dict) else None
        if isinstance(you, int | float):
            self._clock = (asyncio.get_running_loop().time(), float(you))
        else:
            self._clock = None

    def _events(self, events: list[JSON], *, snapshot: bool) -> None:
        """Tell the bot the events it has not seen. A snapshot (`state`) repeats one hand's
        events (`result_events`: the hand a result pause holds; `events`: the current one), so
        after a reconnect a hand older than the one being told was told already, and of the
        same hand only the events past those told are new. A hand played while the line was
        down is gone from the server (it keeps only the current one) and is not told."""
        if not events:
            return
        told, given = _round_of(self._hand_events), _round_of(events)
        if snapshot and told is not None and given is not None and given < told:
            return
        if snapshot and events[: len(self._hand_events)] == self._hand_events:
            events = events[len(self._hand_events) :]
        elif snapshot:
            self._hand_events = []
        for event in events:
            if event.get("type") == "round_started":
                self._hand_events = []
            self._hand_events.append(event)
            self._hook("on_event", event)

    async def _pause(self, pause: Any) -> None:
        """A hand's result is held: say this seat has seen it (once per pause)."""
        if not self.next_hand or not isinstance(pause, dict) or self.seat is None:
            return
        waiting = pause.get("waiting") or []
        key = (self.view or {}).get("prompt_id"), pause.get("total")
        if self.seat in waiting and key != self._paused_for:
            self._paused_for = key
            await self._send({"v": 1, "type": "next_hand"})

    async def _error(self, message: JSON) -> None:
        self.stats.errors.append(message)
        code, reason = str(message.get("code")), str(message.get("reason"))
        if code in FATAL:
            raise BotRefused(code, reason)
        sent = self._sent
        if code == "illegal_move" and _field(message.get("message"), "key") == STALE:
            log.debug("move for prompt %s was stale", sent and sent.prompt_id)
            return
        if code == "rate_limited" and sent is not None and self._still_asked(sent):
            await self._rate_limited(sent, message)
            return
        if sent is None or code not in ("illegal_move", "bad_message", "not_saved"):
            log.warning("server error %s: %s", code, reason)
            return
        if code == "not_saved" and self._resends < NOT_SAVED_RETRIES:
            self._resends += 1
            log.warning("move not saved; sending it again")
            await asyncio.sleep(0.5 * self._resends)
            await self._move(sent.prompt_id, sent.move, sent.why)
            return
        self.stats.refused.append(message)
        log.warning("move %s refused: %s", json.dumps(sent.move), reason)
        if sent.why == BY_BOT:
            self._hook("on_refused", sent.move, message)
            prompt = self.prompt
            default = None if prompt is None else _default(prompt)
            if prompt is not None and prompt.get("prompt_id") == sent.prompt_id and default:
                await self._move(sent.prompt_id, default, REFUSED)
                return
        self._sent = None  # the default was refused too: the turn clock will move

    async def _rate_limited(self, sent: SentMove, message: JSON) -> None:
        """The move was refused as too fast: nothing was done, so it is sent again after the
        wait the server asks for (or a doubling backoff), up to RATE_LIMITED_RETRIES times."""
        if self._rate_resends >= RATE_LIMITED_RETRIES:
            self.stats.refused.append(message)
            log.warning(
                "move %s for prompt %d refused as too fast %d times: giving up on it "
                "(the turn clock will play the default)",
                json.dumps(sent.move),
                sent.prompt_id,
                RATE_LIMITED_RETRIES + 1,
            )
            self._sent = None
            return
        retry_after = _field(message.get("params"), "retry_after")
        if isinstance(retry_after, int | float) and not isinstance(retry_after, bool):
            wait = min(max(0.0, float(retry_after)), RATE_LIMITED_LONGEST)
        else:
            wait = RATE_LIMITED_BACKOFF * 2**self._rate_resends
        self._rate_resends += 1
        log.warning("move refused as too fast; sending it again in %.1f s", wait)
        await self.sleep(wait)
        if self._still_asked(sent):
            await self._move(sent.prompt_id, sent.move, sent.why)

    def _still_asked(self, sent: SentMove) -> bool:
        """Whether the latest view still asks the prompt `sent` answered (a refusal of some
        other message, after the move was taken, finds a new prompt or none)."""
        prompt = self.prompt
        return prompt is not None and prompt.get("prompt_id") == sent.prompt_id

    # --- the seat's prompt -------------------------------------------------------------------

    @property
    def prompt(self) -> JSON | None:
        """The seat's prompt in the latest view (None when it is not asked)."""
        you = (self.view or {}).get("you")
        prompt = you.get("prompt") if isinstance(you, dict) else None
        return prompt if isinstance(prompt, dict) else None

    def _consider(self) -> None:
        """Start thinking about a prompt not yet answered (dropping thoughts on an old one)."""
        prompt = self.prompt
        if prompt is None or self.view is None or self.ws is None:
            return
        prompt_id = prompt.get("prompt_id")
        if not isinstance(prompt_id, int) or prompt_id in (self._answered, self._thinking_id):
            return
        self._stop_thinking()
        self._thinking_id = prompt_id
        self._thinking = asyncio.create_task(self._think(self.view, prompt, prompt_id))

    def _budget(self) -> float:
        budget = self.think
        if self._clock is not None:
            read, left = self._clock
            now = asyncio.get_running_loop().time()
            budget = min(budget, left - (now - read) - self.margin)
        return max(LEAST_THINK, budget)

    async def _think(self, view: JSON, prompt: JSON, prompt_id: int) -> None:
        budget = self._budget()
        asked = asyncio.wrap_future(self._worker.submit(self.bot.choose, view, prompt))
        why = BY_BOT
        try:
            move: Any = await asyncio.wait_for(asyncio.shield(asked), budget)
        except TimeoutError:
            log.warning("the bot took over %.1f s: sending the default move", budget)
            move, why = _default(prompt), LATE
        except Exception:
            log.exception("the bot failed: sending the default move")
            move, why = _default(prompt), FAILED
        if why == BY_BOT and not (isinstance(move, dict) and isinstance(move.get("type"), str)):
            log.warning("the bot's answer %r is not a move: sending the default move", move)
            move, why = _default(prompt), FAILED
        self._thinking = None
        self._thinking_id = None
        if move is None:
            log.warning("prompt %s has no default move: the turn clock will move", prompt_id)
            self._answered = prompt_id
            return
        current = self.prompt
        if current is None or current.get("prompt_id") != prompt_id:
            return  # the table moved on while the bot thought
        self._resends = 0
        self._rate_resends = 0
        await self._move(prompt_id, move, why)

    async def _move(self, prompt_id: int, move: JSON, why: str) -> None:
        move = {k: v for k, v in move.items() if k not in ("prompt_id", "state_id")}
        sent = SentMove(prompt_id, move, why)
        self._sent = sent
        self._answered = prompt_id
        self.stats.moves.append(sent)
        note = "" if why == BY_BOT else f" (the default: {why})"
        log.debug("prompt %d: %s%s", prompt_id, json.dumps(move, ensure_ascii=False), note)
        await self._send({"v": 1, "type": "move", "move": {**move, "prompt_id": prompt_id}})

    def _stop_thinking(self) -> None:
        if self._thinking is not None:
            self._thinking.cancel()
        self._thinking = None
        self._thinking_id = None

    # --- the end -----------------------------------------------------------------------------

    def _finish(self, result: JSON) -> None:
        if self.result is None:
            self.result = result
            self._hook("on_result", result)

    def _summary(self) -> None:
        stats = self.stats
        log.info(
            "game over: %d moves sent (%d defaults), %d refused, %d reconnects",
            len(stats.moves),
            len(stats.defaults()),
            len(stats.refused),
            max(0, stats.connections - 1),
        )

    def _hook(self, name: str, *args: Any) -> None:
        """Call the bot's optional hook; a failing hook is logged, never the client's end."""
        hook: Callable[..., object] | None = getattr(self.bot, name, None)
        if hook is None:
            return
        try:
            hook(*args)
        except Exception:
            log.exception("the bot's %s failed", name)


def _default(prompt: JSON) -> JSON | None:
    """The prompt's default move (every prompt has one, `engine/prompts.py`)."""
    default = prompt.get("default")
    return dict(default) if isinstance(default, dict) else None


def _round_of(events: list[JSON]) -> int | None:
    """The hand a run of events belongs to: the number its `round_started` gives, if any."""
    for event in events:
        if event.get("type") == "round_started" and isinstance(event.get("round"), int):
            number: int = event["round"]
            return number
    return None


def _field(data: Any, key: str) -> Any:
    return data.get(key) if isinstance(data, dict) else None
