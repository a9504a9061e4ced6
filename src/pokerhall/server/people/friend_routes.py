"""HTTP routes of friends (issue 26, item 1): following and unfollowing a player, whom one
follows with where they sit now, who follows one (`follows.py`, `whereabouts.py`), and a
person's invitations to a seat: the creator's, to a player they follow, and the invited
person's taking or declining it (`invitations.py`). All are for a signed-in person (the session
cookie, `signin.py`); the creator's invitation also needs the creator token, as a bot
account's does. Documented by the OpenAPI page at /docs."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated

from fastapi import APIRouter, Path, status

from pokerhall.server.people import follows, invitations
from pokerhall.server.people.account_routes import SIGNED_IN, PlayerName
from pokerhall.server.people.friend_messages import Followed, Follower, FollowName, Invitation
from pokerhall.server.people.profiles import profile_link
from pokerhall.server.people.signin import AccountDep
from pokerhall.server.people.whereabouts import tables_now
from pokerhall.server.store.models import PlayerRow
from pokerhall.server.tables.http import (
    COMMON,
    CONFLICT,
    TOKEN,
    UNKNOWN,
    HallDep,
    TokenDep,
    answers,
)
from pokerhall.server.wire.messages import SeatToken, TableInfo

router = APIRouter(prefix="/api", responses=COMMON)
TableId = Annotated[str, Path(min_length=1, max_length=64)]
FOLLOW_REFUSED = answers(
    **{
        "401": "Not signed in (code not_signed_in).",
        "404": "No account with this name (code unknown_player).",
        "409": "Followed already (already_following), or too many (too_many_followed).",
        "422": "Oneself (follow_self), a bot account (bot_not_followed), or a bad body.",
    }
)


def _iso(moment: datetime) -> str:
    aware = moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
    return aware.isoformat(timespec="seconds")


def _profile(player: PlayerRow) -> str:
    return profile_link(player.name)


@router.get(
    "/account/following",
    summary="Whom you follow, by name, each with the tables they sit at now",
    responses=SIGNED_IN,
)
async def following(player: AccountDep, hall: HallDep) -> list[Followed]:
    """A private table you never sat at is only said to be one (`private` true, no link)."""
    followed = await follows.followed_by(hall.db, player.id)
    where = await tables_now(hall.db, (row.id for row, _since in followed), player.id)
    return [
        Followed(
            name=row.name, since=_iso(since), profile=_profile(row), tables=where.get(row.id, [])
        )
        for row, since in followed
    ]


@router.post(
    "/account/following",
    status_code=status.HTTP_201_CREATED,
    summary="Follow a player (one-way: they are not asked, and see you among their followers)",
    responses=FOLLOW_REFUSED,
)
async def follow(body: FollowName, player: AccountDep, hall: HallDep) -> Followed:
    followed = await follows.follow(hall.db, player, body.name)
    where = await tables_now(hall.db, [followed.id], player.id)
    return Followed(
        name=followed.name,
        since=_iso(datetime.now(UTC)),
        profile=_profile(followed),
        tables=where.get(followed.id, []),
    )


@router.delete(
    "/account/following/{name}",
    status_code=status.HTTP_204_NO_CONTENT,
    summary="Stop following a player",
    responses={
        **SIGNED_IN,
        **answers(**{"404": "No such account (unknown_player), or not followed (not_following)."}),
    },
)
async def unfollow(name: PlayerName, player: AccountDep, hall: HallDep) -> None:
    await follows.unfollow(hall.db, player, name)


@router.get("/account/followers", summary="Who follows you, by name", responses=SIGNED_IN)
async def followers(player: AccountDep, hall: HallDep) -> list[Follower]:
    theirs = await follows.followers_of(hall.db, player.id)
    mine = {row.id for row, _since in await follows.followed_by(hall.db, player.id)}
    return [
        Follower(
            name=row.name, since=_iso(since), profile=_profile(row), followed_back=row.id in mine
        )
        for row, since in theirs
    ]


@router.get(
    "/account/invitations",
    summary="The seats open tables keep for you by their creator's invitation",
    responses=SIGNED_IN,
)
async def my_invitations(player: AccountDep, hall: HallDep) -> list[Invitation]:
    return await invitations.invitations_of(hall.db, player)


@router.delete(
    "/account/invitations/{table_id}",
    status_code=status.HTTP_204_NO_CONTENT,
    summary="Decline an invitation: the seat kept for you is free again",
    responses={
        **SIGNED_IN,
        **UNKNOWN,
        **answers(**{"403": "No invitation of yours there, or taken up (no_invitation)."}),
    },
)
async def decline(table_id: TableId, player: AccountDep, hall: HallDep) -> None:
    await invitations.decline(hall, table_id, player)


@router.post(
    "/tables/{table_id}/invitations/person",
    status_code=status.HTTP_201_CREATED,
    summary="The creator, signed in, keeps a free seat of their open table for one they follow",
    responses={
        **answers(
            **{
                "401": "No creator token (bad_token), or not signed in (not_signed_in).",
                "403": "Not the table's creator (not_creator), or a player you do not follow "
                "(not_followed).",
                "404": "No such table (unknown_table), or no account of this name "
                "(unknown_player).",
            }
        ),
        **TOKEN,
        **CONFLICT,
    },
)
async def invite_person(
    table_id: TableId, body: FollowName, token: TokenDep, player: AccountDep, hall: HallDep
) -> TableInfo:
    await invitations.invite_person(hall, table_id, token, player, body.name)
    return await hall.book.info(table_id)


@router.post(
    "/tables/{table_id}/seats/claim-invited",
    status_code=status.HTTP_201_CREATED,
    summary="Take the seat the table's creator invited you to; returns the secret seat token",
    responses={
        **SIGNED_IN,
        **UNKNOWN,
        **answers(**{"403": "This table did not invite you (no_invitation)."}),
        **CONFLICT,
    },
)
async def claim_invited(table_id: TableId, player: AccountDep, hall: HallDep) -> SeatToken:
    seat, token = await invitations.claim(hall, table_id, player)
    return SeatToken(seat=seat, token=token)
