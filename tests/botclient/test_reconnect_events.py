"""What the bot client tells its bot after a reconnect (issue 25, "reconnects after a drop"):
the events it missed that the server still holds, none twice.

The server's `state` message repeats the current hand's events and, during a result pause, the
ended hand's (`result_events`, docs/protocol.md); a hand played whole while the line was down
is kept nowhere, so it cannot be told. The socket is the in-memory `fake_server`."""

from __future__ import annotations

import asyncio

import pytest

from botclient.fake_server import STEP_TIMEOUT, FakeServer
from pokerhall.botclient import BotClient, RemoteBot
from pokerhall.engine.events import JSON

pytestmark = pytest.mark.anyio


def started(number: int) -> JSON:
    return {"type": "round_started", "round": number}


def happened(number: int, what: str) -> JSON:
    return {"type": "noted", "round": number, "what": what}


class Listener(RemoteBot):
    def __init__(self) -> None:
        super().__init__(seed=1)
        self.events: list[JSON] = []

    def choose(self, view: JSON, prompt: JSON) -> JSON:
        raise AssertionError("no prompt is given in these tests")

    def on_event(self, event: JSON) -> None:
        self.events.append(event)


async def told_after_a_cut(before: list[JSON], after: JSON) -> list[JSON]:
    """The events the bot was told: `before` in a first connection's `state`, the line cut,
    then `after` (the rest of a `state` message) on the second connection."""
    server, bot = FakeServer(), Listener()
    client = BotClient(bot, "ws://fake/ws/tables/t", "tok", backoff=0.01, opener=server.open)
    running = asyncio.create_task(client.run())
    for events in (before, None):
        assert (await server.heard())["type"] == "hello"
        server.say({"type": "welcome", "seat": 0, "table": {"status": "running"}})
        state = {"events": events} if events is not None else after
        server.say({"type": "state", "view": {"you": {"prompt": None}}, **state})
        if events is not None:
            server.cut()
    server.end()
    async with asyncio.timeout(STEP_TIMEOUT):
        await running
    assert client.stats.connections == 2
    return bot.events


async def test_a_reconnect_in_a_result_pause_tells_the_rest_of_the_ended_hand() -> None:
    """The line fell mid-hand and came back while the table shows that hand's result: the
    events of it the bot had not had come first, then the new hand's."""
    hand_two = [started(2), happened(2, "bet"), happened(2, "call"), happened(2, "won")]
    told = await told_after_a_cut(
        hand_two[:2], {"result_events": hand_two, "events": [started(3), happened(3, "deal")]}
    )
    assert told == [*hand_two, started(3), happened(3, "deal")]


async def test_an_ended_hand_already_told_is_not_told_again() -> None:
    """The bot had the whole hand and the next one's start: a reconnect in the pause repeats
    both in its `state`, and only what is new reaches the bot."""
    hand_two = [started(2), happened(2, "won")]
    told = await told_after_a_cut(
        [*hand_two, started(3)],
        {"result_events": hand_two, "events": [started(3), happened(3, "deal")]},
    )
    assert told == [*hand_two, started(3), happened(3, "deal")]


async def test_a_hand_played_while_the_line_was_down_is_skipped_not_repeated() -> None:
    """Hand 3 began and ended while the client was away (no pause at this table): the server
    has only hand 4, which the bot is told whole; nothing of hand 2 comes again."""
    told = await told_after_a_cut(
        [started(2), happened(2, "bet")], {"events": [started(4), happened(4, "deal")]}
    )
    assert told == [started(2), happened(2, "bet"), started(4), happened(4, "deal")]


async def test_a_reconnect_mid_hand_without_a_pause_tells_only_the_new_events() -> None:
    """No pause, so `result_events` is empty: that says nothing, and the current hand's
    repeated events are not told twice."""
    told = await told_after_a_cut(
        [started(2), happened(2, "bet")],
        {"result_events": [], "events": [started(2), happened(2, "bet"), happened(2, "call")]},
    )
    assert told == [started(2), happened(2, "bet"), happened(2, "call")]
