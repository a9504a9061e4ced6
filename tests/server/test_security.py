"""Seat tokens, secrets and errors: what a client can do with what it has, and what it is told.

Tokens are long and random and stored only as hashes; a token works at its own table only; no
client is told another seat's secret; and a bug shows a client nothing but
"internal server error" (the details go to the server log).
"""

from __future__ import annotations

import base64
import hashlib
import re
from typing import Any

import pytest
from sqlalchemy import select
from websockets.exceptions import ConnectionClosed

from pokerhall.server.store.db import Database
from pokerhall.server.store.models import MoveRow, SeatRow, TableRow
from pokerhall.server.tables.access import TableAccess
from pokerhall.server.tables.book import TableBook
from pokerhall.server.tables.moves import Moves
from pokerhall.server.tables.runtime import TableRuntime

from .live import LiveServer
from .lobby import Lobby, bearer
from .secrecy import assert_told_no_secrets
from .wsclient import TableClient

pytestmark = pytest.mark.anyio
HIDDEN = {"detail": "internal server error"}
URLSAFE = re.compile(r"[A-Za-z0-9_-]+")


async def _all_rows(db_url: str) -> str:
    db = Database(db_url)
    try:
        async with db.sessions() as session:
            rows = [
                row.__dict__
                for model in (TableRow, SeatRow, MoveRow)
                for row in (await session.scalars(select(model))).all()
            ]
    finally:
        await db.close()
    return repr(rows)


async def test_tokens_are_long_random_and_stored_only_as_hashes(
    server: LiveServer, quick_options: dict[str, Any], sqlite_url: str
) -> None:
    async with Lobby.at(server.http) as lobby:
        tokens = []
        for _ in range(3):
            table = await lobby.create(options=quick_options, seats=3)
            tokens += [(await lobby.join(table["id"], name))[1] for name in ("Ann", "Bob")]
    assert len(set(tokens)) == len(tokens)
    for token in tokens:
        assert URLSAFE.fullmatch(token), token
        assert len(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))) >= 32
    dump = await _all_rows(sqlite_url)
    for token in tokens:
        assert token not in dump
        assert hashlib.sha256(token.encode()).hexdigest() in dump


async def test_a_token_works_only_at_its_own_table(
    server: LiveServer, quick_options: dict[str, Any]
) -> None:
    async with Lobby.at(server.http) as lobby:
        first = await lobby.create(options=quick_options, seats=3)
        second = await lobby.create(options=quick_options, seats=3)
        _seat, token = await lobby.join(first["id"], "Ann")
        await lobby.join(second["id"], "Bob")
        for action in ("start", "leave"):
            response = await lobby.http.post(
                f"/api/tables/{second['id']}/{action}", headers=bearer(token)
            )
            assert response.status_code == 401, action
        client = await TableClient.connect(server.ws(second["id"]), hello=False)
        await client.send({"v": 1, "type": "hello", "token": token})
        error = await client.next_error()
        assert error["code"] == "unauthorized"
        with pytest.raises(ConnectionClosed):
            await client.recv()
        assert [s["kind"] for s in (await lobby.table(second["id"]))["seats"]][:2] == [
            "human",
            "empty",
        ]


async def test_a_connection_loses_its_seat_when_the_player_leaves_before_the_start(
    server: LiveServer, quick_options: dict[str, Any]
) -> None:
    """Whoever takes the seat next must not share it with the old connection."""
    async with Lobby.at(server.http) as lobby:
        table = await lobby.create(options=quick_options, seats=2)
        _seat, ann_token = await lobby.join(table["id"], "Ann")
        ann = await TableClient.connect(server.ws(table["id"]), ann_token)
        await lobby.leave(table["id"], ann_token)
        seat, cy_token = await lobby.join(table["id"], "Cy")
        assert seat == 0
        await lobby.join(table["id"], "Bob")
        cy = await TableClient.connect(server.ws(table["id"]), cy_token)
        await cy.expect("state")
        await cy.move({"type": "guess", "value": "123456"})
        await cy.expect("update")
        state = await ann.expect("state")
        assert state["view"]["seat"] is None
        await ann.send({"v": 1, "type": "move", "move": {"type": "fold"}})
        assert (await ann.next_error())["code"] == "not_seated"
        assert "123456" not in "".join(ann.texts)
        await ann.close()
        await cy.close()


async def test_only_the_game_master_gets_the_card(
    server: LiveServer, duell_options: dict[str, Any]
) -> None:
    """DU2: the game master reads hints and answer from the card; nobody else sees it."""
    async with Lobby.at(server.http) as lobby:
        table = await lobby.create(options=duell_options, seats=3)
        tokens = [(await lobby.join(table["id"], n))[1] for n in ("Ann", "Bob", "Cy")]
        url = server.ws(table["id"])
        clients = [await TableClient.connect(url, t) for t in [*tokens, None]]
        for client in clients:
            await client.expect("state")
        master = clients[0].events("round_started")[0]["game_master"]
        assert master is not None
        for client in clients:
            holds_card = "card" in (client.view or {})["hand"]
            told = bool(client.events("game_master_card"))
            assert holds_card == told == (client.seat == master), client.seat
            assert_told_no_secrets(client, {}, unique_above=0)
            await client.close()


