"""The HTTP lobby, in process: httpx over ASGI with the app's lifespan (migrations, restore,
runtimes) run around each test."""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from pokerhall import games
from pokerhall.content import library
from pokerhall.engine import Game, prompts, registry
from pokerhall.server.app import create_app
from pokerhall.server.store.models import SeatRow, TableRow
from pokerhall.server.tables.hall import Hall

from .lobby import Lobby, bearer

pytestmark = pytest.mark.anyio
FINISH_TIMEOUT = 30.0


@dataclass
class Api:
    app: FastAPI
    lobby: Lobby

    @property
    def http(self) -> httpx.AsyncClient:
        return self.lobby.http

    @property
    def hall(self) -> Hall:
        hall: Hall = self.app.state.hall
        return hall


def asgi_client(app: FastAPI) -> httpx.AsyncClient:
    transport = httpx.ASGITransport(app, raise_app_exceptions=False)
    return httpx.AsyncClient(transport=transport, base_url="http://hall")


@pytest.fixture
async def api(sqlite_url: str) -> AsyncIterator[Api]:
    app = create_app(sqlite_url)
    async with app.router.lifespan_context(app), asgi_client(app) as http:
        yield Api(app, Lobby(http))


# --- creating and listing tables ---------------------------------------------------------------


async def test_a_new_table_is_open_with_its_bots_and_a_seed_commitment(
    api: Api, quick_options: dict[str, Any]
) -> None:
    table = await api.lobby.create(name="Friday quiz", options=quick_options, seats=3, bots=1)
    assert table["name"] == "Friday quiz"
    assert table["status"] == "open"
    assert [s["kind"] for s in table["seats"]] == ["empty", "empty", "bot"]
    assert table["options"]["starting_stack"] == 200
    assert table["options"]["min_raise"] == "seed"  # the ruleset's defaults are filled in
    assert len(table["seed_sha256"]) == 64
    assert table["seed"] is None
    assert len(table.pop("creator_token")) > 30  # told only to whoever opened the table
    assert table.pop("join_code") is None  # a public table has none
    assert await api.lobby.table(table["id"]) == table


async def test_the_duell_alias_opens_a_quizpoker_table_with_the_duell_rules(
    api: Api, duell_options: dict[str, Any]
) -> None:
    options = {k: v for k, v in duell_options.items() if k != "ruleset"}
    table = await api.lobby.create(game="duell", options=options, seats=4)
    assert (table["game"], table["ruleset"]) == ("quizpoker", "duell")


INVALID_TABLES: dict[str, tuple[dict[str, Any], str]] = {
    "unknown game": ({"game": "chess"}, "unknown game 'chess'"),
    "unknown option": ({"options": {"bogus": 1}}, "unknown option 'bogus'"),
    "option of the wrong type": (
        {"options": {"starting_stack": "lots"}},
        "'starting_stack' must be a whole number",
    ),
    "impossible option": ({"options": {"starting_stack": 0}}, "from 1 up to"),
    "too many players for the rules": (
        {"game": "duell", "seats": 8, "options": {"language": "en"}},
        "3 to 6 players",
    ),
    "more bots than seats": ({"seats": 3, "bots": 4}, "bots"),
    "only bots": ({"seats": 3, "bots": 3}, "bots"),
    "unknown bot kind": ({"bots": 1, "bot_kind": "genius"}, "'genius' bot"),
    "seats not a number": ({"seats": "four"}, "valid integer"),
    "too many seats": ({"seats": 11}, "less than or equal to 10"),
    "options not an object": ({"options": [1]}, "valid dictionary"),
    "turn clock too short": ({"turn_clock": 0.1}, "greater than or equal to 1"),
    "unknown field": ({"colour": "green"}, "Extra inputs are not permitted"),
}


@pytest.mark.parametrize(("body", "reason"), INVALID_TABLES.values(), ids=INVALID_TABLES)
async def test_an_impossible_table_is_refused_with_the_reason(
    api: Api, quick_options: dict[str, Any], body: dict[str, Any], reason: str
) -> None:
    options = body.get("options", {})
    if isinstance(options, dict):
        body = {**body, "options": {**quick_options, **options}}
    response = await api.http.post("/api/tables", json=body)
    assert response.status_code == 422, response.text
    assert reason in response.text
    assert (await api.http.get("/api/tables?status=open")).json() == []


