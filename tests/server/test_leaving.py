"""Leaving a running table (issue 8 item 5; docs/protocol.md on `resign`): with no bot to take
over and no turn clock, the seat resigns, so the table never waits for a player who has gone."""

from __future__ import annotations

from typing import Any

import pytest

from .live import LiveServer
from .lobby import Lobby
from .wsclient import TableClient, plain_strategy, unexpected_errors

pytestmark = pytest.mark.anyio


async def test_a_player_who_leaves_mid_hand_resigns_and_the_game_goes_on(
    server: LiveServer, quick_options: dict[str, Any]
) -> None:
    async with Lobby.at(server.http) as lobby:
        table = await lobby.create(options=quick_options, seats=2, bot_takeover=False)
        assert table["turn_clock"] is None
        ann, bob = await lobby.join_all(table["id"], "Ann", "Bob")
        client = await TableClient.connect(server.ws(table["id"]), ann)
        await client.expect("state")
        await client.move({"type": "guess", "value": "123456"})  # mid-hand: Bob has not guessed
        await lobby.leave(table["id"], bob)
        await client.play(plain_strategy(0), timeout=30)
        finished = await lobby.wait_for_status(table["id"], "finished", timeout=10)
        assert finished["result"]["winners"] == [0]
        assert [e["seat"] for e in client.events("resigned")] == [1]
        assert unexpected_errors(client) == []
        await client.close()


async def test_a_seat_may_resign_itself_over_the_websocket(
    server: LiveServer, quick_options: dict[str, Any]
) -> None:
    async with Lobby.at(server.http) as lobby:
        table = await lobby.create(options=quick_options, seats=2, bot_takeover=False)
        ann, bob = await lobby.join_all(table["id"], "Ann", "Bob")
        clients = [await TableClient.connect(server.ws(table["id"]), t) for t in (ann, bob)]
        for client in clients:
            await client.expect("state")
        await clients[1].move({"type": "resign"})
        await clients[0].play(plain_strategy(0), timeout=30)
        finished = await lobby.wait_for_status(table["id"], "finished", timeout=10)
        assert finished["result"]["winners"] == [0]
        for client in clients:
            await client.close()
