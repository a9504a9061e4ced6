"""Deleting an account (docs/privacy.md says what goes and what stays). The account's row goes,
and with it, by the database's foreign keys, its sessions and its league sign-ups; its seats
at finished tables stay as they were played (the name, the moves, the result: they are the
other players' games too) but no longer name the account, so no profile lists them. While the
account holds a seat at a table not yet over, it is refused (`account_in_game`): that game's
seat would be nobody's. Its follows go both ways (whom it followed, who followed it), and so do
the invitations it had not taken up: the seats they kept are free again."""

from __future__ import annotations

from sqlalchemy import ColumnElement, and_, delete, or_, select

from pokerhall.server.people import accounts, hashing
from pokerhall.server.store.db import Database
from pokerhall.server.store.models import FollowRow, PlayerRow, SeatRow, TableRow
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
            ~_pending_invitation(player_id),
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
    follows = or_(FollowRow.follower_id == player.id, FollowRow.followed_id == player.id)
    async with db.sessions.begin() as session:
        # the foreign keys would do both; said here, so no database's settings decide it
        await session.execute(delete(FollowRow).where(follows))
        await session.execute(delete(SeatRow).where(_pending_invitation(player.id)))
        await session.execute(delete(PlayerRow).where(PlayerRow.id == player.id))


def _pending_invitation(player_id: str) -> ColumnElement[bool]:
    """A seat kept for the account by an invitation it has not taken up (`invitations.py`)."""
    return and_(
        SeatRow.player_id == player_id,
        SeatRow.invited.is_(True),
        SeatRow.token_hash.is_(None),
        SeatRow.left.is_(False),
    )
