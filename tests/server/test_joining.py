"""A socket joining a table while its seats change: the welcome's info is read before the
socket waits for the start, so what happened in between must still reach it (seen in CI: the
creator's page showed a seat empty that a player had just taken, and never caught up)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from pokerhall.server.tables.hall import Hall
from pokerhall.server.tables.runtime import TableRuntime

from .live import LiveServer
from .lobby import Lobby
from .wsclient import TableClient

pytestmark = pytest.mark.anyio

Lookup = Callable[[str], Awaitable[TableRuntime | None]]


def joins_while_looking(server: LiveServer, names: list[str]) -> Lookup:
    """The hall's runtime look-up, with `names` taking seats right after the first look: the
    moment between the welcome and the wait."""
    hall: Hall = server.app.state.hall
    look = hall.running.runtime

    async def look_then_join(table_id: str) -> TableRuntime | None:
        found = await look(table_id)
        while names:
            await hall.seats.join(table_id, names.pop(0))
        return found

    return look_then_join


def seat_names(info: dict[str, Any]) -> list[str | None]:
    return [seat["name"] for seat in info["seats"]]


async def ann_joining_while(
    server: LiveServer, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch, names: list[str]
) -> TableClient:
    """Ann's socket at a three-seat table, `names` taking seats while it joins."""
    async with Lobby.at(server.http) as lobby:
        table = await lobby.create(options=options, seats=3)
        _, token = await lobby.join(table["id"], "Ann")
    monkeypatch.setattr(
        server.app.state.hall.running, "runtime", joins_while_looking(server, names)
    )
    return await TableClient.connect(server.ws(table["id"]), token)


async def test_a_seat_taken_while_the_socket_joins_is_sent_to_it(
    server: LiveServer, quick_options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    ann = await ann_joining_while(server, quick_options, monkeypatch, ["Bob"])
    assert seat_names(ann.messages[0]["table"])[:2] == ["Ann", None]  # the welcome
    caught_up = await ann.expect("table")
    assert seat_names(caught_up["table"])[:2] == ["Ann", "Bob"]
    await ann.close()


async def test_a_table_that_starts_while_the_socket_joins_sends_it_the_game(
    server: LiveServer, quick_options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    ann = await ann_joining_while(server, quick_options, monkeypatch, ["Bob", "Cy"])
    assert ann.messages[0]["table"]["status"] == "open"
    state = await ann.expect("state")
    assert state["view"]["seat"] == 0
    await ann.close()


async def test_a_socket_that_joins_an_unchanged_table_gets_no_second_info(
    server: LiveServer, quick_options: dict[str, Any]
) -> None:
    async with Lobby.at(server.http) as lobby:
        table = await lobby.create(options=quick_options, seats=3)
        _, token = await lobby.join(table["id"], "Ann")
        ann = await TableClient.connect(server.ws(table["id"]), token)
        assert await ann.roundtrip() == []
        await ann.close()
