"""The table book: the hall's tables and their seats as the database keeps them, and what is
read from them (a table's `TableInfo`, the lobby's list, its match record), with each table's
lock. All changes to one table's seats go through that table's lock, and the database's
constraints (a seat is one row, names are unique per table) hold where the lock does not reach
(another process).
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import Awaitable, Callable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.exc import IntegrityError

from pokerhall import games
from pokerhall.engine import JSON, Game, MatchRecord, UnknownGame, registry
from pokerhall.engine.record import PUBLIC_RECORD_FORMAT
from pokerhall.server.store.db import Database
from pokerhall.server.store.models import SeatRow, TableRow, utcnow
from pokerhall.server.tables import invited
from pokerhall.server.tables.creator import new_join_code
from pokerhall.server.tables.rated import unrated_reason
from pokerhall.server.tables.tokens import seed_commitment, token_matches
from pokerhall.server.wire.messages import RematchInfo, SeatInfo, TableInfo, is_turn_based
from pokerhall.server.wire.refusal import LobbyError

CODE_ATTEMPTS = 5
SeatRatings = Callable[[TableRow, Sequence[SeatRow]], Awaitable[dict[int, int]]]
"""The ratings shown beside the seats' names, by seat (`people/ratings.py`, which sets
`TableBook.seat_ratings`: the ratings are a room above the tables)."""


class TableBook:
    def __init__(self, db: Database) -> None:
        self.db = db
        self._locks: defaultdict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.seat_ratings: SeatRatings | None = None
        """Set when the hall keeps ratings: `info_of` names each seat's rating."""

    async def table(self, table_id: str) -> TableRow:
        """The table's row; 404 `unknown_table` when there is none."""
        table = await self.db.table(table_id)
        if table is None:
            raise LobbyError(404, f"no table {table_id!r}", "unknown_table", {"table": table_id})
        return table

    async def table_with_seats(self, table_id: str) -> tuple[TableRow, list[SeatRow]]:
        """The table's row and its seats in seat order (one query); 404 `unknown_table`."""
        found = await self.db.table_with_seats(table_id)
        if found is None:
            raise LobbyError(404, f"no table {table_id!r}", "unknown_table", {"table": table_id})
        return found

    async def lock(self, table_id: str) -> asyncio.Lock:
        """The table's lock; only tables that exist get one, so unknown ids cost no memory.
        A table that has a lock is known to exist (tables are never deleted): no query."""
        if table_id not in self._locks:
            await self.table(table_id)
        return self._locks[table_id]

    def known_lock(self, table_id: str) -> asyncio.Lock:
        """`lock` for a table the caller knows to exist (or to have existed)."""
        return self._locks[table_id]

    async def authenticate(self, table_id: str, token: str) -> int:
        """The seat `token` holds at the table; 401 `bad_token` when it holds none."""
        return seat_of(await self.db.seats(table_id), token)

    async def add_table(self, table: TableRow, seats: Sequence[SeatRow]) -> None:
        """Store a new table; a private one gets a join code, drawn again in the rare case
        that another table has it (the database's unique constraint says so)."""
        for attempt in range(CODE_ATTEMPTS):
            if table.private:
                table.join_code = new_join_code()
            try:
                await self.db.add_table(table, seats)
                self.known_lock(table.id)  # it exists: `lock` need not ask the database
                return
            except IntegrityError:
                if not table.private or attempt == CODE_ATTEMPTS - 1:
                    raise

    async def info(self, table_id: str) -> TableInfo:
        return await self.info_of(*await self.table_with_seats(table_id))

    async def info_of(self, table: TableRow, rows: Sequence[SeatRow]) -> TableInfo:
        """`info` from the table's row and seats as just read (a query more only for a
        rematch holding its seats, a finished table that may have one, and the ratings of
        seats that name an account)."""
        table_id = table.id
        info = table_info(table, rows)
        if self.seat_ratings is not None and any(row.person for row in rows):
            for seat, rating in (await self.seat_ratings(table, rows)).items():
                info.seats[seat].rating = rating
        if table.status == "open" and table.rematch_of is not None and seats_held(table):
            await self._name_held_seats(info, table.rematch_of)
        if table.status != "finished":  # only a finished table is played again: no query
            return info
        rematch = await self.db.rematch_of(table_id)
        if rematch is not None:
            info.rematch = RematchInfo(
                table=rematch.id,
                by=rematch.opened_by,
                status=rematch.status,  # type: ignore[arg-type]
            )
        return info

    async def _name_held_seats(self, info: TableInfo, old_id: str) -> None:
        """A rematch's empty seats while held: whose they are (the old table's player in that
        seat), so nobody is offered a seat the join would refuse (`seats_held`)."""
        players = {s.seat: s.name for s in await self.db.seats(old_id) if s.kind == "human"}
        for seat in info.seats:
            if seat.kind == "empty":
                seat.held_for = players.get(seat.seat)

    async def list_tables(self, statuses: list[str], finished: int = 0) -> list[TableInfo]:
        """The public tables with these statuses, and the `finished` newest finished ones."""
        listed = await self.db.listing(statuses, finished=finished)
        return [table_info(table, seats) for table, seats in listed]

    async def record(self, table_id: str) -> MatchRecord:
        """The full match record, for the operator (crash recovery, audits): every move as
        made, secrets included. Players get `public_record`."""
        return await self.match_record(await self.table(table_id))

    async def public_record(self, table_id: str) -> JSON:
        """What the game publishes of a finished match (`Game.public_record`): the seed, which
        is secret until the game is over, and the moves without what nobody was ever shown."""
        table = await self.table(table_id)
        if table.status != "finished":
            raise LobbyError(
                409, "the record (with the seed) is published when the game is over", "not_over"
            )
        record = (await self.replay(table)).public_record()
        if not seed_published(table.game):  # its seed would deal the unseen cards again
            record = {**record, "seed": None, "format": PUBLIC_RECORD_FORMAT}
        return record

    # --- seats -------------------------------------------------------------------------------

    async def match_record(
        self, table: TableRow, seats: Sequence[SeatRow] | None = None, *, starting: bool = False
    ) -> MatchRecord:
        """The table's record as stored: its seats' names (`seats`: as the caller just read
        them, in seat order) and every move; none for a table `starting` now (it was open: no
        runtime has played a move at it)."""
        if seats is None:
            seats = await self.db.seats(table.id)
        moves = [] if starting else await self.db.moves(table.id)
        return MatchRecord(
            game=table.game,
            options=table.options,
            players=tuple(s.name for s in seats),
            seed=table.seed,
            moves=tuple((m.seat, m.move) for m in moves),
            content=dict(table.content or {}),
        )

    async def replay(
        self, table: TableRow, seats: Sequence[SeatRow] | None = None, *, starting: bool = False
    ) -> Game[Any]:
        """The table's game, replayed from its record (`match_record`)."""
        return games.replay(await self.match_record(table, seats, starting=starting))


