"""Where followed players sit right now (`follows.py`): each account's tables not yet over
(open or running) where it holds a seat it took (signed in, `SeatRow.account_id`; or a seat a
league or an invitation kept for it, once claimed: a seat token), not one it left.

A public table anyone may watch, so it is told in full, with its page. A private table
(`TableRow.private`) is told only to a viewer who sat there (or holds a seat kept for them),
as the profiles tell its history (`profiles.tables_sat_at`); to any other follower it is "at a
private table": no id, no name, no game, no link, so following someone never opens a door
their table's join code keeps shut."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from urllib.parse import quote

from sqlalchemy import and_, or_, select

from pokerhall.server.people.friend_messages import TableNow
from pokerhall.server.people.profiles import tables_sat_at
from pokerhall.server.store.db import Database
from pokerhall.server.store.models import SeatRow, TableRow


def table_link(table_id: str) -> str:
    return f"/table.html?id={quote(table_id, safe='')}"


async def tables_now(
    db: Database, player_ids: Iterable[str], viewer_id: str
) -> dict[str, list[TableNow]]:
    """Per account of `player_ids`, its tables now as `viewer_id` may be told them."""
    wanted = list(player_ids)
    if not wanted:
        return {}
    holder = or_(
        SeatRow.account_id.in_(wanted),
        and_(SeatRow.player_id.in_(wanted), SeatRow.token_hash.is_not(None)),
    )
    query = (
        select(SeatRow, TableRow)
        .join(TableRow, TableRow.id == SeatRow.table_id)
        .where(holder, SeatRow.left.is_(False), TableRow.status.in_(("open", "running")))
        .order_by(TableRow.created_at, TableRow.id)
    )
    async with db.sessions() as session:
        found = (await session.execute(query)).all()
    private = {table.id for _seat, table in found if table.private}
    seen = await tables_sat_at(db, viewer_id, private)
    out: dict[str, list[TableNow]] = defaultdict(list)
    for seat, table in found:
        person = str(seat.person)  # the query asked for an account's seats
        if table.private and table.id not in seen:
            out[person].append(TableNow(private=True))
            continue
        out[person].append(
            TableNow(
                private=table.private,
                table=table.id,
                name=table.name,
                game=table.game,
                status=table.status,  # type: ignore[arg-type]
                link=table_link(table.id),
            )
        )
    return dict(out)
