"""One client's WebSocket: a bounded outbox drained by its own task, so a slow client can never
hold up its table; a client that falls too far behind is disconnected and resyncs on return."""

from __future__ import annotations

import asyncio
import contextlib
import enum
import math
import time
from collections import deque
from collections.abc import Callable
from typing import Any, Protocol

from starlette.websockets import WebSocket

from pokerhall.server.wire.chat_text import CHAT_BURST, CHAT_RATE

OUTBOX_LIMIT = 256
CLOSE_TIMEOUT = 5.0
"""How long a closing connection may spend sending what is queued, and then its close frame.
A client that reads nothing never lets either out; it must not keep its handler (and so the
server's shutdown) waiting, so after this the writer is abandoned."""
NORMAL_CLOSURE = 1000
TRY_AGAIN_LATER = 1013
"""The close code for a client that fell behind: nothing it did was wrong, it should reconnect
(and get a fresh snapshot) when it can keep up."""
FELL_BEHIND = "too far behind; reconnect to catch up"


class RateLimiter:
    """Token bucket: `rate` messages a second on average, bursts up to `burst`."""

    def __init__(
        self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = float(burst)
        self.stamp = clock()

    def allow(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def wait(self) -> float:
        """Seconds until `allow` would take a message again (0 when it would now), rounded up
        to the millisecond past a microsecond more, so that a client waiting this long is never
        refused for being early (the clock's float arithmetic could fall a hair short)."""
        missing = 1.0 - min(self.burst, self.tokens + (self.clock() - self.stamp) * self.rate)
        return 0.0 if missing <= 0 else math.ceil((missing / self.rate + 1e-6) * 1000) / 1000


class Admission(enum.Enum):
    ACCEPT = "accept"
    REFUSE = "refuse"
    """Over the limit: answer with an error and drop the message."""
    DISCONNECT = "disconnect"
    """Over the limit for too long: the client ignores the errors, so close the connection."""


class FloodGuard:
    """The per-connection message limit: every frame a client sends counts, text or binary,
    from the first frame on (before the hello too), because each one costs the server work.

    Up to `rate` messages a second are taken, in bursts of up to `burst`. Refusing a message
    costs an error reply, so refusals are limited as well: a client may have `refusals`
    messages refused at once, and one more every `1 / refusal_rate` seconds. A client that
    goes past that keeps sending after being told to slow down, so it is disconnected rather
    than answered for ever: with the defaults after about 80 messages sent in a rush, or
    after about 8 seconds of 30 messages a second. A burst of 60 messages only gets errors.
    """

    def __init__(
        self,
        rate: float = 20.0,
        burst: int = 40,
        refusals: int = 40,
        refusal_rate: float = 1.0,
    ) -> None:
        self.messages = RateLimiter(rate, burst)
        self.refusals = RateLimiter(refusal_rate, refusals)

    def retry_after(self) -> float:
        """Seconds until a message is taken again: `params.retry_after` of a refusal. A
        fraction of a second with the defaults (one message every 1/20 s), so it is not
        rounded up to whole seconds as an HTTP `Retry-After` is."""
        return max(0.001, self.messages.wait())

    def admit(self) -> Admission:
        if self.messages.allow():
            return Admission.ACCEPT
        if self.refusals.allow():
            return Admission.REFUSE
        return Admission.DISCONNECT


class Peer(Protocol):
    """What a table's runtime needs of a client: a WebSocket here (`Connection`), or one on
    another server process, reached through the cluster (`cluster/fanout.py: RemoteConnection`)."""

    seat: int | None
    closed: bool
    chat_limit: RateLimiter
    """Chat messages, on top of the connection's message limit; for a client on another
    process, kept by the owner, which answers its messages."""
    presence: dict[str, Any] | None
    """The table's presence as this client was last sent it (`TableRuntime`)."""

    def send(self, text: str) -> None: ...

    def close(self, code: int = ..., reason: str = ...) -> None: ...

    async def wait_closed(self) -> None: ...


class Connection:
    def __init__(self, ws: WebSocket, seat: int | None) -> None:
        self.ws = ws
        self.seat = seat
        self.forward: Callable[[str], None] | None = None
        """Set while the table runs in another server process: the client's messages go there
        (`cluster/routing.py`) instead of to a runtime here."""
        self.outbox: deque[str] = deque()
        """What is still to be sent, at most OUTBOX_LIMIT messages (`send`). A deque and one
        future that wakes the writer when it waits, rather than an `asyncio.Queue`: up to
        four messages a move go through every player's outbox, and the queue's bookkeeping
        (its unfinished-task count and event, a future per `get`) cost more than the rest."""
        self._wake: asyncio.Future[None] | None = None
        """Set while the writer waits for a message or the close (`_wake_writer`)."""
        self.closed = False
        self.chat_limit = RateLimiter(CHAT_RATE, CHAT_BURST)
        """Chat messages, on top of the connection's message limit (`FloodGuard`)."""
        self.presence: dict[str, Any] | None = None
        """The table's presence as this client was last sent it (`TableRuntime`)."""
        self._close_code = NORMAL_CLOSURE
        self._close_reason = ""
        self._writer = asyncio.create_task(self._write())

    def send(self, text: str) -> None:
        if self.closed:
            return
        if len(self.outbox) >= OUTBOX_LIMIT:
            self._fell_behind()
            return
        self.outbox.append(text)
        self._wake_writer()

    def close(self, code: int = NORMAL_CLOSURE, reason: str = "") -> None:
        """Take no more messages; what is queued is still sent, then the socket is closed."""
        if not self.closed:
            self.closed = True
            self._close_code, self._close_reason = code, _close_reason(reason)
            self._wake_writer()

    def _wake_writer(self) -> None:
        wake, self._wake = self._wake, None
        if wake is not None and not wake.done():
            wake.set_result(None)

    def _fell_behind(self) -> None:
        """Disconnect a client whose outbox is full. What is queued is dropped: it is stale,
        and the client resyncs from a snapshot when it reconnects. The writer is cancelled, not
        waited for, since it may be stuck in a send the client is not reading."""
        self.closed = True
        self._close_code, self._close_reason = TRY_AGAIN_LATER, FELL_BEHIND
        self.outbox.clear()
        self._writer.cancel()
        self._writer = asyncio.create_task(self._close_socket())

    async def _write(self) -> None:
        outbox, ws = self.outbox, self.ws
        try:
            while True:
                while outbox:
                    await ws.send_text(outbox.popleft())
                if self.closed:  # and all sent that was queued before `close`
                    break
                self._wake = asyncio.get_running_loop().create_future()
                await self._wake
        except Exception:  # the socket went away; the reader notices and detaches us
            self.closed = True
            return
        await self._close_socket()

    async def _close_socket(self) -> None:
        with contextlib.suppress(Exception):  # also the timeout: see CLOSE_TIMEOUT
            async with asyncio.timeout(CLOSE_TIMEOUT):
                await self.ws.close(self._close_code, self._close_reason)

    async def wait_closed(self) -> None:
        """Close and wait for the writer, but not for ever (see CLOSE_TIMEOUT)."""
        self.close()
        _done, pending = await asyncio.wait({self._writer}, timeout=CLOSE_TIMEOUT)
        for writer in pending:
            writer.cancel()


def _close_reason(reason: str) -> str:
    """A close frame's reason must fit in 123 bytes of UTF-8, or the frame is not sent at all."""
    return reason.encode()[:123].decode(errors="ignore")
