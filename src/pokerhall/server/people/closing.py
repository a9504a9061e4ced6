"""Deleting an account (docs/privacy.md says what goes and what stays). The account's row goes,
and with it, by the database's foreign keys, its sessions and its league sign-ups; its seats
at finished tables stay as they were played (the name, the moves, the result: they are the
other players' games too) but no longer name the account, so no profile lists them. While the
account holds a seat at a table not yet over, it is refused (`account_in_game`): that game's
seat would be nobody's."""

from __future__ import annotations

from sqlalchemy import delete, or_, select

from pokerhall.server.people import accounts, hashing
from pokerhall.server.store.db import Database
from pokerhall.server.store.models import PlayerRow, SeatRow, TableRow
from pokerhall.server.wire.refusal import LobbyError


def in_game() -> LobbyError:
    return LobbyError(
        409,
        "this account has a seat at a table that is not over: leave it or finish the game first",
        "account_in_game",
    )


async def unfinished_tables(db: Database, player_id: str) -> list[str]:
    """The open or running tables where the account holds a seat (sat, or drawn by a league)."""
    query = (
        select(SeatRow.table_id)
        .join(TableRow, TableRow.id == SeatRow.table_id)
        .where(
            or_(SeatRow.account_id == player_id, SeatRow.player_id == player_id),
            TableRow.status.in_(("open", "running")),
            SeatRow.left.is_(False),
        )
    )
    async with db.sessions() as session:
        return list((await session.scalars(query)).all())


async def delete_account(db: Database, player: PlayerRow, secret: str) -> None:
    """Delete the account, given its secret (a wrong one is refused as a sign-in is)."""
    if not await hashing.pool().run(accounts.secret_matches, secret, player.secret_hash):
        raise accounts.bad_secret()
    if await unfinished_tables(db, player.id):
        raise in_game()
    async with db.sessions.begin() as session:
        await session.execute(delete(PlayerRow).where(PlayerRow.id == player.id))
