"""Accounts for everyone (issue 26, item 1), on SQLite and PostgreSQL: signing in keeps a
session in an HttpOnly cookie (only its token's hash stored), a signed-in player's seat is their
account's, a profile lists the games played and the histories the viewer may see, the secret
changes, and the account is deleted with its past games kept, unlinked. Bad input is refused
with its code and changes nothing: a wrong secret, an unknown name, a forged or expired cookie,
deleting with a wrong secret, too many tries, a private table's history asked by a stranger."""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest
from sqlalchemy import select, update

from pokerhall.server.people import bots, sessions
from pokerhall.server.people.ratings import Ratings
from pokerhall.server.store.models import AccountSessionRow, PlayerRow, SeatRow
from pokerhall.server.tables.hall import Hall
from pokerhall.server.wire.messages import CreateTable

from .accounts import SECRET, browser, join, refused, sign_in, sign_up
from .halls import hall_at, play_randomly
from .roomy import ROOMY

pytestmark = pytest.mark.anyio


async def who(http: httpx.AsyncClient) -> dict[str, Any]:
    answer = await http.get("/api/session")
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    return body


async def finished_table(
    hall: Hall,
    quick_options: dict[str, Any],
    players: list[tuple[httpx.AsyncClient, str]],
    private: bool = False,
) -> str:
    """A table these browsers sit at (signed in or not), played to its end."""
    opened = await hall.opening.open_table(
        CreateTable(options=quick_options, seats=len(players), turn_clock=None, private=private)
    )
    table_id = opened.info.id
    for http, name in players:
        await join(http, table_id, name, opened.join_code)
    await play_randomly(hall, table_id, seed=3)
    return table_id


async def session_rows(hall: Hall) -> list[AccountSessionRow]:
    async with hall.db.sessions() as session:
        return list((await session.scalars(select(AccountSessionRow))).all())


async def test_a_signed_in_player_sits_as_their_account_and_their_profile_lists_the_game(
    db_url: str, quick_options: dict[str, Any]
) -> None:
    async with (
        hall_at(db_url) as hall,
        browser(hall, db_url) as ann,
        browser(hall, db_url) as guest,
    ):
        await sign_up(ann, "Ann")
        assert await who(ann) == {"signed_in": False, "id": None, "name": None}
        answer = await sign_in(ann, "ann")  # names compare as the hall compares them
        assert answer.status_code == 200, answer.text
        assert answer.json()["name"] == "Ann"
        cookie = answer.headers["set-cookie"]
        for part in ("HttpOnly", "SameSite=lax", "Max-Age=2592000", "Path=/"):
            assert part in cookie
        token = ann.cookies[sessions.COOKIE]
        [stored] = await session_rows(hall)
        assert stored.token_hash == hashlib.sha256(token.encode()).hexdigest() != token
        expires = stored.expires_at.replace(tzinfo=UTC)
        assert timedelta(days=29) < expires - datetime.now(UTC) <= timedelta(days=30)
        assert (await who(ann))["name"] == "Ann"

        table_id = await finished_table(hall, quick_options, [(ann, "Anything"), (guest, "Bob")])
        info = (await guest.get(f"/api/tables/{table_id}")).json()
        seats = {s["name"]: s["signed_in"] for s in info["seats"]}
        assert seats == {"Ann": True, "Bob": False}  # the account's name, not the one typed

        profile = (await guest.get("/api/players/ANN")).json()
        assert (profile["name"], profile["played"], profile["not_listed"]) == ("Ann", 1, 0)
        [listed] = profile["tables"]
        seat = next(s["seat"] for s in info["seats"] if s["name"] == "Ann")
        assert (listed["table"], listed["seat"]) == (table_id, seat)
        assert listed["place"] == info["result"]["places"][seat]
        assert listed["history"] == f"/history.html?id={table_id}"
        [stats] = profile["games"]
        assert (stats["game"], stats["played"]) == (info["game"], 1)
        assert stats["won"] == (listed["place"] == 1)
        assert stats["places"] == {str(listed["place"]): 1}
        refused(await guest.get("/api/players/Bob"), 404, "unknown_player")  # a guest's name

        signed_out = await ann.delete("/api/session")
        assert signed_out.status_code == 204
        assert (await who(ann))["signed_in"] is False
        assert await session_rows(hall) == []


