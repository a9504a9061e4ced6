"""One client's WebSocket: a bounded outbox drained by its own task, so a slow client can never
hold up its table; a client that falls too far behind is disconnected and resyncs on return."""

from __future__ import annotations

import asyncio
import contextlib
import time

from starlette.websockets import WebSocket

OUTBOX_LIMIT = 256


class RateLimiter:
    """Token bucket: `rate` messages a second on average, bursts up to `burst`."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Connection:
    def __init__(self, ws: WebSocket, seat: int | None) -> None:
        self.ws = ws
        self.seat = seat
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue(OUTBOX_LIMIT)
        self.closed = False
        self._writer = asyncio.create_task(self._write())

    def send(self, text: str) -> None:
        if self.closed:
            return
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            self.close()

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            with contextlib.suppress(asyncio.QueueFull):
                self.outbox.put_nowait(None)

    async def _write(self) -> None:
        try:
            while (text := await self.outbox.get()) is not None:
                await self.ws.send_text(text)
        except Exception:  # the socket went away; the reader notices and detaches us
            self.closed = True
        if self.closed:
            with contextlib.suppress(Exception):
                await self.ws.close()

    async def wait_closed(self) -> None:
        self.close()
        with contextlib.suppress(Exception):
            await self._writer
