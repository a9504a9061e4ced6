"""Leagues: sign-up for a session, the seeded drawing to tables, and the overall table.

A league is a hall feature over any registered game: its options are checked as a table's are,
its table size comes from the ruleset's player range, and its overall table adds up the games'
results in the engine's one result shape (`standings.py`). The drawing itself is pure
(`drawing.py`); here it is stored, its tables are opened with their seats kept for the drawn
accounts (`Opening.create_reserved_table`), and everyone watching the league is told of every
change (`watch`), on whichever process their socket is: a change made here is shared as the
hall's news, and a table's start or finish reaches every process's status listeners.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections import defaultdict

from sqlalchemy import func, select

from pokerhall import games
from pokerhall.engine import InvalidOptions, UnknownGame, registry
from pokerhall.engine.rng import new_seed
from pokerhall.server.league import drawing
from pokerhall.server.league.messages import (
    CreateLeague,
    DrawnTable,
    LeagueInfo,
    LeagueSummary,
    SessionInfo,
    StandingInfo,
)
from pokerhall.server.league.standings import GameScore, standings
from pokerhall.server.store.models import (
    LeagueRow,
    LeagueSessionRow,
    LeagueSignupRow,
    LeagueTableRow,
    PlayerRow,
    SeatRow,
    TableRow,
)
from pokerhall.server.tables import controls
from pokerhall.server.tables.hall import Hall
from pokerhall.server.tables.refusals import options_refused
from pokerhall.server.tables.tokens import new_token, seed_commitment, token_hash, token_matches
from pokerhall.server.wire.messages import server_message
from pokerhall.server.wire.refusal import LobbyError

log = logging.getLogger("pokerhall.server")
Watcher = asyncio.Queue[str]
NEWS = "league"
"""The hall's news topic (`News.share`): a league changed on another process."""


