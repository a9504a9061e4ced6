"""The hall: every table, open, running or finished; seats, tokens, and the table runtimes.

All changes to one table's seats go through that table's lock, and the database's constraints
(a seat is one row, names are unique per table) hold where the lock does not reach (another
process), so two people can never take the same seat; moves go through the table's runtime. A
table is in memory once this hall has claimed it (`_claim_locked`, under its lock): the one place
a table becomes this process's.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections import defaultdict
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Protocol

from sqlalchemy.exc import IntegrityError

from pokerhall import games
from pokerhall.engine import JSON, Game, InvalidOptions, MatchRecord, UnknownGame, registry
from pokerhall.engine.catalog import GameInfo
from pokerhall.engine.record import PUBLIC_RECORD_FORMAT
from pokerhall.engine.rng import new_seed
from pokerhall.server.people import names
from pokerhall.server.store.db import Database
from pokerhall.server.store.models import SeatRow, TableRow, utcnow
from pokerhall.server.tables.absence import Absence
from pokerhall.server.tables.chat import HISTORY, ChatLog, chat_entry
from pokerhall.server.tables.creator import code_matches, is_creator, new_join_code
from pokerhall.server.tables.runtime import SeatControl, TableRuntime
from pokerhall.server.tables.tokens import new_token, seed_commitment, token_hash, token_matches
from pokerhall.server.wire.connection import TRY_AGAIN_LATER, Connection
from pokerhall.server.wire.messages import (
    CreateTable,
    RematchInfo,
    SeatInfo,
    TableInfo,
    name_key,
    server_message,
)

log = logging.getLogger("pokerhall.server")


class LobbyError(Exception):
    """A lobby request that cannot be served; `status` is the HTTP status to answer with.
    `code` names the reason for clients, which show it in their reader's language with the
    values in `params` (docs/protocol.md lists them); the reason itself is English."""

    def __init__(
        self,
        status: int,
        reason: str,
        code: str | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason
        self.code = code
        self.params = dict(params or {})


def options_refused(exc: InvalidOptions | UnknownGame, game: str) -> LobbyError:
    """A 422 for options (or a game) that cannot make a game, with the problem's code: a
    game's own check across options has none, and is sent as `invalid_options` with its
    English text as `detail`."""
    if isinstance(exc, UnknownGame):
        return LobbyError(422, str(exc), "unknown_game", {"game": game})
    if exc.code is None:
        return LobbyError(422, str(exc), "invalid_options", {"detail": str(exc)})
    return LobbyError(422, str(exc), exc.code, exc.params)


def reserved() -> LobbyError:
    """A seat named for an account (`SeatRow.player_id`): only that player takes it.

    These refusals are made afresh at every raise, never kept in a module: a raised exception
    keeps the traceback it went through, so one shared instance would grow by the frames of
    every raise and keep their locals (tokens, names) alive."""
    return LobbyError(
        409,
        "this table's seats are kept for the players drawn to it; join through its league",
        "seat_reserved",
    )


def seat_taken() -> LobbyError:
    """Two joins raced for one seat and the database refused the second (its primary key)."""
    return LobbyError(
        409, "someone took this seat at the same moment; please try again", "seat_taken"
    )


def code_required() -> LobbyError:
    """A private table's seats go only to people with its link or code."""
    return LobbyError(
        403, "this table is private: join through its link or with its code", "code_required"
    )


def seats_held_refusal() -> LobbyError:
    """A rematch holds its seats for the old table's players (`server/tables/rematch.py`)."""
    return LobbyError(
        409,
        "this table keeps its seats for the players of the last game for a few minutes",
        "seats_held",
    )


def presence_unknown() -> LobbyError:
    """Several processes: some process that may hold the player's connection could not be
    asked."""
    return LobbyError(
        503,
        "whether this player is here cannot be told now (another server process did not answer);"
        " try again in a moment",
        "presence_unknown",
    )


def creator_starts() -> LobbyError:
    """Start now fills the empty seats with bots: the creator's choice, not any seated
    player's."""
    return LobbyError(
        403,
        "only the table's creator can start it early; it starts by itself when the last seat is"
        " taken",
        "creator_starts",
    )


CODE_ATTEMPTS = 5


@dataclass(frozen=True)
class OpenedTable:
    info: TableInfo
    creator_token: str
    join_code: str | None


def seats_held(table: TableRow) -> bool:
    """Whether a rematch still keeps its free seats for the old table's players."""
    return table.held_until is not None and as_utc(table.held_until) > utcnow()


