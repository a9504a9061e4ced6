"""A table's creator invites a bot account (`people/bots.py`) to a seat, and its program takes it.

While the table is open the creator (`creator.py`'s token) names a bot account; a free seat is
kept for it (`SeatRow.player_id` and `bot_account`, as a league keeps a drawn player's, beside
which anyone may still join), shown in `TableInfo` and the lobby as reserved for that name with
its bot mark. The program claims the seat with the account's name and secret and gets an
ordinary seat token: from then on the seat is any person's seat (kind human: the same views,
the same clock, the same limits), still marked as a bot account's. A full table waits for the
invited bot to come before it starts; the creator's "start now" lets an invitation not taken up
lapse (the seat goes to a server bot, as every empty seat), and may withdraw it before that
(`controls.remove_player`). Every refusal changes nothing.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from pokerhall.server.people import bots
from pokerhall.server.store.models import PlayerRow, SeatRow, TableRow
from pokerhall.server.tables import invited
from pokerhall.server.tables.book import seats_held
from pokerhall.server.tables.controls import not_creator
from pokerhall.server.tables.creator import is_creator
from pokerhall.server.tables.hall import Hall
from pokerhall.server.tables.refusals import (
    already_started,
    name_taken,
    person_name,
    reserved,
    seat_taken,
    seats_held_refusal,
    table_full,
)
from pokerhall.server.tables.tokens import new_token, token_hash
from pokerhall.server.wire.names import name_key
from pokerhall.server.wire.refusal import LobbyError


def unknown_bot(name: str) -> LobbyError:
    """No bot account has this name (a person's account is not one either)."""
    return LobbyError(404, f"no bot account is called {name!r}", "unknown_bot", {"name": name})


def not_invited(name: str) -> LobbyError:
    """A bot account's credentials at a table whose creator did not invite it: refused as a
    person would be at a seat not theirs, nothing changed (made afresh at every raise)."""
    return LobbyError(
        403,
        f"this table has not invited the bot account {name!r}; ask its creator for an invitation",
        "not_invited",
        {"name": name},
    )


async def bot_account(hall: Hall, name: str) -> PlayerRow:
    query = select(PlayerRow).where(PlayerRow.name_key == name_key(name))
    async with hall.db.sessions() as session:
        row = await session.scalar(query)
    if row is None or not bots.is_bot(row):
        raise unknown_bot(name)
    return row


async def invite(hall: Hall, table_id: str, token: str, name: str) -> int:
    """Keep the first free seat for the bot account `name`; the seat's number."""
    async with await hall.book.lock(table_id):
        table = await hall.book.table(table_id)
        if not is_creator(table, token):
            raise not_creator()
        if table.status != "open":
            raise already_started()
        if seats_held(table):
            raise seats_held_refusal()
        account = await bot_account(hall, name)
        rows = await hall.db.seats(table_id)
        if any(invited.league_seat(s) for s in rows):
            raise reserved()
        if any(name_key(s.name) == name_key(account.name) for s in rows):
            raise name_taken(account.name)
        person_name(account.name, (s.name for s in rows))  # no look-alike of a seated name
        taken = {s.seat for s in rows}
        free = [i for i in range(table.num_seats) if i not in taken]
        if not free:
            raise table_full()
        row = SeatRow(
            table_id=table_id,
            seat=free[0],
            name=account.name,
            kind="human",
            token_hash=None,
            left=False,
            player_id=account.id,
            bot_account=True,
        )
        try:
            await hall.db.add_seat(row)
        except IntegrityError:  # another process took the seat or the name meanwhile
            names = {name_key(s.name) for s in await hall.db.seats(table_id)}
            clash = name_key(account.name) in names
            raise name_taken(account.name) if clash else seat_taken() from None
        await hall.news.announce(table_id)
        return free[0]


async def claim(hall: Hall, table_id: str, account: PlayerRow) -> tuple[int, str]:
    """The seat the table invited `account` to, with a new seat token (a program that lost its
    token claims the seat again). The table starts when this fills it."""
    async with await hall.book.lock(table_id):
        table = await hall.book.table(table_id)
        rows = await hall.db.seats(table_id)
        row = next((s for s in rows if s.bot_account and s.player_id == account.id), None)
        if row is None or not bots.is_bot(account):
            raise not_invited(account.name)
        if table.status == "finished" or row.left:
            raise LobbyError(409, "your game at this table is over", "game_over")
        token = new_token()
        row.token_hash = token_hash(token)
        await hall.db.put_seat(row)
        if table.status == "open":
            hall.absence.seen(table_id, row.seat)  # its grace runs till it connects
        if table.status == "open" and _full(table, rows):
            await hall.running.start(table)
        else:
            await hall.news.announce(table_id)
    return row.seat, token


def _full(table: TableRow, rows: list[SeatRow]) -> bool:
    """Every seat taken and no invitation left open (the claimed row counts as taken)."""
    return len(rows) == table.num_seats and not invited.awaiting(rows)
