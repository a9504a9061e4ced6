"""The creator removes a player only once their seat has been away for the grace time
(`server/tables/absence.py`): a reload or a network blip must not cost anyone their seat.
Over a real
server and real sockets, with the hall's clock moved by the test instead of waited for; the
same over several processes is in test_cluster.py."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest

from .halls import ManualClock, bearer, manual_absence
from .live import LiveServer
from .lobby import Lobby
from .wsclient import TableClient

pytestmark = pytest.mark.anyio


async def remove(http: httpx.AsyncClient, table_id: str, seat: int, creator: str) -> Any:
    return await http.post(f"/api/tables/{table_id}/seats/{seat}/remove", headers=bearer(creator))


async def refused_until_gone(http: httpx.AsyncClient, table_id: str, creator: str) -> Any:
    """The refusal once the server has seen the socket close (until then the player is
    present)."""
    for _ in range(500):
        answer = await remove(http, table_id, 0, creator)
        assert answer.status_code == 409, f"removed within the grace time: {answer.text}"
        if answer.json()["code"] != "player_present":
            return answer.json()
        await asyncio.sleep(0.01)
    pytest.fail("the server never saw the socket close")


async def check_the_grace(
    server: LiveServer, clock: ManualClock, table: dict[str, Any], token: str
) -> httpx.Response:
    """Bob (seat 0) drops, comes back within the grace time with his token and keeps his seat,
    drops again: refused until the grace time has passed since the last drop, then removed."""
    table_id, creator = table["id"], table["creator_token"]
    grace = server.app.state.hall.absence.grace
    async with httpx.AsyncClient(base_url=server.http) as http:
        bob = await TableClient.connect(server.ws(table_id), token)
        await bob.roundtrip()
        await bob.close()
        refused = await refused_until_gone(http, table_id, creator)
        assert refused["code"] == "player_away_briefly"
        assert refused["params"] == {"name": "Bob", "count": round(grace)}
        clock.advance(grace / 2)
        bob = await TableClient.connect(server.ws(table_id), token)  # a reload: he is back
        assert bob.seat == 0
        await bob.roundtrip()
        present = await remove(http, table_id, 0, creator)
        assert (present.status_code, present.json()["code"]) == (409, "player_present")
        await bob.close()
        await refused_until_gone(http, table_id, creator)
        clock.advance(grace - 1)  # the grace time counts from his last drop, not the first
        refused = await refused_until_gone(http, table_id, creator)
        assert refused["params"]["count"] == 1
        clock.advance(1)
        removed = await remove(http, table_id, 0, creator)
        assert removed.status_code == 200, removed.text
    late = await TableClient.connect(server.ws(table_id), hello=False)
    await late.send({"v": 1, "type": "hello", "token": token})
    assert (await late.next_error())["code"] == "unauthorized"  # the seat is no longer his
    return removed


async def test_before_the_start_a_seat_is_freed_only_after_the_grace_time(
    server: LiveServer, quick_options: dict[str, Any]
) -> None:
    clock = manual_absence(server.app.state.hall)
    async with Lobby.at(server.http) as lobby:
        table = await lobby.create(options=quick_options, seats=3)
        _seat, token = await lobby.join(table["id"], "Bob")
    removed = await check_the_grace(server, clock, table, token)
    assert removed.json()["seats"][0]["kind"] == "empty"


async def test_during_the_game_a_seat_goes_to_a_bot_only_after_the_grace_time(
    server: LiveServer, quick_options: dict[str, Any]
) -> None:
    clock = manual_absence(server.app.state.hall)
    async with Lobby.at(server.http) as lobby:
        table = await lobby.create(options=quick_options, seats=2, bot_takeover=True)
        tokens = await lobby.join_all(table["id"], "Bob", "Cy")
        assert (await lobby.table(table["id"]))["status"] == "running"
    removed = await check_the_grace(server, clock, table, tokens[0])
    assert removed.json()["seats"][0]["kind"] == "bot"


async def test_a_player_who_never_connected_is_removable_once_the_grace_time_passed(
    server: LiveServer, quick_options: dict[str, Any]
) -> None:
    """Taking the seat starts its grace time: the player's page may still be loading."""
    clock = manual_absence(server.app.state.hall)
    async with Lobby.at(server.http) as lobby:
        table = await lobby.create(options=quick_options, seats=3)
        await lobby.join(table["id"], "Bob")
        early = await remove(lobby.http, table["id"], 0, table["creator_token"])
        assert (early.status_code, early.json()["code"]) == (409, "player_away_briefly")
        clock.advance(server.app.state.hall.absence.grace)
        removed = await remove(lobby.http, table["id"], 0, table["creator_token"])
        assert removed.json()["seats"][0]["kind"] == "empty"