def as_utc(moment: datetime) -> datetime:
    """SQLite gives naive times back (stored as UTC)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _name_taken(name: str) -> LobbyError:
    return LobbyError(
        409, f"the name {name!r} is taken at this table", "name_taken_here", {"name": name}
    )


def person_name(name: str, taken: Iterable[str] = ()) -> str:
    """The name a person takes (`names.person_name`: NFKC, one script, not a bot's), refused
    with its reason's code when it cannot be one, or when it looks like one of `taken` (409
    `name_looks_taken`, with the name it looks like)."""
    try:
        name = names.person_name(name)
    except names.NameRefused as exc:
        raise LobbyError(422, exc.reason, exc.code, exc.params) from None
    like = names.look_alike(name, taken)
    if like is not None:
        raise LobbyError(
            409,
            f"the name {name!r} looks like {like!r}, which is taken; choose another",
            "name_looks_taken",
            {"name": name, "like": like},
        )
    return name


class OwnedElsewhere(LobbyError):
    """Another server process runs this table (it holds the table's lease)."""

    def __init__(self) -> None:
        super().__init__(409, "this table has already started", "already_started")


class Ownership(Protocol):
    """What the hall asks of the cluster when several processes share the tables
    (`server/cluster/`); None alone, when this process runs every table."""

    async def acquire(self, table_id: str) -> bool:
        """Take the running table's lease; False when another process runs it."""

    def launched(self, runtime: TableRuntime) -> None:
        """The table runs here now (its fan-out reaches other processes' clients too)."""

    async def finished(self, table_id: str) -> None:
        """The game is over: no process needs to run it any more."""

    def changed(self, table_id: str | None) -> None:
        """Tell the other processes that a table's seats or status (None: the lobby) changed."""

    async def link(self, table_id: str, conn: Connection) -> None:
        """Connect a client here to the process that runs its table."""

    def unlink(self, conn: Connection) -> None: ...

    def left(self, table_id: str, seat: int, bot_kind: str | None) -> None:
        """A player left a table another process runs: that process acts on it."""

    async def away(self, table_id: str, seat: int, running: bool) -> tuple[bool, float] | None:
        """Whether a connection of any process plays the seat, and the least time any
        process has seen it away (`server/tables/absence.py`); a running table's owner must answer.
        None when that cannot be known now."""

    def share(self, topic: str, key: str) -> None:
        """Tell the other processes' listeners of `topic` (`Hall.hear` there)."""

    def told(self, table_id: str) -> None:
        """Tell the other processes' status listeners that a table started or finished
        (`Hall.tell_here` there)."""


StatusListener = Callable[[str], Awaitable[None]]
"""Told a table's id when the table starts or finishes."""
NewsListener = Callable[[str], Awaitable[None]]
"""Told the key of news another process shared (`Hall.share`), such as a league's id."""


FINISHED_TABLE_LINGERS = 600.0
"""Seconds a finished table stays in memory for its players to read the result."""


class Hall:
    def __init__(self, db: Database) -> None:
        self.db = db
        self.runtimes: dict[str, TableRuntime] = {}
        self._locks: defaultdict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.waiting: defaultdict[str, set[Connection]] = defaultdict(set)
        """Connections to tables that have not started yet; they get every seat change."""
        self._retiring: dict[str, asyncio.TimerHandle] = {}
        self.listeners: list[StatusListener] = []
        """Told when a table starts or finishes (the leagues listen), wherever it runs."""
        self.news_listeners: defaultdict[str, list[NewsListener]] = defaultdict(list)
        """Told, by topic, of news shared by another process (`share`): a feature built on the
        hall (the leagues) keeps its watchers here up to date with changes made elsewhere."""
        self.lobby_listeners: list[Callable[[], None]] = []
        """Told (without waiting) when the lobby's list may have changed: a table opened,
        a seat was taken or given up, a table started or finished."""
        self._restoring: asyncio.Task[None] | None = None
        self._unrestorable: set[str] = set()
        """Running tables that could not be rebuilt (logged once): not tried again."""
        self.cluster: Ownership | None = None
        """Set when several processes share the tables (`server/cluster/`)."""
        self.absence = Absence()
        """How long seats have been away from this process: a seat is removed only after its
        grace time (`server/tables/absence.py`)."""

    async def restore(self) -> int:
        """Claim every unfinished table by replaying its moves; returns how many were claimed
        here (a table a request claimed first is not counted again).

        One table at a time, giving way to requests between tables: the server serves from
        the start (`restore_in_background`), and a request for a table not claimed yet claims
        it at once (`runtime`). A table that cannot be rebuilt is logged and left alone: it
        must not keep the other tables from starting.
        """
        restored = 0
        for table_id in await self.db.table_ids(["running"]):
            if await self.claim_running(table_id):
                restored += 1
            await asyncio.sleep(0)
        return restored

    def restore_in_background(self) -> None:
        """Start `restore` without waiting for it (start-up): a restart with many running
        tables answers its first request at once instead of after replaying them all."""
        self._restoring = asyncio.create_task(self._restore_logged(), name="hall-restore")

    async def restored(self) -> None:
        """Wait for the background restore, when one runs."""
        if self._restoring is not None:
            await asyncio.shield(self._restoring)

    async def _restore_logged(self) -> None:
        restored = await self.restore()
        if restored:
            log.info("restored %d unfinished tables", restored)

    async def close(self) -> None:
        if self._restoring is not None and not self._restoring.done():
            self._restoring.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._restoring
        for handle in self._retiring.values():
            handle.cancel()
        for runtime in list(self.runtimes.values()):
            await runtime.stop()
        self.runtimes.clear()

    # --- tables ------------------------------------------------------------------------------

    async def create_table(self, request: CreateTable) -> TableInfo:
        return (await self.open_table(request)).info

    async def open_table(self, request: CreateTable) -> OpenedTable:
        """A new table, with its creator token (`server/tables/creator.py`) and, when private, its
        join code: both told only to whoever asked for the table."""
        if request.bots >= request.seats:
            raise LobbyError(
                422, "too many bots: leave at least one seat for a player", "too_many_bots"
            )
        names = [f"Seat {i + 1}" for i in range(request.seats)]
        try:
            info = registry.info(request.game)
            bot_kind = _bot_kind(info, request.bot_kind)
            _check_players(info, request.game, request.options, request.seats)
            trial = games.create(request.game, names, request.options, seed=0)
        except (InvalidOptions, UnknownGame) as exc:
            raise options_refused(exc, request.game) from None
        creator_token = (
            new_token()
        )  # told to whoever asked for the table (server/tables/creator.py)
        table = TableRow(
            id=secrets.token_hex(8),
            name=request.name or f"{info.title} table",
            game=trial.name,
            options=trial.options_json,
            num_seats=request.seats,
            seed=new_seed(),
            status="open",
            turn_clock=request.turn_clock,
            bot_delay=request.bot_delay,
            result_pause=request.result_pause,
            bot_takeover=request.bot_takeover and info.on_leave == "bot",  # else it resigns
            content=trial.content(),
            private=request.private,
            creator_hash=token_hash(creator_token),
        )
        bots = [
            SeatRow(
                table_id=table.id,
                seat=i,
                name=f"Bot {i + 1}",
                kind="bot",
                bot_kind=bot_kind,
                left=False,
            )
            for i in range(request.seats - request.bots, request.seats)
        ]
        await self.add_table(table, bots)
        self._lobby_changed()
        return OpenedTable(await self.info(table.id), creator_token, table.join_code)

    async def add_table(self, table: TableRow, seats: Sequence[SeatRow]) -> None:
        """Store a new table; a private one gets a join code, drawn again in the rare case
        that another table has it (the database's unique constraint says so)."""
        for attempt in range(CODE_ATTEMPTS):
            if table.private:
                table.join_code = new_join_code()
            try:
                await self.db.add_table(table, seats)
                return
            except IntegrityError:
                if not table.private or attempt == CODE_ATTEMPTS - 1:
                    raise

    async def info(self, table_id: str) -> TableInfo:
        table = await self._table(table_id)
        info = _table_info(table, await self.db.seats(table_id))
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
        return [_table_info(table, seats) for table, seats in listed]

    async def record(self, table_id: str) -> MatchRecord:
        """The full match record, for the operator (crash recovery, audits): every move as
        made, secrets included. Players get `public_record`."""
        return await self._record(await self._table(table_id))

    async def public_record(self, table_id: str) -> JSON:
        """What the game publishes of a finished match (`Game.public_record`): the seed, which
        is secret until the game is over, and the moves without what nobody was ever shown."""
        table = await self._table(table_id)
        if table.status != "finished":
            raise LobbyError(
                409, "the record (with the seed) is published when the game is over", "not_over"
            )
        record = (await self._replay(table)).public_record()
        if not _seed_published(table.game):  # its seed would deal the unseen cards again
            record = {**record, "seed": None, "format": PUBLIC_RECORD_FORMAT}
        return record

    # --- seats -------------------------------------------------------------------------------

    async def join(
        self, table_id: str, name: str, code: str | None = None, creator: str | None = None
    ) -> tuple[int, str]:
        """Take a free seat. A private table needs its join code; a rematch refuses others
        while it holds its seats for the old table's players (`server/tables/rematch.py`). With the
        creator token, the seat becomes the creator's (`server/tables/creator.py`)."""
        async with await self._lock(table_id):
            table = await self._table(table_id)
            if table.status != "open":
                raise LobbyError(409, "this table has already started", "already_started")
            if not code_matches(table, code):
                raise code_required()
            if seats_held(table):
                raise seats_held_refusal()
            seats = {s.seat: s for s in await self.db.seats(table_id)}
            if any(s.player_id is not None for s in seats.values()):
                raise reserved()
            name = person_name(name, (s.name for s in seats.values()))
            if any(name_key(s.name) == name_key(name) for s in seats.values()):
                raise _name_taken(name)
            free = [i for i in range(table.num_seats) if i not in seats]
            if not free:
                raise LobbyError(409, "this table is full", "table_full")
            token = new_token()
            row = SeatRow(
                table_id=table_id,
                seat=free[0],
                name=name,
                kind="human",
                token_hash=token_hash(token),
                left=False,
            )
            try:
                await self.db.add_seat(row)
            except IntegrityError:  # another process took the seat or the name meanwhile
                names = {name_key(s.name) for s in await self.db.seats(table_id)}
                raise _name_taken(name) if name_key(name) in names else seat_taken() from None
            self.absence.seen(table_id, free[0])  # its grace runs until the player connects
            if is_creator(table, creator):
                await self.db.set_creator(table_id, token_hash(token))
                table.creator_hash = token_hash(token)  # the start below reads it
            if len(free) == 1:
                await self._start(table)
            else:
                await self._announce(table_id)
        return free[0], token

    async def authenticate(self, table_id: str, token: str) -> int:
        for row in await self.db.seats(table_id):
            if row.kind == "human" and token_matches(token, row.token_hash):
                return row.seat
        raise LobbyError(401, "this token does not hold a seat at this table", "bad_token")

    async def leave(self, table_id: str, token: str) -> None:
        """Give up a seat: before the start it is freed, during the game it is left to a bot
        (or the clock). Once the game is over the seats are part of its published result, so
        leaving is refused (checked in memory too: the last move may not have reached the
        table's status yet) rather than rewriting a finished table."""
        async with await self._lock(table_id):
            table = await self._table(table_id)
            seat = await self.authenticate(table_id, token)
            runtime = await self._claim_locked(table)
            if table.status == "finished" or (runtime is not None and runtime.state.over):
                raise LobbyError(
                    409, "the game is over: there is no seat left to leave", "nothing_to_leave"
                )
            row = next(s for s in await self.db.seats(table_id) if s.seat == seat)
            if table.status == "open" and row.player_id is not None:
                row.token_hash = None  # still the drawn player's, who may claim it again
                await self.db.put_seat(row)
                await self._announce(table_id)
                return
            if table.status == "open":
                await self.db.remove_seat(table_id, seat)
                if row.token_hash is not None and row.token_hash == table.creator_hash:
                    await self.db.set_creator(table_id, None)  # gone: anyone seated may start
                for conn in self.waiting.get(table_id, ()):
                    if conn.seat == seat:
                        conn.seat = None  # the seat is free for the next player, not this socket
                await self._announce(table_id)
                return
            await self._seat_left(table, row, runtime)

    async def _seat_left(self, table: TableRow, row: SeatRow, runtime: TableRuntime | None) -> None:
        """A player gone from a running table (they left, or the creator removed them while
        absent): a bot takes the seat, or it resigns, on whichever process runs the table.
        The caller holds the table's lock."""
        row.left, row.token_hash = True, None  # the token no longer holds the seat
        info = registry.info(table.game)
        takeover = table.bot_takeover and info.on_leave == "bot"
        if takeover:  # the table is running: open and finished returned
            row.kind, row.bot_kind = "bot", info.default_bot
        await self.db.put_seat(row)
        bot_kind = info.default_bot if takeover else None
        if runtime is not None:
            await self.left_here(table.id, row.seat, bot_kind)
        elif self.cluster is not None:
            self.cluster.left(table.id, row.seat, bot_kind)
        await self._announce(table.id)

    async def left_here(self, table_id: str, seat: int, bot_kind: str | None) -> None:
        """A player left a table running here: a bot of `bot_kind` takes the seat over, or
        (None) the seat resigns, so the table never waits for them (no clock)."""
        runtime = self.runtimes.get(table_id)
        if runtime is None:
            return
        runtime.release(seat)
        if bot_kind is not None:
            table = await self._table(table_id)
            runtime.set_bot(seat, games.make_bots(table.game, {seat: bot_kind}, table.seed)[seat])
        else:
            await runtime.resign(seat)

    async def start(self, table_id: str, token: str) -> None:
        """Start early: the empty seats are given to bots. Only the creator may (seated or
        not); another player at the table is refused (`creator_starts`), nothing changed. A
        table whose creator gave their seat up before the start has none: any player may."""
        async with await self._lock(table_id):
            table = await self._table(table_id)
            if not is_creator(table, token):  # the creator may start without a seat
                await self.authenticate(table_id, token)  # a stranger: bad_token
                if table.creator_hash is not None:  # none: the creator gave their seat up
                    raise creator_starts()
            if table.status != "open":
                raise LobbyError(409, "this table has already started", "already_started")
            rows = await self.db.seats(table_id)
            if any(s.player_id is not None for s in rows):
                raise LobbyError(
                    409,
                    "a league table starts when its players are in, or by its organiser",
                    "organiser_starts",
                )
            seats = {s.seat for s in rows}
            taken = {name_key(s.name) for s in rows}
            kind = next(
                (s.bot_kind for s in rows if s.kind == "bot" and s.bot_kind),
                registry.info(table.game).default_bot,
            )  # the kind the table was opened with, else the game's
            for i in range(table.num_seats):
                if i not in seats:
                    name = _bot_name(i, taken)
                    taken.add(name_key(name))
                    await self.db.put_seat(
                        SeatRow(
                            table_id=table_id,
                            seat=i,
                            name=name,
                            kind="bot",
                            bot_kind=kind,
                            left=False,
                        )
                    )
            await self._start(table)

    # --- reserved seats (leagues) -------------------------------------------------------------

    async def create_reserved_table(
        self,
        *,
        game: str,
        options: dict[str, Any],
        name: str,
        turn_clock: float | None,
        players: Sequence[tuple[str, str]],
    ) -> str:
        """A table whose seats are kept for the given accounts, (id, name) in seat order; it
        starts once each has claimed their seat (`claim`) or when `start_reserved` says so. No
        bots, and a player who leaves is not replaced: each seat is one account's game."""
        names = [player_name for _id, player_name in players]
        trial = games.create(game, names, options, seed=0)
        table = TableRow(
            id=secrets.token_hex(8),
            name=name,
            game=trial.name,
            options=trial.options_json,
            num_seats=len(players),
            seed=new_seed(),
            status="open",
            turn_clock=turn_clock,
            bot_delay=0.0,
            bot_takeover=False,
            content=trial.content(),
        )
        seats = [
            SeatRow(
                table_id=table.id,
                seat=i,
                name=player_name,
                kind="human",
                left=False,
                player_id=player_id,
            )
            for i, (player_id, player_name) in enumerate(players)
        ]
        await self.db.add_table(table, seats)
        self._lobby_changed()
        return table.id

    async def claim(self, table_id: str, player_id: str) -> tuple[int, str]:
        """The seat kept for this account, with a new seat token (a player who lost theirs
        claims it again). The table starts when every seat is claimed. Refused, changing
        nothing, when the account was not drawn to this table."""
        async with await self._lock(table_id):
            table = await self._table(table_id)
            rows = await self.db.seats(table_id)
            row = next((s for s in rows if s.player_id == player_id), None)
            if row is None:
                raise LobbyError(
                    403, "you were not drawn to this table; see the drawing for yours", "not_drawn"
                )
            if table.status == "finished" or row.left:
                raise LobbyError(409, "your game at this table is over", "game_over")
            token = new_token()
            row.token_hash = token_hash(token)
            await self.db.put_seat(row)
            claimed = all(s.token_hash is not None or s.seat == row.seat for s in rows)
            if table.status == "open" and claimed:
                await self._start(table)
            else:
                await self._announce(table_id)
        return row.seat, token

    async def start_reserved(self, table_id: str) -> None:
        """Start a reserved table now: a seat nobody claimed is a player who did not turn up,
        and resigns at once through the same seam as a player who leaves (W12 for Slovní
        poker: the antes of the deals not played are deducted), unless they were excused
        ahead of time (`controls.excuse`): their seat stays kept for them, and the clock
        moves for them until they come."""
        async with await self._lock(table_id):
            table = await self._table(table_id)
            if table.status != "open":
                raise LobbyError(409, "this table has already started", "already_started")
            seats = await self.db.seats(table_id)
            absent = [s for s in seats if s.token_hash is None and not s.excused]
            for row in absent:
                row.left = True
                await self.db.put_seat(row)
            await self._start(table)
            runtime = self.runtimes[table_id]
            for row in absent:
                await runtime.resign(row.seat)
            if absent:
                await self._announce(table_id)

    # --- runtimes ----------------------------------------------------------------------------

    async def runtime(self, table_id: str) -> TableRuntime | None:
        """The live table, claiming a running one that is not in memory yet (start-up restores
        in the background) and loading a finished one for spectators; None while it is open."""
        if table_id in self.runtimes:
            return self.runtimes[table_id]
        table = await self._table(table_id)
        if table.status == "open":
            return None
        async with self._locks[table_id]:
            return await self._claim_locked(table)

    async def claim_running(self, table_id: str) -> bool:
        """Claim a running table unless it is in memory already; True when this claimed it."""
        async with self._locks[table_id]:
            if table_id in self.runtimes:
                return False
            table = await self.db.table(table_id)
            if table is None or table.status != "running":
                return False
            return await self._claim_locked(table) is not None

    async def _claim_locked(self, table: TableRow) -> TableRuntime | None:
        """The table's runtime, rebuilt from its record when it is not in memory; the caller
        holds the table's lock, so a table is never rebuilt twice. A finished table is loaded
        to be looked at and retired again later; a running table whose game turns out to be
        over (the server stopped between its last move and marking it finished) is finished
        now. None for an open table, and for one that cannot be rebuilt (logged once)."""
        if table.id in self.runtimes or table.status == "open":
            return self.runtimes.get(table.id)
        if table.id in self._unrestorable:
            return None
        try:
            await self._launch(table)
        except OwnedElsewhere:
            return None
        except Exception:
            if table.status != "running":
                raise
            log.exception("table %s could not be restored", table.id)
            self._unrestorable.add(table.id)
            return None
        runtime = self.runtimes[table.id]
        if table.status == "finished":
            self._retire_later(table.id)  # no move will finish it again
        elif runtime.state.over:
            await self.db.set_status(table.id, "finished", runtime.state.result)
            self._retire_later(table.id)
            await self._tell(table.id)
        return runtime

    async def _start(self, table: TableRow) -> None:
        # The lease first: another process must never see the table running with no owner
        # and take it over while this one starts it.
        if self.cluster is not None and not await self.cluster.acquire(table.id):
            raise OwnedElsewhere
        await self.db.set_status(table.id, "running")
        table.status = "running"
        await self._launch(table, leased=True)
        runtime = self.runtimes[table.id]
        for conn in self.waiting.pop(table.id, set()):
            runtime.attach(conn)
        await self._announce(table.id)
        await self._tell(table.id)

    async def _tell(self, table_id: str) -> None:
        """Tell the listeners a table started or finished, on every process: a league page's
        socket may be held by another process than the one running its table."""
        self._lobby_changed()
        await self.tell_here(table_id)
        if self.cluster is not None:
            self.cluster.told(table_id)

    async def tell_here(self, table_id: str) -> None:
        """`_tell` for this process's listeners only; one that fails is logged, since the
        table itself has moved on either way."""
        for listener in self.listeners:
            try:
                await listener(table_id)
            except Exception:
                log.exception("table %s: a status listener failed", table_id)

    async def _launch(self, table: TableRow, *, leased: bool = False) -> None:
        """Rebuild the table and run it here; a running table only once this process holds
        its lease (when it shares the tables with others; `leased`: taken already), and before
        its moves are read, so that no move committed by its last owner is missed."""
        running, cluster = table.status == "running", self.cluster
        if running and cluster and not leased and not await cluster.acquire(table.id):
            raise OwnedElsewhere
        seats = await self.db.seats(table.id)
        state = await self._replay(table)
        default = registry.info(table.game).default_bot
        bots = games.make_bots(
            table.game,
            {s.seat: s.bot_kind or default for s in seats if s.kind == "bot"},
            table.seed,
        )
        control = SeatControl(
            bots=bots,
            turn_clock=table.turn_clock,
            bot_delay=table.bot_delay,
            result_pause=result_pause(table),
            deadlines=table.deadlines,
            left={s.seat for s in seats if s.left},
            excused={s.seat for s in seats if s.excused},
            creator=_creator_seat(table, seats),
        )
        chat = ChatLog(
            [chat_entry(row) for row in await self.db.recent_chat(table.id, HISTORY)],
            spectators_shown=table.spectator_chat_shown,
        )

        async def finish(game: Game[Any]) -> None:
            await self.db.set_status(table.id, "finished", game.result)
            if self.cluster is not None:
                await self.cluster.finished(table.id)
            self._retire_later(table.id)
            await self._tell(table.id)

        runtime = TableRuntime(table.id, state, self.db, control, on_finish=finish, chat=chat)
        runtime.on_seat_gone = lambda seat: self.absence.seen(table.id, seat)
        for row in seats:  # from now on this process's runtime sees every client come and go
            self.absence.seen(table.id, row.seat)
        self.runtimes[table.id] = runtime
        if self.cluster is not None and table.status == "running":
            self.cluster.launched(runtime)
        runtime.start()

    def _retire_later(self, table_id: str) -> None:
        """Retire a finished table once its players have had time to read the result.

        Every way a finished table gets into memory (its last move, a restart, a watcher asking
        for it) must come here, or the table would stay in memory until the server stops.
        """
        old = self._retiring.pop(table_id, None)
        if old is not None:
            old.cancel()
        self._retiring[table_id] = asyncio.get_running_loop().call_later(
            FINISHED_TABLE_LINGERS, lambda: asyncio.create_task(self._retire(table_id))
        )

    async def drop(self, table_id: str) -> None:
        """Stop running a table another process has taken over (this one lost its lease):
        its clients here are disconnected, and reconnect to wherever it runs now."""
        async with self._locks[table_id]:
            runtime = self.runtimes.pop(table_id, None)
            if runtime is None:
                return
            for conn in list(runtime.connections):
                conn.close(TRY_AGAIN_LATER, "this table moved to another server process")
            await runtime.stop()

    async def link(self, table_id: str, conn: Connection) -> bool:
        """Connect a client to a running table another process runs; False when there is no
        such process (alone, or the table is not running) and the client should wait here."""
        if self.cluster is None or (await self._table(table_id)).status != "running":
            return False
        await self.cluster.link(table_id, conn)
        return True

    async def _retire(self, table_id: str) -> None:
        """A finished table leaves memory after a while; watchers who come later get it
        rebuilt from the database (`runtime`)."""
        self._retiring.pop(table_id, None)
        runtime = self.runtimes.pop(table_id, None)
        if runtime is not None:
            await runtime.stop()

    async def _record(self, table: TableRow) -> MatchRecord:
        seats = await self.db.seats(table.id)
        moves = await self.db.moves(table.id)
        return MatchRecord(
            game=table.game,
            options=table.options,
            players=tuple(s.name for s in seats),
            seed=table.seed,
            moves=tuple((m.seat, m.move) for m in moves),
            content=dict(table.content or {}),
        )

    async def _replay(self, table: TableRow) -> Game[Any]:
        return games.replay(await self._record(table))

    async def _lock(self, table_id: str) -> asyncio.Lock:
        """The table's lock; only tables that exist get one, so unknown ids cost no memory."""
        await self._table(table_id)
        return self._locks[table_id]

    async def _table(self, table_id: str) -> TableRow:
        table = await self.db.table(table_id)
        if table is None:
            raise LobbyError(404, f"no table {table_id!r}", "unknown_table", {"table": table_id})
        return table

    async def _announce(self, table_id: str) -> None:
        """Tell everyone watching the table that its seats or status changed."""
        await self.announce_here(table_id)
        if self.cluster is not None:
            self.cluster.changed(table_id)

    async def announce_here(self, table_id: str) -> None:
        """`_announce` for this process's clients (and lobbies) only."""
        self.lobby_changed_here()
        text = server_message("table", table=(await self.info(table_id)).model_dump())
        for conn in list(self.waiting.get(table_id, ())):
            conn.send(text)
        runtime = self.runtimes.get(table_id)
        if runtime is not None:
            runtime.notify(text)

    def _lobby_changed(self) -> None:
        self.lobby_changed_here()
        if self.cluster is not None:
            self.cluster.changed(None)

    def share(self, topic: str, key: str) -> None:
        """Tell the other processes' `news_listeners` of `topic` (nothing, alone)."""
        if self.cluster is not None:
            self.cluster.share(topic, key)

    async def hear(self, topic: str, key: str) -> None:
        """News shared by another process; a listener that fails is logged."""
        for listener in self.news_listeners.get(topic, ()):
            try:
                await listener(key)
            except Exception:
                log.exception("news %s %s: a listener failed", topic, key)

    def lobby_changed_here(self) -> None:
        for listener in self.lobby_listeners:
            listener()

    def wait(self, table_id: str, conn: Connection) -> None:
        self.waiting[table_id].add(conn)

    def unwait(self, table_id: str, conn: Connection) -> None:
        """The connection closed (or stops waiting): its seat's time away starts now."""
        self.waiting.get(table_id, set()).discard(conn)
        if conn.seat is not None:
            self.absence.seen(table_id, conn.seat)

    async def away(self, table_id: str, seat: int, running: bool) -> float | None:
        """How long `seat` has been away (`server/tables/absence.py`); None while a connection plays
        it, in the waiting room or at the running table. A table running here knows every
        client, wherever it is connected (`RemoteConnection`), and sees each one go;
        otherwise, with several processes, every process is asked (`Ownership.away`) and the
        least time away counts, and `presence_unknown` (retryable) is raised when not every one
        could answer."""
        if self.connected_here(table_id, seat):
            return None
        here = self.absence.away_for(table_id, seat)
        if self.cluster is None or (running and table_id in self.runtimes):
            return here
        found = await self.cluster.away(table_id, seat, running)
        if found is None:
            raise presence_unknown()
        present, elsewhere = found
        return None if present else min(here, elsewhere)

    def connected_here(self, table_id: str, seat: int) -> bool:
        """Whether a connection of this process plays `seat` (in the waiting room or at the
        running table: with several processes, the latter includes other processes' clients
        of a table run here)."""
        runtime = self.runtimes.get(table_id)
        watching = set(self.waiting.get(table_id, ())) | (runtime.connections if runtime else set())
        return any(conn.seat == seat for conn in watching)


def _table_info(table: TableRow, rows: Sequence[SeatRow]) -> TableInfo:
    seats = {s.seat: s for s in rows}
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
            )
        )
    return TableInfo(
        id=table.id,
        name=table.name,
        game=table.game,
        web_module=_has_web_module(table.game),
        ruleset=table.options.get("ruleset"),
        options=table.options,
        status=table.status,  # type: ignore[arg-type]
        seats=listed,
        turn_clock=table.turn_clock,
        bot_delay=table.bot_delay,
        result_pause=result_pause(table),
        bot_takeover=table.bot_takeover and _leaver_gets_a_bot(table.game),
        anyone_starts=table.creator_hash is None and all(s.player_id is None for s in rows),
        seed_sha256=seed_commitment(table.seed),
        seed=str(table.seed)
        if table.status == "finished" and _seed_published(table.game)
        else None,
        result=table.result,
        private=table.private,
        rematch_of=table.rematch_of,
        uploaded_pack=_uploaded_pack(table.game, table.options),
        held_until=as_utc(table.held_until).timestamp()
        if table.held_until is not None and table.status == "open"
        else None,
    )


