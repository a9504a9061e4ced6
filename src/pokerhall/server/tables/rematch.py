""" "Play again": a finished table's players open a new table with the same game, options,
clock and bots, and their seats are offered to them first.

However many of them click at once there is one new table: it names the old one in
`rematch_of`, which the database keeps unique, so a second insert fails and that click takes
its seat at the table the first made. Only a player of the old table (proved by their seat
token there) takes a seat this way: their old seat's number and name. Until all of them came
(the table is then full, and starts), the creator starts it, or `HOLD_SECONDS` pass, the new
table's free seats are held for them (`Seats.join` refuses others with `seats_held`); the
others at the old table are told (its `TableInfo.rematch`) and one click seats them.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy.exc import IntegrityError

from pokerhall.engine.rng import new_seed
from pokerhall.server.store.models import SeatRow, TableRow, utcnow
from pokerhall.server.tables import invited
from pokerhall.server.tables.hall import Hall
from pokerhall.server.tables.refusals import already_started, seat_taken, table_full
from pokerhall.server.tables.tokens import new_token, token_hash
from pokerhall.server.wire.names import name_key
from pokerhall.server.wire.refusal import LobbyError

HOLD_SECONDS = 180.0
"""How long a rematch keeps its seats for the old table's players."""


@dataclass(frozen=True)
class RematchSeat:
    table: str
    seat: int
    token: str
    join_code: str | None
    creator: bool


async def play_again(hall: Hall, old_id: str, token: str) -> RematchSeat:
    """Seat the old table's player holding `token` at its rematch, opening it if nobody has."""
    old = await hall.book.table(old_id)
    seat = await hall.book.authenticate(old_id, token)
    if old.status != "finished":
        raise LobbyError(409, "the game is not over yet", "not_over")
    row = next(s for s in await hall.db.seats(old_id) if s.seat == seat)
    existing = await hall.db.rematch_of(old_id)
    if existing is None:
        opened = await _open(hall, old, row)
        if opened is not None:
            return opened
        existing = await hall.db.rematch_of(old_id)  # another click opened it meanwhile
        assert existing is not None
    return await _take_seat(hall, existing.id, row)


async def _open(hall: Hall, old: TableRow, opener: SeatRow) -> RematchSeat | None:
    """The new table with the opener seated (as its creator) and the old table's bots; None
    when another click opened it first (the unique `rematch_of` refused this one)."""
    token = new_token()
    table = TableRow(
        id=secrets.token_hex(8),
        name=old.name,
        game=old.game,
        options=old.options,
        num_seats=old.num_seats,
        seed=new_seed(),
        status="open",
        turn_clock=old.turn_clock,
        bot_delay=old.bot_delay,
        result_pause=old.result_pause,
        bot_takeover=old.bot_takeover,
        content=old.content,
        private=old.private,
        creator_hash=token_hash(token),
        rematch_of=old.id,
        opened_by=opener.name,
        held_until=utcnow() + timedelta(seconds=HOLD_SECONDS),
    )
    seats = [_seat(table.id, opener, token)] + [
        SeatRow(
            table_id=table.id,
            seat=s.seat,
            name=s.name,
            kind="bot",
            bot_kind=s.bot_kind,
            left=False,
        )
        for s in await hall.db.seats(old.id)
        if s.kind == "bot" and not s.left  # a bot from the start, not one playing for a leaver
    ]
    try:
        await hall.book.add_table(table, seats)
    except IntegrityError:
        return None
    hall.absence.seen(table.id, opener.seat)  # taken now: the grace runs until they connect
    await hall.news.announce(old.id)  # the old table's players see the offer
    await _start_if_full(hall, table.id)
    return RematchSeat(table.id, opener.seat, token, table.join_code, creator=True)


async def _take_seat(hall: Hall, table_id: str, old_row: SeatRow) -> RematchSeat:
    """The old player's seat at the rematch: their old seat (with a new token when they took
    it already, from another tab), else any free one once the hold has ended."""
    async with await hall.book.lock(table_id):
        table = await hall.book.table(table_id)
        if table.status != "open":
            raise already_started()
        seats = {s.seat: s for s in await hall.db.seats(table_id)}
        token = new_token()
        mine = seats.get(old_row.seat)
        if (
            mine is not None
            and mine.kind == "human"
            and name_key(mine.name) == name_key(old_row.name)
        ):
            mine.token_hash = token_hash(token)  # theirs already: this tab takes it over
            await hall.db.put_seat(mine)
            hall.absence.seen(table_id, mine.seat)
            return RematchSeat(table_id, mine.seat, token, table.join_code, creator=False)
        if any(name_key(s.name) == name_key(old_row.name) for s in seats.values()):
            raise LobbyError(
                409,
                f"the name {old_row.name!r} is taken at this table",
                "name_taken_here",
                {"name": old_row.name},
            )
        free = [i for i in range(table.num_seats) if i not in seats]
        if not free:
            raise table_full()
        number = old_row.seat if old_row.seat in free else free[0]
        row = _seat(table_id, old_row, token)
        row.seat = number
        try:
            await hall.db.add_seat(row)
        except IntegrityError:
            raise seat_taken() from None
        hall.absence.seen(table_id, number)
    await _start_if_full(hall, table_id)
    return RematchSeat(table_id, number, token, table.join_code, creator=False)


def _seat(table_id: str, old_row: SeatRow, token: str) -> SeatRow:
    return SeatRow(
        table_id=table_id,
        seat=old_row.seat,
        name=old_row.name,
        kind="human",
        token_hash=token_hash(token),
        left=False,
        player_id=old_row.player_id if old_row.bot_account else None,  # still the bot's
        bot_account=old_row.bot_account,
        invited=old_row.invited and old_row.bot_account,  # kept as the bot's invitation was
        account_id=old_row.account_id,  # Play again keeps a signed-in seat its account's
    )


async def _start_if_full(hall: Hall, table_id: str) -> None:
    """Every old player came: the hold is over, the game begins (as a join filling it; not
    while an account the creator invited has still to come, `invitations.py`)."""
    async with await hall.book.lock(table_id):
        table = await hall.book.table(table_id)
        rows = await hall.db.seats(table_id)
        if table.status == "open" and len(rows) == table.num_seats and not invited.awaiting(rows):
            await hall.running.start(table)
            if table.rematch_of is not None:
                await hall.news.announce(table.rematch_of)  # the offer there is over
        else:
            await hall.news.announce(table_id)
