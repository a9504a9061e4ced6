"""Several `pokerhall serve` processes over one PostgreSQL and one Redis (issue 14): a client
reaches its table from any process, seats stay unique across processes, a process killed with
SIGKILL has its tables taken over with no acknowledged move lost and none applied twice, clocks
survive the takeover, PostgreSQL cut off refuses moves retryably, and without Redis (from the
start, or lost mid-game) a process still runs its own tables."""

from __future__ import annotations

import asyncio
import contextlib
import json
import signal
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx
import pytest
from sqlalchemy import func, select
from websockets.asyncio.client import connect

from pokerhall import games
from pokerhall.engine.record import MatchRecord
from pokerhall.server.store.db import Database
from pokerhall.server.store.models import LeaseRow, MoveRow
from pokerhall.server.tables.hall import Hall

from . import redis_server
from . import test_league as league
from .cluster import ServeProcess, free_port
from .invitation_push import invitation_is_pushed
from .lobby import Lobby
from .tcp_proxy import TcpProxy
from .wsclient import TableClient, passive_strategy, plain_strategy, unexpected_errors

pytestmark = pytest.mark.anyio
TAKEOVER_TIMEOUT = 30.0

Start = Callable[..., Awaitable[ServeProcess]]


@pytest.fixture(scope="session")
def redis_url() -> str:
    url = redis_server.server_url()
    redis_server.reachable_or_skip(url)
    return url


@pytest.fixture
def start(postgres_url: str, redis_url: str, tmp_path: Path) -> Iterator[Start]:
    """Starts processes of one hall (one database, one Redis prefix); all killed at the end."""
    prefix = redis_server.new_prefix()
    started: list[ServeProcess] = []

    async def start_one(
        *,
        db: str = postgres_url,
        redis: str = redis_url,
        scale_out: str = "available",
        remove_grace: float = 0.0,
    ) -> ServeProcess:
        log = tmp_path / f"serve{len(started)}.log"
        process = ServeProcess(db, redis, prefix, log, remove_grace=remove_grace)
        started.append(process)
        await process.ready(scale_out)
        return process

    yield start_one
    for process in started:
        process.kill()


async def owner(postgres_url: str, table_id: str) -> str | None:
    db = Database(postgres_url)
    try:
        async with db.sessions() as session:
            found: str | None = await session.scalar(
                select(LeaseRow.owner).where(LeaseRow.table_id == table_id)
            )
            return found
    finally:
        await db.close()


async def stored_record(postgres_url: str, table_id: str) -> MatchRecord:
    """The full record as stored (every move, secrets included), as a restart replays it."""
    db = Database(postgres_url)
    try:
        return await Hall(db).book.record(table_id)
    finally:
        await db.close()


async def move_count(postgres_url: str, table_id: str) -> int:
    db = Database(postgres_url)
    try:
        async with db.sessions() as session:
            query = select(func.count()).select_from(MoveRow).where(MoveRow.table_id == table_id)
            return int(await session.scalar(query) or 0)
    finally:
        await db.close()


async def test_an_invitation_made_on_one_process_is_pushed_to_a_lobby_on_another(
    start: Start, quick_options: dict[str, Any]
) -> None:
    """The creator invites on process a; the invited person's lobby is open on b, which is
    told through the hall's channel (the table's seats changed) and pushes it at once."""
    a, b = await start(), await start()
    await invitation_is_pushed(a.http, b.http, quick_options)


