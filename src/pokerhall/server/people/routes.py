"""The people's HTTP routes beyond leagues: making a bot account (`bots.py`). Documented by the
OpenAPI page like the lobby's routes."""

from __future__ import annotations

from fastapi import APIRouter, Request, status

from pokerhall.server.people import bots
from pokerhall.server.tables.http import COMMON, HallDep, answers
from pokerhall.server.wire import ratelimit
from pokerhall.server.wire.messages import Account, BotAccountInfo

router = APIRouter(prefix="/api", responses=COMMON)


@router.post(
    "/bots",
    status_code=status.HTTP_201_CREATED,
    summary="Make a bot account (name and secret) for a program to play with where invited",
    responses={**answers(**{"409": "The name is taken (code name_taken)."}), **ratelimit.LIMITED},
)
async def register_bot(body: Account, hall: HallDep, request: Request) -> BotAccountInfo:
    """The name is held to a person's rules and shares their names: no account, a person's or
    a bot's, may look like another. It is shown with a bot mark wherever it appears."""
    await ratelimit.of(request).check(request, "accounts")
    row = await bots.register(hall.db, body.name, body.secret)
    return BotAccountInfo(id=row.id, name=row.name)
