"""A table's creator invites an account to a seat, and it takes it: a bot account
(`people/bots.py`) by its name, whose program claims the seat with the account's secret, or a
person the creator follows (`follows.py`, issue 26's friends), who claims it signed in.

While the table is open the creator (`creator.py`'s token) names the account; a free seat is
kept for it (`SeatRow.player_id` and `invited`, as a league keeps a drawn player's, beside
which anyone may still join), shown in `TableInfo` and the lobby as reserved for that name (a
bot account's with its bot mark). The invited person finds it among their invitations
(`invitations_of`), private table or not, and needs no join code: the creator chose them. The
claim gives an ordinary seat token: from then on the seat is any person's seat (kind human: the
same views, the same clock, the same limits), a person's their account's (`account_id`), a bot
account's still marked as one. A full table waits for the invited account to come before it
starts; the creator's "start now" lets an invitation not taken up lapse (the seat goes to a
server bot, as every empty seat), and may withdraw it before that (`controls.remove_player`);
the invited person may decline it (`decline`). Every refusal changes nothing.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Set

from sqlalchemy import and_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import aliased

from pokerhall.server.people import bots, follows
from pokerhall.server.people.friend_messages import Invitation, Inviter
from pokerhall.server.people.profiles import find
from pokerhall.server.people.whereabouts import table_link
from pokerhall.server.store.db import Database
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


def not_followed(name: str) -> LobbyError:
    return LobbyError(
        403,
        f"you may invite only players you follow: follow {name!r} first",
        "not_followed",
        {"name": name},
    )


def no_invitation() -> LobbyError:
    """A person's claim or refusal at a table that keeps no seat for them (made afresh)."""
    return LobbyError(
        403, "this table has not invited you; ask its creator for an invitation", "no_invitation"
    )


async def invite(hall: Hall, table_id: str, token: str, name: str) -> int:
    """Keep the first free seat for the bot account `name`; the seat's number."""
    return await _keep_seat(hall, table_id, token, lambda: bot_account(hall, name))


async def invite_person(
    hall: Hall, table_id: str, token: str, inviter: PlayerRow, name: str
) -> int:
    """Keep the first free seat for the person `name`, whom the signed-in `inviter` follows
    (and who is therefore a person: a bot is never followed); the seat's number."""

    async def invitee() -> PlayerRow:
        account = await find(hall.db, name)
        if not await follows.is_following(hall.db, inviter.id, account.id):
            raise not_followed(account.name)
        return account

    return await _keep_seat(hall, table_id, token, invitee)


async def _keep_seat(
    hall: Hall, table_id: str, token: str, invitee: Callable[[], Awaitable[PlayerRow]]
) -> int:
    """The creator's checks, then the account `invitee` names (checked under the table's lock,
    after the creator's: a stranger learns nothing of the names) gets the first free seat."""
    async with await hall.book.lock(table_id):
        table = await hall.book.table(table_id)
        if not is_creator(table, token):
            raise not_creator()
        if table.status != "open":
            raise already_started()
        if seats_held(table):
            raise seats_held_refusal()
        account = await invitee()
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
            bot_account=bots.is_bot(account),
            invited=True,
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
    """The seat the table invited `account` to, with a new seat token (one who lost their
    token claims the seat again). The table starts when this fills it."""
    async with await hall.book.lock(table_id):
        table = await hall.book.table(table_id)
        rows = await hall.db.seats(table_id)
        row = _invitation(rows, account)
        if table.status == "finished" or row.left:
            raise LobbyError(409, "your game at this table is over", "game_over")
        token = new_token()
        row.token_hash = token_hash(token)
        if not row.bot_account:
            row.account_id = account.id  # sat signed in: the profile and ratings count it
        await hall.db.put_seat(row)
        if table.status == "open":
            hall.absence.seen(table_id, row.seat)  # its grace runs till it connects
        if table.status == "open" and _full(table, rows):
            await hall.running.start(table)
        else:
            await hall.news.announce(table_id)
    return row.seat, token


async def decline(hall: Hall, table_id: str, account: PlayerRow) -> None:
    """The invited person says no: the seat kept for them is free again (only while the table
    is open and the invitation not taken up; a seat taken is left as any seat is)."""
    async with await hall.book.lock(table_id):
        table = await hall.book.table(table_id)
        row = _invitation(await hall.db.seats(table_id), account)
        if table.status != "open" or not invited.pending(row):
            raise no_invitation()
        await hall.db.remove_seat(table_id, row.seat)
        await hall.news.announce(table_id)


def _invitation(rows: list[SeatRow], account: PlayerRow) -> SeatRow:
    """The seat these rows keep for `account` by an invitation, refused when there is none (a
    bot account's credentials never take a person's invitation, nor the other way)."""
    row = next((s for s in rows if s.invited and s.player_id == account.id), None)
    if row is None or row.bot_account != bots.is_bot(account):
        raise not_invited(account.name) if bots.is_bot(account) else no_invitation()
    return row


async def invitations_of(db: Database, account: PlayerRow) -> list[Invitation]:
    """The invitations the person has not taken up yet, at tables still open, the oldest first."""
    return (await invitations_for(db, {account.id})).get(account.id, [])


async def invitations_for(db: Database, account_ids: Set[str]) -> dict[str, list[Invitation]]:
    """`invitations_of` each of these accounts (one query however many: the lobby's feed asks
    for everyone watching), by account id; an account without any is not a key. Each says who
    invited: the creator's seat (the one whose token the table keeps as its creator's,
    `creator.py`), read in the same query."""
    if not account_ids:
        return {}
    creator = aliased(SeatRow)
    query = (
        select(SeatRow, TableRow, creator)
        .join(TableRow, TableRow.id == SeatRow.table_id)
        .outerjoin(
            creator,
            and_(creator.table_id == TableRow.id, creator.token_hash == TableRow.creator_hash),
        )
        .where(
            SeatRow.player_id.in_(sorted(account_ids)),
            SeatRow.invited.is_(True),
            SeatRow.token_hash.is_(None),
            SeatRow.left.is_(False),
            TableRow.status == "open",
        )
        .order_by(TableRow.created_at, TableRow.id)
    )
    async with db.sessions() as session:
        found = (await session.execute(query)).all()
    mine: dict[str, list[Invitation]] = {}
    for seat, table, by in found:
        assert seat.player_id is not None  # the query's condition
        mine.setdefault(seat.player_id, []).append(
            Invitation(
                table=table.id,
                name=table.name,
                game=table.game,
                seat=seat.seat,
                private=table.private,
                link=table_link(table.id),
                inviter=None if by is None else Inviter(name=by.name, bot_account=by.bot_account),
            )
        )
    return mine


def _full(table: TableRow, rows: list[SeatRow]) -> bool:
    """Every seat taken and no invitation left open (the claimed row counts as taken)."""
    return len(rows) == table.num_seats and not invited.awaiting(rows)