async def test_a_private_tables_history_is_listed_only_to_those_who_sat_there(
    db_url: str, quick_options: dict[str, Any]
) -> None:
    async with (
        hall_at(db_url) as hall,
        browser(hall, db_url) as ann,
        browser(hall, db_url) as cleo,
        browser(hall, db_url) as bob,
        browser(hall, db_url) as stranger,
    ):
        for http, name in ((ann, "Ann"), (cleo, "Cleo"), (bob, "Bob")):
            await sign_up(http, name)
            assert (await sign_in(http, name)).status_code == 200
        private = await finished_table(hall, quick_options, [(ann, "Ann"), (cleo, "Cleo")], True)
        public = await finished_table(hall, quick_options, [(ann, "Ann"), (stranger, "Dora")])
        for http in (ann, cleo):
            profile = (await http.get("/api/players/Ann")).json()
            assert {t["table"] for t in profile["tables"]} == {private, public}
            assert profile["not_listed"] == 0
        for http in (bob, stranger):  # signed in elsewhere, or a guest who sat at the other
            profile = (await http.get("/api/players/Ann")).json()
            assert [t["table"] for t in profile["tables"]] == [public]
            assert (profile["played"], profile["not_listed"]) == (2, 1)
            assert private not in str(profile)


async def test_bad_sign_ins_and_cookies_are_refused_and_change_nothing(
    db_url: str, quick_options: dict[str, Any]
) -> None:
    async with hall_at(db_url) as hall, browser(hall, db_url) as http:
        await sign_up(http, "Ann")
        await bots.register(hall.db, "Robotka", SECRET)
        refused(await sign_in(http, "Ann", "wrong secret"), 401, "bad_secret")
        refused(await sign_in(http, "Nobody"), 401, "bad_secret")  # the same answer
        refused(await sign_in(http, "Robotka"), 403, "bot_account_refused")
        assert (await http.post("/api/session", json={"name": "Ann"})).status_code == 422
        assert sessions.COOKIE not in http.cookies
        assert await session_rows(hall) == []

        http.cookies.set(sessions.COOKIE, "forged-" + "x" * 36, domain="hall.local")
        assert (await who(http))["signed_in"] is False
        assert sessions.COOKIE not in http.cookies  # told to forget it
        http.cookies.set(sessions.COOKIE, "y" * 5000, domain="hall.local")
        assert (await who(http))["signed_in"] is False
        new = {"old": SECRET, "new": "another secret"}
        refused(await http.post("/api/account/secret", json=new), 401, "not_signed_in")
        delete = {"secret": SECRET}
        refused(await http.post("/api/account/delete", json=delete), 401, "not_signed_in")

        assert (await sign_in(http, "Ann")).status_code == 200
        async with hall.db.sessions.begin() as session:  # the session's 30 days are over
            past = datetime.now(UTC) - timedelta(seconds=1)
            await session.execute(update(AccountSessionRow).values(expires_at=past))
        assert (await who(http))["signed_in"] is False
        assert await session_rows(hall) == []  # an expired session is deleted when met
        table = await hall.opening.create_table(CreateTable(options=quick_options, seats=2))
        seat = await join(http, table.id, "Ann Guest")  # a guest again
        seats = (await http.get(f"/api/tables/{table.id}")).json()["seats"]
        mine = seats[seat["seat"]]
        assert (mine["name"], mine["signed_in"]) == ("Ann Guest", False)

        assert (await sign_in(http, "Ann")).status_code == 200
        wrong = {"old": "wrong secret", "new": "another secret"}
        refused(await http.post("/api/account/secret", json=wrong), 401, "bad_secret")
        wrong_delete = {"secret": "wrong secret"}
        refused(await http.post("/api/account/delete", json=wrong_delete), 401, "bad_secret")
        short = {"old": SECRET, "new": "short"}
        assert (await http.post("/api/account/secret", json=short)).status_code == 422
        assert (await who(http))["name"] == "Ann"  # still signed in, still the old secret
        async with browser(hall, db_url) as other:
            assert (await sign_in(other, "Ann")).status_code == 200
        refused(await http.get("/api/players/Nobody"), 404, "unknown_player")


async def test_a_new_secret_ends_the_other_sessions(db_url: str) -> None:
    async with (
        hall_at(db_url) as hall,
        browser(hall, db_url) as here,
        browser(hall, db_url) as there,
    ):
        await sign_up(here, "Ann")
        for http in (here, there):
            assert (await sign_in(http, "Ann")).status_code == 200
        new = {"old": SECRET, "new": "another secret"}
        assert (await here.post("/api/account/secret", json=new)).status_code == 204
        assert (await who(here))["name"] == "Ann"
        assert (await who(there))["signed_in"] is False
        refused(await sign_in(there, "Ann"), 401, "bad_secret")
        assert (await sign_in(there, "Ann", "another secret")).status_code == 200