class Leagues:
    def __init__(self, hall: Hall) -> None:
        self.hall = hall
        self.db = hall.db
        self._locks: defaultdict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._watchers: defaultdict[str, set[Watcher]] = defaultdict(set)
        hall.news.listeners.append(self._table_changed)
        hall.news.news_listeners[NEWS].append(self._changed_here)

    # --- leagues -----------------------------------------------------------------------------

    async def create(self, body: CreateLeague) -> tuple[LeagueInfo, str]:
        try:
            info = registry.info(body.game)
            alias = info.aliases.get(body.game)
            raw = body.options if alias is None else {"ruleset": alias, **body.options}
            ruleset = info.ruleset(raw.get("ruleset", info.rulesets[0].name))
            size = ruleset.max_players if body.table_size is None else body.table_size
            info.check_players(ruleset, size)
            names = [f"Seat {i + 1}" for i in range(ruleset.min_players)]
            trial = games.create(body.game, names, body.options, seed=0)
        except (InvalidOptions, UnknownGame) as exc:
            raise options_refused(exc, body.game) from None
        token = new_token()
        row = LeagueRow(
            id=secrets.token_hex(8),
            name=body.name,
            game=trial.name,
            options=trial.options_json,
            table_size=size,
            turn_clock=body.turn_clock,
            organiser_hash=token_hash(token),
        )
        async with self.db.sessions.begin() as session:
            session.add(row)
        return await self.info(row.id), token

    async def summaries(self) -> list[LeagueSummary]:
        query = select(LeagueRow).order_by(LeagueRow.created_at.desc()).limit(200)
        async with self.db.sessions() as session:
            rows = (await session.scalars(query)).all()
        return [LeagueSummary(id=r.id, name=r.name, game=r.game) for r in rows]

    async def info(self, league_id: str) -> LeagueInfo:
        league = await self._league(league_id)
        info = registry.info(league.game)
        ruleset = info.ruleset(league.options.get("ruleset", info.rulesets[0].name))
        async with self.db.sessions() as session:
            rows = (
                await session.scalars(
                    select(LeagueSessionRow)
                    .where(LeagueSessionRow.league_id == league_id)
                    .order_by(LeagueSessionRow.number)
                )
            ).all()
        return LeagueInfo(
            id=league.id,
            name=league.name,
            game=league.game,
            ruleset=league.options.get("ruleset"),
            options=league.options,
            table_size=league.table_size,
            min_players=ruleset.min_players,
            turn_clock=league.turn_clock,
            unit=info.score_unit,
            sessions=[await self._session_info(row) for row in rows],
            standings=await self.standings(league_id),
        )

    def authorise(self, league: LeagueRow, token: str) -> None:
        if not token_matches(token, league.organiser_hash):
            raise LobbyError(401, "this is not the organiser token of this league", "not_organiser")

    # --- sessions ----------------------------------------------------------------------------

    async def open_session(self, league_id: str, token: str) -> SessionInfo:
        """A new session, taking sign-ups. Its drawing seed is chosen now and only its hash
        published, so the organiser cannot pick a seed once the players are known."""
        async with self._locks[league_id]:
            league = await self._league(league_id)
            self.authorise(league, token)
            async with self.db.sessions.begin() as session:
                last = await session.scalar(
                    select(func.max(LeagueSessionRow.number)).where(
                        LeagueSessionRow.league_id == league_id
                    )
                )
                if last is not None:
                    previous = await session.get(LeagueSessionRow, (league_id, last))
                    if previous is not None and previous.status == "signup":
                        raise LobbyError(
                            409, f"session {last} is still taking sign-ups", "session_open"
                        )
                row = LeagueSessionRow(
                    league_id=league_id, number=(last or 0) + 1, status="signup", seed=new_seed()
                )
                session.add(row)
        await self._changed(league_id)
        return await self._session_info(row)

    async def session(self, league_id: str, number: int) -> SessionInfo:
        return await self._session_info(await self._session(league_id, number))

    async def sign_up(self, league_id: str, number: int, player: PlayerRow) -> SessionInfo:
        """Sign a player up; signing up twice changes nothing. Refused once drawn."""
        async with self._locks[league_id]:
            row = await self._session(league_id, number)
            if row.status != "signup":
                raise LobbyError(
                    409, "the drawing for this session is done: sign-up is closed", "signup_closed"
                )
            async with self.db.sessions.begin() as session:
                key = (league_id, number, player.id)
                if await session.get(LeagueSignupRow, key) is None:
                    session.add(
                        LeagueSignupRow(league_id=league_id, number=number, player_id=player.id)
                    )
        await self._changed(league_id)
        return await self._session_info(row)

    async def draw(self, league_id: str, number: int, token: str) -> SessionInfo:
        """Draw the signed-up players to tables with the session's seed (`drawing.draw`),
        open the tables with their seats kept for them, and reveal the seed."""
        async with self._locks[league_id]:
            league = await self._league(league_id)
            self.authorise(league, token)
            row = await self._session(league_id, number)
            if row.status != "signup":
                raise LobbyError(409, "this session has been drawn already", "already_drawn")
            players = await self._signed_up(league_id, number)
            info = registry.info(league.game)
            ruleset = info.ruleset(league.options.get("ruleset", info.rulesets[0].name))
            try:
                tables: list[list[PlayerRow]] = drawing.draw(
                    players,
                    row.seed,
                    smallest=ruleset.min_players,
                    largest=league.table_size,
                    key=lambda p: p.name_key,
                )
            except drawing.DrawingError as exc:
                raise LobbyError(409, str(exc), "cannot_draw") from None
            for position, seated in enumerate(tables):
                table_id = await self.hall.opening.create_reserved_table(
                    game=league.game,
                    options=league.options,
                    name=f"{league.name} {number}.{position + 1}",
                    turn_clock=league.turn_clock,
                    players=[(p.id, p.name) for p in seated],
                )
                async with self.db.sessions.begin() as session:
                    session.add(
                        LeagueTableRow(
                            table_id=table_id, league_id=league_id, number=number, position=position
                        )
                    )
            async with self.db.sessions.begin() as session:
                stored = await session.get(LeagueSessionRow, (league_id, number))
                assert stored is not None
                stored.status = "drawn"
            row.status = "drawn"
        await self._changed(league_id)
        return await self._session_info(row)

    async def join(self, league_id: str, table_id: str, player: PlayerRow) -> tuple[int, str]:
        """The player's seat at a table of this league, if they were drawn to it."""
        await self._league(league_id)
        await self._drawn_table(league_id, table_id)
        return await self.hall.seats.claim(table_id, player.id)

    async def start(self, league_id: str, table_id: str, token: str) -> None:
        league = await self._league(league_id)
        self.authorise(league, token)
        await self._drawn_table(league_id, table_id)
        await self.hall.seats.start_reserved(table_id)

    async def excuse(
        self, league_id: str, table_id: str, token: str, seat: int, excused: bool
    ) -> None:
        """The organiser excuses a drawn player ahead of time (W12: "bez předchozí omluvy",
        without an excuse made before, is who forfeits), or takes the excuse back."""
        league = await self._league(league_id)
        self.authorise(league, token)
        await self._drawn_table(league_id, table_id)
        await controls.excuse_checked(self.hall, table_id, seat, excused)
        await self._changed(league_id)

    # --- the overall table -------------------------------------------------------------------

    async def standings(self, league_id: str) -> list[StandingInfo]:
        """W14: every finished game of the league, each drawn player's final score."""
        query = (
            select(TableRow.result, SeatRow.seat, SeatRow.player_id, PlayerRow.name)
            .join(LeagueTableRow, LeagueTableRow.table_id == TableRow.id)
            .join(SeatRow, SeatRow.table_id == TableRow.id)
            .join(PlayerRow, PlayerRow.id == SeatRow.player_id)
            .where(LeagueTableRow.league_id == league_id, TableRow.status == "finished")
        )
        async with self.db.sessions() as session:
            rows = (await session.execute(query)).all()
        scores = [
            GameScore(player=player_id, name=name, score=result["scores"][seat])
            for result, seat, player_id, name in rows
            if result is not None and seat < len(result.get("scores", ()))
        ]
        return [StandingInfo(**row.to_json()) for row in standings(scores)]

    # --- watching ----------------------------------------------------------------------------

    async def watch(self, league_id: str) -> Watcher:
        """A queue that gets the league (as a `league` message) now and after every change."""
        info = await self.info(league_id)
        queue: Watcher = asyncio.Queue(maxsize=16)
        queue.put_nowait(server_message("league", league=info.model_dump()))
        self._watchers[league_id].add(queue)
        return queue

    def unwatch(self, league_id: str, queue: Watcher) -> None:
        self._watchers.get(league_id, set()).discard(queue)

    async def _changed(self, league_id: str) -> None:
        """The league changed here: its watchers on every process hear of it."""
        await self._changed_here(league_id)
        self.hall.news.share(NEWS, league_id)

    async def _changed_here(self, league_id: str) -> None:
        watchers = self._watchers.get(league_id)
        if not watchers:
            return
        text = server_message("league", league=(await self.info(league_id)).model_dump())
        for queue in list(watchers):
            if queue.full():  # a watcher that does not read gets only the latest
                queue.get_nowait()
            queue.put_nowait(text)

    async def _table_changed(self, table_id: str) -> None:
        """A table started or finished: if it is a league's, its watchers hear of it (a
        finished game's result is in the standings from now on).

        With no league watched on this process there is nobody to tell whichever league the
        table is in (`_changed_here` would return at once), so the table is not looked up:
        every table's start and finish asked for it, a read of the database each."""
        if not any(self._watchers.values()):
            return
        async with self.db.sessions() as session:
            drawn = await session.get(LeagueTableRow, table_id)
        if drawn is not None:  # every process hears of the table itself (`News.tell_here`)
            await self._changed_here(drawn.league_id)

    # --- rows --------------------------------------------------------------------------------

    async def _drawn_table(self, league_id: str, table_id: str) -> LeagueTableRow:
        """The league's table `table_id` (`unknown_table` when the league drew no such table)."""
        async with self.db.sessions() as session:
            drawn = await session.get(LeagueTableRow, table_id)
        if drawn is None or drawn.league_id != league_id:
            raise LobbyError(
                404, f"no table {table_id!r} in this league", "unknown_table", {"table": table_id}
            )
        return drawn

    async def _league(self, league_id: str) -> LeagueRow:
        async with self.db.sessions() as session:
            row = await session.get(LeagueRow, league_id)
        if row is None:
            raise LobbyError(404, f"no league {league_id!r}", "unknown_league")
        return row

    async def _session(self, league_id: str, number: int) -> LeagueSessionRow:
        await self._league(league_id)
        async with self.db.sessions() as session:
            row = await session.get(LeagueSessionRow, (league_id, number))
        if row is None:
            raise LobbyError(404, f"this league has no session {number}", "unknown_session")
        return row

    async def _signed_up(self, league_id: str, number: int) -> list[PlayerRow]:
        query = (
            select(PlayerRow)
            .join(LeagueSignupRow, LeagueSignupRow.player_id == PlayerRow.id)
            .where(LeagueSignupRow.league_id == league_id, LeagueSignupRow.number == number)
            .order_by(PlayerRow.name_key)
        )
        async with self.db.sessions() as session:
            return list((await session.scalars(query)).all())

    async def _session_info(self, row: LeagueSessionRow) -> SessionInfo:
        players = await self._signed_up(row.league_id, row.number)
        query = (
            select(LeagueTableRow, TableRow.status)
            .join(TableRow, TableRow.id == LeagueTableRow.table_id)
            .where(LeagueTableRow.league_id == row.league_id, LeagueTableRow.number == row.number)
            .order_by(LeagueTableRow.position)
        )
        async with self.db.sessions() as session:
            drawn = (await session.execute(query)).all()
        tables = []
        for table, status in drawn:
            seats = await self.db.seats(table.table_id)
            tables.append(
                DrawnTable(
                    table_id=table.table_id,
                    position=table.position,
                    players=[s.name for s in seats],
                    excused=[s.seat for s in seats if s.excused],
                    status=status,  # type: ignore[arg-type]
                )
            )
        return SessionInfo(
            number=row.number,
            status=row.status,  # type: ignore[arg-type]
            players=[p.name for p in players],
            seed_sha256=seed_commitment(row.seed),
            seed=str(row.seed) if row.status == "drawn" else None,
            tables=tables,
        )
