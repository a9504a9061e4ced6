"""HTTP routes over a table beyond taking seats: its hand history and a finished hand's replay,
"Play again", the creator's controls, and finding a private table by its code. Documented by
the OpenAPI page at /docs."""

from __future__ import annotations

import asyncio
from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query, Request, status

from pokerhall.engine import JSON, MatchRecord
from pokerhall.server.store.models import TableRow
from pokerhall.server.tables import controls, history, rematch
from pokerhall.server.tables import replay as hand_replay
from pokerhall.server.tables.book import seat_of
from pokerhall.server.tables.creator import normal_code
from pokerhall.server.tables.http import (
    COMMON,
    CONFLICT,
    TOKEN,
    UNKNOWN,
    HallDep,
    TokenDep,
    ViewerDep,
    answers,
)
from pokerhall.server.wire import ratelimit
from pokerhall.server.wire.messages import AddBot, Excuse, RematchSeat, TableInfo
from pokerhall.server.wire.refusal import LobbyError

router = APIRouter(prefix="/api", responses=COMMON)
FORBIDDEN = answers(**{"403": "Only the table's creator may do this (not_creator)."})
NO_CODE = answers(**{"404": "No open table has this code."})
UNSURE = answers(**{"503": "Whether the player is here cannot be told now (presence_unknown)."})
NOT_YET = answers(**{"409": "The game has not started: no history before the first deal."})
NOT_YOURS = answers(
    **{"403": "Another seat's view, or a seat's view without its token (not_your_seat)."}
)
NO_HAND = answers(**{"404": "No such table (unknown_table), or no such hand dealt (unknown_hand)."})
NOT_DONE = answers(
    **{"409": "Not started (not_started), or the hand is still being played (hand_not_finished)."}
)


def not_started() -> LobbyError:
    """An open table has no history: replaying its seats so far with the table's secret seed
    would deal from the shuffle the real game deals from, to fewer players (other seats' real
    cards). A fresh error each time (an exception kept and raised again grows its traceback)."""
    return LobbyError(
        409, "the game has not started: its history begins with the first deal", "not_started"
    )


REPLAYS = history.Replays()
"""The games replayed for the history, kept for the next request (`history.Replays`)."""


@router.get(
    "/tables/{table_id}/history",
    summary="The table's rounds, and one round's events as your seat saw them (no token: "
    "as spectators)",
    responses={**UNKNOWN, **TOKEN, **NOT_YET},
)
async def table_history(
    table_id: str,
    hall: HallDep,
    viewer: ViewerDep,
    request: Request,
    round_: Annotated[int | None, Query(alias="round", ge=0, le=1_000_000)] = None,
    every: Annotated[bool, Query(alias="all")] = False,
) -> JSON:
    """Every round (`round`, `finished`: a running table's last is not) and the events of
    the one asked for (the last when left out) that the seat may see, each with its
    `message`; with `all=true` every round's events too (the page's download of the public
    events during a game). A token that holds no seat is refused rather than quietly shown less. The
    public record is at `/record` once the game is over. Before the start there is nothing to
    show (`not_started`): nothing derived from the seed leaves the server then. A private
    table's only to whom may see it (`tables/access.py`); to anybody else it is unknown."""
    table, seats = await hall.access.seen_table(request, table_id, viewer)
    seat = None if viewer.token is None else seat_of(seats, viewer.token)
    if table.status == "open":
        raise not_started()
    record = await hall.book.match_record(table, seats)
    out = await asyncio.to_thread(_history, table_id, record, seat, round_, every)
    out["table"] = table_id
    return out


def _history(
    table_id: str, record: MatchRecord, seat: int | None, number: int | None, every: bool
) -> JSON:
    return history.history_of(REPLAYS.game(table_id, record), seat, number, every=every)


HAND_REPLAYS = hand_replay.HandReplays()
"""Finished hands replayed, kept for the next request (`replay.HandReplays`)."""


