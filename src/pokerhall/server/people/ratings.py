"""Ratings per game and ruleset: every finished table whose seats are all people signed in
(`tables/rated.py`) updates its players' skills from its places (`pokerhall.skill`), exactly once.

Once is the database's to keep: the table's record in `rated_tables` is written in the same
transaction as the new skills, after the table's row is locked (`FOR UPDATE` on PostgreSQL;
SQLite has one writer at a time), so a finish told twice (on every process of a cluster, or
again after a restart) finds the record and changes nothing. The players' rows are locked too,
in id order, so two tables finishing at once that share a player both count. A table that is
not rated gets its record as well, with the reason, so it is looked at once.

Tables are rated as the hall tells of their finish (`News.listeners`); at start-up, `catch_up`
rates the finished tables that have no record yet (the server stopped between a table's finish
and its rating, or they finished before the ratings existed), oldest first.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from pokerhall.engine import UnknownGame, registry
from pokerhall.server.store.db import Database
from pokerhall.server.store.models import (
    PlayerRow,
    RatedTableRow,
    RatingRow,
    SeatRow,
    TableRow,
    utcnow,
)
from pokerhall.server.tables.hall import Hall
from pokerhall.server.tables.rated import unrated_reason
from pokerhall.server.wire.messages import Leaderboard, RatingEntry
from pokerhall.skill import NEWCOMER, Skill, displayed, rate

log = logging.getLogger("pokerhall.server")
LEADERBOARD_SIZE = 100
NO_PLACES = "no_places"
"""A rated_tables reason beside `tables/rated.py`'s: the result has no place per seat (a game
that breaks the one result shape); logged, never expected."""


def rating_key(game: str, options: dict[str, object]) -> tuple[str, str]:
    """The game (an alias, such as `duell`, named by its game) and ruleset a table is rated
    in: the ruleset its options name, else the game's default."""
    try:
        info = registry.info(game)
    except UnknownGame:
        return game, str(options.get("ruleset") or "")
    return info.name, str(options.get("ruleset") or info.rulesets[0].name)