async def test_a_game_is_played_by_clients_on_two_processes(
    start: Start, postgres_url: str, quick_options: dict[str, Any]
) -> None:
    a, b = await start(), await start()
    async with Lobby.at(a.http) as lobby:
        table = await lobby.create(options=quick_options, seats=2)
        tokens = await lobby.join_all(table["id"], "Ann", "Bob")  # the last join starts it on a
    assert await owner(postgres_url, table["id"]) == (await a.health())["process"]
    ann = await TableClient.connect(a.ws(table["id"]), tokens[0])
    bob = await TableClient.connect(b.ws(table["id"]), tokens[1])  # routed to a
    watcher = await TableClient.connect(b.ws(table["id"]))
    for client in (ann, bob, watcher):
        await client.expect("state")
    await asyncio.gather(ann.play(plain_strategy(0)), bob.play(plain_strategy(1)))
    await watcher.expect(lambda m: bool(m.get("view", {}).get("over")))
    async with Lobby.at(b.http) as lobby:
        finished = await lobby.wait_for_status(table["id"], "finished", timeout=10)
    assert sum(finished["result"]["scores"]) == 2 * quick_options["starting_stack"]
    for client in (ann, bob):
        assert client.events("game_over"), client.seat
        assert unexpected_errors(client) == []
    secret = str(100000 * 1 + 1)  # Ann's first guess: Bob, on the other process, never saw it
    first_show = next(i for i, t in enumerate(bob.texts) if '"showdown"' in t or "game_over" in t)
    assert all(secret not in text for text in bob.texts[:first_show])
    assert all(secret not in text for text in watcher.texts[:1])
    for client in (ann, bob, watcher):
        await client.close()


async def test_two_processes_racing_for_the_last_seat_seat_one_player(
    start: Start, postgres_url: str, quick_options: dict[str, Any]
) -> None:
    a, b = await start(), await start()
    for _round in range(3):
        async with Lobby.at(a.http) as lobby_a, Lobby.at(b.http) as lobby_b:
            table = await lobby_a.create(options=quick_options, seats=2)
            await lobby_a.join(table["id"], "Ann")
            async with httpx.AsyncClient() as http:
                answers = await asyncio.gather(
                    *(
                        http.post(f"{where}/api/tables/{table['id']}/seats", json={"name": n})
                        for where, n in ((a.http, "Bob"), (b.http, "Cy"))
                    )
                )
            assert sorted(r.status_code for r in answers) == [201, 409], [r.text for r in answers]
            seated = await lobby_b.table(table["id"])
            assert [s["kind"] for s in seated["seats"]] == ["human", "human"]
            assert seated["status"] == "running"
        assert await owner(postgres_url, table["id"]) is not None


async def test_a_killed_process_s_tables_are_taken_over_with_nothing_lost_or_doubled(
    start: Start, postgres_url: str, quick_options: dict[str, Any]
) -> None:
    """Ann plays on the owner, Bob and a bot's seat are run from it; the owner is killed mid
    hand; b takes the table over by replaying it, every client reconnects to b and the game is
    played to its end. Every move acknowledged before the kill is in the record, once."""
    a, b = await start(), await start()
    async with Lobby.at(a.http) as lobby:
        table = await lobby.create(options=quick_options, seats=3, bots=1, bot_delay=0.2)
        tokens = await lobby.join_all(table["id"], "Ann", "Bob")
    table_id = table["id"]
    ann = await TableClient.connect(a.ws(table_id), tokens[0])
    bob = await TableClient.connect(b.ws(table_id), tokens[1])

    def in_round_two(client: TableClient) -> bool:
        return bool(client.view and (client.view["hand"]["round"] or 0) >= 2)

    await asyncio.gather(*(c.play(passive_strategy, until=in_round_two) for c in (ann, bob)))
    acknowledged = max(ann.view["prompt_id"], bob.view["prompt_id"])  # type: ignore[index]
    stored_before = await move_count(postgres_url, table_id)
    a.kill(signal.SIGKILL)
    for client in (ann, bob):
        with contextlib.suppress(Exception):
            await client.close()
    async with asyncio.timeout(TAKEOVER_TIMEOUT):
        while await owner(postgres_url, table_id) != (await b.health())["process"]:
            await asyncio.sleep(0.2)
    ann, bob = [await TableClient.connect(b.ws(table_id), t) for t in tokens]
    for client in (ann, bob):
        state = await client.expect("state")
        assert state["view"]["prompt_id"] >= acknowledged
    assert await move_count(postgres_url, table_id) >= stored_before
    await asyncio.gather(ann.play(plain_strategy(0)), bob.play(plain_strategy(1)))
    async with Lobby.at(b.http) as lobby:
        finished = await lobby.wait_for_status(table_id, "finished", timeout=10)
    record = await stored_record(postgres_url, table_id)
    assert sum(finished["result"]["scores"]) == 3 * quick_options["starting_stack"]
    replayed = games.replay(record)  # a doubled move would not replay, or would differ
    assert replayed.result == finished["result"]
    assert replayed.state_id == len(record.moves) == await move_count(postgres_url, table_id)
    for client in (ann, bob):
        assert unexpected_errors(client) == []
        await client.close()
    assert "Traceback" not in b.log.read_text()