def _uploaded_pack(game: str, options: Mapping[str, Any]) -> str | None:
    """The uploaded content (`POST /api/packs`) a table plays, by the option its game names for
    it (`GameInfo.content`), so players are told whoever uploaded it may know the answers."""
    try:
        content = registry.info(game).content
    except UnknownGame:
        return None
    return None if content is None else content.upload_named(options)


def _creator_seat(table: TableRow, rows: Sequence[SeatRow]) -> int | None:
    """The seat the creator took with their token (`server/tables/creator.py`: the table keeps that
    seat token's hash then), None when they did not sit down or gave the seat up."""
    if table.creator_hash is None:
        return None
    return next((s.seat for s in rows if s.token_hash == table.creator_hash), None)


def _bot_kind(info: GameInfo, asked: str | None) -> str:
    """The table's bot kind: the one asked for, else the game's default bot."""
    if asked is None:
        return info.default_bot
    if asked not in info.bots:
        raise registry.unknown_bot(info.name, asked, info.bots)
    return asked


def _check_players(info: GameInfo, name: str, options: dict[str, Any], seats: int) -> None:
    """The seat count against the chosen ruleset's player range (its name may come from an
    alias the table was opened with), before any game is made to try the options."""
    raw = {"ruleset": info.aliases[name], **options} if name in info.aliases else options
    ruleset = info.ruleset(raw.get("ruleset", info.rulesets[0].name))
    info.check_players(ruleset, seats)


def _bot_name(seat: int, taken: set[str]) -> str:
    """`Bot 3` for seat 2, or `Bot 3 (2)` if a player took that name: names must differ."""
    name, copy = f"Bot {seat + 1}", 1
    while name_key(name) in taken:
        copy += 1
        name = f"Bot {seat + 1} ({copy})"
    return name


def _leaver_gets_a_bot(game: str) -> bool:
    """Whether the game lets a bot take a leaving player's seat (`GameInfo.on_leave`); where
    leaving resigns the seat, a table's `bot_takeover` (older rows may hold it) means nothing."""
    try:
        return registry.info(game).on_leave == "bot"
    except UnknownGame:
        return False


def _seed_published(game: str) -> bool:
    """Whether the game publishes its seed once over (`GameInfo.seed_published`)."""
    try:
        return registry.info(game).seed_published
    except UnknownGame:
        return True


def _has_web_module(game: str) -> bool:
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
