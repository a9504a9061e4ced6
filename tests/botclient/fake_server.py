"""An in-memory stand-in for the server's end of the bot client's socket: the tests say what
the server sends and read what the client sent, one message at a time, so each lands exactly
where it is meant to (no server process, no timing)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from pokerhall.engine.events import JSON

STEP_TIMEOUT = 10.0
PROMPT = {"prompt_id": 7, "default": {"type": "fold"}}
CUT = "\x00cut"
"""Put in the queue to the client in place of a message: its read fails as a dropped line."""


class FakeServer:
    """The server's side of one in-memory socket: what the client sent, and what to send it."""

    def __init__(self) -> None:
        self.to_client: asyncio.Queue[str] = asyncio.Queue()
        self.from_client: asyncio.Queue[JSON] = asyncio.Queue()
        self.opened = 0

    async def recv(self) -> str:
        text = await self.to_client.get()
        if text == CUT:
            raise OSError("the line was cut")
        return text

    async def send(self, message: str) -> None:
        self.from_client.put_nowait(json.loads(message))

    @asynccontextmanager
    async def open(self, url: str, **options: Any) -> AsyncIterator[FakeServer]:
        self.opened += 1
        yield self

    def cut(self) -> None:
        """Drop the line once the client has read what was said before: its next read fails,
        and it connects again (to this same fake)."""
        self.to_client.put_nowait(CUT)

    def say(self, message: JSON) -> None:
        self.to_client.put_nowait(json.dumps({"v": 1, **message}))

    async def heard(self) -> JSON:
        async with asyncio.timeout(STEP_TIMEOUT):
            return await self.from_client.get()

    async def start(self, prompt: JSON | None = PROMPT) -> JSON:
        """Greet the client and ask its seat `prompt`; the move it answers with."""
        assert (await self.heard())["type"] == "hello"
        self.say({"type": "welcome", "seat": 0, "table": {"status": "playing"}})
        self.say({"type": "state", "events": [], "view": {"you": {"prompt": prompt}}})
        return await self.heard()

    def end(self) -> None:
        self.say({"type": "update", "events": [], "view": {"over": True, "result": {"w": [0]}}})


class Waits:
    """Stands in for asyncio.sleep: keeps each wait and returns at once."""

    def __init__(self) -> None:
        self.seconds: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.seconds.append(seconds)
        await asyncio.sleep(0)