async def test_the_turn_clock_survives_a_takeover(
    start: Start, postgres_url: str, quick_options: dict[str, Any]
) -> None:
    """Nobody guesses: the deadline set by the first owner is the one the second one keeps,
    and when it passes the second owner makes the default move (an unwritten guess folds)."""
    clock = 12.0
    a, b = await start(), await start()
    async with Lobby.at(a.http) as lobby:
        table = await lobby.create(options=quick_options, seats=2, turn_clock=clock)
        tokens = await lobby.join_all(table["id"], "Ann", "Bob")
    table_id = table["id"]
    ann = await TableClient.connect(a.ws(table_id), tokens[0])
    first = (await ann.expect("state"))["clock"]["you"]
    loop = asyncio.get_running_loop()
    killed_at = loop.time()
    await asyncio.sleep(1.0)  # let the clock be stored (in the background)
    a.kill(signal.SIGKILL)
    with contextlib.suppress(Exception):
        await ann.close()
    async with asyncio.timeout(TAKEOVER_TIMEOUT):
        while await owner(postgres_url, table_id) != (await b.health())["process"]:
            await asyncio.sleep(0.2)
    ann = await TableClient.connect(b.ws(table_id), tokens[0])
    state = await ann.expect("state")
    left = state["clock"]["you"]
    assert left is not None
    assert left <= first - (loop.time() - killed_at) + 0.5, (first, left)  # not a fresh clock
    update = await ann.expect("update", timeout=clock + 5)  # the default move, made by b
    assert update["view"]["prompt_id"] > state["view"]["prompt_id"]
    await ann.close()


async def test_without_redis_a_process_serves_its_own_tables_and_says_so(
    start: Start, quick_options: dict[str, Any]
) -> None:
    nowhere = f"redis://127.0.0.1:{free_port()}/0"  # nothing listens there
    alone = await start(redis=nowhere, scale_out="unavailable")
    assert (await alone.health())["status"] == "ok"
    async with Lobby.at(alone.http) as lobby:
        table = await lobby.create(options=quick_options, seats=2)
        tokens = await lobby.join_all(table["id"], "Ann", "Bob")
    clients = [await TableClient.connect(alone.ws(table["id"]), t) for t in tokens]
    await asyncio.gather(*(c.play(plain_strategy(c.seat or 0)) for c in clients))
    for client in clients:
        assert client.events("game_over")
        assert unexpected_errors(client) == []
        await client.close()
    assert "scale-out unavailable" in alone.log.read_text()


async def test_moves_are_refused_retryably_while_postgresql_is_unreachable(
    start: Start, postgres_url: str, quick_options: dict[str, Any]
) -> None:
    """The line to PostgreSQL is cut: a move is answered `not_saved` and changes nothing; once
    the database is back the same move is taken, and the game goes on to its end."""
    parts = urlsplit(postgres_url)
    proxy = await TcpProxy(parts.hostname or "127.0.0.1", parts.port or 5432).start()
    try:
        through = urlunsplit(parts._replace(netloc=f"{parts.username}@127.0.0.1:{proxy.port}"))
        a = await start(db=through)
        async with Lobby.at(a.http) as lobby:
            table = await lobby.create(options=quick_options, seats=2)
            tokens = await lobby.join_all(table["id"], "Ann", "Bob")
        ann, bob = [await TableClient.connect(a.ws(table["id"]), t) for t in tokens]
        for client in (ann, bob):
            await client.expect("state")
        proxy.disconnect()
        await ann.move({"type": "guess", "value": "12"})
        error = await ann.next_error()
        assert error["code"] == "not_saved", error
        proxy.reconnect()
        async with asyncio.timeout(20):
            while True:  # the pool's first connections may still be the cut ones
                await ann.move({"type": "guess", "value": "12"})
                reply = await ann.expect(lambda m: m["type"] in ("update", "error"))
                if reply["type"] == "update":
                    break
                assert reply["code"] == "not_saved", reply
                await asyncio.sleep(0.2)
        assert reply["view"]["you"]["guess"] == "12"
        await asyncio.gather(ann.play(plain_strategy(0)), bob.play(plain_strategy(1)))
        assert ann.events("game_over")
        assert bob.events("game_over")
        for client in (ann, bob):
            await client.close()
    finally:
        await proxy.close()


