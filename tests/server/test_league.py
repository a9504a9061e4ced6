"""The league end to end through the HTTP and WebSocket API, on SQLite and PostgreSQL: player
accounts, sign-up, the seeded drawing (W1), only drawn players taking their seats, games played
to the end by scripted clients, and the overall table (W13, W14); then bad input."""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect

from pokerhall.server.league.drawing import draw
from pokerhall.server.wire.names import name_key

from .live import LiveServer
from .lobby import bearer
from .wsclient import Message, TableClient, unexpected_errors

pytestmark = pytest.mark.anyio
OPTIONS = {"deals": 2, "lexicon": "mini"}
SECRET = "correct horse"
NAMES = ["Adéla", "Bořek", "Cyril", "Dana", "Emil"]


def default_move(_view: Message, prompt: Message) -> Message:
    move: Message = dict(prompt["default"])
    return move


@dataclass
class Organiser:
    http: httpx.AsyncClient
    league: dict[str, Any]
    token: str

    @property
    def id(self) -> str:
        league_id: str = self.league["id"]
        return league_id

    async def post(self, path: str, expect: int, **kwargs: Any) -> Any:
        response = await self.http.post(path, headers=bearer(self.token), **kwargs)
        assert response.status_code == expect, response.text
        return None if expect == 204 else response.json()

    async def open_session(self) -> dict[str, Any]:
        session: dict[str, Any] = await self.post(f"/api/leagues/{self.id}/sessions", 201)
        return session

    async def draw(self, number: int) -> dict[str, Any]:
        session: dict[str, Any] = await self.post(
            f"/api/leagues/{self.id}/sessions/{number}/draw", 200
        )
        return session


async def register(http: httpx.AsyncClient, name: str) -> dict[str, Any]:
    response = await http.post("/api/players", json={"name": name, "secret": SECRET})
    assert response.status_code == 201, response.text
    player: dict[str, Any] = response.json()
    return player


async def sign_up(http: httpx.AsyncClient, league_id: str, number: int, name: str) -> None:
    body = {"name": name, "secret": SECRET}
    response = await http.post(f"/api/leagues/{league_id}/sessions/{number}/signups", json=body)
    assert response.status_code == 201, response.text


async def claim(
    http: httpx.AsyncClient, league_id: str, table_id: str, name: str
) -> httpx.Response:
    body = {"name": name, "secret": SECRET}
    return await http.post(f"/api/leagues/{league_id}/tables/{table_id}/seats", json=body)


async def new_league(http: httpx.AsyncClient, **body: Any) -> Organiser:
    body = {"name": "Čtvrteční liga", "game": "wordpoker", "options": OPTIONS, **body}
    response = await http.post("/api/leagues", json=body)
    assert response.status_code == 201, response.text
    created = response.json()
    return Organiser(http, created["league"], created["organiser_token"])


@pytest.fixture
async def live(db_url: str) -> AsyncIterator[tuple[LiveServer, httpx.AsyncClient]]:
    async with (
        LiveServer(db_url) as server,
        httpx.AsyncClient(base_url=server.http, timeout=30) as http,
    ):
        yield server, http


async def play_table(
    server: LiveServer, http: httpx.AsyncClient, league_id: str, table: dict[str, Any]
) -> list[TableClient]:
    """Every drawn player takes their seat (the table starts with the last) and plays the
    prompts' default moves to the end."""
    clients = []
    for name in table["players"]:
        response = await claim(http, league_id, table["table_id"], name)
        assert response.status_code == 201, response.text
        clients.append(
            await TableClient.connect(server.ws(table["table_id"]), response.json()["token"])
        )
    for client in clients:
        await client.expect("state")
    await asyncio.gather(*(c.play(default_move, timeout=90) for c in clients))
    for client in clients:
        assert unexpected_errors(client) == []
        await client.close()
    return clients


async def league_messages(url: str, until: Any, timeout: float = 60) -> dict[str, Any]:
    """The league's live channel: its `league` messages until `until(league)`."""
    async with connect(url) as ws:
        async with asyncio.timeout(timeout):
            while True:
                message = json.loads(await ws.recv())
                assert message["type"] == "league"
                if until(message["league"]):
                    league: dict[str, Any] = message["league"]
                    return league


