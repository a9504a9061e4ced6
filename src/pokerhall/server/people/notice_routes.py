"""The routes of turn-based play (issue 26, item 4): my tables (`my_tables.py`)."""

from __future__ import annotations

from fastapi import APIRouter

from pokerhall.server.people import my_tables
from pokerhall.server.people.signin import AccountDep
from pokerhall.server.tables.http import COMMON, HallDep, answers

router = APIRouter(prefix="/api", responses=COMMON)

SIGNED_IN = answers(**{"401": "Not signed in, or the session is over (code not_signed_in)."})


@router.get(
    "/my/tables",
    summary="The unfinished tables where the signed-in account holds a seat, its turn first",
    responses=SIGNED_IN,
)
async def tables(player: AccountDep, hall: HallDep) -> list[my_tables.MyTable]:
    return await my_tables.my_tables(hall, player.id)