@router.get(
    "/tables/{table_id}/hands/{hand}/replay",
    summary="A finished hand again, move by move, as your seat saw it (no token: as spectators)",
    responses={**NO_HAND, **TOKEN, **NOT_YOURS, **NOT_DONE},
)
async def replay_hand(
    table_id: str,
    hand: Annotated[int, Path(ge=1, le=1_000_000)],
    hall: HallDep,
    viewer: ViewerDep,
    request: Request,
    seat: Annotated[int | None, Query(ge=0, le=1_000)] = None,
) -> JSON:
    """The frames of hand `hand` (`{"view", "events"}` each: what the seat, or a spectator,
    was sent after each move it was told of, `server/tables/replay.py`). `seat` may name the view
    asked for; it must be the token's own (`not_your_seat`), so nobody reads another seat's
    cards by asking. Only a finished hand is replayed (`hand_not_finished`); before the start
    there is none (`not_started`). A refusal changes nothing. A private table's only to whom
    may see it (`tables/access.py`); to anybody else it is unknown."""
    table, seats = await hall.access.seen_table(request, table_id, viewer)
    if viewer.token is None and seat is not None:
        raise not_your_seat(seat)
    own = None if viewer.token is None else seat_of(seats, viewer.token)
    if seat is not None and seat != own:
        raise not_your_seat(seat)
    if table.status == "open":
        raise not_started()
    record = await hall.book.match_record(table, seats)
    try:
        replayed = await asyncio.to_thread(HAND_REPLAYS.get, table_id, record, own, hand)
    except hand_replay.HandMissing:
        raise LobbyError(
            404, "no such hand was dealt at this table", "unknown_hand", {"hand": hand}
        ) from None
    except hand_replay.HandRunning:
        raise LobbyError(
            409,
            "this hand is still being played: only a finished hand can be watched again",
            "hand_not_finished",
            {"hand": hand},
        ) from None
    return {"table": table_id, "game": record.game, "players": list(record.players)} | (
        replayed.to_json()
    )


def not_your_seat(seat: int) -> LobbyError:
    """A view asked for that is not the token's seat: refused, not quietly shown another."""
    return LobbyError(
        403,
        "you may watch a hand again only from your own seat (or as a spectator)",
        "not_your_seat",
        {"seat": seat + 1},
    )


@router.post(
    "/tables/{table_id}/rematch",
    status_code=status.HTTP_201_CREATED,
    summary='"Play again": your seat at the new table (opened by the first who asks)',
    responses={**UNKNOWN, **TOKEN, **CONFLICT},
)
async def play_again(table_id: str, token: TokenDep, hall: HallDep) -> RematchSeat:
    seat = await rematch.play_again(hall, table_id, token)
    return RematchSeat(
        table=seat.table,
        seat=seat.seat,
        token=seat.token,
        join_code=seat.join_code,
        creator=seat.creator,
    )


@router.post(
    "/tables/{table_id}/bots",
    status_code=status.HTTP_201_CREATED,
    summary="The creator seats a bot in the first free seat",
    responses={**UNKNOWN, **TOKEN, **FORBIDDEN, **CONFLICT},
)
async def add_bot(table_id: str, body: AddBot, token: TokenDep, hall: HallDep) -> TableInfo:
    await controls.add_bot(hall, table_id, token, body.bot_kind)
    return await hall.book.info(table_id)


@router.post(
    "/tables/{table_id}/seats/{seat}/remove",
    summary="The creator removes a player away for the grace time (before the start: frees"
    " the seat)",
    responses={**UNKNOWN, **TOKEN, **FORBIDDEN, **CONFLICT, **UNSURE},
)
async def remove_player(table_id: str, seat: int, token: TokenDep, hall: HallDep) -> TableInfo:
    await controls.remove_player(hall, table_id, token, seat)
    return await hall.book.info(table_id)


@router.post(
    "/tables/{table_id}/seats/{seat}/excuse",
    summary="The creator excuses a player ahead of time (or takes the excuse back)",
    responses={**UNKNOWN, **TOKEN, **FORBIDDEN, **CONFLICT},
)
async def excuse_player(
    table_id: str, seat: int, body: Excuse, token: TokenDep, hall: HallDep
) -> TableInfo:
    """The turn clock still moves for an excused player, but its moves are not time-outs:
    Slovní poker forfeits no deal for them (W12). Refused for a seat with no player in it."""
    await controls.excuse(hall, table_id, token, seat, body.excused)
    return await hall.book.info(table_id)


@router.get(
    "/codes/{code}",
    summary="The open private table with this join code",
    responses={**NO_CODE, **ratelimit.LIMITED},
    dependencies=[Depends(ratelimit.limited("codes"))],
)
async def table_by_code(code: str, hall: HallDep) -> TableInfo:
    table: TableRow | None = await hall.db.table_by_code(normal_code(code)[:8])
    if table is None or table.status != "open":
        raise LobbyError(404, "no open table has this code", "unknown_code", {"code": code[:12]})
    return await hall.book.info(table.id)
