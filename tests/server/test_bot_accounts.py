"""Bot accounts (issue 25, item 3), on SQLite and PostgreSQL: a person makes one (a name held to
a person's rules, and a secret), a table's creator invites it to a seat from the waiting room,
and its program claims the seat and plays it as any person's seat, marked as a bot account in
`TableInfo` and the lobby's list. Refusals change nothing: a wrong secret, a table that did not
invite the bot, an invitation by someone not the creator, to a full table or after the start."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
from sqlalchemy import update

from pokerhall.server.people import bots, invitations
from pokerhall.server.store.db import Database
from pokerhall.server.store.models import TableRow
from pokerhall.server.tables import rematch
from pokerhall.server.wire.messages import CreateTable

from .halls import hall_at, play_randomly
from .live import LiveServer
from .lobby import Lobby, bearer
from .roomy import ROOMY
from .wsclient import TableClient, passive_strategy, unexpected_errors

pytestmark = pytest.mark.anyio
SECRET = "beep boop 42"
BOT = "Robotka"


@pytest.fixture
async def db(db_url: str) -> AsyncIterator[Database]:
    """The test's own connection to the server's database (it reads what the server wrote)."""
    database = Database(db_url)
    yield database
    await database.close()


async def make_bot(http: httpx.AsyncClient, name: str = BOT) -> dict[str, Any]:
    response = await http.post("/api/bots", json={"name": name, "secret": SECRET})
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


async def invite(
    http: httpx.AsyncClient, table_id: str, token: str | None, bot: str = BOT
) -> httpx.Response:
    headers = {} if token is None else bearer(token)
    return await http.post(
        f"/api/tables/{table_id}/invitations", json={"bot": bot}, headers=headers
    )


async def claim(
    http: httpx.AsyncClient, table_id: str, name: str = BOT, secret: str = SECRET
) -> httpx.Response:
    body = {"name": name, "secret": secret}
    return await http.post(f"/api/tables/{table_id}/seats/claim-bot", json=body)


def refused(response: httpx.Response, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    assert response.json()["code"] == code, response.text


def listed(tables: list[dict[str, Any]], table_id: str) -> dict[str, Any]:
    return next(t for t in tables if t["id"] == table_id)


async def test_a_bot_account_is_invited_claims_its_seat_and_plays_as_any_seat(
    db_url: str, db: Database, quick_options: dict[str, Any]
) -> None:
    async with LiveServer(db_url) as server, Lobby.at(server.http) as lobby:
        http = lobby.http
        account = await make_bot(http)
        assert account["name"] == BOT
        assert account["bot_account"] is True
        table = await lobby.create(options=quick_options, seats=2)
        table_id = table["id"]
        _seat, ann = await lobby.join(table_id, "Ann", creator=table["creator_token"])

        response = await invite(http, table_id, ann)
        assert response.status_code == 201, response.text
        seat = response.json()["seats"][1]
        assert seat["name"] == BOT
        assert seat["kind"] == "human"
        assert seat["bot_account"] is True
        assert seat["reserved"] is True
        info = await lobby.table(table_id)
        assert info["status"] == "open"  # full, but the bot has still to come
        assert not info["seats"][0]["bot_account"]
        lobby_seat = listed((await http.get("/api/tables")).json(), table_id)["seats"][1]
        assert lobby_seat["bot_account"] is True
        assert lobby_seat["name"] == BOT

        response = await claim(http, table_id)
        assert response.status_code == 201, response.text
        bot_seat, bot_token = response.json()["seat"], response.json()["token"]
        assert bot_seat == 1
        info = await lobby.wait_for_status(table_id, "running", timeout=10)
        assert info["seats"][1] | {"left": False} == {
            "seat": 1,
            "name": BOT,
            "kind": "human",
            "left": False,
            "reserved": False,
            "invited": True,
            "held_for": None,
            "excused": False,
            "bot_account": True,
            "rating": None,
            "signed_in": False,
        }
        running = (await http.get("/api/tables", params={"status": "running"})).json()
        assert listed(running, table_id)["seats"][1]["bot_account"] is True

        bot = await TableClient.connect(server.ws(table_id), bot_token)
        human = await TableClient.connect(server.ws(table_id), ann)
        assert bot.seat == 1
        assert human.seat == 0
        for client in (bot, human):
            await client.expect("state")
        async with asyncio.timeout(10):
            while bot.prompt() is None:
                await bot.recv()
        assert await bot.answer(passive_strategy)
        await bot.roundtrip()
        async with asyncio.timeout(10):
            while not (moves := await db.moves(table_id)):
                await asyncio.sleep(0.05)
        assert [m.seat for m in moves] == [1]  # the bot's own move, as a person's
        assert unexpected_errors(bot) == []
        assert unexpected_errors(human) == []
        for client in (bot, human):
            await client.close()


async def test_refusals_change_nothing(db_url: str, quick_options: dict[str, Any]) -> None:
    """Wrong secret, not invited (a bot or a person), not the creator, no such bot account, the
    same bot twice, a full table, and after the start: each refused with its code."""
    async with LiveServer(db_url) as server, Lobby.at(server.http) as lobby:
        http = lobby.http
        await make_bot(http)
        await make_bot(http, "Stroj")
        person = await http.post("/api/players", json={"name": "Petra", "secret": SECRET})
        assert person.status_code == 201, person.text
        table = await lobby.create(options=quick_options, seats=3)
        table_id = table["id"]
        _seat, ann = await lobby.join(table_id, "Ann", creator=table["creator_token"])
        _seat, bob = await lobby.join(table_id, "Bob")
        other = await lobby.create(options=quick_options, seats=2)
        before = await lobby.table(table_id)

        refused(await invite(http, table_id, bob), 403, "not_creator")
        refused(await invite(http, table_id, None), 401, "token_missing")
        refused(await invite(http, table_id, ann, "Nikdo"), 404, "unknown_bot")
        refused(await invite(http, table_id, ann, "Petra"), 404, "unknown_bot")  # a person
        refused(await claim(http, table_id), 403, "not_invited")  # not invited (yet)
        refused(await claim(http, table_id, "Petra"), 403, "not_invited")
        assert await lobby.table(table_id) == before

        assert (await invite(http, table_id, ann)).status_code == 201
        invited = await lobby.table(table_id)
        refused(await invite(http, table_id, ann), 409, "name_taken_here")
        refused(await invite(http, table_id, ann, "Stroj"), 409, "table_full")
        refused(await claim(http, table_id, secret="wrong secret"), 401, "bad_secret")
        refused(await claim(http, other["id"]), 403, "not_invited")
        refused(await claim(http, "no-such-table"), 404, "unknown_table")
        refused(await invite(http, other["id"], ann), 403, "not_creator")  # not its creator
        assert await lobby.table(table_id) == invited
        assert [s["kind"] for s in (await lobby.table(other["id"]))["seats"]] == ["empty"] * 2

        assert (await claim(http, table_id)).status_code == 201
        await lobby.wait_for_status(table_id, "running", timeout=10)
        started = await lobby.table(table_id)
        refused(await invite(http, table_id, ann, "Stroj"), 409, "already_started")
        assert await lobby.table(table_id) == started


async def test_bot_account_names_are_held_to_a_persons_rules(server: LiveServer) -> None:
    async with Lobby.at(server.http) as lobby:
        http = lobby.http
        await make_bot(http)
        taken = await http.post("/api/players", json={"name": BOT.upper(), "secret": SECRET})
        refused(taken, 409, "name_taken")  # one namespace: a person cannot pass for the bot
        same = await http.post("/api/bots", json={"name": BOT, "secret": SECRET})
        refused(same, 409, "name_taken")
        reserved = await http.post("/api/bots", json={"name": "Bot 3", "secret": SECRET})
        refused(reserved, 422, "name_reserved")
        short = await http.post("/api/bots", json={"name": "Ok", "secret": "short"})
        assert short.status_code == 422


async def test_the_table_waits_for_an_invited_bot_and_start_now_lets_it_lapse(
    server: LiveServer, quick_options: dict[str, Any]
) -> None:
    """A join filling the last seat does not start the table while the bot has not come; the
    creator may withdraw the invitation (remove), and "start now" gives an invitation nobody
    took up to a server bot, as every empty seat."""
    async with Lobby.at(server.http) as lobby:
        http = lobby.http
        await make_bot(http)
        table = await lobby.create(options=quick_options, seats=3)
        table_id = table["id"]
        _seat, ann = await lobby.join(table_id, "Ann", creator=table["creator_token"])
        assert (await invite(http, table_id, ann)).status_code == 201
        removed = await http.post(f"/api/tables/{table_id}/seats/1/remove", headers=bearer(ann))
        assert removed.status_code == 200, removed.text
        assert removed.json()["seats"][1]["kind"] == "empty"

        assert (await invite(http, table_id, ann)).status_code == 201
        await lobby.join(table_id, "Cyril")
        info = await lobby.table(table_id)
        assert info["status"] == "open"
        assert [s["name"] for s in info["seats"]] == ["Ann", BOT, "Cyril"]

        started = await lobby.start(table_id, ann)
        assert started["status"] == "running"
        assert started["seats"][1]["kind"] == "bot"
        assert not started["seats"][1]["bot_account"]
        refused(await claim(http, table_id), 403, "not_invited")


async def test_a_bot_account_does_not_sign_up_for_a_league(server: LiveServer) -> None:
    async with Lobby.at(server.http) as lobby:
        http = lobby.http
        await make_bot(http)
        body = {"name": "Liga", "game": "wordpoker", "options": {"deals": 2, "lexicon": "mini"}}
        created = await http.post("/api/leagues", json=body)
        assert created.status_code == 201, created.text
        league_id, token = created.json()["league"]["id"], created.json()["organiser_token"]
        session = await http.post(f"/api/leagues/{league_id}/sessions", headers=bearer(token))
        assert session.status_code == 201, session.text
        signup = await http.post(
            f"/api/leagues/{league_id}/sessions/1/signups", json={"name": BOT, "secret": SECRET}
        )
        refused(signup, 403, "bot_account_refused")
        league = (await http.get(f"/api/leagues/{league_id}")).json()
        assert league["sessions"][0]["players"] == []


async def test_play_again_keeps_the_bot_account_mark_and_waits_for_an_invited_bot(
    sqlite_url: str, quick_options: dict[str, Any]
) -> None:
    """A bot account that played takes its seat at the rematch still marked; a rematch that an
    invited bot account has still to come to does not start when the others are in."""
    async with hall_at(sqlite_url) as hall:
        opened = await hall.opening.open_table(
            CreateTable(options=quick_options, seats=2, turn_clock=None)
        )
        table_id = opened.info.id
        _seat, ann = await hall.seats.join(table_id, "Ann", creator=opened.creator_token)
        account = await bots.register(hall.db, BOT, SECRET)
        await invitations.invite(hall, table_id, ann, BOT)
        _seat, robot = await invitations.claim(hall, table_id, account)
        await play_randomly(hall, table_id, seed=5)
        assert (await hall.book.info(table_id)).status == "finished"

        again = await rematch.play_again(hall, table_id, robot)
        info = await hall.book.info(again.table)
        assert [(s.name, s.bot_account) for s in info.seats] == [(None, False), (BOT, True)]

        await bots.register(hall.db, "Stroj", SECRET)
        async with hall.db.sessions.begin() as session:  # the hold is over
            await session.execute(
                update(TableRow).where(TableRow.id == again.table).values(held_until=None)
            )
        await hall.db.remove_seat(again.table, 1)  # the bot gave its seat up before the start
        await invitations.invite(hall, again.table, again.token, "Stroj")
        await rematch.play_again(hall, table_id, ann)
        info = await hall.book.info(again.table)
        assert info.status == "open"  # full, but Stroj has still to come
        assert [s.reserved for s in info.seats] == [True, False]


async def test_bot_accounts_are_limited_as_accounts_and_secrets_are(
    sqlite_url: str, quick_options: dict[str, Any]
) -> None:
    """A bot account counts as an account made (`accounts`), and claiming a seat as a secret
    checked (`secrets`): past the limit a 429, and nothing is made or claimed."""
    limits = dataclasses.replace(ROOMY, accounts="2/hour", secrets="2/minute")
    async with LiveServer(sqlite_url, limits) as server, Lobby.at(server.http) as lobby:
        http = lobby.http
        person = await http.post("/api/players", json={"name": "Petra", "secret": SECRET})
        assert person.status_code == 201, person.text
        await make_bot(http)
        third = await http.post("/api/bots", json={"name": "Stroj", "secret": SECRET})
        refused(third, 429, "rate_limited")  # one count with the person's account
        table = await lobby.create(options=quick_options, seats=2)
        _seat, ann = await lobby.join(table["id"], "Ann", creator=table["creator_token"])
        assert (await invite(http, table["id"], ann)).status_code == 201
        refused(await claim(http, table["id"], secret="wrong secret"), 401, "bad_secret")
        refused(await claim(http, table["id"], secret="wrong again"), 401, "bad_secret")
        refused(await claim(http, table["id"]), 429, "rate_limited")
        info = await lobby.table(table["id"])
        assert info["status"] == "open"
        assert info["seats"][1]["reserved"] is True  # not claimed
        refused(await invite(http, table["id"], ann, "Stroj"), 404, "unknown_bot")  # never made
