"""A table's set-up reads less (issue 24 item 6, `bench/table_setup.py`): what the hall now makes
from rows it has just read or written must be what reading them again gives. A new table's
info, each join's announcement and the start's are compared with `TableBook.info` read right
after; `Database.table_with_seats` (one query) with `table` and `seats` (two)."""

from __future__ import annotations

from typing import Any

import pytest

from pokerhall.server.store.db import Database
from pokerhall.server.tables.hall import Hall
from pokerhall.server.tables.news import News
from pokerhall.server.wire.messages import CreateTable, TableInfo

pytestmark = pytest.mark.anyio


async def test_one_query_gives_the_table_and_its_seats_as_two_do(
    db_url: str, quick_options: dict[str, Any]
) -> None:
    db = Database(db_url)
    await db.migrate()
    hall = Hall(db)
    try:
        empty = await hall.opening.create_table(CreateTable(options=quick_options, seats=3))
        found = await db.table_with_seats(empty.id)
        assert found is not None
        assert found[0].id == empty.id
        assert found[1] == []
        botted = await hall.opening.create_table(
            CreateTable(options=quick_options, seats=4, bots=2)
        )
        await hall.seats.join(botted.id, "Ann")
        found = await db.table_with_seats(botted.id)
        assert found is not None
        table, seats = found
        alone, rows = await db.table(botted.id), await db.seats(botted.id)
        assert alone is not None
        assert (table.id, table.status, table.options) == (alone.id, alone.status, alone.options)
        assert [(s.seat, s.name, s.kind, s.token_hash) for s in seats] == [
            (s.seat, s.name, s.kind, s.token_hash) for s in rows
        ]
        assert [s.seat for s in seats] == [0, 2, 3]  # in seat order
        assert await db.table_with_seats("no-such-table") is None
    finally:
        await hall.close()
        await db.close()


async def test_what_opening_and_joins_announce_is_what_the_book_reads(
    db_url: str, quick_options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alone, a join announces the rows it read and wrote, and the last join (which starts the
    table, reading neither moves nor chat) the started table's: each is `TableBook.info`."""
    db = Database(db_url)
    await db.migrate()
    hall = Hall(db)
    told: list[tuple[TableInfo, TableInfo]] = []
    announce = News.announce

    async def checked(news: News, table_id: str, known: TableInfo | None = None) -> None:
        await announce(news, table_id, known)
        assert known is not None  # a join passes what it knows
        told.append((known, await hall.book.info(table_id)))

    monkeypatch.setattr(News, "announce", checked)
    try:
        opened = await hall.opening.open_table(
            CreateTable(options=quick_options, seats=3, bots=1, name="Set-up")
        )
        assert opened.info.model_dump() == (await hall.book.info(opened.info.id)).model_dump()
        await hall.seats.join(opened.info.id, "Ann", creator=opened.creator_token)
        await hall.seats.join(opened.info.id, "Bob")  # the last seat: the table starts
        assert len(told) == 2
        for known, read in told:
            assert known.model_dump() == read.model_dump()
        assert [known.status for known, _read in told] == ["open", "running"]
        assert told[1][0].anyone_starts is False  # the creator's seat, set by the first join
        runtime = hall.runtimes[opened.info.id]
        assert runtime.state.players == ("Ann", "Bob", "Bot 3")
    finally:
        await hall.close()
        await db.close()
