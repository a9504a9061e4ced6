"""The bot client's answer to a move refused as `rate_limited` (issue 25): the same move again
after the wait asked for, five times at most, then the move is left to the turn clock.

The client talks to an in-memory socket here (a pair of queues), and its waits are recorded
rather than slept, so each refusal lands on exactly the move it is meant for."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest

from pokerhall.botclient import BotClient, RemoteBot
from pokerhall.botclient.client import RATE_LIMITED_RETRIES
from pokerhall.engine.events import JSON

pytestmark = pytest.mark.anyio
STEP_TIMEOUT = 10.0
PROMPT = {"prompt_id": 7, "default": {"type": "fold"}}
BOT_MOVE = {"type": "call"}
TOO_FAST = {"v": 1, "type": "error", "code": "rate_limited", "reason": "slow down"}


class Caller(RemoteBot):
    def choose(self, view: JSON, prompt: JSON) -> JSON:
        return dict(BOT_MOVE)


class FakeServer:
    """The server's side of one in-memory socket: what the client sent, and what to send it."""

    def __init__(self) -> None:
        self.to_client: asyncio.Queue[str] = asyncio.Queue()
        self.from_client: asyncio.Queue[JSON] = asyncio.Queue()
        self.opened = 0

    async def recv(self) -> str:
        return await self.to_client.get()

    async def send(self, message: str) -> None:
        self.from_client.put_nowait(json.loads(message))

    @asynccontextmanager
    async def open(self, url: str, **options: Any) -> AsyncIterator[FakeServer]:
        self.opened += 1
        yield self

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


def client_for(server: FakeServer, waits: Waits) -> BotClient:
    return BotClient(
        Caller(seed=1), "ws://fake/ws/tables/t", "tok", sleep=waits, opener=server.open
    )


def moved(message: JSON) -> JSON:
    assert message["type"] == "move"
    move: JSON = message["move"]
    return move


@pytest.mark.parametrize(("retry_after", "waited"), [(3, 3.0), (1e12, 10.0), (-5, 0.0)])
async def test_a_rate_limited_move_is_sent_again_after_retry_after(
    retry_after: float, waited: float
) -> None:
    """The wait the server asks for, within reason: an absurd one is cut to ten seconds."""
    server, waits = FakeServer(), Waits()
    client = client_for(server, waits)
    running = asyncio.create_task(client.run())
    first = moved(await server.start())
    assert first == {**BOT_MOVE, "prompt_id": 7}
    server.say({**TOO_FAST, "params": {"retry_after": retry_after}})
    assert moved(await server.heard()) == first
    server.end()
    async with asyncio.timeout(STEP_TIMEOUT):
        assert await running == {"w": [0]}
    assert waits.seconds == [waited]
    assert [m.why for m in client.stats.moves] == ["bot", "bot"]
    assert client.stats.refused == []
    assert server.from_client.empty()
    assert server.opened == 1


async def test_after_five_rate_limited_resends_the_move_is_given_up(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Without `retry_after` the waits double from 0.2 s; the sixth refusal sends nothing more
    (not the default either: the server's clock plays it) and says so in the log."""
    server, waits = FakeServer(), Waits()
    client = client_for(server, waits)
    running = asyncio.create_task(client.run())
    first = moved(await server.start())
    with caplog.at_level(logging.WARNING, logger="pokerhall.botclient"):
        for _ in range(RATE_LIMITED_RETRIES):
            server.say(TOO_FAST)
            assert moved(await server.heard()) == first
        server.say(TOO_FAST)
        server.end()
        async with asyncio.timeout(STEP_TIMEOUT):
            await running
    assert server.from_client.empty()
    assert waits.seconds == [0.2, 0.4, 0.8, 1.6, 3.2]
    assert len(client.stats.moves) == 1 + RATE_LIMITED_RETRIES
    assert client.stats.refused == [TOO_FAST]
    assert any("giving up" in r.getMessage() for r in caplog.records)


async def test_a_rate_limited_error_after_the_move_was_taken_resends_nothing() -> None:
    """The prompt the move answered is gone (the move was taken): the refusal was of something
    else, and the move is not sent twice."""
    server, waits = FakeServer(), Waits()
    client = client_for(server, waits)
    running = asyncio.create_task(client.run())
    await server.start()
    server.say({"type": "update", "events": [], "view": {"you": {"prompt": None}}})
    server.say(TOO_FAST)
    server.end()
    async with asyncio.timeout(STEP_TIMEOUT):
        await running
    assert server.from_client.empty()
    assert waits.seconds == []
    assert len(client.stats.moves) == 1


async def test_each_new_prompt_gets_its_own_five_resends() -> None:
    server, waits = FakeServer(), Waits()
    client = client_for(server, waits)
    running = asyncio.create_task(client.run())
    await server.start()
    for _ in range(RATE_LIMITED_RETRIES + 1):
        server.say(TOO_FAST)
    for _ in range(RATE_LIMITED_RETRIES):
        await server.heard()
    second = {"prompt_id": 8, "default": {"type": "fold"}}
    server.say({"type": "update", "events": [], "view": {"you": {"prompt": second}}})
    assert moved(await server.heard())["prompt_id"] == 8
    server.say(TOO_FAST)
    assert moved(await server.heard())["prompt_id"] == 8
    server.end()
    async with asyncio.timeout(STEP_TIMEOUT):
        await running
    assert waits.seconds == [0.2, 0.4, 0.8, 1.6, 3.2, 0.2]