async def test_a_process_that_loses_redis_goes_on_with_its_own_tables(
    start: Start, redis_url: str, quick_options: dict[str, Any]
) -> None:
    """Redis goes away mid-game: the process says so, its own table is played on, and once
    Redis is back it says that too."""
    parts = urlsplit(redis_url)
    proxy = await TcpProxy(parts.hostname or "127.0.0.1", parts.port or 6379).start()
    try:
        a = await start(redis=urlunsplit(parts._replace(netloc=f"127.0.0.1:{proxy.port}")))
        async with Lobby.at(a.http) as lobby:
            table = await lobby.create(options=quick_options, seats=2)
            tokens = await lobby.join_all(table["id"], "Ann", "Bob")
        clients = [await TableClient.connect(a.ws(table["id"]), t) for t in tokens]
        proxy.disconnect()
        await a.ready("unavailable")
        await asyncio.gather(*(c.play(plain_strategy(c.seat or 0)) for c in clients))
        for client in clients:
            assert client.events("game_over")
            assert unexpected_errors(client) == []
            await client.close()
        proxy.reconnect()
        await a.ready("available")
        assert "scale-out unavailable" in a.log.read_text()
    finally:
        await proxy.close()


async def test_a_player_leaving_through_another_process_is_replaced_by_a_bot(
    start: Start, quick_options: dict[str, Any]
) -> None:
    """Bob leaves through b while a runs the table: a's runtime gives his seat to a bot (else,
    with no clock, Ann would wait for him for ever)."""
    a, b = await start(), await start()
    async with Lobby.at(a.http) as lobby:
        table = await lobby.create(
            options=quick_options, seats=2, bot_takeover=True, bot_delay=0.05
        )
        tokens = await lobby.join_all(table["id"], "Ann", "Bob")
    ann = await TableClient.connect(a.ws(table["id"]), tokens[0])
    await ann.expect("state")
    async with Lobby.at(b.http) as lobby:
        await lobby.leave(table["id"], tokens[1])
    await ann.play(plain_strategy(0))
    assert ann.events("game_over")
    assert unexpected_errors(ann) == []
    await ann.close()


