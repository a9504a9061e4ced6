"""The creator's controls over their table (`server/tables/creator.py` says who the creator is):
add a bot to a free seat, remove a player who is absent, and excuse a player ahead of time.

Absent means no connection has played the seat for the grace time (`server/tables/absence.py`: a
reload or a network blip is not leaving; before the start: someone who took a seat in the lobby
and never came, or went away), on any process (`Presence.away`): a running table's owner knows
every client wherever it is connected, and sees each one go, and must answer; before the start
each process knows only its own waiting room, so every process is asked, and the removal is
refused (`presence_unknown`, retryable) when one of them cannot answer. A refusal within the
grace time says in how many seconds the seat can be removed (`player_away_briefly`). Before
the start their seat is freed (a bot's too); once the game runs the seat goes the way of a
player who leaves (`Seats.leave`'s seam): a bot takes it when the table's `bot_takeover` says
so and the game allows it, else the seat resigns.

An excused player (the creator's, or for a league table its organiser's, `Leagues.excuse`)
keeps their seat: the turn clock still moves for them, but does not mark its moves as
time-outs (`engine.protocol.TIMED_OUT`), which a game may punish (Slovní poker W12), and a
league player who has not come by the start is not resigned (`Seats.start_reserved`).
"""

from __future__ import annotations

import math

from pokerhall.engine import InvalidOptions, registry
from pokerhall.server.store.models import SeatRow, TableRow
from pokerhall.server.tables import invited
from pokerhall.server.tables.creator import is_creator
from pokerhall.server.tables.hall import Hall
from pokerhall.server.tables.opening import bot_kind, bot_name
from pokerhall.server.tables.refusals import (
    already_started,
    options_refused,
    table_full,
)
from pokerhall.server.wire.names import name_key
from pokerhall.server.wire.refusal import LobbyError


def not_creator() -> LobbyError:
    """Made at every raise: a kept instance would collect the traceback of each one."""
    return LobbyError(403, "only the table's creator may do this", "not_creator")


async def _creator_table(hall: Hall, table_id: str, token: str) -> TableRow:
    table = await hall.book.table(table_id)
    if not is_creator(table, token):
        raise not_creator()
    return table


async def add_bot(hall: Hall, table_id: str, token: str, kind: str | None) -> int:
    """Seat a bot (of `kind`, one of the game's bots; else the kind the table was opened
    with, else the game's default) in the first free seat; the table starts once full."""
    async with await hall.book.lock(table_id):
        table = await _creator_table(hall, table_id, token)
        if table.status != "open":
            raise already_started()
        info = registry.info(table.game)
        rows = await hall.db.seats(table_id)
        if kind is None:
            kind = next((s.bot_kind for s in rows if s.kind == "bot" and s.bot_kind), None)
        try:
            chosen = bot_kind(info, kind)
        except InvalidOptions as exc:
            raise options_refused(exc, table.game) from None
        seats = {s.seat for s in rows}
        free = [i for i in range(table.num_seats) if i not in seats]
        if not free:
            raise table_full()
        name = bot_name(free[0], {name_key(s.name) for s in rows})
        await hall.db.add_seat(
            SeatRow(
                table_id=table_id,
                seat=free[0],
                name=name,
                kind="bot",
                bot_kind=chosen,
                left=False,
            )
        )
        if len(free) == 1 and not invited.awaiting(rows):
            await hall.running.start(table)
        else:
            await hall.news.announce(table_id)
        return free[0]


async def _check_away(hall: Hall, table: TableRow, row: SeatRow) -> None:
    """Refuse unless the player has been away for the grace time (`server/tables/absence.py`) on
    every process: a reload or a network blip must not cost them their seat."""
    away = await hall.presence.away(table.id, row.seat, table.status == "running")
    if away is None:
        raise LobbyError(
            409,
            "this player is here: only an absent player can be removed",
            "player_present",
            {"name": row.name},
        )
    wait = math.ceil(hall.absence.wait_left(away))
    if wait > 0:
        raise LobbyError(
            409,
            f"this player went away only a moment ago and may be reconnecting: their seat can"
            f" be removed in {wait} s",
            "player_away_briefly",
            {"name": row.name, "count": wait},
        )


async def remove_player(hall: Hall, table_id: str, token: str, seat: int) -> None:
    """Remove an absent player (or, before the start, a bot) from `seat`."""
    async with await hall.book.lock(table_id):
        table = await _creator_table(hall, table_id, token)
        runtime = await hall.running.claim_locked(table)
        if table.status == "finished" or (runtime is not None and runtime.state.over):
            raise LobbyError(409, "the game is over", "nothing_to_leave")
        row = next((s for s in await hall.db.seats(table_id) if s.seat == seat), None)
        if row is None or row.left or (table.status == "running" and row.kind != "human"):
            raise LobbyError(409, "nobody to remove in this seat", "nobody_there", {"seat": seat})
        if invited.league_seat(row):
            raise LobbyError(409, "a league seat is its drawn player's", "seat_reserved")
        if row.kind == "human" and not invited.pending(row):  # an invitation is withdrawn
            await _check_away(hall, table, row)
        if table.status == "open":
            await hall.db.remove_seat(table_id, seat)
            await hall.news.announce(table_id)
            return
        await hall.seats.seat_left(table, row, runtime)


async def excuse(hall: Hall, table_id: str, token: str, seat: int, excused: bool) -> None:
    """The creator excuses the player in `seat` (or, `excused` false, takes it back)."""
    async with await hall.book.lock(table_id):
        table = await _creator_table(hall, table_id, token)
        await _set_excused(hall, table, seat, excused)


async def excuse_checked(hall: Hall, table_id: str, seat: int, excused: bool) -> None:
    """`excuse` for a caller who has proved their right already (a league's organiser)."""
    async with await hall.book.lock(table_id):
        await _set_excused(hall, await hall.book.table(table_id), seat, excused)


async def _set_excused(hall: Hall, table: TableRow, seat: int, excused: bool) -> None:
    """Refused, changing nothing, for a seat with no player in it (empty, a bot's, one whose
    player left), once the game is over, and at a table without a turn clock (nothing would
    move for the excused player). The caller holds the table's lock."""
    if table.status == "finished":
        raise LobbyError(409, "the game is over: there is nobody to excuse", "game_finished")
    if table.turn_clock is None:
        raise LobbyError(
            409, "this table has no turn clock: an excused player would hold it up", "no_clock"
        )
    row = next((s for s in await hall.db.seats(table.id) if s.seat == seat), None)
    if row is None or row.kind != "human" or row.left:
        raise LobbyError(409, "no player sits in this seat", "no_player", {"seat": seat})
    if row.excused != excused:
        row.excused = excused
        await hall.db.put_seat(row)
        await hall.news.announce(table.id)
