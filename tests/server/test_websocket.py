"""The live connection: hello, moves, updates, and what each seat is (not) told.

Runs against a real uvicorn server; the bad-input cases are in test_ws_bad_input.py.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import pytest

from .live import LiveServer
from .lobby import Lobby
from .wsclient import TableClient, plain_strategy

pytestmark = pytest.mark.anyio


@dataclass
class HeadsUp:
    """Two humans at a started table (no bots, no clock), both connected, and a spectator."""

    lobby: Lobby
    table: dict[str, Any]
    tokens: list[str]
    ann: TableClient
    bob: TableClient
    spectator: TableClient


@pytest.fixture
async def heads_up(server: LiveServer, quick_options: dict[str, Any]) -> AsyncIterator[HeadsUp]:
    async with Lobby.at(server.http) as lobby:
        table = await lobby.create(options=quick_options, seats=2)
        tokens = [(await lobby.join(table["id"], name))[1] for name in ("Ann", "Bob")]
        url = server.ws(table["id"])
        clients = [await TableClient.connect(url, token) for token in tokens]
        spectator = await TableClient.connect(url)
        for client in [*clients, spectator]:
            await client.expect("state")
        yield HeadsUp(lobby, table, tokens, *clients, spectator)
        for client in [*clients, spectator]:
            await client.close()


async def test_hello_seats_the_token_holder_and_sends_the_state(heads_up: HeadsUp) -> None:
    assert (heads_up.ann.seat, heads_up.bob.seat, heads_up.spectator.seat) == (0, 1, None)
    prompt = heads_up.ann.prompt()
    assert (prompt["type"], prompt["prompt_id"], prompt["default"]) == (
        "guess",
        0,
        {"type": "fold"},
    )
    assert [move["type"] for move in prompt["moves"]] == ["guess", "fold"]
    assert heads_up.ann.view is not None
    assert heads_up.ann.view["seat"] == 0
    assert heads_up.spectator.view is not None
    assert "you" not in heads_up.spectator.view


async def test_a_secret_guess_sends_nothing_to_the_other_seats(heads_up: HeadsUp) -> None:
    """Q2: nobody may learn whether another player has guessed, not even from a message that
    arrives (the engine keeps the state id; the server must not announce the move either)."""
    await heads_up.ann.move({"type": "guess", "value": "61"})
    update = await heads_up.ann.expect("update")
    assert [e["type"] for e in update["events"]] == ["guess_recorded"]
    assert update["view"]["you"] == {"guess": "61", "prompt": None}
    assert await heads_up.bob.roundtrip() == []
    assert await heads_up.spectator.roundtrip() == []
    await heads_up.bob.move({"type": "guess", "value": "70"})
    for client in (heads_up.ann, heads_up.bob, heads_up.spectator):
        update = await client.expect("update")
        assert "guesses_complete" in [e["type"] for e in update["events"]]
    assert heads_up.spectator.events("guess_recorded") == []
    assert [e["value"] for e in heads_up.bob.events("guess_recorded")] == ["70"]


async def test_the_seat_comes_from_the_token_not_from_the_message(heads_up: HeadsUp) -> None:
    """A move names no seat: a client can only ever act for the seat its token holds."""
    await heads_up.ann.move({"type": "guess", "value": "5", "seat": 1})
    error = await heads_up.ann.next_error()
    assert error["code"] == "illegal_move"
    await heads_up.ann.move({"type": "guess", "value": "5"})
    update = await heads_up.ann.expect("update")
    assert update["events"][0]["seat"] == 0
    assert heads_up.bob.prompt() is not None


async def test_a_spectator_cannot_move(heads_up: HeadsUp) -> None:
    await heads_up.spectator.send({"v": 1, "type": "move", "move": {"type": "fold"}})
    error = await heads_up.spectator.next_error()
    assert error["code"] == "not_seated"
    assert "spectator" in error["reason"]
    state = await heads_up.ann.sync()
    assert state["view"]["you"]["prompt"]["prompt_id"] == 0
    assert all(not p["folded"] for p in state["view"]["players"])


async def test_a_stale_move_is_refused_and_changes_nothing(heads_up: HeadsUp) -> None:
    for client, value in ((heads_up.ann, "60"), (heads_up.bob, "80")):
        await client.move({"type": "guess", "value": value})
    await heads_up.ann.expect(lambda m: m["type"] == "update" and m["view"]["hand"]["round"])
    actor = heads_up.ann if heads_up.ann.prompt() else heads_up.bob
    stale = actor.prompt_id() - 1
    await actor.move({"type": "fold"}, prompt_id=stale)
    error = await actor.next_error()
    assert error["code"] == "illegal_move"
    assert f"made for prompt {stale}" in error["reason"]
    state = await actor.sync()
    assert not any(p["folded"] for p in state["view"]["players"])
    assert state["view"]["you"]["prompt"]["prompt_id"] == stale + 1


async def test_an_illegal_move_names_the_rule_and_changes_nothing(heads_up: HeadsUp) -> None:
    await heads_up.ann.move({"type": "check"})
    error = await heads_up.ann.next_error()
    assert error["code"] == "illegal_move"
    assert "guess" in error["reason"]
    state = await heads_up.ann.sync()
    assert state["view"]["you"] == {"guess": None, "prompt": heads_up.ann.prompt()}


async def test_a_move_before_the_start_is_refused(
    server: LiveServer, quick_options: dict[str, Any]
) -> None:
    async with Lobby.at(server.http) as lobby:
        table = await lobby.create(options=quick_options, seats=3)
        _seat, token = await lobby.join(table["id"], "Ann")
        client = await TableClient.connect(server.ws(table["id"]), token)
        await client.move({"type": "fold"}, prompt_id=0)
        error = await client.next_error()
        assert error["code"] == "not_started"
        await lobby.join(table["id"], "Bob")
        announced = await client.expect("table")
        assert [s["name"] for s in announced["table"]["seats"]] == ["Ann", "Bob", None]
        await client.close()


async def test_a_move_after_the_game_is_over_is_refused(
    server: LiveServer, quick_options: dict[str, Any]
) -> None:
    async with Lobby.at(server.http) as lobby:
        table = await lobby.create(options=quick_options, seats=2, bots=1)
        _seat, token = await lobby.join(table["id"], "Ann")
        client = await TableClient.connect(server.ws(table["id"]), token)
        await client.play(plain_strategy(0))
        await client.send({"v": 1, "type": "move", "move": {"type": "fold"}})
        error = await client.next_error()
        assert (error["code"], error["reason"]) == ("illegal_move", "the game is over")
        assert await client.roundtrip() == []
        late = await TableClient.connect(server.ws(table["id"]))
        state = await late.expect("state")
        assert state["view"]["over"] is True
        await late.close()
        await client.close()


async def test_a_second_hello_is_refused_but_the_connection_stays(heads_up: HeadsUp) -> None:
    await heads_up.ann.send({"v": 1, "type": "hello", "token": heads_up.tokens[1]})
    error = await heads_up.ann.next_error()
    assert error["code"] == "bad_message"
    await heads_up.ann.move({"type": "guess", "value": "3"})
    update = await heads_up.ann.expect("update")
    assert update["events"][0]["seat"] == 0


async def test_a_refusal_carries_the_games_message_for_the_players_language(
    server: LiveServer,
) -> None:
    """A game that words its refusals (Slovní poker, W9) sends them as a catalog message too,
    so the browser shows the reason in the player's language; `reason` stays its English."""
    async with Lobby.at(server.http) as lobby:
        table = await lobby.create(game="wordpoker", options={"lexicon": "mini"}, seats=2)
        tokens = await lobby.join_all(table["id"], "Ann", "Bob")
        ann = await TableClient.connect(server.ws(table["id"]), tokens[0])
        await ann.expect("state")
        await ann.move({"type": "word", "word": "kočka"})  # a word while declaring
        error = await ann.next_error()
        assert error["code"] == "illegal_move"
        assert error["message"] == {
            "key": "reject.wrong_move",
            "params": {"move": "word", "moves": "raise, stay, pass"},
        }
        assert error["reason"] == "“word” is not a move now; you may: raise, stay, pass"
        await ann.move({"type": "stay"}, prompt_id=99)  # the engine's own check, shared by all
        stale = await ann.next_error()
        assert "made for prompt 99" in stale["reason"]
        assert stale["message"]["key"] == "refuse.move.stale_prompt"
        assert stale["message"]["params"]["sent"] == "99"
        await ann.close()
