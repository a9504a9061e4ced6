"""The result pause (`pause.Pauses.begin`): the end of a hand stays on every
felt until the table's `result_pause` has passed or every person still playing has pressed
Next hand; bots wait and the next hand's clock starts after it."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest

from pokerhall.server.store.db import Database
from pokerhall.server.tables.hall import Hall
from pokerhall.server.tables.runtime import NextHandRefused, TableRuntime
from pokerhall.server.wire.messages import CreateTable

pytestmark = pytest.mark.anyio
CLOCK = 30.0


async def _table(
    sqlite_url: str, options: dict[str, Any], *, pause: float, humans: int, bots: int
) -> AsyncIterator[TableRuntime]:
    db = Database(sqlite_url)
    await db.migrate()
    hall = Hall(db)
    request = CreateTable(
        options=options,
        seats=humans + bots,
        bots=bots,
        turn_clock=CLOCK,
        bot_delay=0.0,
        result_pause=pause,
    )
    table = await hall.opening.create_table(request)
    for i in range(humans):
        await hall.seats.join(table.id, f"Player {i + 1}")
    try:
        yield hall.runtimes[table.id]
    finally:
        await hall.close()
        await db.close()


@pytest.fixture
async def long_pause(sqlite_url: str, quick_options: dict[str, Any]) -> AsyncIterator[TableRuntime]:
    """One person (seat 0) and one bot; a pause no test waits out."""
    async for runtime in _table(sqlite_url, quick_options, pause=60.0, humans=1, bots=1):
        yield runtime


async def _until(condition: Callable[[], bool]) -> None:
    async def poll() -> None:
        while not condition():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(poll(), 5)


def _pause_over(runtime: TableRuntime) -> Callable[[], bool]:
    return lambda: runtime.pauses.pause_json() is None


def _asked(runtime: TableRuntime, seat: int) -> Callable[[], bool]:
    return lambda: seat in runtime.state.pending()


async def _play_first_hand(runtime: TableRuntime, humans: set[int]) -> None:
    """The people play their default moves (the bots their own) until the first hand ends."""
    state = runtime.state
    while state.view(None)["hands_played"] < 1:
        mine = [seat for seat in state.pending() if seat in humans]
        if mine:
            await runtime.submit(mine[0], state.default_move(mine[0]))
        else:
            await asyncio.sleep(0.01)


async def test_bots_wait_and_the_clock_starts_after_the_pause(long_pause: TableRuntime) -> None:
    runtime = long_pause
    await asyncio.wait_for(_play_first_hand(runtime, {0}), 10)
    paused_at = runtime.state.state_id
    pause = runtime.pauses.pause_json()
    assert pause is not None
    assert pause["waiting"] == [0]
    assert pause["total"] == 60.0
    await asyncio.sleep(0.1)  # time in which an undelayed bot would have moved many times
    assert runtime.state.state_id == paused_at
    assert runtime.clock.clock_for(0) == {"you": None, "table": None}
    assert '"pause":' in runtime.snapshot(None)  # a client that comes now sees it too

    await runtime.next_hand(0)
    assert runtime.pauses.pause_json() is None
    await _until(lambda: 0 in runtime.state.pending())  # the bot plays on at once
    clock = runtime.clock.clock_for(0)
    assert clock["you"] is not None
    assert clock["you"] > CLOCK - 2


async def test_the_pause_ends_by_itself(sqlite_url: str, quick_options: dict[str, Any]) -> None:
    async for runtime in _table(sqlite_url, quick_options, pause=0.2, humans=1, bots=1):
        await asyncio.wait_for(_play_first_hand(runtime, {0}), 10)
        assert runtime.pauses.pause_json() is not None
        await _until(_pause_over(runtime))
        await _until(_asked(runtime, 0))


async def test_the_pause_waits_for_every_person(
    sqlite_url: str, quick_options: dict[str, Any]
) -> None:
    async for runtime in _table(sqlite_url, quick_options, pause=60.0, humans=3, bots=0):
        await asyncio.wait_for(_play_first_hand(runtime, {0, 1, 2}), 10)
        await runtime.next_hand(1)
        await runtime.next_hand(1)  # twice is once
        pause = runtime.pauses.pause_json()
        assert pause is not None
        assert pause["waiting"] == [0, 2]
        await runtime.next_hand(2)
        await runtime.next_hand(0)
        assert runtime.pauses.pause_json() is None


async def test_no_pause_at_a_table_set_to_none(
    sqlite_url: str, quick_options: dict[str, Any]
) -> None:
    async for runtime in _table(sqlite_url, quick_options, pause=0.0, humans=1, bots=1):
        await asyncio.wait_for(_play_first_hand(runtime, {0}), 10)
        assert runtime.pauses.pause_json() is None


async def test_a_game_default_applies_when_the_table_sets_none(
    sqlite_url: str, quick_options: dict[str, Any]
) -> None:
    db = Database(sqlite_url)
    await db.migrate()
    hall = Hall(db)
    try:
        table = await hall.opening.create_table(CreateTable(options=quick_options, seats=2))
        assert table.result_pause == 6.0  # QuizPoker's GameInfo.result_pause
    finally:
        await hall.close()
        await db.close()


@pytest.mark.parametrize(
    ("who", "code"),
    [(None, "next_hand_spectator"), (1, "next_hand_out")],
)
async def test_a_next_hand_from_a_spectator_or_a_bot_is_refused(
    long_pause: TableRuntime, who: int | None, code: str
) -> None:
    """Seat 1 is a bot: no person plays it, so it has nothing to press."""
    runtime = long_pause
    await asyncio.wait_for(_play_first_hand(runtime, {0}), 10)
    before = (runtime.state.state_id, runtime.pauses.pause_json())
    with pytest.raises(NextHandRefused) as refused:
        await runtime.next_hand(who)
    assert refused.value.code == code
    assert (runtime.state.state_id, runtime.pauses.pause_json()) == before


async def test_a_next_hand_from_a_player_who_left_is_refused(long_pause: TableRuntime) -> None:
    runtime = long_pause
    runtime.control.left.add(0)  # as `release` marks it (their connections then watch)
    with pytest.raises(NextHandRefused) as refused:
        await runtime.next_hand(0)
    assert refused.value.code == "next_hand_out"


async def test_a_next_hand_outside_a_pause_is_refused(long_pause: TableRuntime) -> None:
    runtime = long_pause
    await _until(lambda: set(runtime.state.pending()) == {0})  # the bot has made its move
    before = runtime.state.state_id
    with pytest.raises(NextHandRefused) as refused:
        await runtime.next_hand(0)
    assert refused.value.code == "no_result_pause"
    assert runtime.state.state_id == before


async def test_a_snapshot_during_the_pause_redraws_the_ended_hand_and_tells_nothing_more(
    long_pause: TableRuntime,
) -> None:
    """A reload during the pause gets the hand that just ended (`result_events`), filtered as
    its updates were: a spectator the public events only, the player also its own private
    ones; once the pause is over the snapshot carries none."""
    runtime = long_pause
    await _until(_asked(runtime, 0))
    if runtime.state.pending()[0]["type"] == "guess":  # a secret guess: an event for seat 0 only
        await runtime.submit(0, {"type": "guess", "value": "1"})
    await asyncio.wait_for(_play_first_hand(runtime, {0}), 10)
    assert runtime.pauses.pause_json() is not None
    watched = json.loads(runtime.snapshot(None))["result_events"]
    played = json.loads(runtime.snapshot(0))["result_events"]
    assert watched[0]["type"] == "round_started"
    assert watched[0]["round"] == 1
    assert any(e["type"] == "pot_awarded" for e in watched)
    assert all(e["visibility"] == "public" for e in watched)
    assert [e for e in played if e["visibility"] == "public"] == watched
    assert all(e["visibility"] in ("public", [0]) for e in played)
    assert any(e["visibility"] == [0] for e in played)  # its own guess, nobody else's

    await runtime.next_hand(0)
    assert json.loads(runtime.snapshot(0))["result_events"] == []
