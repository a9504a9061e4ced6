"""The lobby's list: one query however many tables, pushed to open lobbies on every change
(`/ws/lobby`), so no lobby page polls."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import event
from websockets.asyncio.client import ClientConnection, connect

from pokerhall.server.store.db import Database
from pokerhall.server.tables.hall import Hall
from pokerhall.server.wire.messages import CreateTable

from .live import LiveServer
from .lobby import Lobby

pytestmark = pytest.mark.anyio
Tables = list[dict[str, Any]]


async def test_the_lobby_list_is_one_query_however_many_tables(
    db_url: str, quick_options: dict[str, Any]
) -> None:
    db = Database(db_url)
    await db.migrate()
    hall = Hall(db)
    try:
        for _ in range(5):
            table = await hall.opening.create_table(CreateTable(options=quick_options, seats=3))
            await hall.seats.join(table.id, "Ann")
        statements: list[str] = []

        def count(*args: Any) -> None:
            statements.append(str(args[2]))

        event.listen(db.engine.sync_engine, "before_cursor_execute", count)
        listed = await hall.book.list_tables(["open", "running"])
        event.remove(db.engine.sync_engine, "before_cursor_execute", count)
        assert len(statements) == 1, statements
        assert len(listed) == 5
        assert all([s.name for s in t.seats] == ["Ann", None, None] for t in listed)
        assert listed == [await hall.book.info(t.id) for t in listed]  # the same as one by one
    finally:
        await hall.close()
        await db.close()


async def next_list(ws: ClientConnection, until: Callable[[Tables], bool]) -> Tables:
    async with asyncio.timeout(10):
        while True:
            message = json.loads(await ws.recv())
            assert message["v"] == 1
            assert message["type"] == "tables"
            tables: Tables = message["tables"]
            if until(tables):
                return tables


async def test_an_open_lobby_is_told_of_every_change_without_asking(
    sqlite_url: str, quick_options: dict[str, Any]
) -> None:
    async with (
        LiveServer(sqlite_url) as server,
        Lobby.at(server.http) as lobby,
        connect(f"ws://127.0.0.1:{server.port}/ws/lobby") as ws,
    ):
        assert await next_list(ws, lambda tables: True) == []
        table = await lobby.create(options=quick_options, seats=2)
        listed = await next_list(ws, lambda tables: len(tables) == 1)
        assert listed[0]["id"] == table["id"]
        assert listed[0]["status"] == "open"
        await lobby.join(table["id"], "Ann")
        listed = await next_list(ws, lambda t: t[0]["seats"][0]["name"] == "Ann")
        assert listed[0]["seats"][1]["kind"] == "empty"
        await lobby.join(table["id"], "Bob")
        listed = await next_list(ws, lambda t: t[0]["status"] == "running")
        assert [s["name"] for s in listed[0]["seats"]] == ["Ann", "Bob"]
