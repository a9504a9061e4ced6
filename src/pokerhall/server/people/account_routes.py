"""The account routes: signing in and out (`/api/session`, a cookie: `sessions.py`), a new
secret, deleting the account (`closing.py`), and a player's public profile (`profiles.py`).
Every secret checked here counts against the sign-in limits (`ratelimit.check_secret`: per
address and per account), so guessing is as slow here as anywhere."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Request, Response, status

from pokerhall.server.people import accounts, bots, closing, profiles, sessions
from pokerhall.server.people.account_messages import (
    DeleteAccount,
    NewSecret,
    Profile,
    SessionInfo,
)
from pokerhall.server.people.signin import AccountDep, MaybeAccountDep, TokenCookie
from pokerhall.server.tables.http import COMMON, HallDep, answers
from pokerhall.server.wire import ratelimit
from pokerhall.server.wire.messages import Account

router = APIRouter(prefix="/api", responses=COMMON)

BAD_SECRET = answers(**{"401": "No player with this name and secret (code bad_secret)."})
SIGNED_IN = answers(**{"401": "Not signed in, or the session is over (code not_signed_in)."})
PlayerName = Annotated[str, Path(min_length=1, max_length=64)]


def _set_cookie(response: Response, request: Request, token: str) -> None:
    response.set_cookie(
        sessions.COOKIE,
        token,
        max_age=int(sessions.LIFETIME.total_seconds()),
        path="/",
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )


def _clear_cookie(response: Response) -> None:
    response.delete_cookie(sessions.COOKIE, path="/", httponly=True, samesite="lax")


@router.post(
    "/session",
    summary="Sign in (name and secret): the session is kept in an HttpOnly cookie for 30 days",
    responses={
        **BAD_SECRET,
        **answers(**{"403": "A bot account: it plays with its secret, never signed in."}),
        **ratelimit.LIMITED,
    },
)
async def sign_in(
    body: Account, hall: HallDep, request: Request, response: Response
) -> SessionInfo:
    await ratelimit.of(request).check_secret(request, body.name)
    player = bots.people_only(await accounts.authenticate(hall.db, body.name, body.secret))
    _set_cookie(response, request, await sessions.open_session(hall.db, player))
    return SessionInfo(signed_in=True, id=player.id, name=player.name)


@router.get("/session", summary="Who this browser is signed in as (signed_in false: a guest)")
async def who(player: MaybeAccountDep, token: TokenCookie, response: Response) -> SessionInfo:
    if player is None:
        if token is not None:
            _clear_cookie(response)  # expired, forged or signed out: the browser forgets it
        return SessionInfo(signed_in=False)
    return SessionInfo(signed_in=True, id=player.id, name=player.name)


@router.delete(
    "/session", status_code=status.HTTP_204_NO_CONTENT, summary="Sign out (this browser only)"
)
async def sign_out(hall: HallDep, token: TokenCookie, response: Response) -> None:
    if token is not None:
        await sessions.close_session(hall.db, token)
    _clear_cookie(response)


@router.post(
    "/account/secret",
    status_code=status.HTTP_204_NO_CONTENT,
    summary="A new secret (with the old one); every other session of the account ends",
    responses={**SIGNED_IN, **ratelimit.LIMITED},
)
async def new_secret(
    body: NewSecret, player: AccountDep, token: TokenCookie, hall: HallDep, request: Request
) -> None:
    """A wrong old secret is refused with 401 `bad_secret`, and nothing changes."""
    await ratelimit.of(request).check_secret(request, player.name)
    await accounts.change_secret(hall.db, player, body.old, body.new)
    await sessions.close_others(hall.db, player.id, keep=token)


@router.post(
    "/account/delete",
    status_code=status.HTTP_204_NO_CONTENT,
    summary="Delete the account (with its secret); its past games stay, unlinked (docs/privacy.md)",
    responses={
        **SIGNED_IN,
        **answers(**{"409": "A seat at a table not yet over (code account_in_game)."}),
        **ratelimit.LIMITED,
    },
)
async def delete_account(
    body: DeleteAccount, player: AccountDep, hall: HallDep, request: Request, response: Response
) -> None:
    """A wrong secret is refused with 401 `bad_secret`, and nothing is deleted."""
    await ratelimit.of(request).check_secret(request, player.name)
    await closing.delete_account(hall.db, player, body.secret)
    _clear_cookie(response)


@router.get(
    "/players/{name}",
    summary="A player's profile: games played, results per game, the histories you may see",
    responses=answers(**{"404": "No account with this name (code unknown_player)."}),
)
async def profile(name: PlayerName, hall: HallDep, viewer: MaybeAccountDep) -> Profile:
    return await profiles.profile(hall.db, name, viewer)