async def test_a_league_session_from_sign_up_to_the_overall_table(
    live: tuple[LiveServer, httpx.AsyncClient],
) -> None:
    """W1, W13, W14: five players sign up, the seeded drawing seats them at tables of 3 and 2,
    each table plays its game from fresh points (W13), and the overall table lists each
    player's total of final points, games played and average (W14), live and in the API."""
    server, http = live
    organiser = await new_league(http, table_size=3, turn_clock=7200.0)
    assert organiser.league["table_size"] == 3
    assert organiser.league["turn_clock"] == 7200.0
    for name in [*NAMES, "Filip"]:
        await register(http, name)
    session = await organiser.open_session()
    assert session["status"] == "signup"
    assert session["seed"] is None
    for name in reversed(NAMES):  # the sign-up order does not matter to the drawing
        await sign_up(http, organiser.id, 1, name)
    await sign_up(http, organiser.id, 1, NAMES[0])  # twice is once

    drawn = await organiser.draw(1)
    assert drawn["status"] == "drawn"
    assert hashlib.sha256(drawn["seed"].encode()).hexdigest() == session["seed_sha256"]
    rerun = draw(NAMES, int(drawn["seed"]), smallest=2, largest=3, key=name_key)
    assert [t["players"] for t in drawn["tables"]] == rerun  # anyone can re-run it
    assert [len(t["players"]) for t in drawn["tables"]] == [3, 2]

    watcher = asyncio.create_task(
        league_messages(
            f"ws://127.0.0.1:{server.port}/ws/leagues/{organiser.id}",
            until=lambda league: sum(s["games"] for s in league["standings"]) == len(NAMES),
            timeout=240,
        )
    )
    results = []
    for table in drawn["tables"]:
        clients = await play_table(server, http, organiser.id, table)
        assert clients[0].view is not None
        results.append((table["players"], clients[0].view["result"]["scores"]))
        info = (await http.get(f"/api/tables/{table['table_id']}")).json()
        assert info["turn_clock"] == 7200.0

    expected = {
        name: score for names, scores in results for name, score in zip(names, scores, strict=True)
    }
    live_league = await watcher
    standings = (await http.get(f"/api/leagues/{organiser.id}/standings")).json()
    assert live_league["standings"] == standings
    assert {row["name"]: row["total"] for row in standings} == expected
    assert all(row["games"] == 1 for row in standings)
    assert all(row["average"] == row["total"] for row in standings)
    assert [row["total"] for row in standings] == sorted(expected.values(), reverse=True)
    assert "Filip" not in {row["name"] for row in standings}

    # A second session: a new game at another table starts with fresh points (W13), and the
    # overall table adds it up.
    await organiser.open_session()
    for name in NAMES[:2]:
        await sign_up(http, organiser.id, 2, name)
    second = await organiser.draw(2)
    (table,) = second["tables"]
    clients = []
    for name in table["players"]:
        token = (await claim(http, organiser.id, table["table_id"], name)).json()["token"]
        clients.append(await TableClient.connect(server.ws(table["table_id"]), token))
    for client in clients:
        state = await client.expect("state")
        assert [p["points"] + p["put_in"] for p in state["view"]["players"]] == [100, 100]
    await asyncio.gather(*(c.play(default_move, timeout=90) for c in clients))
    assert clients[0].view is not None
    scores = dict(zip(table["players"], clients[0].view["result"]["scores"], strict=True))
    for client in clients:
        await client.close()
    league = (await http.get(f"/api/leagues/{organiser.id}")).json()
    rows = {row["name"]: row for row in league["standings"]}
    for name in NAMES[:2]:
        total = expected[name] + scores[name]
        assert (rows[name]["total"], rows[name]["games"]) == (total, 2)
        assert rows[name]["average"] == round(total / 2, 2)
    assert [s["number"] for s in league["sessions"]] == [1, 2]


async def test_only_the_drawn_player_takes_a_league_seat(
    live: tuple[LiveServer, httpx.AsyncClient],
) -> None:
    """Joining a league table one was not drawn to is refused with a reason clients translate
    (its code), and nothing changes; the lobby's seat route refuses league tables too."""
    _server, http = live
    organiser = await new_league(http, table_size=2)
    for name in NAMES[:4]:
        await register(http, name)
    await organiser.open_session()
    for name in NAMES[:4]:
        await sign_up(http, organiser.id, 1, name)
    first, second = (await organiser.draw(1))["tables"]
    before = (await http.get(f"/api/tables/{second['table_id']}")).json()
    assert [s["reserved"] for s in before["seats"]] == [True, True]

    refused = await claim(http, organiser.id, second["table_id"], first["players"][0])
    assert refused.status_code == 403
    assert refused.json()["code"] == "not_drawn"
    lobby = await http.post(f"/api/tables/{second['table_id']}/seats", json={"name": "Zed"})
    assert (lobby.status_code, lobby.json()["code"]) == (409, "seat_reserved")
    assert (await http.get(f"/api/tables/{second['table_id']}")).json() == before

    response = await claim(http, organiser.id, second["table_id"], second["players"][0])
    assert response.status_code == 201
    after = (await http.get(f"/api/tables/{second['table_id']}")).json()
    assert [s["reserved"] for s in after["seats"]] == [False, True]
    assert after["status"] == "open"


