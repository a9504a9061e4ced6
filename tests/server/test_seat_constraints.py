"""Seats and names are unique by the database's constraints, not only by the hall's per-table
lock (which holds in one process only): two halls on one database, as two server processes
would be, can never seat two people in one seat or one name twice at a table."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from sqlalchemy.exc import IntegrityError

from pokerhall.server.store.db import Database
from pokerhall.server.store.models import SeatRow
from pokerhall.server.tables.hall import Hall
from pokerhall.server.wire.messages import CreateTable
from pokerhall.server.wire.refusal import LobbyError

pytestmark = pytest.mark.anyio


def seat(table_id: str, number: int, name: str) -> SeatRow:
    return SeatRow(table_id=table_id, seat=number, name=name, kind="human", left=False)


async def test_the_database_refuses_a_taken_seat_and_a_taken_name(
    db_url: str, quick_options: dict[str, Any]
) -> None:
    db = Database(db_url)
    await db.migrate()
    hall = Hall(db)
    try:
        table = await hall.opening.create_table(CreateTable(options=quick_options, seats=3))
        await db.add_seat(seat(table.id, 0, "Ann"))
        with pytest.raises(IntegrityError):
            await db.add_seat(seat(table.id, 0, "Bob"))
        with pytest.raises(IntegrityError):
            await db.add_seat(seat(table.id, 1, "ANN"))  # one name, as the hall compares them
        assert [(s.seat, s.name) for s in await db.seats(table.id)] == [(0, "Ann")]
    finally:
        await hall.close()
        await db.close()


async def test_two_halls_racing_for_seats_never_seat_two_people_in_one(
    db_url: str, quick_options: dict[str, Any]
) -> None:
    first, second = Database(db_url), Database(db_url)
    await first.migrate()
    halls = [Hall(first), Hall(second)]
    try:
        table = await halls[0].opening.create_table(CreateTable(options=quick_options, seats=3))
        names = ["Ann", "Bob", "Cyril", "Dana"]
        joins = await asyncio.gather(
            *(halls[i % 2].seats.join(table.id, name) for i, name in enumerate(names)),
            return_exceptions=True,
        )
        rows = {s.seat: s.name for s in await first.seats(table.id)}
        seated = {}
        for name, joined in zip(names, joins, strict=True):
            if isinstance(joined, LobbyError):
                assert joined.status == 409
                assert joined.code in ("seat_taken", "table_full", "already_started"), joined
                continue
            assert not isinstance(joined, BaseException), joined
            seated[joined[0]] = name
        assert seated == rows  # everyone told they have a seat holds it, and nobody else does
        assert len(rows) <= 3
    finally:
        for hall in halls:
            await hall.close()
        await first.close()
        await second.close()
