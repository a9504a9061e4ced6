"""The league's HTTP routes and its live channel (`/ws/leagues/{id}`); the work is in
`league.py`. Documented by the OpenAPI page like the lobby's routes."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Request, WebSocket, status

from pokerhall.server.league.leagues import Leagues
from pokerhall.server.league.messages import (
    CreatedLeague,
    CreateLeague,
    LeagueInfo,
    LeagueSummary,
    PlayerInfo,
    SessionInfo,
    StandingInfo,
)
from pokerhall.server.people import accounts, bots
from pokerhall.server.tables.http import COMMON, CONFLICT, TokenDep, answers
from pokerhall.server.wire import ratelimit
from pokerhall.server.wire.messages import Account, Excuse, SeatToken, TableInfo, error_message
from pokerhall.server.wire.push import relay
from pokerhall.server.wire.refusal import LobbyError

router = APIRouter(prefix="/api", responses=COMMON)
socket_router = APIRouter()

NO_LEAGUE = answers(**{"404": "No such league, session or table of the league."})
ORGANISER = answers(**{"401": "No organiser token, or not this league's."})
ACCOUNT = answers(**{"401": "No player with this name and secret."})
PEOPLE = answers(**{"403": "A bot account: leagues are for people (bot_account_refused)."})
NOT_DRAWN = answers(**{"403": "The player was not drawn to this table (code not_drawn)."})
Id = Annotated[str, Path(max_length=64)]
Number = Annotated[int, Path(ge=1, le=1_000_000)]


async def get_leagues(request: Request) -> Leagues:  # async: not run in a thread
    leagues: Leagues = request.app.state.leagues
    return leagues


LeaguesDep = Annotated[Leagues, Depends(get_leagues)]


@router.post(
    "/players",
    status_code=status.HTTP_201_CREATED,
    summary="Register a player account (name and secret)",
    responses={**answers(**{"409": "The name is taken (code name_taken)."}), **ratelimit.LIMITED},
)
async def register_player(body: Account, leagues: LeaguesDep, request: Request) -> PlayerInfo:
    await ratelimit.of(request).check(request, "accounts")
    row = await accounts.register(leagues.db, body.name, body.secret)
    return PlayerInfo(id=row.id, name=row.name)


@router.post(
    "/leagues",
    status_code=status.HTTP_201_CREATED,
    summary="Create a league of a game; returns the secret organiser token",
)
async def create_league(body: CreateLeague, leagues: LeaguesDep) -> CreatedLeague:
    info, token = await leagues.create(body)
    return CreatedLeague(league=info, organiser_token=token)


@router.get("/leagues", summary="The leagues, newest first")
async def list_leagues(leagues: LeaguesDep) -> list[LeagueSummary]:
    return await leagues.summaries()


@router.get(
    "/leagues/{league_id}",
    summary="A league: its sessions, drawings and the overall table",
    responses=NO_LEAGUE,
)
async def get_league(league_id: Id, leagues: LeaguesDep) -> LeagueInfo:
    return await leagues.info(league_id)


@router.get(
    "/leagues/{league_id}/standings",
    summary="The overall table: total points, games played, average",
    responses=NO_LEAGUE,
)
async def league_standings(league_id: Id, leagues: LeaguesDep) -> list[StandingInfo]:
    await leagues.info(league_id)  # a 404 for an unknown league, not an empty table
    return await leagues.standings(league_id)


@router.post(
    "/leagues/{league_id}/sessions",
    status_code=status.HTTP_201_CREATED,
    summary="Open a session for sign-up (organiser); its drawing seed's hash is published",
    responses={**NO_LEAGUE, **ORGANISER, **CONFLICT},
)
async def open_session(league_id: Id, token: TokenDep, leagues: LeaguesDep) -> SessionInfo:
    return await leagues.open_session(league_id, token)


@router.get(
    "/leagues/{league_id}/sessions/{number}",
    summary="A session: who signed up, the drawing's tables and seed",
    responses=NO_LEAGUE,
)
async def get_session(league_id: Id, number: Number, leagues: LeaguesDep) -> SessionInfo:
    return await leagues.session(league_id, number)


@router.post(
    "/leagues/{league_id}/sessions/{number}/signups",
    status_code=status.HTTP_201_CREATED,
    summary="Sign up for a session with your account",
    responses={**NO_LEAGUE, **ACCOUNT, **PEOPLE, **CONFLICT, **ratelimit.LIMITED},
)
async def sign_up(
    league_id: Id, number: Number, body: Account, leagues: LeaguesDep, request: Request
) -> SessionInfo:
    await leagues.session(league_id, number)  # an unknown session before the slow secret check
    await ratelimit.of(request).check_secret(request, body.name)
    player = bots.people_only(await accounts.authenticate(leagues.db, body.name, body.secret))
    return await leagues.sign_up(league_id, number, player)


@router.post(
    "/leagues/{league_id}/sessions/{number}/draw",
    summary="Draw the signed-up players to tables and open them (organiser)",
    responses={**NO_LEAGUE, **ORGANISER, **CONFLICT},
)
async def draw_session(
    league_id: Id, number: Number, token: TokenDep, leagues: LeaguesDep
) -> SessionInfo:
    return await leagues.draw(league_id, number, token)


@router.post(
    "/leagues/{league_id}/tables/{table_id}/seats",
    status_code=status.HTTP_201_CREATED,
    summary="Take the seat you were drawn to; returns the secret seat token",
    responses={**NO_LEAGUE, **ACCOUNT, **NOT_DRAWN, **CONFLICT, **ratelimit.LIMITED},
)
async def join_league_table(
    league_id: Id, table_id: Id, body: Account, leagues: LeaguesDep, request: Request
) -> SeatToken:
    await ratelimit.of(request).check_secret(request, body.name)
    player = await accounts.authenticate(leagues.db, body.name, body.secret)
    seat, token = await leagues.join(league_id, table_id, player)
    return SeatToken(seat=seat, token=token)


@router.post(
    "/leagues/{league_id}/tables/{table_id}/start",
    status_code=status.HTTP_204_NO_CONTENT,
    summary="Start a drawn table now (organiser); players who did not come resign",
    responses={**NO_LEAGUE, **ORGANISER, **CONFLICT},
)
async def start_league_table(
    league_id: Id, table_id: Id, token: TokenDep, leagues: LeaguesDep
) -> None:
    await leagues.start(league_id, table_id, token)


@router.post(
    "/leagues/{league_id}/tables/{table_id}/seats/{seat}/excuse",
    summary="Excuse a drawn player ahead of time, or take the excuse back (organiser)",
    responses={**NO_LEAGUE, **ORGANISER, **CONFLICT},
)
async def excuse_league_player(
    league_id: Id,
    table_id: Id,
    seat: Annotated[int, Path(ge=0, le=1_000)],
    body: Excuse,
    token: TokenDep,
    leagues: LeaguesDep,
) -> TableInfo:
    """An excused player keeps their seat: not resigned at the start if not there, and the
    turn clock's moves for them are not time-outs (Slovní poker forfeits no deal, W12)."""
    await leagues.excuse(league_id, table_id, token, seat, body.excused)
    return await leagues.hall.book.info(table_id)


@socket_router.websocket("/ws/leagues/{league_id}")
async def league_socket(ws: WebSocket, league_id: str) -> None:
    """The league as a `league` message now and after every change (a sign-up, a drawing, a
    table starting or finishing). Read-only: nothing a client sends is acted on."""
    await ws.accept()
    leagues: Leagues = ws.app.state.leagues
    try:
        queue = await leagues.watch(league_id)
    except LobbyError as exc:
        await ws.send_text(error_message("not_found", exc.reason))
        await ws.close(1008, exc.reason)
        return

    try:
        await relay(ws, queue)
    finally:
        leagues.unwatch(league_id, queue)