class Ratings:
    def __init__(self, hall: Hall) -> None:
        self.db: Database = hall.db
        self._hall = hall
        self._catching_up: asyncio.Task[int] | None = None
        hall.news.listeners.append(self._table_told)
        hall.book.seat_ratings = self.seat_ratings

    async def _table_told(self, table_id: str) -> None:
        """A table started or finished. Alone, a table whose game runs here and is not over
        has just started (only the end of its game finishes a table, `tables/running.py`), so
        there is nothing to rate and its row is not read; with other processes it is, since
        another may have finished it meanwhile."""
        runtime = self._hall.runtimes.get(table_id)
        if self._hall.cluster is None and runtime is not None and not runtime.state.over:
            return
        await self.rate_table(table_id)

    def catch_up_in_background(self) -> None:
        self._catching_up = asyncio.create_task(self.catch_up(), name="ratings-catch-up")

    async def close(self) -> None:
        if self._catching_up is not None and not self._catching_up.done():
            self._catching_up.cancel()

    async def catch_up(self) -> int:
        """Rate every finished table that has no record yet, oldest first; how many."""
        query = (
            select(TableRow.id)
            .outerjoin(RatedTableRow, RatedTableRow.table_id == TableRow.id)
            .where(TableRow.status == "finished", RatedTableRow.table_id.is_(None))
            .order_by(TableRow.created_at)
        )
        async with self.db.sessions() as session:
            ids = list((await session.scalars(query)).all())
        for table_id in ids:
            try:
                await self.rate_table(table_id)
            except Exception:
                log.exception("table %s could not be rated", table_id)
        if ids:
            log.info("ratings: %d finished tables looked at", len(ids))
        return len(ids)

    async def rate_table(self, table_id: str) -> RatedTableRow | None:
        """The table's record, rating it first if it has none; None while it is not finished."""
        try:
            async with self.db.sessions.begin() as session:
                return await self._rate(session, table_id)
        except IntegrityError:  # rated meanwhile by a process the lock did not reach
            async with self.db.sessions() as session:
                return await session.get(RatedTableRow, table_id)

    async def _rate(self, session: AsyncSession, table_id: str) -> RatedTableRow | None:
        table = await session.get(TableRow, table_id, with_for_update=True)
        if table is None or table.status != "finished" or table.result is None:
            return None
        done = await session.get(RatedTableRow, table_id)
        if done is not None:
            return done
        seats = list(
            (
                await session.scalars(
                    select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
                )
            ).all()
        )
        game, ruleset = rating_key(table.game, table.options)
        reason: str | None = unrated_reason(seats)
        places = _places(table.result.get("places"), len(seats))
        if reason is None and places is None:
            log.error("table %s: its result has no place per seat; not rated", table_id)
            reason = NO_PLACES
        if reason is None and places is not None:
            reason = await self._update(session, game, ruleset, seats, places)
        record = RatedTableRow(table_id=table_id, game=game, ruleset=ruleset, unrated=reason)
        session.add(record)
        return record

    async def _update(
        self,
        session: AsyncSession,
        game: str,
        ruleset: str,
        seats: Sequence[SeatRow],
        places: list[int],
    ) -> str | None:
        """Store the seats' players' new skills; the reason not to, if an account turns out
        to be a bot's."""
        ids = [str(seat.person) for seat in seats]
        players = await session.scalars(
            select(PlayerRow).where(PlayerRow.id.in_(ids)).order_by(PlayerRow.id).with_for_update()
        )
        if any(player.kind != "person" for player in players):
            return "bot_account"
        query = select(RatingRow).where(
            RatingRow.player_id.in_(ids), RatingRow.game == game, RatingRow.ruleset == ruleset
        )
        known = {row.player_id: row for row in await session.scalars(query)}
        before = [Skill(known[i].mu, known[i].sigma) if i in known else NEWCOMER for i in ids]
        for player_id, skill in zip(ids, rate(before, places), strict=True):
            row = known.get(player_id)
            if row is None:
                session.add(
                    RatingRow(
                        player_id=player_id,
                        game=game,
                        ruleset=ruleset,
                        mu=skill.mu,
                        sigma=skill.sigma,
                        tables=1,
                    )
                )
            else:
                row.mu, row.sigma, row.tables = skill.mu, skill.sigma, row.tables + 1
                row.updated_at = utcnow()
        return None

    async def seat_ratings(self, table: TableRow, rows: Sequence[SeatRow]) -> dict[int, int]:
        """The rating shown beside each seat whose account has one at the table's game and
        ruleset (`TableBook.seat_ratings`)."""
        game, ruleset = rating_key(table.game, table.options)
        seat_of = {row.person: row.seat for row in rows if row.person is not None}
        query = select(RatingRow).where(
            RatingRow.player_id.in_(list(seat_of)),
            RatingRow.game == game,
            RatingRow.ruleset == ruleset,
        )
        async with self.db.sessions() as session:
            found = await session.scalars(query)
            return {seat_of[r.player_id]: displayed(Skill(r.mu, r.sigma)) for r in found}

    async def leaderboard(self, game: str, ruleset: str) -> Leaderboard:
        """The best `LEADERBOARD_SIZE` players of a game and ruleset, by mu - 3 sigma; equal
        figures shown share a place."""
        query = (
            select(RatingRow, PlayerRow.name)
            .join(PlayerRow, PlayerRow.id == RatingRow.player_id)
            .where(RatingRow.game == game, RatingRow.ruleset == ruleset)
            .order_by((RatingRow.mu - 3 * RatingRow.sigma).desc(), PlayerRow.name_key)
            .limit(LEADERBOARD_SIZE)
        )
        entries: list[RatingEntry] = []
        async with self.db.sessions() as session:
            for row, name in await session.execute(query):
                shown = displayed(Skill(row.mu, row.sigma))
                tied = entries and entries[-1].rating == shown
                place = entries[-1].place if tied else len(entries) + 1
                entries.append(
                    RatingEntry(
                        place=place,
                        player=name,
                        rating=shown,
                        mu=row.mu,
                        sigma=row.sigma,
                        tables=row.tables,
                    )
                )
        return Leaderboard(game=game, ruleset=ruleset, players=entries)


def _places(places: object, seats: int) -> list[int] | None:
    """The result's places, when it gives one (1 or more) to each of two seats or more."""
    if not isinstance(places, list) or len(places) != seats or seats < 2:
        return None
    if not all(isinstance(place, int) and place >= 1 for place in places):
        return None
    return [int(place) for place in places]