def test_the_secrecy_check_finds_a_guess_told_too_early() -> None:
    """The full-game tests rely on this check; it must be able to fail."""
    leak = '{"v":1,"type":"update","events":[{"type":"note","visibility":"public","x":"200001"}]}'
    shown = (
        '{"v":1,"type":"update","events":[{"type":"guess_shown","seat":1,'
        '"value":"200001","visibility":"public"}]}'
    )
    start = (
        '{"v":1,"type":"state","events":[{"type":"round_started","round":1,"visibility":"public"}]}'
    )
    secrets = {(1, 1): "200001"}
    fine = _client_with(0, [start, shown, leak])
    assert_told_no_secrets(fine, secrets, unique_above=99_999)
    early = _client_with(0, [start, leak, shown])
    with pytest.raises(AssertionError, match="before it was shown"):
        assert_told_no_secrets(early, secrets, unique_above=99_999)
    private = (
        '{"v":1,"type":"update","events":[{"type":"guess_recorded","seat":1,"value":"3",'
        '"visibility":[1]}]}'
    )
    with pytest.raises(AssertionError, match="private event"):
        assert_told_no_secrets(_client_with(0, [start, private]), {}, unique_above=0)


def _client_with(seat: int, texts: list[str]) -> TableClient:
    import json

    client = TableClient(ws=None, seat=seat)  # type: ignore[arg-type]
    client.texts = texts
    client.messages = [json.loads(t) for t in texts]
    return client


# --- errors show nothing of the server's insides ------------------------------------------------


def _explode(*_args: Any, **_kwargs: Any) -> Any:
    raise RuntimeError("Traceback: secret detail at /srv/pokerhall/hall.py line 42")


async def test_an_http_error_shows_only_internal_server_error(
    server: LiveServer, quick_options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    async with Lobby.at(server.http) as lobby:
        table = await lobby.create(options=quick_options, seats=3)
        monkeypatch.setattr(TableBook, "info", _explode)
        monkeypatch.setattr(TableBook, "list_tables", _explode)  # one query, not info per table
        monkeypatch.setattr(TableBook, "table_with_seats", _explode)  # what a join reads
        monkeypatch.setattr(TableAccess, "seen_table", _explode)  # what a table's info reads
        for path in (f"/api/tables/{table['id']}", "/api/tables"):
            response = await lobby.http.get(path)
            assert response.status_code == 500
            assert response.json() == HIDDEN
        response = await lobby.http.post(f"/api/tables/{table['id']}/seats", json={"name": "A"})
        assert (response.status_code, response.json()) == (500, HIDDEN)
        monkeypatch.undo()
        assert (await lobby.table(table["id"]))["id"] == table["id"]


async def test_a_websocket_error_shows_only_internal_server_error(
    server: LiveServer, quick_options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    async with Lobby.at(server.http) as lobby:
        table = await lobby.create(options=quick_options, seats=2)
        tokens = await lobby.join_all(table["id"], "Ann", "Bob")
        client = await TableClient.connect(server.ws(table["id"]), tokens[0])
        await client.expect("state")

        monkeypatch.setattr(TableRuntime, "snapshot", _explode)
        await client.send({"v": 1, "type": "sync"})
        assert await client.next_error() == _hidden_error()
        monkeypatch.undo()
        assert (await client.sync())["view"]["seat"] == 0  # the connection still works

        monkeypatch.setattr(TableAccess, "seen_table", _explode)  # the hello's one read
        other = await TableClient.connect(server.ws(table["id"]), hello=False)
        await other.send({"v": 1, "type": "hello", "token": tokens[1]})
        assert await other.next_error() == _hidden_error()
        with pytest.raises(ConnectionClosed):
            await other.recv()
        monkeypatch.undo()

        monkeypatch.setattr(Moves, "apply", _explode_async)
        await client.move({"type": "guess", "value": "3"})
        error = await client.next_error()
        assert error["code"] == "server_error"
        assert "secret" not in error["reason"]
        monkeypatch.undo()
        await client.move({"type": "guess", "value": "3"})
        update = await client.expect("update")
        assert update["view"]["you"]["guess"] == "3"
        for text in client.texts:
            assert "secret detail" not in text
            assert "Traceback" not in text
        await client.close()


async def _explode_async(*args: Any, **kwargs: Any) -> Any:
    _explode()


def _hidden_error() -> dict[str, Any]:
    return {"v": 1, "type": "error", "code": "server_error", "reason": "internal server error"}
