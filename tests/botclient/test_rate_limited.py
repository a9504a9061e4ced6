"""The bot client's answer to a move refused as `rate_limited` (issue 25): the same move again
after the wait asked for, five times at most, then the move is left to the turn clock.

The client talks to an in-memory socket here (`fake_server`), and its waits are recorded
rather than slept, so each refusal lands on exactly the move it is meant for."""

from __future__ import annotations

import asyncio
import logging

import pytest

from botclient.fake_server import STEP_TIMEOUT, FakeServer, Waits
from pokerhall.botclient import BotClient, RemoteBot
from pokerhall.botclient.client import RATE_LIMITED_RETRIES
from pokerhall.engine.events import JSON

pytestmark = pytest.mark.anyio
BOT_MOVE = {"type": "call"}
TOO_FAST = {"v": 1, "type": "error", "code": "rate_limited", "reason": "slow down"}


class Caller(RemoteBot):
    def choose(self, view: JSON, prompt: JSON) -> JSON:
        return dict(BOT_MOVE)


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
