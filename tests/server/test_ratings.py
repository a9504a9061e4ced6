"""Ratings per game on SQLite and PostgreSQL (`server/people/ratings.py`): a table of people
signed in updates each player's rating once from its places, also when its finish is told
again or rated only after a restart; a table with a bot, a bot account, a guest or one account
twice is not rated and says why; the leaderboard's order; bad input refused."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

import httpx
import pytest
from sqlalchemy import select

from pokerhall.server.app import create_app
from pokerhall.server.people import bots, invitations
from pokerhall.server.people.ratings import Ratings
from pokerhall.server.store.models import PlayerRow, RatedTableRow, RatingRow
from pokerhall.server.tables.hall import Hall
from pokerhall.server.wire.messages import CreateTable
from pokerhall.skill import NEWCOMER, Skill, displayed

from .halls import hall_at, play_randomly
from .roomy import ROOMY

pytestmark = pytest.mark.anyio
NAMES = ("Ann", "Bob", "Cleo")


async def people(hall: Hall, names: Sequence[str]) -> list[str]:
    """Person accounts (the secret's hash is not what these tests are about)."""
    ids = [secrets.token_hex(16) for _ in names]
    async with hall.db.sessions.begin() as session:
        for player_id, name in zip(ids, names, strict=True):
            session.add(PlayerRow(id=player_id, name=name, name_key=name.lower(), secret_hash="-"))
    return ids


async def signed_in_table(hall: Hall, ids: Sequence[str], options: dict[str, Any]) -> str:
    """A QuizPoker table whose seats are the accounts', each taken by its player: it starts."""
    players = list(zip(ids, NAMES, strict=False))
    table_id = await hall.opening.create_reserved_table(
        game="quizpoker", options=options, name="Rated", turn_clock=None, players=players
    )
    for player_id in ids:
        await hall.seats.claim(table_id, player_id)
    return table_id


async def skills(hall: Hall, ids: Sequence[str]) -> dict[str, RatingRow]:
    async with hall.db.sessions() as session:
        rows = await session.scalars(select(RatingRow).where(RatingRow.player_id.in_(ids)))
        return {row.player_id: row for row in rows}


async def record_of(ratings: Ratings, table_id: str) -> RatedTableRow:
    """The table's rating record, once its finish has been told to the ratings."""
    async with asyncio.timeout(10):
        while True:
            async with ratings.db.sessions() as session:
                record = await session.get(RatedTableRow, table_id)
            if record is not None:
                return record
            await asyncio.sleep(0.01)


@asynccontextmanager
async def api(hall: Hall, ratings: Ratings, db_url: str) -> AsyncIterator[httpx.AsyncClient]:
    app = create_app(db_url, limits=ROOMY)
    app.state.hall, app.state.ratings = hall, ratings
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://hall") as client:
        yield client


async def test_a_table_of_people_signed_in_is_rated_once_from_its_places(
    db_url: str, quick_options: dict[str, Any]
) -> None:
    async with hall_at(db_url) as hall:
        ratings = Ratings(hall)
        ids = await people(hall, NAMES)
        table_id = await signed_in_table(hall, ids, quick_options)
        info = await hall.book.info(table_id)
        assert (info.rated, info.unrated_reason) == (True, None)
        assert [seat.rating for seat in info.seats] == [None, None, None]  # newcomers

        await play_randomly(hall, table_id, seed=3)
        record = await record_of(ratings, table_id)
        assert (record.game, record.ruleset, record.unrated) == ("quizpoker", "quizpoker", None)
        rated = await skills(hall, ids)
        assert [rated[i].tables for i in ids] == [1, 1, 1]
        places = (await hall.book.info(table_id)).result["places"]  # type: ignore[index]
        first, last = ids[places.index(min(places))], ids[places.index(max(places))]
        assert rated[first].mu > NEWCOMER.mu > rated[last].mu

        # told again (another process, a replayed finish), caught up again: nothing changes
        await hall.news.tell_here(table_id)
        await ratings.rate_table(table_id)
        assert await ratings.catch_up() == 0
        again = await skills(hall, ids)
        assert [(again[i].mu, again[i].tables) for i in ids] == [(rated[i].mu, 1) for i in ids]
        shown = [seat.rating for seat in (await hall.book.info(table_id)).seats]
        assert shown == [displayed(Skill(rated[i].mu, rated[i].sigma)) for i in ids]


async def test_a_table_finished_while_unrated_is_rated_once_after_a_restart(
    db_url: str, quick_options: dict[str, Any]
) -> None:
    """The server stopped between a table's finish and its rating (here: a hall without
    ratings); the next start's catch-up rates it, once however often it runs."""
    async with hall_at(db_url) as hall:
        ids = await people(hall, NAMES[:2])
        table_id = await signed_in_table(hall, ids, quick_options)
        await play_randomly(hall, table_id, seed=4)
    async with hall_at(db_url) as hall:
        assert await skills(hall, ids) == {}
        ratings = Ratings(hall)
        assert await ratings.catch_up() == 1
        assert await ratings.catch_up() == 0
        await ratings.rate_table(table_id)
        assert [row.tables for row in (await skills(hall, ids)).values()] == [1, 1]


async def test_a_table_with_a_bot_or_a_guest_is_not_rated_and_says_why(
    db_url: str, quick_options: dict[str, Any]
) -> None:
    async with hall_at(db_url) as hall:
        ratings = Ratings(hall)
        ids = await people(hall, NAMES)

        with_bot = await hall.opening.open_table(
            CreateTable(options=quick_options, seats=2, bots=1, turn_clock=None)
        )
        assert (with_bot.info.rated, with_bot.info.unrated_reason) == (False, "bots")
        await hall.seats.join(with_bot.info.id, "Ann")
        await play_randomly(hall, with_bot.info.id, seed=1)
        assert (await record_of(ratings, with_bot.info.id)).unrated == "bots"

        guests = await hall.opening.open_table(CreateTable(options=quick_options, seats=2))
        await hall.seats.join(guests.info.id, "Ann")
        assert (await hall.book.info(guests.info.id)).unrated_reason == "guests"
        await hall.seats.join(guests.info.id, "Bob")
        await play_randomly(hall, guests.info.id, seed=2)
        assert (await record_of(ratings, guests.info.id)).unrated == "guests"

        twice = await hall.opening.create_reserved_table(
            game="quizpoker",
            options=quick_options,
            name="Twice",
            turn_clock=None,
            players=[(ids[0], "Ann"), (ids[0], "Ann again")],
        )
        assert (await hall.book.info(twice)).unrated_reason == "same_account"

        invited = await hall.opening.open_table(
            CreateTable(options=quick_options, seats=2, turn_clock=None)
        )
        _seat, token = await hall.seats.join(invited.info.id, "Ann", creator=invited.creator_token)
        await bots.register(hall.db, "Robot", "correct horse")
        await invitations.invite(hall, invited.info.id, token, "Robot")
        info = await hall.book.info(invited.info.id)
        assert (info.rated, info.unrated_reason) == (False, "bot_account")

        assert await skills(hall, ids) == {}  # nothing was rated


async def test_the_leaderboard_is_best_first_and_refuses_bad_input(db_url: str) -> None:
    async with hall_at(db_url) as hall:
        ratings = Ratings(hall)
        names = ("Dana", "Emil", "Fany", "Gita")
        ids = await people(hall, names)
        figures = [(30.0, 3.0), (25.0, 25 / 3), (40.0, 2.0), (30.0, 3.0)]
        async with hall.db.sessions.begin() as session:
            for player_id, (mu, sigma) in zip(ids, figures, strict=True):
                session.add(
                    RatingRow(
                        player_id=player_id,
                        game="quizpoker",
                        ruleset="quizpoker",
                        mu=mu,
                        sigma=sigma,
                        tables=2,
                    )
                )
            session.add(
                RatingRow(
                    player_id=ids[1], game="quizpoker", ruleset="duell", mu=50, sigma=1, tables=1
                )
            )
        async with api(hall, ratings, db_url) as http:
            board = (await http.get("/api/ratings/quizpoker")).json()
            assert board["ruleset"] == "quizpoker"
            assert [(p["place"], p["player"], p["rating"]) for p in board["players"]] == [
                (1, "Fany", 1000 + 40 * 34),
                (2, "Dana", 1000 + 40 * 21),
                (2, "Gita", 1000 + 40 * 21),
                (4, "Emil", 1000),
            ]
            duell = (await http.get("/api/ratings/duell")).json()
            assert (duell["ruleset"], [p["player"] for p in duell["players"]]) == (
                "duell",
                ["Emil"],
            )
            same = await http.get("/api/ratings/quizpoker", params={"ruleset": "duell"})
            assert same.json() == duell

            unknown = await http.get("/api/ratings/chess")
            assert (unknown.status_code, unknown.json()["code"]) == (404, "unknown_game")
            bad = await http.get("/api/ratings/quizpoker", params={"ruleset": "blitz"})
            assert (bad.status_code, bad.json()["code"]) == (422, "ruleset_unknown")
