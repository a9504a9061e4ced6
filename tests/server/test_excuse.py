"""W12 on the server (docs/rules/wordpoker.md, docs/protocol.md "Time-outs and excuses"), on
SQLite and PostgreSQL: the turn clock marks its moves `timed_out`, so a Slovní poker player
who lets it play whole deals forfeits them; the table's creator or the league's organiser can
excuse a player ahead of time, and then the clock's moves are plain default moves (and a
drawn player excused is not resigned at the start). Bad input is refused, changing nothing."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx
import pytest

from pokerhall.engine import IllegalMove
from pokerhall.engine.protocol import TIMED_OUT
from pokerhall.server.app import create_app
from pokerhall.server.league.leagues import Leagues
from pokerhall.server.league.messages import CreateLeague
from pokerhall.server.people import accounts
from pokerhall.server.store.models import TableRow
from pokerhall.server.tables import controls
from pokerhall.server.tables.hall import Hall
from pokerhall.server.wire.messages import CreateTable

from .halls import bearer, hall_at

pytestmark = pytest.mark.anyio
OPTIONS = {"deals": 2, "lexicon": "mini"}
FAST = 0.01
"""The turn clock of these tables, set in the table row (the API's least is a second): the
clock moves for the absent player at once, and the test waits for nothing but the game."""


@asynccontextmanager
async def api(hall: Hall, db_url: str) -> AsyncIterator[tuple[httpx.AsyncClient, Leagues]]:
    """The app's HTTP routes over `hall`, its leagues included (no lifespan)."""
    app = create_app(db_url)
    app.state.hall = hall
    app.state.leagues = leagues = Leagues(hall)
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://hall") as client:
        yield client, leagues


async def fast_clock(hall: Hall, table_id: str) -> None:
    async with hall.db.sessions.begin() as session:
        row = await session.get(TableRow, table_id)
        assert row is not None
        row.turn_clock = FAST


async def finished(hall: Hall, table_id: str) -> dict[str, Any]:
    """The result, once the clock has played the game to its end."""
    async with asyncio.timeout(60):
        while (info := await hall.book.info(table_id)).status != "finished":
            await asyncio.sleep(0.01)
    assert info.result is not None
    return info.result


async def marks(hall: Hall, table_id: str) -> dict[int, set[bool]]:
    """Per seat, whether its recorded moves carry the time-out mark."""
    out: dict[int, set[bool]] = {}
    for row in await hall.db.moves(table_id):
        out.setdefault(row.seat, set()).add(row.move.get(TIMED_OUT) is True)
    return out


@pytest.mark.parametrize("excused", [False, True])
async def test_w12_the_clock_marks_its_moves_unless_the_creator_excused_the_player(
    db_url: str, excused: bool
) -> None:
    """Nobody moves: with no excuse both forfeit each deal, and the pots nobody is left for
    stay unawarded (W9); Ann excused ahead of time is there as far as the game knows, and
    takes the pots Bob forfeits."""
    async with hall_at(db_url) as hall, api(hall, db_url) as (http, _leagues):
        opened = await hall.opening.open_table(
            CreateTable(game="wordpoker", options=OPTIONS, seats=2, turn_clock=60)
        )
        table_id, creator = opened.info.id, opened.creator_token
        await hall.seats.join(table_id, "Ann")
        if excused:
            answer = await http.post(
                f"/api/tables/{table_id}/seats/0/excuse",
                json={"excused": True},
                headers=bearer(creator),
            )
            assert answer.status_code == 200, answer.text
            assert [s["excused"] for s in answer.json()["seats"]] == [True, False]
        await fast_clock(hall, table_id)
        await hall.seats.join(table_id, "Bob")  # the table starts; neither comes to it
        result = await finished(hall, table_id)
        assert result["penalties"] == [0, 0]
        if excused:
            assert result["scores"] == [110, 90]
            assert await marks(hall, table_id) == {0: {False}, 1: {True}}
        else:
            assert (result["scores"], result["unawarded"]) == ([90, 90], 20)
            assert await marks(hall, table_id) == {0: {True}, 1: {True}}


async def test_w12_a_player_may_not_mark_their_own_move_as_a_time_out(db_url: str) -> None:
    async with hall_at(db_url) as hall:
        opened = await hall.opening.open_table(
            CreateTable(game="wordpoker", options=OPTIONS, seats=2, turn_clock=None)
        )
        await hall.seats.join(opened.info.id, "Ann")
        await hall.seats.join(opened.info.id, "Bob")
        runtime = hall.runtimes[opened.info.id]
        with pytest.raises(IllegalMove, match="only the turn clock"):
            await runtime.submit(0, {"type": "stay", TIMED_OUT: True})
        assert await hall.db.moves(opened.info.id) == []
        assert runtime.state.state_id == 0


async def test_w12_only_the_creator_excuses_and_only_a_seated_player(db_url: str) -> None:
    async with hall_at(db_url) as hall, api(hall, db_url) as (http, _leagues):
        opened = await hall.opening.open_table(
            CreateTable(game="wordpoker", options=OPTIONS, seats=3, turn_clock=60)
        )
        table_id, creator = opened.info.id, opened.creator_token
        _seat, ann = await hall.seats.join(table_id, "Ann")
        url = f"/api/tables/{table_id}/seats/{{}}/excuse"

        async def excuse(seat: str, token: str) -> httpx.Response:
            return await http.post(url.format(seat), json={"excused": True}, headers=bearer(token))

        stranger = await excuse("0", ann)
        assert (stranger.status_code, stranger.json()["code"]) == (403, "not_creator")
        for nobody in ("1", "2", "-1", "3", str(10**30)):  # free seats, no such seats
            refused = await excuse(nobody, creator)
            assert (refused.status_code, refused.json()["code"]) == (409, "no_player"), nobody
        bad = await http.post(url.format("0"), json={"excused": "maybe"}, headers=bearer(creator))
        assert bad.status_code == 422
        assert [s.excused for s in await hall.db.seats(table_id)] == [False]  # nothing changed
        assert (await excuse("0", creator)).json()["seats"][0]["excused"] is True
        back = await http.post(url.format("0"), json={"excused": False}, headers=bearer(creator))
        assert back.json()["seats"][0]["excused"] is False

        assert await controls.add_bot(hall, table_id, creator, "random") == 1
        bot = await excuse("1", creator)
        assert (bot.status_code, bot.json()["code"]) == (409, "no_player")

        no_clock = await hall.opening.open_table(
            CreateTable(game="wordpoker", options=OPTIONS, seats=2, turn_clock=None)
        )
        await hall.seats.join(no_clock.info.id, "Ann")
        refused = await http.post(
            f"/api/tables/{no_clock.info.id}/seats/0/excuse",
            json={},
            headers=bearer(no_clock.creator_token),
        )
        assert (refused.status_code, refused.json()["code"]) == (409, "no_clock")
        assert [s.excused for s in await hall.db.seats(no_clock.info.id)] == [False]


async def test_w12_the_organiser_excuses_a_drawn_player_who_keeps_their_seat(
    db_url: str,
) -> None:
    """Not resigned at the start although not there: the clock moves for them, and no deal
    is forfeited, while Adéla, there but never moving, forfeits both."""
    async with hall_at(db_url) as hall, api(hall, db_url) as (http, leagues):
        created, organiser = await leagues.create(
            CreateLeague(name="Liga", game="wordpoker", options=OPTIONS, turn_clock=60)
        )
        for name in ("Adéla", "Bořek"):
            await accounts.register(hall.db, name, "correct horse")
        await leagues.open_session(created.id, organiser)
        for name in ("Adéla", "Bořek"):
            player = await accounts.authenticate(hall.db, name, "correct horse")
            await leagues.sign_up(created.id, 1, player)
        (table,) = (await leagues.draw(created.id, 1, organiser)).tables
        seat_of = {name: i for i, name in enumerate(table.players)}
        url = f"/api/leagues/{created.id}/tables/{table.table_id}/seats/{{}}/excuse"
        away = seat_of["Bořek"]

        wrong = await http.post(url.format(away), json={}, headers=bearer("x" * 43))
        assert (wrong.status_code, wrong.json()["code"]) == (401, "not_organiser")
        empty = await http.post(url.format(7), json={}, headers=bearer(organiser))
        assert (empty.status_code, empty.json()["code"]) == (409, "no_player")
        elsewhere = await http.post(
            f"/api/leagues/{created.id}/tables/nope/seats/0/excuse",
            json={},
            headers=bearer(organiser),
        )
        assert (elsewhere.status_code, elsewhere.json()["code"]) == (404, "unknown_table")
        assert not any(s.excused for s in await hall.db.seats(table.table_id))

        done = await http.post(url.format(away), json={}, headers=bearer(organiser))
        assert done.status_code == 200, done.text
        info = await leagues.info(created.id)
        assert info.sessions[0].tables[0].excused == [away]

        here = await accounts.authenticate(hall.db, "Adéla", "correct horse")
        await hall.seats.claim(table.table_id, here.id)  # she is there, but never moves
        await fast_clock(hall, table.table_id)
        await leagues.start(created.id, table.table_id, organiser)
        assert [s.left for s in await hall.db.seats(table.table_id)] == [False, False]
        result = await finished(hall, table.table_id)
        assert result["resigned"] == []
        scores = {name: result["scores"][seat] for name, seat in seat_of.items()}
        assert scores == {"Adéla": 90, "Bořek": 110}
        assert await marks(hall, table.table_id) == {seat_of["Adéla"]: {True}, away: {False}}
        refused = await http.post(
            f"/api/leagues/{created.id}/tables/{table.table_id}/seats",
            json={"name": "Bořek", "secret": "correct horse"},
        )
        assert (refused.status_code, refused.json()["code"]) == (409, "game_over")

        over = await http.post(url.format(away), json={}, headers=bearer(organiser))
        assert (over.status_code, over.json()["code"]) == (409, "game_finished")