def seat_of(rows: Sequence[SeatRow], token: str) -> int:
    """The seat `token` holds among the table's seats; 401 `bad_token` when it holds none."""
    for row in rows:
        if row.kind == "human" and token_matches(token, row.token_hash):
            return row.seat
    raise LobbyError(401, "this token does not hold a seat at this table", "bad_token")


def seats_held(table: TableRow) -> bool:
    """Whether a rematch still keeps its free seats for the old table's players."""
    return table.held_until is not None and as_utc(table.held_until) > utcnow()


def as_utc(moment: datetime) -> datetime:
    """SQLite gives naive times back (stored as UTC)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def table_info(table: TableRow, rows: Sequence[SeatRow]) -> TableInfo:
    seats = {s.seat: s for s in rows}
    unrated = unrated_reason(rows)
    listed = []
    for i in range(table.num_seats):
        row = seats.get(i)
        listed.append(
            SeatInfo(seat=i, name=None, kind="empty")
            if row is None
            else SeatInfo(
                seat=i,
                name=row.name,
                kind=row.kind,  # type: ignore[arg-type]
                left=row.left,
                reserved=row.player_id is not None and row.token_hash is None and not row.left,
                excused=row.excused,
                bot_account=row.bot_account,
                invited=row.invited,
                signed_in=row.account_id is not None,
            )
        )
    return TableInfo(
        id=table.id,
        name=table.name,
        game=table.game,
        web_module=has_web_module(table.game),
        ruleset=table.options.get("ruleset"),
        options=table.options,
        status=table.status,  # type: ignore[arg-type]
        seats=listed,
        turn_clock=table.turn_clock,
        turn_based=is_turn_based(table.turn_clock),
        bot_delay=table.bot_delay,
        result_pause=result_pause(table),
        bot_takeover=table.bot_takeover and leaver_gets_a_bot(table.game),
        rated=unrated is None and bool(rows),
        unrated_reason=unrated,
        anyone_starts=table.creator_hash is None and not any(invited.league_seat(s) for s in rows),
        seed_sha256=seed_commitment(table.seed),
        seed=str(table.seed) if table.status == "finished" and seed_published(table.game) else None,
        result=table.result,
        private=table.private,
        rematch_of=table.rematch_of,
        uploaded_pack=uploaded_pack(table.game, table.options),
        held_until=as_utc(table.held_until).timestamp()
        if table.held_until is not None and table.status == "open"
        else None,
    )


def uploaded_pack(game: str, options: Mapping[str, Any]) -> str | None:
    """The uploaded content (`POST /api/packs`) a table plays, by the option its game names for
    it (`GameInfo.content`), so players are told whoever uploaded it may know the answers."""
    try:
        content = registry.info(game).content
    except UnknownGame:
        return None
    return None if content is None else content.upload_named(options)


def creator_seat(table: TableRow, rows: Sequence[SeatRow]) -> int | None:
    """The seat the creator took with their token (`server/tables/creator.py`: the table keeps that
    seat token's hash then), None when they did not sit down or gave the seat up."""
    if table.creator_hash is None:
        return None
    return next((s.seat for s in rows if s.token_hash == table.creator_hash), None)


def leaver_gets_a_bot(game: str) -> bool:
    """Whether the game lets a bot take a leaving player's seat (`GameInfo.on_leave`); where
    leaving resigns the seat, a table's `bot_takeover` (older rows may hold it) means nothing."""
    try:
        return registry.info(game).on_leave == "bot"
    except UnknownGame:
        return False


def seed_published(game: str) -> bool:
    """Whether the game publishes its seed once over (`GameInfo.seed_published`)."""
    try:
        return registry.info(game).seed_published
    except UnknownGame:
        return True


def has_web_module(game: str) -> bool:
    """Whether the table's game ships a browser module; a game no longer installed has none."""
    try:
        return registry.info(game).web_module
    except UnknownGame:
        return False


def result_pause(table: TableRow) -> float:
    """The table's result pause in seconds: its own setting, else its game's default
    (`GameInfo.result_pause`; tables stored before the setting have none of their own)."""
    if table.result_pause is not None:
        return table.result_pause
    try:
        return registry.info(table.game).result_pause
    except UnknownGame:
        return 0.0
