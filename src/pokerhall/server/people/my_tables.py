"""My tables (issue 26, item 4): every unfinished table where a signed-in account holds a seat,
and whether it is this person's turn there now, for the lobby's "My tables" and the daily digest
(`notices.py`). A turn-based game is played over days; this is where its players find the tables
waiting on them.

Whose turn it is comes from the table's runtime when this process runs it (the prompts pending
now, none during a result pause), else from the turn clock stored with the table
(`game_tables.deadlines`: a seat has a deadline exactly while a prompt waits on it), which every
process reads alike. A table without a turn clock run by another process is shown as not
waiting on anyone: nothing stored says otherwise."""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel, Field
from sqlalchemy import or_, select

from pokerhall.server.store.models import SeatRow, TableRow
from pokerhall.server.tables.hall import Hall
from pokerhall.server.wire.messages import is_turn_based


class MyTable(BaseModel):
    table: str
    name: str
    game: str
    ruleset: str | None
    status: str = Field(description="open (waiting for players) or running.")
    seat: int
    turn_based: bool = Field(description="The turn clock is an hour or more.")
    your_turn: bool = Field(description="A prompt waits on this person's seat now.")
    deadline: str | None = Field(
        description="When the turn clock makes the default move for this seat (ISO 8601, UTC);"
        " None when it is not this person's turn or the table has no clock."
    )
    url: str = Field(description="The table's page.")


def _iso(wall: float) -> str:
    return datetime.fromtimestamp(wall, UTC).isoformat(timespec="seconds")


def _turn(hall: Hall, table: TableRow, seat: int) -> tuple[bool, str | None]:
    """Whether a prompt waits on `seat` now, and its deadline."""
    if table.status != "running":
        return False, None
    runtime = hall.runtimes.get(table.id)
    if runtime is not None:
        state = runtime.state
        if state.over or runtime.pauses.paused or seat not in state.pending():
            return False, None
        left = runtime.clock.clock_for(seat)["you"]
        return True, None if left is None else _iso(time.time() + float(left))
    stored: dict[str, Any] = table.deadlines or {}
    wall = stored.get("seats", {}).get(str(seat))
    return (True, _iso(float(wall))) if wall is not None else (False, None)


async def my_tables(hall: Hall, player_id: str) -> list[MyTable]:
    """The account's open and running tables, those waiting on it first, then by deadline."""
    query = (
        select(TableRow, SeatRow.seat)
        .join(SeatRow, SeatRow.table_id == TableRow.id)
        .where(
            or_(SeatRow.account_id == player_id, SeatRow.player_id == player_id),
            TableRow.status.in_(("open", "running")),
            SeatRow.left.is_(False),
        )
    )
    async with hall.db.sessions() as session:
        rows = (await session.execute(query)).all()
    listed = []
    for table, seat in rows:
        your_turn, deadline = _turn(hall, table, seat)
        listed.append(
            MyTable(
                table=table.id,
                name=table.name,
                game=table.game,
                ruleset=table.options.get("ruleset"),
                status=table.status,
                seat=seat,
                turn_based=is_turn_based(table.turn_clock),
                your_turn=your_turn,
                deadline=deadline,
                url=f"/table.html?id={table.id}",
            )
        )
    listed.sort(key=lambda t: (not t.your_turn, t.deadline or "~", t.name, t.table))
    return listed