async def test_a_pack_is_named_by_id_and_no_path_probes_the_servers_files(
    api: Api, mini_pack: Path
) -> None:
    """Anyone may open a table: a path, whether a file is there or not, a valid pack or not, gets
    the one answer every unknown pack id gets, so nothing on the server's disk can be read or
    found out through a table's options."""
    answers = []
    for questions in (str(mini_pack), "/etc/passwd", "/dev/zero", "/no/such/pack.jsonl", "/"):
        response = await api.http.post("/api/tables", json={"options": {"questions": questions}})
        assert response.status_code == 422
        detail = response.json()["detail"]
        prefix = f"unknown question pack {questions!r}; known packs: builtin, "
        assert detail.startswith(prefix), detail
        answers.append(detail.removeprefix(prefix))
    assert len(set(answers)) == 1, answers
    assert (await api.http.get("/api/tables?status=open")).json() == []


async def test_an_uploaded_pack_can_be_played_and_survives_a_restart(
    sqlite_url: str, mini_pack: Path
) -> None:
    text = mini_pack.read_text(encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()
    app = create_app(sqlite_url)
    async with app.router.lifespan_context(app), asgi_client(app) as http:
        uploaded = await http.post("/api/packs", json={"text": text})
        assert uploaded.status_code == 201, uploaded.text
        pack = uploaded.json()
        assert pack == {
            "id": "upload-" + digest[:16],
            "sha256": digest,
            "entries": 5,
            "languages": ["en"],
        }
        again = await http.post("/api/packs", json={"text": text})
        assert again.json() == pack  # the same text is the same pack
    library.forget(pack["id"])  # as if the server had stopped
    app = create_app(sqlite_url)
    async with app.router.lifespan_context(app), asgi_client(app) as http:
        assert pack["id"] in (await http.get("/api/packs")).json()
        table = await http.post("/api/tables", json={"options": {"questions": pack["id"]}})
        assert table.status_code == 201, table.text
        assert table.json()["options"]["questions"] == pack["id"]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ('{"password": "hunter2"}\n', "line 1: "),
        ("not json\n", "line 1: invalid JSON"),
        ("\n", "the pack holds no questions"),
    ],
)
async def test_a_broken_upload_is_refused_with_its_problems(
    api: Api, text: str, reason: str
) -> None:
    response = await api.http.post("/api/packs", json={"text": text})
    assert response.status_code == 422
    assert reason in response.json()["detail"]
    assert "hunter2" not in response.text


async def test_an_upload_over_the_size_limit_is_refused(api: Api) -> None:
    response = await api.http.post("/api/packs", json={"text": "x" * 60_001})
    assert response.status_code == 422
    assert "text: String should have at most 60000 characters" in response.text


async def test_a_body_that_is_not_json_is_refused(api: Api) -> None:
    response = await api.http.post(
        "/api/tables", content=b"{seats: 4", headers={"content-type": "application/json"}
    )
    assert response.status_code == 422
    assert "JSON decode error" in response.text


async def test_tables_are_listed_by_status(api: Api, quick_options: dict[str, Any]) -> None:
    waiting = await api.lobby.create(options=quick_options, seats=3)
    running = await api.lobby.create(options=quick_options, seats=2, bots=1)
    await api.lobby.join(running["id"], "Ann")
    finished = await _finished_table(api, quick_options)

    async def listed(query: str) -> set[str]:
        response = await api.http.get(f"/api/tables{query}")
        assert response.status_code == 200, response.text
        return {t["id"] for t in response.json()}

    mine = {waiting["id"], running["id"], finished["id"]}
    assert await listed("") & mine == {waiting["id"], running["id"]}
    assert await listed("?status=open") & mine == {waiting["id"]}
    assert await listed("?status=running") & mine == {running["id"]}
    assert await listed("?status=finished") & mine == {finished["id"]}
    assert await listed("?status=open&status=finished") & mine == {waiting["id"], finished["id"]}
    assert (await api.http.get("/api/tables?status=lost")).status_code == 422


async def test_an_unknown_table_is_not_found(api: Api) -> None:
    for method, path in (
        ("GET", "/api/tables/nope"),
        ("GET", "/api/tables/nope/record"),
        ("POST", "/api/tables/nope/seats"),
    ):
        response = await api.http.request(method, path, json={"name": "Ann"})
        assert response.status_code == 404, path
        assert response.json() == {
            "detail": "no table 'nope'",
            "code": "unknown_table",
            "params": {"table": "nope"},
        }


