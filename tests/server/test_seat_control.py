"""Who plays a seat when its player does not: the turn clock's default moves, a bot after the
player leaves, and the player again after a reconnect with the seat token."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from pokerhall import games
from pokerhall.server.store.db import Database

from .live import LiveServer
from .lobby import Lobby
from .wsclient import (
    Message,
    TableClient,
    can_check,
    passive_strategy,
    plain_strategy,
    unexpected_errors,
)

pytestmark = pytest.mark.anyio


async def _moves_with_prompts(sqlite_url: str, table_id: str) -> list[tuple[int, Message, Message]]:
    """Every saved move with the prompt it answered, by replaying the saved moves."""
    db = Database(sqlite_url)
    try:
        table = await db.table(table_id)
        seats = await db.seats(table_id)
        moves = await db.moves(table_id)
    finally:
        await db.close()
    assert table is not None
    state = games.create(table.game, [s.name for s in seats], table.options, table.seed)
    out = []
    for row in moves:
        out.append((row.seat, state.pending()[row.seat], row.move))
        state.act(row.seat, row.move)
    return out


def _hands_played(client: TableClient) -> int:
    return client.view["hands_played"] if client.view else 0


async def test_the_clock_moves_for_a_player_who_does_not(
    server: LiveServer, quick_options: dict[str, Any], sqlite_url: str
) -> None:
    """Default moves: no guess written is a fold; in betting, check if possible, else fold.
    The clock marks them as time-outs (nobody excused these players)."""
    async with Lobby.at(server.http) as lobby:
        table = await lobby.create(options=quick_options, seats=3, turn_clock=1.0)
        tokens = [(await lobby.join(table["id"], n))[1] for n in ("Ann", "Bob", "Cy")]
        ann, bob = [await TableClient.connect(server.ws(table["id"]), t) for t in tokens[:2]]

        async def bob_only_guesses() -> None:
            async with asyncio.timeout(30):
                while _hands_played(bob) < 2:
                    prompt = bob.prompt()
                    if prompt and prompt["type"] == "guess" and prompt["prompt_id"] != bob.answered:
                        await bob.answer(passive_strategy)
                    await bob.recv()

        await asyncio.gather(
            ann.play(passive_strategy, until=lambda c: _hands_played(c) >= 2, timeout=30),
            bob_only_guesses(),
        )
        await ann.close()
        await bob.close()
    played = await _moves_with_prompts(sqlite_url, table["id"])
    cy = [(prompt["type"], move) for seat, prompt, move in played if seat == 2]
    assert cy, "Cy was never asked"
    assert all(entry == ("guess", {"type": "fold", "timed_out": True}) for entry in cy)
    bob_bets = [(can_check(p), m) for s, p, m in played if s == 1 and p["type"] == "bet"]
    assert bob_bets, "Bob was never asked to bet"
    for free, move in bob_bets:
        assert move == ({"type": "check"} if free else {"type": "fold"}) | {"timed_out": True}


async def test_a_player_who_answers_in_time_is_never_hurried(
    server: LiveServer, quick_options: dict[str, Any], sqlite_url: str
) -> None:
    """Each prompt gets the full clock, also when the same seat is asked again right after its
    own move (a new betting round or a new hand)."""
    async with Lobby.at(server.http) as lobby:
        table = await lobby.create(options=quick_options, seats=2, bots=1, turn_clock=1.5)
        _seat, token = await lobby.join(table["id"], "Ann")
        ann = await TableClient.connect(server.ws(table["id"]), token)
        sent = 0

        async def answer_late() -> None:
            nonlocal sent
            async with asyncio.timeout(40):
                while _hands_played(ann) < 1 and not ann.game_over:
                    prompt = ann.prompt()
                    if prompt is not None and prompt["prompt_id"] != ann.answered:
                        await asyncio.sleep(0.9)  # in time, but past what a stale clock left
                        if await ann.answer(passive_strategy):
                            sent += 1
                    await ann.recv()

        await answer_late()
        await ann.close()
    assert unexpected_errors(ann) == []
    assert [e for e in ann.errors() if "was made for prompt" in e["reason"]] == []
    played = await _moves_with_prompts(sqlite_url, table["id"])
    assert len([m for seat, _prompt, m in played if seat == 0]) == sent


async def test_every_prompt_comes_with_its_clock(
    server: LiveServer, quick_options: dict[str, Any]
) -> None:
    """The update that asks a seat to move also says how long it has."""
    async with Lobby.at(server.http) as lobby:
        table = await lobby.create(options=quick_options, seats=2, turn_clock=30.0)
        tokens = await lobby.join_all(table["id"], "Ann", "Bob")
        clients = [await TableClient.connect(server.ws(table["id"]), t) for t in tokens]
        for client in clients:
            state = await client.expect("state")
            assert 29 <= state["clock"]["you"] <= 30
        for _ in range(6):
            mover = next(c for c in clients if c.prompt() is not None)
            await mover.answer(passive_strategy)
            await mover.expect("update")
            await asyncio.gather(*(c.roundtrip() for c in clients))
            for client in clients:
                last = next(
                    m for m in reversed(client.messages) if m["type"] in ("update", "state")
                )
                if client.prompt() is not None:
                    assert last["clock"]["you"] is not None, last["clock"]
                    assert 28 <= last["clock"]["you"] <= 30
                else:
                    assert last["clock"]["you"] is None
        for client in clients:
            await client.close()


async def test_a_player_waiting_before_the_start_gets_the_first_clock(
    server: LiveServer, quick_options: dict[str, Any]
) -> None:
    """A player connected in the waiting room gets the first prompt's clock with the game's
    first state (not only after a reload): nothing else may come before the deadline passes."""
    async with Lobby.at(server.http) as lobby:
        table = await lobby.create(options=quick_options, seats=2, turn_clock=30.0)
        _seat, token = await lobby.join(table["id"], "Ann")
        ann = await TableClient.connect(server.ws(table["id"]), token)
        await ann.roundtrip()  # in the waiting room, before the game starts
        assert not any(m["type"] == "state" for m in ann.messages)
        await lobby.join(table["id"], "Bob")  # the last seat: the table starts
        state = await ann.expect("state")
        assert ann.prompt() is not None
        assert state["clock"]["you"] is not None, state["clock"]
        assert 29 <= state["clock"]["you"] <= 30
        await ann.close()


async def test_a_bot_plays_on_for_a_player_who_left(
    server: LiveServer, quick_options: dict[str, Any]
) -> None:
    async with Lobby.at(server.http) as lobby:
        table = await lobby.create(options=quick_options, seats=2)
        tokens = await lobby.join_all(table["id"], "Ann", "Bob")
        ann, bob = [await TableClient.connect(server.ws(table["id"]), t) for t in tokens]
        await ann.expect("state")
        await ann.move({"type": "guess", "value": "50"})
        await ann.expect("update")
        await lobby.leave(table["id"], tokens[0])
        await asyncio.gather(
            bob.play(plain_strategy(1)),
            ann.play(plain_strategy(0)),  # now only watching: it is never asked anything
        )
        finished = await lobby.wait_for_status(table["id"], "finished", timeout=5)
        assert finished["seats"][0] == {
            "seat": 0,
            "name": "Ann",
            "kind": "bot",
            "left": True,
            "reserved": False,
            "invited": False,
            "held_for": None,
            "excused": False,
            "bot_account": False,
            "rating": None,
            "signed_in": False,
        }
        assert ann.view is not None
        assert ann.view["seat"] is None
        assert unexpected_errors(bob) == []
        await ann.close()
        await bob.close()


async def test_a_player_who_reconnects_gets_the_seat_and_the_view_back(
    server: LiveServer, quick_options: dict[str, Any]
) -> None:
    async with Lobby.at(server.http) as lobby:
        table = await lobby.create(options=quick_options, seats=2)
        tokens = await lobby.join_all(table["id"], "Ann", "Bob")
        ann, bob = [await TableClient.connect(server.ws(table["id"]), t) for t in tokens]
        await ann.expect("state")
        await ann.move({"type": "guess", "value": "64"})
        await ann.expect("update")
        await ann.close()
        await bob.expect("state")
        await bob.move({"type": "guess", "value": "70"})
        await bob.expect("update")

        again = await TableClient.connect(server.ws(table["id"]), tokens[0])
        assert again.seat == 0
        state = await again.expect("state")
        assert state["view"]["you"]["guess"] == "64"
        assert [e["value"] for e in again.events("guess_recorded")] == ["64"]
        assert state["view"]["hand"]["phase"] == "betting"
        assert bob.view is not None
        assert state["view"]["prompt_id"] == bob.view["prompt_id"]
        await asyncio.gather(again.play(plain_strategy(0)), bob.play(plain_strategy(1)))
        assert again.game_over
        assert bob.game_over
        await again.close()
        await bob.close()
