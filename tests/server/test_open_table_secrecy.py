"""Nothing fetched before a table starts tells anything of its deal (issue 20): an open table's
history, its info, the lobby's list, its join code's answer, every GET route under
`/api/tables/{id}` as a spectator and as each seated player. For every registered game and
ruleset (from the registry, no game named), with any number of players and bots seated:

- nothing depends on the seed: the same fetches after the table's seed is changed answer the
  same (but for the published `seed_sha256`), so the first question, deal or shuffle cannot
  leak under any name;
- and, after the start, none of the texts the game says a seat may not know yet
  (`GameTesting.secrets` of the real game as dealt) is in what that seat fetched, or in what a
  spectator did.

A rematch, open while it holds its seats, is checked the same way, and so is what the table's
socket sends a player or a spectator in the waiting room."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
import pytest
from fastapi.routing import APIRoute
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import update

from pokerhall import games
from pokerhall.engine import Game, MatchRecord, registry
from pokerhall.engine.catalog import GameInfo, Ruleset
from pokerhall.server.app import create_app
from pokerhall.server.store.models import TableRow
from pokerhall.server.tables.hall import Hall
from pokerhall.server.wire.messages import CreateTable

from .halls import bearer, hall_at, http_on, play_randomly
from .live import LiveServer
from .lobby import Lobby
from .secrecy import full_record
from .wsclient import TableClient

pytestmark = pytest.mark.anyio
CASES = [(info, ruleset) for info in registry.infos() for ruleset in info.rulesets]
MOST_PLAYERS = 6
"""Enough for every visibility rule (who sees whose card) without ten-seat tables."""
TABLE_ROUTES = sorted(
    route.path
    for route in create_app("sqlite://").routes
    if isinstance(route, APIRoute)
    and "GET" in route.methods
    and route.path.startswith("/api/tables/{table_id}")
)
"""Every GET route of one table, found in the app: a route added later is checked too."""
NAMES = ["Anna", "Boris", "Cyril", "Dana", "Emil", "Fanny"]
"""Players' names, none of which is a card or letter of any game."""


@st.composite
def tables(draw: st.DrawFn) -> tuple[GameInfo, Ruleset, int, int, int, bool]:
    """(game, ruleset, seats, players seated, bots, private) for a table that stays open."""
    info, ruleset = draw(st.sampled_from(CASES))
    seats = draw(st.integers(ruleset.min_players, min(ruleset.max_players, MOST_PLAYERS)))
    players = draw(st.integers(1, seats - 1))
    bots = draw(st.integers(0, seats - 1 - players))
    return info, ruleset, seats, players, bots, draw(st.booleans())


async def fetch_everything(
    http: httpx.AsyncClient, table_id: str, tokens: list[str], code: str | None
) -> dict[int | None, list[str]]:
    """What each seat (None: anyone, with no token) can fetch of the open table, as
    `status body` texts. No answer may be a server error."""
    told: dict[int | None, list[str]] = {}
    for seat, token in [(None, None), *enumerate(tokens)]:
        headers = {} if token is None else bearer(token)
        texts = []
        asks: list[tuple[str, dict[str, Any]]] = [
            (path.replace("{table_id}", table_id), {}) for path in TABLE_ROUTES
        ]
        history = f"/api/tables/{table_id}/history"
        asks += [(history, {"round": 0}), (history, {"round": 1}), (history, {"all": "true"})]
        asks.append(("/api/tables", {"status": ["open", "running", "finished"]}))
        if code is not None:
            asks.append((f"/api/codes/{code}", {}))
        for path, params in asks:
            answer = await http.get(path, headers=headers, params=params)
            assert answer.status_code < 500, (path, answer.text)
            text = answer.text
            if path == "/api/tables":  # this table's entry: the others go on meanwhile
                text = json.dumps([t for t in answer.json() if t["id"] == table_id])
            texts.append(f"{answer.status_code} {text}")
        told[seat] = texts
    return told


def without_commitment(told: dict[int | None, list[str]]) -> str:
    """Everything fetched, but for the seed's published hash (which must differ)."""
    hidden = {
        seat: [re.sub(r'"seed_sha256": ?"[0-9a-f]{64}"', '"seed_sha256":"…"', t) for t in texts]
        for seat, texts in told.items()
    }
    return json.dumps(hidden)


async def set_seed(hall: Hall, table_id: str, seed: int) -> None:
    async with hall.db.sessions.begin() as session:
        await session.execute(update(TableRow).where(TableRow.id == table_id).values(seed=seed))


async def dealt(hall: Hall, table_id: str) -> Game[Any]:
    """The real game at its start: the started table's record before any move."""
    record = await hall.book.record(table_id)
    return games.create(record.game, list(record.players), record.options, record.seed)


def set_up_left_out(value: Any) -> Any:
    """An answer without what the creator chose (`options`: a quiz answer may be 200 as a
    blind is) and the seed's hash, so only what could come of the deal is searched."""
    if isinstance(value, dict):
        return {k: set_up_left_out(v) for k, v in value.items() if k not in SET_UP}
    if isinstance(value, list):
        return [set_up_left_out(v) for v in value]
    return value


SET_UP = {"options", "seed_sha256"}


