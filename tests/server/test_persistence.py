"""Persistence, against a SQLite file and a fresh PostgreSQL database alike: the migrations, the
order "commit, then tell", and restarts that rebuild unfinished tables by replaying their moves."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Connection, func, inspect, select, text

from pokerhall import games
from pokerhall.server.app import create_app
from pokerhall.server.store.db import Database
from pokerhall.server.store.models import Base, MoveRow, SeatRow, TableRow
from pokerhall.server.tables.hall import Hall
from pokerhall.server.wire.messages import CreateTable

from .live import LiveServer
from .lobby import Lobby
from .wsclient import TableClient, passive_strategy, plain_strategy, unexpected_errors

pytestmark = pytest.mark.anyio


@pytest.fixture
async def db(db_url: str) -> AsyncIterator[Database]:
    """The test's own connection to the server's database (it reads what the server wrote)."""
    database = Database(db_url)
    yield database
    await database.close()


async def _count_moves(db: Database, table_id: str) -> int:
    query = select(func.count()).select_from(MoveRow).where(MoveRow.table_id == table_id)
    async with db.sessions() as session:
        return int((await session.scalar(query)) or 0)


# --- migrations ---------------------------------------------------------------------------------


async def test_the_migrations_build_the_models_schema_on_an_empty_database(db: Database) -> None:
    async with db.engine.connect() as conn:
        assert await conn.run_sync(lambda c: inspect(c).get_table_names()) == []
    await db.migrate()
    await db.migrate()  # a second start finds everything in place

    def differences(conn: Connection) -> list[Any]:
        return list(compare_metadata(MigrationContext.configure(conn), Base.metadata))

    async with db.engine.connect() as conn:
        names = set(await conn.run_sync(lambda c: inspect(c).get_table_names()))
        assert names == {
            "alembic_version",
            "game_tables",
            "seats",
            "moves",
            "packs",
            "players",
            "leagues",
            "league_sessions",
            "league_signups",
            "league_tables",
            "chat_messages",
            "table_leases",
            "player_ratings",
            "rated_tables",
            "account_sessions",
            "notice_settings",
            "notices_sent",
            "follows",
        }
        assert (await conn.execute(text("SELECT version_num FROM alembic_version"))).all() == [
            ("0015",)
        ]
        assert await conn.run_sync(differences) == []


# --- commit, then tell --------------------------------------------------------------------------


async def test_a_move_is_committed_before_its_events_go_out(
    db_url: str, db: Database, quick_options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Saving is slowed down, so an update sent before its commit would be caught."""
    save = Database.append_move

    async def slow_save(self: Database, *args: Any) -> None:
        await asyncio.sleep(0.1)
        await save(self, *args)

    monkeypatch.setattr(Database, "append_move", slow_save)
    async with LiveServer(db_url) as server, Lobby.at(server.http) as lobby:
        table = await lobby.create(options=quick_options, seats=2)
        tokens = await lobby.join_all(table["id"], "Ann", "Bob")
        clients = [await TableClient.connect(server.ws(table["id"]), t) for t in tokens]
        for client in clients:
            await client.expect("state")
        moves = 0
        while moves < 8:
            mover = next(c for c in clients if c.prompt() is not None)
            assert await mover.answer(passive_strategy)
            moves += 1
            await mover.expect("update")
            assert await _count_moves(db, table["id"]) == moves
            await asyncio.gather(*(c.roundtrip() for c in clients))  # every update is in
        for client in clients:
            await client.close()


