"""The quota of uploaded packs each uploader keeps: a pack upload is kept for good and listed
to everyone, so without one a single client could store gigabytes. Past `Limits.pack_quota`
unused uploads of one uploader, the oldest unused ones are dropped to make room. A pack is
used while a table or a league names it in its options (a finished table too: its record
replays with it); a used pack is never dropped and does not count.

The uploader is a digest of the client's address (as `ratelimit.py` tells clients apart), so
the database does not keep addresses as they are. Another process of a cluster keeps a
dropped pack registered in memory until it restarts; no new table can be stored with it
there either, since the pack's row is gone when that table is replayed after a restart.
"""

from __future__ import annotations

import hashlib

from sqlalchemy import Text, cast, delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from pokerhall.engine import registry
from pokerhall.server.store.db import Database
from pokerhall.server.store.models import LeagueRow, PackRow, TableRow


def uploader(client: str) -> str:
    return hashlib.sha256(f"pokerhall-uploader:{client}".encode()).hexdigest()[:32]


async def make_room(db: Database, who: str, quota: int) -> list[str]:
    """Drop `who`'s oldest unused uploads until a new one keeps them within `quota`; the
    ids dropped."""
    async with db.sessions() as session:
        query = select(PackRow.id).where(PackRow.uploader == who).order_by(PackRow.created_at)
        theirs = list((await session.scalars(query)).all())
        unused = [pack_id for pack_id in theirs if not await _named(session, pack_id)]
    dropped = unused[: max(0, len(unused) - quota + 1)]
    if dropped:
        async with db.sessions.begin() as session:
            await session.execute(delete(PackRow).where(PackRow.id.in_(dropped)))
        for pack_id in dropped:
            for content in registry.uploads():
                content.library.forget(pack_id)
    return dropped


async def _named(session: AsyncSession, pack_id: str) -> bool:
    """Whether some table's or league's options name the pack (an option value is the id
    in quotes in the options' JSON; ids are digests, so no other value matches)."""
    quoted = f'"{pack_id}"'
    for row in (TableRow, LeagueRow):
        query = select(row.id).where(cast(row.options, Text).contains(quoted, autoescape=True))
        if await session.scalar(query.limit(1)) is not None:
            return True
    return False
