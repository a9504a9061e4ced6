"""Q2 through the server: nothing a seat (or a spectator) receives may change when another seat
quietly answers its part of a simultaneous secret prompt, clock fields included.

The table runtime runs in process with a frozen clock and a database that accepts every move, so
every message can be compared whole, byte for byte: the sync reply (`snapshot`) and whatever is
pushed to each connection. Cites docs/rules/quizpoker.md (Q2).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, cast

from hypothesis import given, settings
from hypothesis import strategies as st

from pokerhall import games
from pokerhall.engine import JSON
from pokerhall.server.store.db import Database
from pokerhall.server.tables.runtime import SeatControl, TableRuntime
from pokerhall.server.wire.connection import Connection

FROZEN = 1000.0


class AcceptingDb:
    """Saves nothing, refuses nothing: this test is about what is sent, not what is stored."""

    async def append_move(self, table_id: str, number: int, seat: int, move: JSON) -> None:
        return None


class Recorder:
    """A connection that keeps every text it is sent."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.closed = False
        self.texts: list[str] = []

    def send(self, text: str) -> None:
        self.texts.append(text)

    async def wait_closed(self) -> None:
        return None


def frozen_runtime(seats: int, bots: set[int], turn_clock: float) -> TableRuntime:
    names = [f"P{i}" for i in range(seats)]
    state = games.create("quizpoker", names, {"questions": "mini.en"}, seed=3)
    control = SeatControl(
        bots=games.make_bots("quizpoker", dict.fromkeys(bots, "random"), 3),
        turn_clock=turn_clock,
        bot_delay=10.0,  # no bot moves while the test runs
    )

    async def finish(_game: Any) -> None:
        return None

    db = cast(Database, AcceptingDb())
    return TableRuntime("t", state, db, control, on_finish=finish, now=lambda: FROZEN)


async def play_quiet_guesses(
    seats: int, bots: set[int], order: list[int], values: list[int], turn_clock: float
) -> None:
    runtime = frozen_runtime(seats, bots, turn_clock)
    observers: list[int | None] = [*range(seats), None]
    recorders = {seat: Recorder(seat) for seat in observers}
    for recorder in recorders.values():
        runtime.connections.add(cast(Connection, recorder))
    runtime.start()
    try:
        await asyncio.sleep(0)  # the task schedules the first prompts' clocks
        quiet = order if bots else order[:-1]  # the last human's guess ends a round of humans
        for mover, value in zip(quiet, values, strict=False):
            before = {seat: runtime.snapshot(seat) for seat in observers}
            sent = {seat: len(recorders[seat].texts) for seat in observers}
            await asyncio.wait_for(runtime.submit(mover, {"type": "guess", "value": str(value)}), 5)
            for seat in observers:
                if seat == mover:
                    continue
                assert runtime.snapshot(seat) == before[seat], (
                    f"seat {seat}'s sync reply changed when seat {mover} guessed"
                )
                assert recorders[seat].texts[sent[seat] :] == [], (
                    f"seat {seat} was sent something when seat {mover} guessed"
                )
            clock = json.loads(runtime.snapshot(mover))["clock"]
            assert clock["you"] is None, "a seat that answered has no clock of its own"
    finally:
        await runtime.stop()


@st.composite
def tables(draw: st.DrawFn) -> tuple[int, set[int], list[int], list[int]]:
    seats = draw(st.integers(2, 4))
    bots = draw(st.sets(st.integers(0, seats - 1), max_size=seats - 1))
    humans = [s for s in range(seats) if s not in bots]
    order = draw(st.permutations(humans))
    values = draw(st.lists(st.integers(0, 10**6), min_size=len(order), max_size=len(order)))
    return seats, bots, list(order), values


@settings(max_examples=25, deadline=None)
@given(table=tables(), turn_clock=st.sampled_from([None, 60.0]))
def test_q2_a_quiet_guess_changes_nothing_any_other_seat_receives(
    table: tuple[int, set[int], list[int], list[int]], turn_clock: float | None
) -> None:
    seats, bots, order, values = table
    asyncio.run(play_quiet_guesses(seats, bots, order, values, cast(float, turn_clock)))


def test_q2_the_table_clock_survives_the_last_human_guess() -> None:
    """The issue's steps: 3 seats with 1 bot, a 60 s clock; after both humans guessed, the
    table clock still runs (it used to turn null, telling everyone the humans were done)."""

    async def run() -> None:
        runtime = frozen_runtime(3, {2}, 60.0)
        runtime.start()
        try:
            await asyncio.sleep(0)
            for seat in (0, 1):
                await asyncio.wait_for(runtime.submit(seat, {"type": "guess", "value": "5"}), 5)
            for seat in (0, 1, None):
                clock = json.loads(runtime.snapshot(seat))["clock"]
                assert clock["table"] == 60.0, clock
        finally:
            await runtime.stop()

    asyncio.run(run())
