"""My tables (issue 26, item 4): `GET /api/my/tables` lists every unfinished table where the
signed-in account holds a seat, the ones whose prompt waits on it first, with the game and the
deadline; whose turn it is is the same from the process running the table and from one that
only reads the database (the stored turn clock). A guest is refused with `not_signed_in`."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from pokerhall.server.wire.messages import CreateTable

from .accounts import browser, join, people, refused, sign_in
from .halls import hall_at

pytestmark = pytest.mark.anyio
HOUR = 3600.0


async def listed(http: Any) -> list[dict[str, Any]]:
    answer = await http.get("/api/my/tables")
    assert answer.status_code == 200, answer.text
    body: list[dict[str, Any]] = answer.json()
    return body


async def test_my_tables_lists_the_accounts_tables_with_its_turn_first(
    db_url: str, quick_options: dict[str, Any]
) -> None:
    async with hall_at(db_url) as hall, people(hall, db_url, "Ann", "") as (ann, guest):
        refused(await guest.get("/api/my/tables"), 401, "not_signed_in")
        waiting = await hall.opening.create_table(
            CreateTable(name="Aaa open", options=quick_options, seats=3, turn_clock=HOUR)
        )
        await join(ann, waiting.id, "Ann")
        playing = await hall.opening.create_table(
            CreateTable(name="Zzz slow", options=quick_options, seats=2, bots=1, turn_clock=HOUR)
        )
        seat = (await join(ann, playing.id, "Ann"))["seat"]
        elsewhere = await hall.opening.create_table(CreateTable(options=quick_options, seats=2))
        await join(guest, elsewhere.id, "Bob")  # a guest's seat: nobody's table

        async with asyncio.timeout(10):  # the table starts and asks every seat for a guess
            while seat not in hall.runtimes[playing.id].state.pending():
                await asyncio.sleep(0.01)
        first, second = await listed(ann)
        assert (first["table"], first["seat"], first["status"]) == (playing.id, seat, "running")
        assert (first["your_turn"], first["turn_based"], first["game"]) == (True, True, "quizpoker")
        assert first["url"] == f"/table.html?id={playing.id}"
        deadline = datetime.fromisoformat(first["deadline"])
        assert timedelta(minutes=59) < deadline - datetime.now(UTC) <= timedelta(hours=1)
        assert (second["table"], second["status"]) == (waiting.id, "open")
        assert (second["your_turn"], second["deadline"]) == (False, None)

        # Another process, which runs none of these tables, reads the stored turn clock.
        async with hall_at(db_url) as other, browser(other, db_url) as there:
            assert (await sign_in(there, "Ann")).status_code == 200
            async with asyncio.timeout(10):  # the clock is stored in the background
                while [t["your_turn"] for t in await listed(there)] != [True, False]:
                    await asyncio.sleep(0.02)
            far = await listed(there)
            assert [t["table"] for t in far] == [playing.id, waiting.id]
            assert abs(datetime.fromisoformat(far[0]["deadline"]) - deadline) < timedelta(seconds=5)

        runtime = hall.runtimes[playing.id]
        prompt = runtime.state.pending()[seat]
        await runtime.submit(seat, {**prompt["default"], "prompt_id": prompt["prompt_id"]})
        mine = {t["table"]: t["your_turn"] for t in await listed(ann)}
        asked = seat in runtime.state.pending() and not runtime.pauses.paused
        assert mine[playing.id] is asked is False  # she folded: the hand's result is shown
