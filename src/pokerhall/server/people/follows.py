"""Following (issue 26, item 1, "friends"): a signed-in person follows another person's account
by its name, to see when they are at a table (`whereabouts.py`) and to invite them to a seat
(`invitations.invite_person`). One-way, as Lichess's and Board Game Arena's friends are: the
followed account is not asked, and sees who follows it (`followers`).

A bot account is not followed (`bot_not_followed`): it sits only where a creator invites it,
and the creator invites it by name already; following is between people. Every refusal changes
nothing: following oneself (422 `follow_self`), a name no account has (404 `unknown_player`),
one already followed (409 `already_following`, also when two requests race: the primary key),
more than `MOST_FOLLOWED` (409 `too_many_followed`), unfollowing one not followed (404
`not_following`). Deleting either account ends its follows (`closing.py`)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, func, select
from sqlalchemy.exc import IntegrityError

from pokerhall.server.people import bots
from pokerhall.server.people.profiles import find
from pokerhall.server.store.db import Database
from pokerhall.server.store.models import FollowRow, PlayerRow
from pokerhall.server.wire.refusal import LobbyError

MOST_FOLLOWED = 500
"""Accounts one may follow: more than any person's friends, few enough that the list with
each one's tables stays one quick read."""


def follow_self() -> LobbyError:
    return LobbyError(422, "you cannot follow yourself", "follow_self")


def bot_not_followed(name: str) -> LobbyError:
    return LobbyError(
        422,
        f"{name!r} is a bot account: follow the people who play; invite a bot by its name",
        "bot_not_followed",
        {"name": name},
    )


def already_following(name: str) -> LobbyError:
    return LobbyError(409, f"you follow {name!r} already", "already_following", {"name": name})


def not_following(name: str) -> LobbyError:
    return LobbyError(404, f"you do not follow {name!r}", "not_following", {"name": name})


def too_many_followed() -> LobbyError:
    return LobbyError(
        409,
        f"you follow {MOST_FOLLOWED} players already: unfollow one first",
        "too_many_followed",
        {"most": MOST_FOLLOWED},
    )


async def follow(db: Database, follower: PlayerRow, name: str) -> PlayerRow:
    """`follower` follows the account called `name` (as names compare); that account."""
    followed = await find(db, name)
    if followed.id == follower.id:
        raise follow_self()
    if bots.is_bot(followed):
        raise bot_not_followed(followed.name)
    if await is_following(db, follower.id, followed.id):
        raise already_following(followed.name)
    if len(await followed_by(db, follower.id)) >= MOST_FOLLOWED:
        raise too_many_followed()
    try:
        async with db.sessions.begin() as session:
            session.add(FollowRow(follower_id=follower.id, followed_id=followed.id))
    except IntegrityError:  # the same follow, a moment before
        raise already_following(followed.name) from None
    return followed


async def unfollow(db: Database, follower: PlayerRow, name: str) -> None:
    followed = await find(db, name)
    query = delete(FollowRow).where(
        FollowRow.follower_id == follower.id, FollowRow.followed_id == followed.id
    )
    async with db.sessions.begin() as session:
        gone = await session.execute(query)
    if not gone.rowcount:  # type: ignore[attr-defined]
        raise not_following(followed.name)


async def is_following(db: Database, follower_id: str, followed_id: str) -> bool:
    query = select(func.count()).where(
        FollowRow.follower_id == follower_id, FollowRow.followed_id == followed_id
    )
    async with db.sessions() as session:
        return bool(await session.scalar(query))


async def followed_by(db: Database, follower_id: str) -> list[tuple[PlayerRow, datetime]]:
    """The accounts `follower_id` follows and since when, by name."""
    query = (
        select(PlayerRow, FollowRow.created_at)
        .join(FollowRow, FollowRow.followed_id == PlayerRow.id)
        .where(FollowRow.follower_id == follower_id)
        .order_by(PlayerRow.name_key)
    )
    async with db.sessions() as session:
        return [(row, since) for row, since in (await session.execute(query)).all()]


async def followers_of(db: Database, player_id: str) -> list[tuple[PlayerRow, datetime]]:
    """The accounts following `player_id` and since when, by name."""
    query = (
        select(PlayerRow, FollowRow.created_at)
        .join(FollowRow, FollowRow.follower_id == PlayerRow.id)
        .where(FollowRow.followed_id == player_id)
        .order_by(PlayerRow.name_key)
    )
    async with db.sessions() as session:
        return [(row, since) for row, since in (await session.execute(query)).all()]