# --- seats ------------------------------------------------------------------------------------


async def test_joining_gives_the_next_free_seat_and_a_secret_token(
    api: Api, quick_options: dict[str, Any]
) -> None:
    table = await api.lobby.create(options=quick_options, seats=3)
    first = await api.lobby.join(table["id"], "Ann")
    second = await api.lobby.join(table["id"], "  Bob ")
    assert (first[0], second[0]) == (0, 1)
    assert first[1] != second[1]
    seats = (await api.lobby.table(table["id"]))["seats"]
    assert [(s["name"], s["kind"]) for s in seats] == [
        ("Ann", "human"),
        ("Bob", "human"),
        (None, "empty"),
    ]
    assert "token" not in str(seats)


async def test_joining_is_refused_with_a_taken_name_at_a_full_or_started_table(
    api: Api, quick_options: dict[str, Any]
) -> None:
    table = await api.lobby.create(options=quick_options, seats=2)
    await api.lobby.join(table["id"], "Ann")
    taken = await api.http.post(f"/api/tables/{table['id']}/seats", json={"name": "ANN"})
    assert (taken.status_code, taken.json()) == (
        409,
        {
            "detail": "the name 'ANN' is taken at this table",
            "code": "name_taken_here",
            "params": {"name": "ANN"},
        },
    )
    await api.lobby.join(table["id"], "Bob")  # the last seat: the game starts
    full = await api.http.post(f"/api/tables/{table['id']}/seats", json={"name": "Cy"})
    assert full.status_code == 409
    assert "already started" in full.json()["detail"]
    assert full.json()["code"] == "already_started"
    blank = await api.http.post(f"/api/tables/{table['id']}/seats", json={"name": "  "})
    assert blank.status_code == 422


async def test_joining_at_once_never_gives_a_seat_twice(
    api: Api, quick_options: dict[str, Any]
) -> None:
    table = await api.lobby.create(options=quick_options, seats=3)
    responses = await asyncio.gather(
        *(
            api.http.post(f"/api/tables/{table['id']}/seats", json={"name": f"P{i}"})
            for i in range(8)
        )
    )
    seated = [r.json()["seat"] for r in responses if r.status_code == 201]
    assert sorted(seated) == [0, 1, 2]
    assert sorted(r.status_code for r in responses) == [201] * 3 + [409] * 5
    assert (await api.lobby.table(table["id"]))["status"] == "running"


async def test_leaving_before_the_start_frees_the_seat(
    api: Api, quick_options: dict[str, Any]
) -> None:
    table = await api.lobby.create(options=quick_options, seats=3)
    _seat, ann = await api.lobby.join(table["id"], "Ann")
    await api.lobby.join(table["id"], "Bob")
    await api.lobby.leave(table["id"], ann)
    seats = (await api.lobby.table(table["id"]))["seats"]
    assert [s["kind"] for s in seats] == ["empty", "human", "empty"]
    assert await api.lobby.join(table["id"], "Ann") != (0, ann)
    assert (await api.lobby.join(table["id"], "Cy"))[0] == 2


async def test_leaving_needs_the_seat_token(api: Api, quick_options: dict[str, Any]) -> None:
    table = await api.lobby.create(options=quick_options, seats=3)
    await api.lobby.join(table["id"], "Ann")
    path = f"/api/tables/{table['id']}/leave"
    for headers in ({}, {"Authorization": "Basic abc"}, bearer("x" * 43)):
        response = await api.http.post(path, headers=headers)
        assert response.status_code == 401, headers
        assert "token" in response.json()["detail"]
    assert (await api.lobby.table(table["id"]))["seats"][0]["kind"] == "human"


async def test_leaving_a_running_game_hands_the_seat_to_a_bot_that_plays_on(
    api: Api, quick_options: dict[str, Any]
) -> None:
    table = await _finished_table(api, quick_options)
    assert table["seats"][0] == {
        "seat": 0,
        "name": "Ann",
        "kind": "bot",
        "left": True,
        "reserved": False,
        "invited": False,
        "held_for": None,
        "excused": False,
        "bot_account": False,
        "rating": None,
        "signed_in": False,
    }
    assert table["result"] is not None
    assert sum(table["result"]["scores"]) == 400


