"""Detective Poker's spectators through the server (docs/rules/detective.md X10): a table stored
while the option `spectators_see: "foreheads"` existed is restored and played on, and what a
connection without a seat token gets, the reconnect snapshot (view and this round's events;
the ended hand's public ones during a result pause),
the table's info and the hand history route, holds no forehead card of the hand in play. The
game-level property (every option, every event) is tests/games/detective/test_spectators.py."""

from __future__ import annotations

import json
import random
from typing import Any

import httpx
import pytest

from pokerhall.engine.prompts import random_move
from pokerhall.server.app import create_app
from pokerhall.server.store.db import Database
from pokerhall.server.store.models import SeatRow, TableRow
from pokerhall.server.tables.hall import Hall

pytestmark = pytest.mark.anyio
TABLE = "detective-spectators-see-foreheads"
MOVES = 30
"""Into the third hand (a hand is 12 bets with three players)."""


def forehead_texts(state: Any) -> list[str]:
    return [json.dumps(card.text) for card in state.hand.forehead]


async def test_x10_an_old_foreheads_table_loads_and_shows_a_spectator_no_forehead_card(
    sqlite_url: str,
) -> None:
    db = Database(sqlite_url)
    await db.migrate()
    await db.add_table(
        TableRow(
            id=TABLE,
            name="Old detectives",
            game="detective",
            options={"spectators_see": "foreheads"},
            num_seats=3,
            seed=11,
            status="running",
            bot_delay=0.0,
            bot_takeover=True,
            content=None,
        ),
        [SeatRow(table_id=TABLE, seat=s, name=f"P{s}", kind="human", left=False) for s in range(3)],
    )
    await db.close()
    app = create_app(sqlite_url)
    async with app.router.lifespan_context(app):
        hall: Hall = app.state.hall
        await hall.restored()
        runtime = hall.runtimes[TABLE]
        rng = random.Random(5)
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://hall") as http:
            for _ in range(MOVES):
                seat, prompt = next(iter(runtime.state.pending().items()))
                move = {**random_move(prompt, rng), "prompt_id": prompt["prompt_id"]}
                await runtime.submit(seat, move)
                hidden = forehead_texts(runtime.state)
                snapshot = json.loads(runtime.snapshot(None))
                players = snapshot["view"]["players"]
                assert [p["forehead"] for p in players] == [None, None, None]
                del snapshot["view"]["last_hand"]  # the last hand's cards: another shuffle
                ended = snapshot.pop("result_events")  # so are those, during a result pause
                assert all(e["visibility"] == "public" for e in ended)
                text = json.dumps(snapshot)
                assert not [card for card in hidden if card in text], snapshot
                answer = await http.get(f"/api/tables/{TABLE}/history")
                assert answer.status_code == 200, answer.text
                assert answer.json()["seat"] is None
                text = json.dumps(answer.json()["events"])  # this hand's round: none revealed
                assert not [card for card in hidden if card in text], answer.json()
            assert runtime.state.hand.number == 3
            info = await http.get(f"/api/tables/{TABLE}")
            assert info.status_code == 200, info.text
            assert not [card for card in forehead_texts(runtime.state) if card in info.text]