async def test_the_organiser_starts_a_table_and_a_no_show_resigns(
    live: tuple[LiveServer, httpx.AsyncClient],
) -> None:
    """W12: a drawn player who does not turn up forfeits through the resign seam when the
    organiser starts the table; the game ends and counts in the overall table (W14)."""
    server, http = live
    organiser = await new_league(http)
    for name in NAMES[:2]:
        await register(http, name)
    await organiser.open_session()
    for name in NAMES[:2]:
        await sign_up(http, organiser.id, 1, name)
    (table,) = (await organiser.draw(1))["tables"]
    present, absent = table["players"]
    token = (await claim(http, organiser.id, table["table_id"], present)).json()["token"]
    await organiser.post(f"/api/leagues/{organiser.id}/tables/{table['table_id']}/start", 204)
    client = await TableClient.connect(server.ws(table["table_id"]), token)
    await client.expect("state")
    await client.play(default_move, timeout=60)
    await client.close()
    info = (await http.get(f"/api/tables/{table['table_id']}")).json()
    assert [s["left"] for s in info["seats"]] == [False, True]
    late = await claim(http, organiser.id, table["table_id"], absent)
    assert (late.status_code, late.json()["code"]) == (409, "game_over")
    rows = {
        r["name"]: r for r in (await http.get(f"/api/leagues/{organiser.id}")).json()["standings"]
    }
    assert rows[present]["rank"] == 1
    assert rows[absent]["games"] == 1
    assert rows[absent]["total"] < rows[present]["total"]


async def test_bad_league_input_is_refused_and_changes_nothing(
    live: tuple[LiveServer, httpx.AsyncClient],
) -> None:
    _server, http = live
    organiser = await new_league(http)
    await register(http, "Ann")

    duplicate = await http.post("/api/players", json={"name": "ANN", "secret": SECRET})
    assert (duplicate.status_code, duplicate.json()["code"]) == (409, "name_taken")
    unknown = await http.get("/api/leagues/nope")
    assert (unknown.status_code, unknown.json()["code"]) == (404, "unknown_league")
    wrong = await http.post(f"/api/leagues/{organiser.id}/sessions", headers=bearer("x" * 43))
    assert (wrong.status_code, wrong.json()["code"]) == (401, "not_organiser")
    no_session = await http.post(
        f"/api/leagues/{organiser.id}/sessions/1/signups", json={"name": "Ann", "secret": SECRET}
    )
    assert (no_session.status_code, no_session.json()["code"]) == (404, "unknown_session")

    await organiser.open_session()
    again = await http.post(
        f"/api/leagues/{organiser.id}/sessions", headers=bearer(organiser.token)
    )
    assert (again.status_code, again.json()["code"]) == (409, "session_open")
    bad_secret = await http.post(
        f"/api/leagues/{organiser.id}/sessions/1/signups",
        json={"name": "Ann", "secret": "wrong secret"},
    )
    assert (bad_secret.status_code, bad_secret.json()["code"]) == (401, "bad_secret")
    await sign_up(http, organiser.id, 1, "Ann")
    too_few = await http.post(
        f"/api/leagues/{organiser.id}/sessions/1/draw", headers=bearer(organiser.token)
    )
    assert (too_few.status_code, too_few.json()["code"]) == (409, "cannot_draw")

    await register(http, "Bob")
    await register(http, "Cyd")
    await sign_up(http, organiser.id, 1, "Bob")
    before = (await http.get(f"/api/leagues/{organiser.id}/sessions/1")).json()
    assert before["status"] == "signup"
    await organiser.draw(1)
    late = await http.post(
        f"/api/leagues/{organiser.id}/sessions/1/signups", json={"name": "Cyd", "secret": SECRET}
    )
    assert (late.status_code, late.json()["code"]) == (409, "signup_closed")
    after = (await http.get(f"/api/leagues/{organiser.id}/sessions/1")).json()
    assert after["players"] == ["Ann", "Bob"]
    twice = await http.post(
        f"/api/leagues/{organiser.id}/sessions/1/draw", headers=bearer(organiser.token)
    )
    assert (twice.status_code, twice.json()["code"]) == (409, "already_drawn")
    assert (await http.get(f"/api/leagues/{organiser.id}/sessions/1")).json() == after

    too_big = await http.post(
        "/api/leagues", json={"name": "L", "game": "wordpoker", "table_size": 6}
    )
    assert too_big.status_code == 422
    bad_option = await http.post(
        "/api/leagues", json={"name": "L", "game": "wordpoker", "options": {"deals": 0}}
    )
    assert bad_option.status_code == 422
    no_game = await http.post("/api/leagues", json={"name": "L", "game": "chess"})
    assert no_game.status_code == 422
    assert len((await http.get("/api/leagues")).json()) == 1