async def test_leaving_without_bot_takeover_resigns_the_seat(
    api: Api, quick_options: dict[str, Any]
) -> None:
    """Issue 8 item 5: nobody waits for a player who has gone; the seat resigns."""
    table = await api.lobby.create(options=quick_options, seats=2, bot_takeover=False)
    _seat, ann = await api.lobby.join(table["id"], "Ann")
    await api.lobby.join(table["id"], "Bob")
    await api.lobby.leave(table["id"], ann)
    seat = (await api.lobby.table(table["id"]))["seats"][0]
    assert seat == {
        "seat": 0,
        "name": "Ann",
        "kind": "human",
        "left": True,
        "reserved": False,
        "invited": False,
        "held_for": None,
        "excused": False,
        "bot_account": False,
        "rating": None,
        "signed_in": False,
    }
    state = api.hall.runtimes[table["id"]].state
    assert 0 in state.resigned
    assert 0 not in state.pending()


@pytest.mark.parametrize("info", registry.infos(), ids=lambda info: info.name)
async def test_bot_takeover_is_kept_only_where_the_game_lets_a_bot_take_the_seat(
    api: Api, info: Any
) -> None:
    """Issue 21: where leaving resigns the seat (the game's `on_leave`), a table asked for
    `bot_takeover` (the default) reports false, since no bot will play for a leaver."""
    options = dict(info.testing.options)
    seats = info.rulesets[0].min_players
    table = await api.lobby.create(game=info.name, options=options, seats=seats)
    assert table["bot_takeover"] is (info.on_leave == "bot")
    assert (await api.lobby.table(table["id"]))["bot_takeover"] is (info.on_leave == "bot")


# --- starting ---------------------------------------------------------------------------------


async def test_starting_early_needs_the_creator_and_fills_the_seats_with_bots(
    api: Api, quick_options: dict[str, Any]
) -> None:
    table = await api.lobby.create(options=quick_options, seats=4, bots=1)
    other = await api.lobby.create(options=quick_options, seats=3)
    _seat, elsewhere = await api.lobby.join(other["id"], "Zed")
    _seat, ann = await api.lobby.join(table["id"], "Ann", creator=table["creator_token"])
    path = f"/api/tables/{table['id']}/start"
    assert (await api.http.post(path)).status_code == 401
    assert (await api.http.post(path, headers=bearer(elsewhere))).status_code == 401
    started = await api.lobby.start(table["id"], ann)
    assert started["status"] == "running"
    assert [s["kind"] for s in started["seats"]] == ["human", "bot", "bot", "bot"]
    again = await api.http.post(path, headers=bearer(ann))
    assert again.status_code == 409
    assert api.hall.runtimes[table["id"]].state.num_seats == 4


async def test_bots_filling_seats_never_take_a_players_name(
    api: Api, quick_options: dict[str, Any]
) -> None:
    """Seat names must differ (the engine refuses a match otherwise). "Bot N" is the bots' now
    (issue 20), but a player's seat stored as "Bot 3" before that still keeps its name, and the
    bot for that seat gets another."""
    table = await api.lobby.create(options=quick_options, seats=3)
    await api.lobby.join(table["id"], "Ann")
    refused = await api.http.post(f"/api/tables/{table['id']}/seats", json={"name": "bot 4"})
    assert refused.status_code == 422
    assert refused.json()["code"] == "name_reserved"
    stored = SeatRow(table_id=table["id"], seat=1, name="Bot 3", kind="human", left=False)
    await api.hall.db.add_seat(stored)
    started = await api.lobby.start(table["id"], table["creator_token"])
    names = [s["name"] for s in started["seats"]]
    assert len({n.casefold() for n in names}) == 3, names
    assert api.hall.runtimes[table["id"]].state.players == tuple(names)


# --- records and documentation ------------------------------------------------------------------


async def test_the_record_is_published_with_the_committed_seed_once_the_game_is_over(
    api: Api, quick_options: dict[str, Any]
) -> None:
    table = await api.lobby.create(options=quick_options, seats=2, bots=1)
    _seat, ann = await api.lobby.join(table["id"], "Ann")
    early = await api.http.get(f"/api/tables/{table['id']}/record")
    assert early.status_code == 409
    assert "when the game is over" in early.json()["detail"]
    assert (await api.lobby.table(table["id"]))["seed"] is None  # secret while it runs
    await api.lobby.leave(table["id"], ann)
    finished = await api.lobby.wait_for_status(table["id"], "finished", FINISH_TIMEOUT)
    record = await api.lobby.record(table["id"])
    assert hashlib.sha256(str(record["seed"]).encode()).hexdigest() == table["seed_sha256"]
    assert finished["seed"] == str(record["seed"])  # exact: a string, not a JS number
    assert record["players"] == ["Ann", "Bot 2"]
    full = await api.hall.book.record(table["id"])  # the operator's, secrets and all
    assert [m["seat"] for m in record["moves"]] == [seat for seat, _ in full.moves]
    replayed = games.replay(full)
    assert replayed.over
    assert replayed.result == finished["result"]