async def test_a_league_watcher_on_another_process_sees_its_changes_and_a_table_finish(
    start: Start, postgres_url: str
) -> None:
    """The league is run through a, and its table runs on a; its page's socket is on b, which
    hears of the sign-ups and the drawing (shared news) and of the table's finish (the hall's
    status news) and pushes the league each time, the last with the new standings."""
    a, b = await start(), await start()
    async with httpx.AsyncClient(base_url=a.http, timeout=30) as http:
        organiser = await league.new_league(http, table_size=2)
        names = league.NAMES[:2]
        for name in names:
            await league.register(http, name)
        async with connect(f"ws://127.0.0.1:{b.port}/ws/leagues/{organiser.id}") as watcher:

            async def pushed(until: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
                async with asyncio.timeout(30):
                    while not until(found := json.loads(await watcher.recv())["league"]):
                        pass
                return found  # type: ignore[no-any-return]

            assert (await pushed(lambda _league: True))["sessions"] == []
            await organiser.open_session()
            for name in names:
                await league.sign_up(http, organiser.id, 1, name)
            seen = await pushed(lambda info: len(info["sessions"][0]["players"]) == len(names))
            assert sorted(seen["sessions"][0]["players"]) == sorted(names)
            (table,) = (await organiser.draw(1))["tables"]
            await pushed(lambda info: info["sessions"][0]["status"] == "drawn")
            tokens = []
            for name in table["players"]:  # the last claim starts the table, on a
                response = await league.claim(http, organiser.id, table["table_id"], name)
                assert response.status_code == 201, response.text
                tokens.append(response.json()["token"])
            assert await owner(postgres_url, table["table_id"]) == (await a.health())["process"]
            clients = [await TableClient.connect(a.ws(table["table_id"]), t) for t in tokens]
            for client in clients:
                await client.expect("state")
            await asyncio.gather(*(c.play(league.default_move, timeout=90) for c in clients))
            for client in clients:
                assert unexpected_errors(client) == []
                await client.close()
            final = await pushed(
                lambda info: sum(s["games"] for s in info["standings"]) == len(names)
            )
    assert {s["name"] for s in final["standings"]} == set(names)


async def removal(where: ServeProcess, table_id: str, seat: int, creator: str) -> httpx.Response:
    async with httpx.AsyncClient(base_url=where.http, timeout=30) as http:
        return await http.post(
            f"/api/tables/{table_id}/seats/{seat}/remove",
            headers={"Authorization": f"Bearer {creator}"},
        )


async def removed_once_gone(
    where: ServeProcess, table_id: str, seat: int, creator: str, grace: float = 0.0
) -> None:
    """The player's socket closed: the removal goes through once the processes see it, and
    the seat has been away for the grace time."""
    async with asyncio.timeout(10 + grace):
        while (response := await removal(where, table_id, seat, creator)).status_code != 200:
            assert response.json()["code"] in {"player_present", "player_away_briefly"}, (
                response.text
            )
            await asyncio.sleep(0.05)


async def test_the_creator_removes_only_players_absent_from_every_process(
    start: Start, quick_options: dict[str, Any]
) -> None:
    """Before the start Bob waits on b and the creator asks a to remove him: a asks b, and
    refuses. Once the table runs on a, the creator asks b to remove Bob, connected through b
    to a (a's runtime knows him): refused, while Cy, connected nowhere, is removed through b."""
    a, b = await start(), await start()
    async with Lobby.at(a.http) as lobby:
        waiting = await lobby.create(options=quick_options, seats=3)
        _seat, bob_token = await lobby.join(waiting["id"], "Bob")
        bob = await TableClient.connect(b.ws(waiting["id"]), bob_token)  # waits on b
        await bob.roundtrip()  # its pong comes after b put him in the waiting room
        refused = await removal(a, waiting["id"], 0, waiting["creator_token"])
        assert (refused.status_code, refused.json()["code"]) == (409, "player_present")
        await bob.close()
        await removed_once_gone(a, waiting["id"], 0, waiting["creator_token"])
        assert (await lobby.table(waiting["id"]))["seats"][0]["kind"] == "empty"

        table = await lobby.create(options=quick_options, seats=3, bot_takeover=True)
        tokens = await lobby.join_all(table["id"], "Ann", "Bob", "Cy")  # it starts on a
    table_id, creator = table["id"], table["creator_token"]
    bob = await TableClient.connect(b.ws(table_id), tokens[1])  # linked to a
    await bob.expect("state")
    refused = await removal(b, table_id, 1, creator)
    assert (refused.status_code, refused.json()["code"]) == (409, "player_present")
    removed = await removal(b, table_id, 2, creator)
    assert removed.status_code == 200, removed.text
    assert removed.json()["seats"][2]["kind"] == "bot"
    await bob.close()
    await removed_once_gone(b, table_id, 1, creator)
    assert "Traceback" not in a.log.read_text() + b.log.read_text()


async def test_without_redis_presence_elsewhere_is_unknown_and_removal_is_refused_retryably(
    start: Start, quick_options: dict[str, Any]
) -> None:
    """Other processes' waiting rooms cannot be asked: the creator is told to try again, and
    the seat stays Bob's."""
    nowhere = f"redis://127.0.0.1:{free_port()}/0"
    alone = await start(redis=nowhere, scale_out="unavailable")
    async with Lobby.at(alone.http) as lobby:
        table = await lobby.create(options=quick_options, seats=3)
        await lobby.join(table["id"], "Bob")
        refused = await removal(alone, table["id"], 0, table["creator_token"])
        assert (refused.status_code, refused.json()["code"]) == (503, "presence_unknown")
        assert (await lobby.table(table["id"]))["seats"][0]["name"] == "Bob"


CLUSTER_GRACE = 3.0
"""The grace time of the process asked to remove a player in the test below: long enough for
its question to every process to be answered well within it."""


async def refused_as_away(where: ServeProcess, table_id: str, seat: int, creator: str) -> Any:
    """The refusal once the processes have seen the player's socket close: not yet removable."""
    async with asyncio.timeout(10):
        while True:
            refused = await removal(where, table_id, seat, creator)
            assert refused.status_code == 409, f"removed within the grace time: {refused.text}"
            if refused.json()["code"] == "player_away_briefly":
                return refused.json()
            assert refused.json()["code"] == "player_present", refused.text
            await asyncio.sleep(0.02)


async def test_a_seat_away_briefly_on_another_process_is_not_removed(
    start: Start, quick_options: dict[str, Any]
) -> None:
    """The grace time is checked on every process. Before the start: Bob joins and waits
    through b, and a, which never saw him and is older than its grace time, refuses to remove
    him when his socket on b has just closed (b answers that it saw him a moment ago), saying
    when he can be; he comes back through a within the grace time and keeps his seat. During
    the game (run by a, started longer ago than the grace time): Dan's socket on b, linked to a,
    closes, and a's runtime saw it go. Once each has been away for the grace time, a removes
    them."""
    a = await start(remove_grace=CLUSTER_GRACE)
    async with Lobby.at(a.http) as lobby:
        running = await lobby.create(options=quick_options, seats=3, bot_takeover=True)
        dan = (await lobby.join_all(running["id"], "Ann", "Dan", "Eve"))[1]  # it starts on a
    a_ready = time.monotonic()  # a's hall counts seats as away from before this at the latest
    b = await start()
    async with Lobby.at(b.http) as lobby:
        table = await lobby.create(options=quick_options, seats=3)
        _seat, bob_token = await lobby.join(table["id"], "Bob")
    table_id, creator = table["id"], table["creator_token"]
    await asyncio.sleep(max(0.0, a_ready + CLUSTER_GRACE - time.monotonic()))

    bob = await TableClient.connect(b.ws(table_id), bob_token)  # waits on b
    await bob.roundtrip()
    await bob.close()
    refused = await refused_as_away(a, table_id, 0, creator)
    assert refused["params"]["name"] == "Bob"
    assert 1 <= refused["params"]["count"] <= CLUSTER_GRACE
    bob = await TableClient.connect(a.ws(table_id), bob_token)  # back, through a
    assert bob.seat == 0
    await bob.roundtrip()
    present = await removal(a, table_id, 0, creator)
    assert (present.status_code, present.json()["code"]) == (409, "player_present")
    await bob.close()

    linked = await TableClient.connect(b.ws(running["id"]), dan)  # linked to a
    await linked.expect("state")
    await linked.close()
    refused = await refused_as_away(a, running["id"], 1, running["creator_token"])
    assert refused["params"]["name"] == "Dan"

    await asyncio.gather(
        removed_once_gone(a, table_id, 0, creator, grace=CLUSTER_GRACE),
        removed_once_gone(a, running["id"], 1, running["creator_token"], grace=CLUSTER_GRACE),
    )
    async with Lobby.at(a.http) as lobby:
        assert (await lobby.table(table_id))["seats"][0]["kind"] == "empty"
        assert (await lobby.table(running["id"]))["seats"][1]["kind"] == "bot"
    assert "Traceback" not in a.log.read_text() + b.log.read_text()
