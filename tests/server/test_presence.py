"""Presence (issue 12 item 2; docs/protocol.md, `presence`): each seat connected, offline, away
(the clock made its move), replaced by a bot or left, and the number of spectators; sent to
everyone at the table when it changes and in every snapshot, and never a secret: a quiet move
(a secret guess, Q2) shows nobody that its seat is back before the prompts change visibly."""

from __future__ import annotations

from typing import Any

import pytest

from .live import LiveServer
from .lobby import Lobby
from .wsclient import Message, TableClient

pytestmark = pytest.mark.anyio

STATUSES = {"connected", "offline", "away", "bot", "replaced", "left"}
WAIT = 15.0
"""Seconds to wait for a presence that needs a turn clock to run out."""


def presence_is(seats: list[str] | None = None, spectators: int | None = None) -> Any:
    def matches(message: Message) -> bool:
        return (
            message["type"] == "presence"
            and (seats is None or message["seats"] == seats)
            and (spectators is None or message["spectators"] == spectators)
        )

    return matches


def presences(client: TableClient) -> list[Message]:
    return [m for m in client.messages if m["type"] == "presence"]


async def connect(server: LiveServer, table_id: str, token: str | None) -> TableClient:
    client = await TableClient.connect(server.ws(table_id), token)
    await client.expect("state")
    return client


async def test_presence_follows_connections_and_counts_spectators(
    server: LiveServer, quick_options: dict[str, Any]
) -> None:
    async with Lobby.at(server.http) as lobby:
        table = await lobby.create(options=quick_options, seats=3, bots=1)
        ann_token, bob_token = await lobby.join_all(table["id"], "Ann", "Bob")
        ann = await TableClient.connect(server.ws(table["id"]), ann_token)
        state = await ann.expect("state")
        assert state["presence"] == {"seats": ["connected", "offline", "bot"], "spectators": 0}

        bob = await connect(server, table["id"], bob_token)
        await ann.expect(presence_is(["connected", "connected", "bot"], 0))
        zoe = await connect(server, table["id"], None)
        yan = await connect(server, table["id"], None)
        assert yan.messages[-1]["presence"]["spectators"] == 2  # the snapshot has it too
        await ann.expect(presence_is(spectators=2))
        bob_again = await connect(server, table["id"], bob_token)  # a second tab counts once
        await zoe.close()
        await ann.expect(presence_is(["connected", "connected", "bot"], 1))

        await bob.close()
        await bob_again.close()
        await ann.expect(presence_is(["connected", "offline", "bot"], 1))
        bob = await connect(server, table["id"], bob_token)
        await ann.expect(presence_is(["connected", "connected", "bot"], 1))
        for message in presences(ann):
            assert set(message) == {"v", "type", "seats", "spectators"}
            assert set(message["seats"]) <= STATUSES
        for client in (ann, bob, yan):
            await client.close()


async def test_a_player_the_clock_moved_for_is_away_until_they_reconnect(
    server: LiveServer, quick_options: dict[str, Any]
) -> None:
    async with Lobby.at(server.http) as lobby:
        table = await lobby.create(options=quick_options, seats=2, turn_clock=2)
        ann_token, bob_token = await lobby.join_all(table["id"], "Ann", "Bob")
        ann = await connect(server, table["id"], ann_token)
        await ann.move({"type": "guess", "value": "5"})
        # Bob never connects: the clock folds his hand, and he is away, not merely offline.
        await ann.expect(presence_is(["connected", "away"]), timeout=WAIT)
        bob = await TableClient.connect(server.ws(table["id"]), bob_token)
        state = await bob.expect("state")
        assert state["presence"]["seats"][1] == "connected"
        await ann.expect(presence_is(["connected", "connected"]))
        await ann.close()
        await bob.close()


async def test_a_quiet_move_shows_an_away_player_back_only_once_the_prompts_change(
    server: LiveServer, quick_options: dict[str, Any]
) -> None:
    """Bob is away while connected (the clock folded his hand). In the next hand he guesses:
    a secret move (Q2), so nobody is told he is back until the guesses are complete."""
    async with Lobby.at(server.http) as lobby:
        table = await lobby.create(options=quick_options, seats=2, turn_clock=3)
        ann_token, bob_token = await lobby.join_all(table["id"], "Ann", "Bob")
        ann = await connect(server, table["id"], ann_token)
        bob = await connect(server, table["id"], bob_token)
        await ann.move({"type": "guess", "value": "5"})
        await ann.expect(presence_is(["connected", "away"]), timeout=WAIT)
        for client in (ann, bob):
            if not (client.view and client.view["hands_played"] == 1):
                await client.expect(lambda m: "view" in m and m["view"]["hands_played"] == 1)

        await bob.move({"type": "guess", "value": "7"})
        await bob.expect("update")
        zoe = await connect(server, table["id"], None)  # the next presence Ann gets ...
        shown = await ann.expect(presence_is(spectators=1))
        assert shown["seats"] == ["connected", "away"]  # ... says nothing of Bob's guess
        await ann.move({"type": "guess", "value": "9"})
        await ann.expect(presence_is(["connected", "connected"]))
        for client in (ann, bob, zoe):
            await client.close()


@pytest.mark.parametrize(("takeover", "status"), [(True, "replaced"), (False, "left")])
async def test_a_player_who_leaves_is_replaced_by_a_bot_or_left(
    server: LiveServer, quick_options: dict[str, Any], takeover: bool, status: str
) -> None:
    async with Lobby.at(server.http) as lobby:
        table = await lobby.create(options=quick_options, seats=3, bot_takeover=takeover)
        tokens = await lobby.join_all(table["id"], "Ann", "Bob", "Cy")
        ann = await connect(server, table["id"], tokens[0])
        bob = await connect(server, table["id"], tokens[1])
        await ann.expect(presence_is(["connected", "connected", "offline"], 0))
        await lobby.leave(table["id"], tokens[1])
        # Bob's connection watches from now on: a spectator
        await ann.expect(presence_is(["connected", status, "offline"], 1))
        again = await connect(server, table["id"], None)
        assert again.messages[-1]["presence"]["seats"][1] == status
        for client in (ann, bob, again):
            await client.close()


async def test_presence_and_chat_carry_no_secret(
    server: LiveServer, quick_options: dict[str, Any]
) -> None:
    """Nothing a presence or chat message holds comes from the game or the seat tokens."""
    async with Lobby.at(server.http) as lobby:
        table = await lobby.create(options=quick_options, seats=2)
        tokens = await lobby.join_all(table["id"], "Ann", "Bob")
        ann = await connect(server, table["id"], tokens[0])
        bob = await connect(server, table["id"], tokens[1])
        await ann.move({"type": "guess", "value": "424242"})
        await bob.send({"v": 1, "type": "chat", "reaction": "wow"})
        await ann.expect("chat")
        await ann.expect(presence_is(["connected", "connected"]))
        zoe = await connect(server, table["id"], None)
        for client in (ann, bob, zoe):
            await client.roundtrip()
            for text, message in zip(client.texts, client.messages, strict=True):
                if message["type"] in ("presence", "chat", "chat_history"):
                    assert "424242" not in text
                    assert not any(token in text for token in tokens)
            await client.close()
