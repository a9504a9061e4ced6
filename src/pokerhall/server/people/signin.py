"""Who is signed in, as FastAPI dependencies: `MaybeAccountDep` (the account, or None for a
guest) and `AccountDep` (refused with 401 `not_signed_in` for a guest), read from the session
cookie (`sessions.py`). A cookie that is no session (expired, forged, signed out) is a guest's."""

from __future__ import annotations

from typing import Annotated

from fastapi import Cookie, Depends

from pokerhall.server.people import sessions
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