async def test_a_move_that_cannot_be_saved_never_happened(
    db_url: str, quick_options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    async def broken_save(self: Database, *args: Any) -> None:
        raise OSError("disk full")

    async with LiveServer(db_url) as server, Lobby.at(server.http) as lobby:
        table = await lobby.create(options=quick_options, seats=2)
        tokens = await lobby.join_all(table["id"], "Ann", "Bob")
        ann = await TableClient.connect(server.ws(table["id"]), tokens[0])
        await ann.expect("state")
        with monkeypatch.context() as patch:
            patch.setattr(Database, "append_move", broken_save)
            await ann.move({"type": "guess", "value": "12"})
            error = await ann.next_error()
        assert error == {
            "v": 1,
            "type": "error",
            "code": "not_saved",
            "reason": "the move could not be saved; try again",
        }
        assert (await ann.sync())["view"]["you"]["guess"] is None
        await ann.move({"type": "guess", "value": "12"})
        assert (await ann.expect("update"))["view"]["you"]["guess"] == "12"
        await ann.close()


# --- restarts -----------------------------------------------------------------------------------


async def test_a_restart_restores_an_unfinished_table_and_the_game_goes_on(
    db_url: str, db: Database, quick_options: dict[str, Any]
) -> None:
    async with LiveServer(db_url) as server, Lobby.at(server.http) as lobby:
        table = await lobby.create(options=quick_options, seats=3, bots=1)
        tokens = await lobby.join_all(table["id"], "Ann", "Bob")
        clients = [await TableClient.connect(server.ws(table["id"]), t) for t in tokens]

        def in_round_two(client: TableClient) -> bool:
            return bool(client.view and (client.view["hand"]["round"] or 0) >= 2)

        await asyncio.gather(*(c.play(passive_strategy, until=in_round_two) for c in clients))
        before = [c.view for c in clients]
        for client in clients:
            await client.close()
    saved = await _count_moves(db, table["id"])
    assert saved >= 3

    async with LiveServer(db_url) as server, Lobby.at(server.http) as lobby:
        assert (await lobby.table(table["id"]))["status"] == "running"
        clients = [await TableClient.connect(server.ws(table["id"]), t) for t in tokens]
        for client, view in zip(clients, before, strict=True):
            state = await client.expect("state")
            assert view is not None
            assert state["view"]["prompt_id"] >= view["prompt_id"]
            assert state["view"]["hand"]["number"] == view["hand"]["number"]
            assert state["view"]["you"]["guess"] == view["you"]["guess"] is not None
            assert state["events"][0]["type"] == "round_started"
        await asyncio.gather(*(c.play(plain_strategy(c.seat or 0)) for c in clients))
        finished = await lobby.wait_for_status(table["id"], "finished", timeout=5)
        assert sum(finished["result"]["scores"]) == 600
        assert all(unexpected_errors(c) == [] for c in clients)
        record = await lobby.record(table["id"])
        assert len(record["moves"]) == await _count_moves(db, table["id"]) > saved
        for client in clients:
            await client.close()


async def test_a_table_that_cannot_be_rebuilt_does_not_stop_the_hall(
    db_url: str, db: Database, quick_options: dict[str, Any], caplog: pytest.LogCaptureFixture
) -> None:
    """Broken tables (their pack is gone; their pack is not the one they were created with, as
    after an upgrade) are logged and left alone; the others are restored."""
    await db.migrate()
    pinned = games.create("quizpoker", 2, quick_options, seed=7).content()
    other = {"questions": "sha256:" + "0" * 64}
    tables = {
        "gone": ({**quick_options, "questions": "no-such-pack"}, None),
        "changed": (quick_options, other),
        "fine": (quick_options, pinned),
        "old": (quick_options, None),  # stored before content was pinned
    }
    for table_id, (options, content) in tables.items():
        await db.add_table(
            TableRow(
                id=table_id,
                name=table_id,
                game="quizpoker",
                options=options,
                num_seats=2,
                seed=7,
                status="running",
                bot_delay=0.0,
                bot_takeover=True,
                content=content,
            ),
            [
                SeatRow(table_id=table_id, seat=s, name=f"P{s}", kind="human", left=False)
                for s in range(2)
            ],
        )
    app = create_app(db_url)
    async with app.router.lifespan_context(app):
        hall: Hall = app.state.hall
        await hall.restored()  # start-up restores in the background
        assert set(hall.runtimes) == {"fine", "old"}
        assert hall.runtimes["fine"].state.pending().keys() == {0, 1}
    refusals = [r.exc_info[1] for r in caplog.records if r.exc_info and r.exc_info[1]]
    assert any("played with other questions (sha256:000" in str(e) for e in refusals), refusals


async def test_a_table_keeps_the_content_it_was_created_with(
    db: Database, quick_options: dict[str, Any]
) -> None:
    await db.migrate()
    hall = Hall(db)
    table = await hall.opening.create_table(
        CreateTable(options=quick_options, seats=2, turn_clock=None)
    )
    row = await db.table(table.id)
    assert row is not None
    assert row.content == games.create("quizpoker", 2, quick_options, seed=0).content()
    await hall.close()