async def _store_finished(api: Api, game: Game[Any], table_id: str, name: str) -> TableRow:
    """`game`, played to its end elsewhere, stored as a finished table of the hall."""
    table = TableRow(
        id=table_id,
        name=name,
        game=game.name,
        options=game.options_json,
        num_seats=game.num_seats,
        seed=game.seed,
        status="finished",
        turn_clock=None,
        bot_delay=0.0,
        bot_takeover=True,
    )
    seats = [
        SeatRow(table_id=table.id, seat=s, name=player, kind="human", left=False)
        for s, player in enumerate(game.players)
    ]
    await api.hall.db.add_table(table, seats)
    for number, (seat, move) in enumerate(game.moves, start=1):
        await api.hall.db.append_move(table.id, number, seat, move)
    return table


async def test_qp3_the_public_record_leaves_out_a_guess_nobody_was_shown(
    api: Api, face_down_match: Game[Any]
) -> None:
    """docs/rules/quizpoker.md QP3: a worse guess stays face down, "never shown to anyone", so
    the published record holds its move without the value; the seed still proves the deal."""
    game = face_down_match
    table = await _store_finished(api, game, "facedown", "Face down")
    face_down = game.moves[0][1]["value"]
    record = await api.lobby.record(table.id)
    assert face_down not in json.dumps(record)
    assert record["moves"][0] == {"seat": 0, "move": {"type": "guess", "withheld": ["value"]}}
    assert len(record["moves"]) == len(game.moves)
    listed = await api.lobby.table(table.id)
    assert hashlib.sha256(str(record["seed"]).encode()).hexdigest() == listed["seed_sha256"]
    assert record["questions"][0] == next(e.data["id"] for e in game.events if e.type == "question")
    assert (await api.hall.book.record(table.id)).moves == tuple(game.moves)  # the operator's


async def test_the_api_is_documented_without_loading_anything_from_a_cdn(
    api: Api, sqlite_url: str
) -> None:
    """/docs loads Swagger from a public CDN, so only `serve --dev` serves it."""
    docs = await api.http.get("/docs")
    assert docs.status_code == 404
    assert "cdn" not in docs.text.lower()
    dev = create_app(sqlite_url, dev=True)
    async with dev.router.lifespan_context(dev), asgi_client(dev) as http:
        assert "swagger" in (await http.get("/docs")).text.lower()
    schema = (await api.http.get("/openapi.json")).json()
    assert {"/api/tables", "/api/tables/{table_id}/seats", "/api/tables/{table_id}/record"} <= set(
        schema["paths"]
    )


async def test_the_games_are_listed_with_their_options_and_bots(api: Api) -> None:
    """What each game declares (its GameInfo), games only: an alias is listed with its game."""
    response = await api.http.get("/api/games")
    assert response.status_code == 200, response.text
    assert response.json() == [info.to_json() for info in registry.infos()]
    listed = {g["name"]: g for g in response.json()}
    assert "duell" not in listed
    assert listed["quizpoker"]["aliases"] == {"duell": "duell"}
    assert listed["quizpoker"]["bots"] == ["casual", "expert", "heuristic", "novice", "random"]
    assert listed["quizpoker"]["default_bot"] == "casual"
    assert listed["quizpoker"]["bot_levels"] == {"novice": 1, "casual": 2, "expert": 3}


async def test_the_bots_are_the_games_default_kind_unless_asked(
    api: Api, quick_options: dict[str, Any]
) -> None:
    table = await api.lobby.create(options=quick_options, seats=3, bots=1)
    seats = await api.hall.db.seats(table["id"])
    assert [s.bot_kind for s in seats] == [registry.info("quizpoker").default_bot]
    asked = await api.lobby.create(options=quick_options, seats=3, bots=1, bot_kind="random")
    assert [s.bot_kind for s in await api.hall.db.seats(asked["id"])] == ["random"]
    response = await api.http.post(
        "/api/tables", json={"options": quick_options, "bots": 1, "bot_kind": "genius"}
    )
    assert response.status_code == 422
    assert response.json()["detail"] == (
        "quizpoker has no 'genius' bot; choose one of casual, expert, heuristic, novice, random"
    )


