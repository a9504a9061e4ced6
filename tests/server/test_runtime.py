"""The table runtime on its own (in process, no network): stopping it leaves nobody waiting."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest

from pokerhall.engine.events import ROUND_STARTED
from pokerhall.server.store.db import Database
from pokerhall.server.tables.hall import Hall
from pokerhall.server.tables.runtime import TableRuntime
from pokerhall.server.wire.messages import CreateTable

pytestmark = pytest.mark.anyio


@pytest.fixture
async def runtime(sqlite_url: str, quick_options: dict[str, Any]) -> AsyncIterator[TableRuntime]:
    """A running heads-up table of two humans, nobody connected."""
    db = Database(sqlite_url)
    await db.migrate()
    hall = Hall(db)
    table = await hall.opening.create_table(
        CreateTable(options=quick_options, seats=2, turn_clock=None)
    )
    await hall.seats.join(table.id, "Ann")
    await hall.seats.join(table.id, "Bob")
    yield hall.runtimes[table.id]
    await hall.close()
    await db.close()


async def test_a_move_is_answered_with_the_new_state_id(runtime: TableRuntime) -> None:
    assert await asyncio.wait_for(runtime.submit(0, {"type": "guess", "value": "1"}), 5) == 1


async def test_a_move_for_a_stopped_table_is_refused_at_once(runtime: TableRuntime) -> None:
    await runtime.stop()
    with pytest.raises(RuntimeError, match="stopped"):
        await asyncio.wait_for(runtime.submit(0, {"type": "guess", "value": "1"}), 5)


async def test_a_move_that_arrives_while_the_table_stops_is_not_left_waiting(
    runtime: TableRuntime,
) -> None:
    stopping = asyncio.create_task(runtime.stop())
    late = asyncio.create_task(runtime.submit(0, {"type": "guess", "value": "1"}))
    # stop() queues its end marker first; the move is queued behind it, never to be applied
    with pytest.raises(RuntimeError, match="stopped"):
        await asyncio.wait_for(late, 5)
    await asyncio.wait_for(stopping, 5)
    assert runtime.state.state_id == 0


async def test_a_running_table_keeps_only_the_current_rounds_events(
    runtime: TableRuntime,
) -> None:
    """A long game must not hold its whole history in memory: from the second round on, the
    table keeps the events since that round started (what a snapshot sends), while the
    database keeps every move, so a replay still rebuilds them all."""
    state = runtime.state
    while state.view(None)["hands_played"] < 2 and not state.over:
        seat = next(iter(state.pending()))
        await asyncio.wait_for(runtime.submit(seat, state.default_move(seat)), 5)
    assert state.view(None)["hands_played"] == 2
    assert state.events[0].type == ROUND_STARTED
    assert [e.type for e in state.events].count(ROUND_STARTED) == 1
    moves = await runtime.db.moves(runtime.table_id)
    assert len(moves) == state.state_id
