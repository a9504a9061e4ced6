""" "Play again" (`server/tables/rematch.py`): one new table however many players of the old table
click at once (the database's unique `rematch_of` decides, also across two halls), their old
seats held for them and offered to nobody else, the old table's bots kept."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import update

from pokerhall.server.store.models import TableRow, utcnow
from pokerhall.server.tables import rematch
from pokerhall.server.tables.hall import Hall
from pokerhall.server.wire.messages import CreateTable
from pokerhall.server.wire.refusal import LobbyError

from .halls import hall_at, play_randomly

pytestmark = pytest.mark.anyio


async def finished_table(
    hall: Hall, options: dict[str, Any], names: list[str], bots: int
) -> tuple[str, list[str]]:
    table = await hall.opening.create_table(
        CreateTable(options=options, seats=len(names) + bots, bots=bots, turn_clock=None)
    )
    tokens = [(await hall.seats.join(table.id, name))[1] for name in names]
    await play_randomly(hall, table.id, seed=3)
    return table.id, tokens


async def test_concurrent_clicks_make_one_table_holding_the_old_players_seats(
    db_url: str, quick_options: dict[str, Any]
) -> None:
    async with hall_at(db_url) as hall, hall_at(db_url) as other:
        old, (ann, bob, cyril) = await finished_table(
            hall, quick_options, ["Ann", "Bob", "Cyril"], 1
        )
        with pytest.raises(LobbyError) as early:
            await rematch.play_again(hall, old, "not a token at all, long enough")
        assert early.value.code == "bad_token"
        seats = await asyncio.gather(
            rematch.play_again(hall, old, ann),
            rematch.play_again(other, old, bob),  # another process, as far as the hall knows
        )
        assert seats[0].table == seats[1].table
        assert sorted(s.creator for s in seats) == [False, True]
        new = seats[0].table
        rows = {s.seat: s for s in await hall.db.seats(new)}
        assert {rows[0].name, rows[1].name} == {"Ann", "Bob"}
        assert 2 not in rows
        assert (rows[3].kind, rows[3].name) == ("bot", "Bot 4")  # the old table's bot
        info = await hall.book.info(old)
        assert info.rematch is not None
        assert info.rematch.table == new
        assert info.rematch.by in {"Ann", "Bob"}
        shown = {s.seat: s for s in (await hall.book.info(new)).seats}
        assert (shown[2].kind, shown[2].held_for) == ("empty", "Cyril")  # not a free seat
        assert shown[0].held_for is None
        with pytest.raises(LobbyError) as held:  # Cyril's seat is kept for Cyril
            await hall.seats.join(new, "Dana")
        assert held.value.code == "seats_held"
        assert len(await hall.db.seats(new)) == 3  # the refusal changed nothing
        again = await rematch.play_again(hall, old, ann)  # a second tab: the same seat
        assert (again.table, again.seat) == (new, seats[0].seat)
        last = await rematch.play_again(hall, old, cyril)
        assert last.seat == 2
        assert (await hall.book.info(new)).status == "running"  # everyone came: it starts
        with pytest.raises(LobbyError) as started:
            await rematch.play_again(hall, old, bob)
        assert started.value.code == "already_started"


async def test_the_hold_ends_and_others_may_join(
    db_url: str, quick_options: dict[str, Any]
) -> None:
    async with hall_at(db_url) as hall:
        old, (ann, _bob) = await finished_table(hall, quick_options, ["Ann", "Bob"], 0)
        new = (await rematch.play_again(hall, old, ann)).table
        assert (await hall.book.info(new)).held_until is not None
        async with hall.db.sessions.begin() as session:
            past = utcnow() - timedelta(seconds=1)
            await session.execute(
                update(TableRow).where(TableRow.id == new).values(held_until=past)
            )
        assert (await hall.book.info(new)).seats[1].held_for is None  # the hold is over: free
        assert (await hall.seats.join(new, "Dana"))[0] == 1
        assert (await hall.book.info(new)).status == "running"


async def test_only_a_finished_tables_players_play_again(
    db_url: str, quick_options: dict[str, Any]
) -> None:
    async with hall_at(db_url) as hall:
        table = await hall.opening.create_table(
            CreateTable(options=quick_options, seats=3, turn_clock=None)
        )
        _seat, ann = await hall.seats.join(table.id, "Ann")
        with pytest.raises(LobbyError) as running:
            await rematch.play_again(hall, table.id, ann)
        assert running.value.code == "not_over"
        old, _tokens = await finished_table(hall, quick_options, ["Ann", "Bob"], 0)
        with pytest.raises(LobbyError) as stranger:  # a seat token of another table
            await rematch.play_again(hall, old, ann)
        assert stranger.value.code == "bad_token"
        assert await hall.db.rematch_of(old) is None


async def test_the_rematch_starts_early_with_bots_in_the_seats_nobody_came_for(
    db_url: str, quick_options: dict[str, Any]
) -> None:
    async with hall_at(db_url) as hall:
        old, (ann, bob, _cyril) = await finished_table(
            hall, quick_options, ["Ann", "Bob", "Cyril"], 0
        )
        opened = await rematch.play_again(hall, old, ann)
        await rematch.play_again(hall, old, bob)
        with pytest.raises(LobbyError) as refused:
            await hall.seats.start(opened.table, "nobody's token at this table, long")
        assert refused.value.code == "bad_token"
        assert opened.creator
        await hall.seats.start(opened.table, opened.token)  # Ann, the creator, does not wait
        rows = {s.seat: s for s in await hall.db.seats(opened.table)}
        assert rows[2].kind == "bot"  # Cyril did not come in time
        info = await hall.book.info(opened.table)
        assert info.status == "running"
        assert info.held_until is None