async def test_the_seat_count_is_checked_against_the_rulesets_players(
    api: Api, quick_options: dict[str, Any]
) -> None:
    """DU1: the duell needs 3 to 6 players, also when chosen by its alias."""
    for body in (
        {"options": {**quick_options, "ruleset": "duell"}, "seats": 2},
        {"game": "duell", "options": quick_options, "seats": 7},
    ):
        response = await api.http.post("/api/tables", json=body)
        assert response.status_code == 422, body
        assert response.json()["detail"].startswith("duell needs 3 to 6 players, got")


async def test_a_games_message_catalog_is_served_per_language(api: Api) -> None:
    """Decision 6: clients render event lines from the game's catalog, served as static JSON."""
    english = await api.http.get("/api/games/quizpoker/messages/en")
    assert english.status_code == 200, english.text
    assert english.json()["action.fold"] == "{name} folds"
    assert english.json()["_and"] == "and"
    czech = (await api.http.get("/api/games/duell/messages/cs")).json()
    assert czech["game_over"]["few"].startswith("Konec hry")
    assert set(czech) == set(english.json())
    for path, reason in [
        ("/api/games/chess/messages/en", "no game 'chess'"),
        ("/api/games/quizpoker/messages/xx", "no messages in language 'xx'"),
        ("/api/games/quizpoker/messages/EN.json", "not a language code"),
    ]:
        response = await api.http.get(path)
        assert response.status_code == 404, path
        assert reason in response.text, (path, response.text)


async def test_the_card_words_are_served_per_language(api: Api) -> None:
    """The one catalogue of card words (`cards/spoken.py`), which the browser reads its cards
    aloud with and the notices write them with; the same keys in every language."""
    served = {}
    for lang in ("en", "de", "cs", "el"):
        response = await api.http.get(f"/api/cards/words/{lang}")
        assert response.status_code == 200, response.text
        served[lang] = response.json()
    assert served["cs"]["rank.queen"] == "dáma"
    assert all(set(words) == set(served["en"]) for words in served.values())
    missing = await api.http.get("/api/cards/words/xx")
    assert (missing.status_code, missing.json()["code"]) == (404, "unknown_language")


async def _finished_table(api: Api, options: dict[str, Any]) -> dict[str, Any]:
    """Ann joins a heads-up table against a bot and leaves: her bot plays it out."""
    table = await api.lobby.create(options=options, seats=2, bots=1)
    _seat, ann = await api.lobby.join(table["id"], "Ann")
    await api.lobby.leave(table["id"], ann)
    return await api.lobby.wait_for_status(table["id"], "finished", FINISH_TIMEOUT)


def _palace_match_with_a_concession() -> Game[Any]:
    """A finished random Palace match in which a caller lost a battle and conceded (P13)."""
    for seed in range(100):
        game = games.create("palace", ["Ann", "Bob", "Cy"], {"hands_per_session": 2}, seed=seed)
        rng = random.Random(seed)
        while not game.over:
            pending = game.pending()
            seat = min(pending)
            game.act(seat, prompts.random_move(pending[seat], rng))
        if any(e.type == "battle_won" and e.data["how"] == "conceded" for e in game.events):
            return game
    raise AssertionError("no match with a conceded battle")


async def test_p13_a_palace_table_never_publishes_the_seed_that_would_deal_every_palace(
    api: Api,
) -> None:
    """docs/rules/palace.md P13: a losing caller's palace is seen by nobody, then or later; the
    seed would deal it again, so a finished Palace table shows only the seed's hash and its
    public record leaves the seed out (the operator's full record keeps it)."""
    game = _palace_match_with_a_concession()
    table = await _store_finished(api, game, "conceded", "Conceded")
    listed = await api.lobby.table(table.id)
    assert listed["seed"] is None
    assert len(listed["seed_sha256"]) == 64
    record = await api.lobby.record(table.id)
    assert record["seed"] is None
    assert record["format"] == "pokerhall-public-record"
    assert len(record["moves"]) == len(game.moves)
    assert (await api.hall.book.record(table.id)).seed == game.seed  # the operator's
