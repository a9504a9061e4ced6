"""HTTP routes of bot accounts at a table (`invitations.py`): the creator's invitation, and the
bot's program taking its seat. Documented by the OpenAPI page at /docs."""

from __future__ import annotations

from fastapi import APIRouter, Request, status

from pokerhall.server.people import accounts, bots, invitations
from pokerhall.server.tables.http import (
    COMMON,
    CONFLICT,
    TOKEN,
    UNKNOWN,
    HallDep,
    TokenDep,
    answers,
)
from pokerhall.server.wire import ratelimit
from pokerhall.server.wire.messages import Account, Invite, SeatToken, TableInfo

router = APIRouter(prefix="/api", responses=COMMON)


@router.post(
    "/tables/{table_id}/invitations",
    status_code=status.HTTP_201_CREATED,
    summary="The creator keeps a free seat of their open table for a bot account",
    responses={
        **answers(
            **{
                "403": "Only the table's creator may do this (not_creator).",
                "404": "No such table (unknown_table), or no bot account of this name "
                "(unknown_bot).",
            }
        ),
        **TOKEN,
        **CONFLICT,
    },
)
async def invite_bot(table_id: str, body: Invite, token: TokenDep, hall: HallDep) -> TableInfo:
    await invitations.invite(hall, table_id, token, body.bot)
    return await hall.book.info(table_id)


@router.post(
    "/tables/{table_id}/seats/claim-bot",
    status_code=status.HTTP_201_CREATED,
    summary="A bot account takes the seat the table invited it to; returns the secret seat token",
    responses={
        **UNKNOWN,
        **answers(
            **{
                "401": "No account with this name and secret (bad_secret).",
                "403": "This table did not invite this bot account (not_invited).",
            }
        ),
        **CONFLICT,
        **ratelimit.LIMITED,
    },
)
async def claim_bot_seat(
    table_id: str, body: Account, hall: HallDep, request: Request
) -> SeatToken:
    await hall.book.table(table_id)  # an unknown table before the slow secret check
    await ratelimit.of(request).check_secret(request, body.name)
    account = await accounts.authenticate(hall.db, body.name, body.secret)
    if not bots.is_bot(account):  # a person takes their invitation signed in
        raise invitations.not_invited(account.name)
    seat, token = await invitations.claim(hall, table_id, account)
    return SeatToken(seat=seat, token=token)