def check_no_secret(info: GameInfo, game: Game[Any], told: dict[int | None, list[str]]) -> None:
    secrets_of = info.testing.secrets
    assert secrets_of is not None, f"{info.name} declares no secrets to test"
    for seat, texts in told.items():
        readers = [None] if seat is None else [seat, None]  # a seat also fetched as anyone
        bodies = [json.loads(t.split(" ", 1)[1]) for t in texts]
        text = json.dumps(set_up_left_out(bodies), ensure_ascii=False)
        for reader in readers:
            for secret in {s for s in secrets_of(game, reader) if s}:
                pattern = rf"(?<![0-9A-Za-z.]){re.escape(secret)}(?![0-9A-Za-z.])"
                assert not re.search(pattern, text), (
                    f"{info.name}: seat {seat} could read {secret!r} before the start"
                )


async def check_open_table(
    hall: Hall,
    http: httpx.AsyncClient,
    info: GameInfo,
    table_id: str,
    tokens: list[str],
    code: str | None,
) -> None:
    """Fetch everything, again under another seed (nothing may change), then start the table
    and look for the real deal's secrets in what was fetched."""
    told = await fetch_everything(http, table_id, tokens, code)
    table = await hall.db.table(table_id)
    assert table is not None
    assert table.status == "open"
    await set_seed(hall, table_id, (table.seed + 1) % 2**62)
    again = await fetch_everything(http, table_id, tokens, code)
    assert without_commitment(again) == without_commitment(told), "the answers hang on the seed"
    assert again != told, "the seed's hash is published, so it must differ"
    await hall.seats.start(table_id, tokens[0])
    assert (await hall.book.info(table_id)).status == "running"
    check_no_secret(info, await dealt(hall, table_id), again)


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(table=tables())
async def test_nothing_fetched_before_the_start_tells_the_deal(
    sqlite_url: str, table: tuple[GameInfo, Ruleset, int, int, int, bool]
) -> None:
    info, ruleset, seats, players, bots, private = table
    async with hall_at(sqlite_url) as hall, http_on(hall, sqlite_url) as http:
        opened = await hall.opening.open_table(
            CreateTable(
                game=info.name,
                options={**info.testing.options, "ruleset": ruleset.name},
                seats=seats,
                bots=bots,
                turn_clock=None,
                private=private,
            )
        )
        table_id, code = opened.info.id, opened.join_code
        names = NAMES[:players]
        creators = [opened.creator_token, *[None] * (len(names) - 1)]  # the first one starts it
        tokens = [
            (await hall.seats.join(table_id, name, code=code, creator=creator))[1]
            for name, creator in zip(names, creators, strict=True)
        ]
        await check_open_table(hall, http, info, table_id, tokens, code)


async def test_an_open_rematch_tells_nothing_of_its_deal(
    sqlite_url: str, quick_options: dict[str, Any]
) -> None:
    """Play again: the new table is open while it holds its seats for the old players; its
    history is refused and nothing fetched tells its deal."""
    async with hall_at(sqlite_url) as hall, http_on(hall, sqlite_url) as http:
        opened = await hall.opening.open_table(CreateTable(options=quick_options, seats=3, bots=1))
        old_id = opened.info.id
        old = [(await hall.seats.join(old_id, name))[1] for name in ("Ann", "Bob")]
        await play_randomly(hall, old_id, seed=3)
        again = await http.post(f"/api/tables/{old_id}/rematch", headers=bearer(old[0]))
        assert again.status_code == 201, again.text
        rematch = again.json()
        history = await http.get(f"/api/tables/{rematch['table']}/history")
        assert (history.status_code, history.json()["code"]) == (409, "not_started")
        info = registry.info((await hall.book.info(rematch["table"])).game)
        await check_open_table(hall, http, info, rematch["table"], [rematch["token"]], None)


@pytest.mark.parametrize(
    ("info", "ruleset"), [pytest.param(i, r, id=f"{i.name}-{r.name}") for i, r in CASES]
)
async def test_the_waiting_room_socket_tells_nothing_of_the_deal(
    server: LiveServer, info: GameInfo, ruleset: Ruleset
) -> None:
    """All but one seat taken, each player and a spectator connected (and asking for a sync,
    which an open table refuses): what they are sent until the game starts (their first
    `state`) holds no secret of the deal the last join starts."""
    async with Lobby.at(server.http) as lobby:
        options = {**info.testing.options, "ruleset": ruleset.name}
        table = await lobby.create(game=info.name, options=options, seats=ruleset.min_players)
        table_id = table["id"]
        tokens = await lobby.join_all(table_id, *NAMES[: ruleset.min_players - 1])
        clients = [await TableClient.connect(server.ws(table_id), t) for t in [None, *tokens]]
        for client in clients:
            await client.send({"v": 1, "type": "sync"})
            await client.roundtrip()
        await lobby.join(table_id, NAMES[ruleset.min_players - 1])  # the game starts
        for client in clients:
            await client.expect("state")
            await client.close()
    record = MatchRecord.from_json(await full_record(server.db_url, table_id))
    game = games.create(record.game, list(record.players), record.options, record.seed)
    for client in clients:
        first_state = next(i for i, m in enumerate(client.messages) if m["type"] == "state")
        before = [f"200 {text}" for text in client.texts[:first_state]]
        check_no_secret(info, game, {client.seat: before})
