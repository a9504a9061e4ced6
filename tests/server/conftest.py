"""Fixtures for the server tests: databases (SQLite file, throw-away PostgreSQL), a live uvicorn
server, and a hang guard, so a stuck test fails within minutes instead of blocking CI."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from pokerhall import games

from . import postgres
from .live import LiveServer
from .lobby import Lobby
from .wsclient import TableClient


@pytest.fixture
def quick_options(mini_pack: Path) -> dict[str, Any]:
    """QuizPoker options for short games: the five-question fixture pack and small stacks."""
    return {"questions": "mini.en", "starting_stack": 200, "small_blinds": [20]}


@pytest.fixture
def duell_options(mini_pack: Path) -> dict[str, Any]:
    """Duell rules (game master sits out, DU2; folded players may show, DU6), small stacks."""
    return {
        "ruleset": "duell",
        "questions": "mini.en",
        "language": "en",
        "chip_unit": 10,
        "starting_stack": 200,
        "small_blinds": [20],
        "blind_step": 10,
    }


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'hall.sqlite3'}"


@pytest.fixture(scope="session")
def postgres_server() -> str:
    url = postgres.server_url()
    postgres.reachable_or_skip(url)
    return url


@pytest.fixture
def postgres_url(postgres_server: str) -> Iterator[str]:
    name, url = postgres.create_database(postgres_server)
    try:
        yield url
    finally:
        postgres.drop_database(postgres_server, name)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest) -> str:
    """The same test against a SQLite file and a fresh PostgreSQL database."""
    fixture = "sqlite_url" if request.param == "sqlite" else "postgres_url"
    url: str = request.getfixturevalue(fixture)
    return url


@pytest.fixture
async def server(sqlite_url: str) -> AsyncIterator[LiveServer]:
    """A real uvicorn server on 127.0.0.1 over a fresh SQLite file."""
    async with LiveServer(sqlite_url) as live:
        yield live


@dataclass
class Seated:
    """Ann, connected at a running heads-up table (see the `seated` fixture)."""

    server: LiveServer
    lobby: Lobby
    table: dict[str, Any]
    token: str
    client: TableClient

    @property
    def url(self) -> str:
        return self.server.ws(self.table["id"])

    async def assert_unchanged_and_usable(self) -> None:
        """The seat is still asked its first guess, and the connection and server work."""
        state = await self.client.sync()
        assert state["view"]["you"] == {
            "guess": None,
            "prompt": games.create("quizpoker", 2, seed=0).pending()[0],
        }
        assert (await self.lobby.table(self.table["id"]))["status"] == "running"


@pytest.fixture
async def seated(server: LiveServer, quick_options: dict[str, Any]) -> AsyncIterator[Seated]:
    """Ann at a running heads-up table against Bob, who has not guessed (so nothing moves)."""
    async with Lobby.at(server.http) as lobby:
        table = await lobby.create(options=quick_options, seats=2)
        _seat, token = await lobby.join(table["id"], "Ann")
        await lobby.join(table["id"], "Bob")
        client = await TableClient.connect(server.ws(table["id"]), token)
        await client.expect("state")
        yield Seated(server, lobby, table, token, client)
        await client.close()