async def test_deleting_the_account_keeps_its_past_games_unlinked(
    db_url: str, quick_options: dict[str, Any]
) -> None:
    async with (
        hall_at(db_url) as hall,
        browser(hall, db_url) as ann,
        browser(hall, db_url) as bob,
    ):
        await sign_up(ann, "Ann")
        assert (await sign_in(ann, "Ann")).status_code == 200
        table_id = await finished_table(hall, quick_options, [(ann, "Ann"), (bob, "Bob")])
        waiting = await hall.opening.create_table(CreateTable(options=quick_options, seats=2))
        await join(ann, waiting.id, "Ann")
        delete = {"secret": SECRET}
        refused(await ann.post("/api/account/delete", json=delete), 409, "account_in_game")
        assert (await ann.get("/api/players/Ann")).status_code == 200  # nothing deleted
        token = (await join(bob, waiting.id, "Bob"))["token"]  # the table starts, then Ann...
        assert token
        await play_randomly(hall, waiting.id, seed=4)

        assert (await ann.post("/api/account/delete", json=delete)).status_code == 204
        assert (await who(ann))["signed_in"] is False
        assert await session_rows(hall) == []
        refused(await ann.get("/api/players/Ann"), 404, "unknown_player")
        refused(await sign_in(ann, "Ann"), 401, "bad_secret")
        async with hall.db.sessions() as session:
            assert (await session.scalars(select(PlayerRow))).all() == []
            seats = (await session.scalars(select(SeatRow).where(SeatRow.name == "Ann"))).all()
        assert [s.account_id for s in seats] == [None, None]
        info = (await bob.get(f"/api/tables/{table_id}")).json()
        assert {s["name"] for s in info["seats"]} == {"Ann", "Bob"}  # the game as it was
        assert (await bob.get(f"/api/tables/{table_id}/history")).status_code == 200
        await sign_up(bob, "Ann")  # the name is free again, without the old games
        assert (await bob.get("/api/players/Ann")).json()["played"] == 0


async def test_sign_ins_and_sign_ups_are_rate_limited(db_url: str) -> None:
    limits = dataclasses.replace(ROOMY, secrets="3/minute", accounts="2/hour")
    async with hall_at(db_url) as hall, browser(hall, db_url, limits) as http:
        await sign_up(http, "Ann")
        await sign_up(http, "Bob")
        third = await http.post("/api/players", json={"name": "Cleo", "secret": SECRET})
        refused(third, 429, "rate_limited")
        assert int(third.headers["Retry-After"]) == third.json()["params"]["retry_after"] > 0
        refused(await sign_in(http, "Ann", "wrong secret"), 401, "bad_secret")
        refused(await sign_in(http, "Bob", "wrong secret"), 401, "bad_secret")
        assert (await sign_in(http, "Ann")).status_code == 200
        limited = await sign_in(http, "Ann")  # even the right secret: the limit is first
        refused(limited, 429, "rate_limited")
        assert limited.json()["params"]["retry_after"] > 0
        assert len(await session_rows(hall)) == 1
        new = {"old": SECRET, "new": "another secret"}
        refused(await http.post("/api/account/secret", json=new), 429, "rate_limited")
        async with hall.db.sessions() as session:
            names = set((await session.scalars(select(PlayerRow.name))).all())
        assert names == {"Ann", "Bob"}


async def test_a_table_of_players_signed_in_is_rated_and_shows_their_ratings(
    db_url: str, quick_options: dict[str, Any]
) -> None:
    """Issue 26 item 2 over item 1: seats taken signed in (`SeatRow.account_id`) are people's
    seats, so the table is rated, and once it is over each seat shows its player's rating; one
    guest at the table leaves it unrated, saying why."""
    async with (
        hall_at(db_url) as hall,
        browser(hall, db_url) as ann,
        browser(hall, db_url) as bob,
        browser(hall, db_url) as guest,
    ):
        Ratings(hall)  # it listens for the tables that finish
        for http, name in ((ann, "Ann"), (bob, "Bob")):
            await sign_up(http, name)
            assert (await sign_in(http, name)).status_code == 200
        rated = await finished_table(hall, quick_options, [(ann, "Ann"), (bob, "Bob")])
        info = (await guest.get(f"/api/tables/{rated}")).json()
        assert (info["rated"], info["unrated_reason"]) == (True, None)
        async with asyncio.timeout(10):
            while None in [s["rating"] for s in info["seats"]]:  # rated when the finish is told
                await asyncio.sleep(0.01)
                info = (await guest.get(f"/api/tables/{rated}")).json()

        mixed = await finished_table(hall, quick_options, [(ann, "Ann"), (guest, "Cleo")])
        info = (await guest.get(f"/api/tables/{mixed}")).json()
        assert (info["rated"], info["unrated_reason"]) == (False, "guests")
