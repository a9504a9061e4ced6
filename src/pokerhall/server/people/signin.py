"""Who is signed in, as FastAPI dependencies: `MaybeAccountDep` (the account, or None for a
guest) and `AccountDep` (refused with 401 `not_signed_in` for a guest), read from the session
cookie (`sessions.py`). A cookie that is no session (expired, forged, signed out) is a guest's."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated

from fastapi import Cookie, Depends
from starlette.requests import HTTPConnection

from pokerhall.server.people import sessions
from pokerhall.server.store.db import Database
from pokerhall.server.store.models import PlayerRow
from pokerhall.server.tables.http import HallDep
from pokerhall.server.wire.refusal import LobbyError


def not_signed_in() -> LobbyError:
    return LobbyError(401, "sign in first: this is for an account's owner", "not_signed_in")


async def session_token(
    cookie: Annotated[str | None, Cookie(alias=sessions.COOKIE, include_in_schema=False)] = None,
) -> str | None:
    """The session cookie's token, if the browser sent one (not checked here)."""
    return cookie


TokenCookie = Annotated[str | None, Depends(session_token)]


async def maybe_account(hall: HallDep, token: TokenCookie) -> PlayerRow | None:
    return await sessions.signed_in(hall.db, token)


MaybeAccountDep = Annotated[PlayerRow | None, Depends(maybe_account)]


async def account(player: MaybeAccountDep) -> PlayerRow:
    if player is None:
        raise not_signed_in()
    return player


AccountDep = Annotated[PlayerRow, Depends(account)]


def account_id_of(db: Database) -> Callable[[HTTPConnection], Awaitable[str | None]]:
    """The id of the account a request or a WebSocket is signed in as (its session cookie),
    for the tables room, which may not read sessions itself (`TableAccess.signed_in`)."""

    async def signed_in_as(connection: HTTPConnection) -> str | None:
        player = await sessions.signed_in(db, connection.cookies.get(sessions.COOKIE))
        return None if player is None else player.id

    return signed_in_as
