"""Whole games through the real server: humans on WebSockets, a bot, and a spectator.

Every client must see the game to its end, the chips must add up, and no client may ever be
told a guess before it is shown (Q2, QP3, DU6) or the game master's card (DU2).
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from .live import LiveServer
from .lobby import Lobby
from .secrecy import assert_told_no_secrets, full_record, guesses_by_hand
from .wsclient import TableClient, plain_strategy, unexpected_errors

pytestmark = pytest.mark.anyio
GAME_TIMEOUT = 60.0


async def _play_to_the_end(
    server: LiveServer, lobby: Lobby, table: dict[str, Any], players: list[TableClient]
) -> TableClient:
    spectator = await TableClient.connect(server.ws(table["id"]))
    strategies = [plain_strategy(p.seat or 0, show=(p.seat or 0) % 2 == 0) for p in players]
    async with asyncio.timeout(GAME_TIMEOUT):
        await asyncio.gather(
            spectator.play(plain_strategy(0)),
            *(p.play(s) for p, s in zip(players, strategies, strict=True)),
        )
    return spectator


async def _check_game(
    lobby: Lobby, table: dict[str, Any], clients: list[TableClient], seats: int, db_url: str
) -> None:
    finished = await lobby.wait_for_status(table["id"], "finished", timeout=5)
    total = seats * table["options"]["starting_stack"]
    for client in clients:
        over = client.events("game_over")
        assert len(over) == 1, f"seat {client.seat} got {len(over)} game_over events"
        assert sum(over[0]["scores"]) == total
        assert client.view is not None
        assert client.view["result"] == finished["result"]
        assert unexpected_errors(client) == []
    secrets = guesses_by_hand(await full_record(db_url, table["id"]))
    shown = clients[-1].events("guess_shown")
    assert shown, "no guess was ever shown, so the secrecy check proved little"
    for client in clients:
        assert_told_no_secrets(client, secrets, unique_above=99_999)


async def test_quizpoker_three_humans_and_a_bot_play_a_full_game(
    server: LiveServer, quick_options: dict[str, Any]
) -> None:
    """Q1-Q12: the humans join, connect before the start, and the creator starts it early;
    the bot takes the empty seat."""
    async with Lobby.at(server.http) as lobby:
        table = await lobby.create(options=quick_options, seats=4)
        players = []
        tokens = []
        for name, creator in (("Ann", table["creator_token"]), ("Bob", None), ("Cy", None)):
            _seat, token = await lobby.join(table["id"], name, creator)
            players.append(await TableClient.connect(server.ws(table["id"]), token))
            tokens.append(token)
        started = await lobby.start(table["id"], tokens[0])  # Ann, the creator
        assert [s["kind"] for s in started["seats"]] == ["human", "human", "human", "bot"]
        spectator = await _play_to_the_end(server, lobby, table, players)
        await _check_game(lobby, table, [*players, spectator], seats=4, db_url=server.db_url)
        for client in [*players, spectator]:
            await client.close()


async def test_duell_three_humans_and_a_bot_play_a_full_game(
    server: LiveServer, duell_options: dict[str, Any]
) -> None:
    """DU1-DU10: the game master sits out and holds the card (DU2); folded seats may show
    (DU6). The last human to join starts the table; the last one connects after the start."""
    async with Lobby.at(server.http) as lobby:
        table = await lobby.create(options=duell_options, seats=4, bots=1)
        players = []
        for name in ("Dora", "Emil", "Fritz"):
            _seat, token = await lobby.join(table["id"], name)
            players.append(await TableClient.connect(server.ws(table["id"]), token))
        spectator = await _play_to_the_end(server, lobby, table, players)
        await _check_game(lobby, table, [*players, spectator], seats=4, db_url=server.db_url)
        masters = {e["game_master"] for c in players for e in c.events("round_started")}
        assert masters - {None}, "DU2: no hand had a game master"
        for client in [*players, spectator]:
            await client.close()
