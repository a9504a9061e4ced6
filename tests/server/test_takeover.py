"""How fast, and how safely, a survivor takes over the tables of a process that stopped renewing
its leases (`server/cluster/timing.py`), with two clusters in this process over a real
PostgreSQL and Redis and short timings so the tests are quick: no survivor claims a lease
before it can have expired, every table is claimed within the configured lease + scan (plus
the claim's own work), a moment's replay keeps every stored move, and the stalled owner, once
it runs again, drops the table and none of its moves is stored. The same with real processes
and a kill -9 is `test_cluster.py`'s; the figures under load are `bench/cluster_load.py`'s."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

from pokerhall.server.cluster import Cluster
from pokerhall.server.cluster.lease import LeaseLost
from pokerhall.server.cluster.timing import (
    CLIENT_CONNECT_TIMEOUT,
    CLIENT_IDLE_PING,
    CLIENT_PONG_TIMEOUT,
    DEFAULT,
    Timing,
)
from pokerhall.server.store.db import Database
from pokerhall.server.store.models import SeatRow, TableRow
from pokerhall.server.tables import socket as websocket
from pokerhall.server.tables.hall import Hall
from pokerhall.server.wire.connection import Peer

from . import redis_server

pytestmark = pytest.mark.anyio
SHORT = Timing(lease=2.0, renew=0.25, scan=0.25, lock_idle=0.5, alive=1.0, redis_retry=0.2)
"""Short enough for quick tests; a renewal may be 1.75 s late, as on a loaded machine (both
clusters share this test's one event loop)."""
CLAIM_ALLOWANCE = 5.0
"""What a claim may take beyond `Timing.takeover_bound`: its queries and the replay, on a
loaded two-core CI machine shared with other jobs. Not a speed target: the bound is."""
TABLES = ("t1", "t2", "t3")
SOCKET_JS = Path(__file__).resolve().parents[2] / "src/pokerhall/web/js/socket.js"

Start = Callable[[], Awaitable[Cluster]]


@pytest.fixture
def redis_url() -> str:
    url = redis_server.server_url()
    redis_server.reachable_or_skip(url)
    return url


@pytest.fixture
async def start(postgres_url: str, redis_url: str) -> AsyncIterator[Start]:
    """Starts clusters of one hall (each its own database engine and hall, as a process);
    the first one migrates the database and opens the running tables, unowned."""
    prefix = redis_server.new_prefix()
    started: list[Cluster] = []

    async def start_one() -> Cluster:
        db = Database(postgres_url)
        if not started:
            await db.migrate()
            for table_id in TABLES:
                await db.add_table(*running_table(table_id))
        hall = Hall(db)

        async def handle(peer: Peer, table_id: str, text: str) -> None:
            await websocket.handle_message(peer, hall, table_id, text)

        cluster = Cluster(hall, db, redis_url, prefix=prefix, handle=handle, timing=SHORT)
        started.append(cluster)
        cluster.start()
        async with asyncio.timeout(10):
            while not cluster.bus.available:
                await asyncio.sleep(0.02)
        return cluster

    yield start_one
    for cluster in started:
        await cluster.hall.close()
        await cluster.close()
        await cluster.hall.db.close()


def running_table(table_id: str) -> tuple[TableRow, list[SeatRow]]:
    table = TableRow(
        id=table_id,
        name=table_id,
        game="quizpoker",
        options={},
        num_seats=2,
        seed=7,
        status="running",
        bot_delay=0.0,
        bot_takeover=False,
    )
    seats = [
        SeatRow(table_id=table_id, seat=s, name=f"P{s}", kind="human", left=False) for s in (0, 1)
    ]
    return table, seats


async def until(condition: Callable[[], bool], timeout: float) -> None:
    async with asyncio.timeout(timeout):
        while not condition():
            await asyncio.sleep(0.02)


async def test_a_survivor_takes_a_stalled_owner_s_tables_within_lease_and_scan(
    start: Start,
) -> None:
    """`a` runs the tables (its scan finds them unowned), makes a move, and stalls: it renews
    once more, then never again. `b` leaves the tables alone while that renewal's lease may
    still be live, and has claimed every one within lease + scan of it, replaying the move.
    When `a` runs again it learns it lost them and drops them; its move now is refused and
    not stored, while `b`'s is."""
    a = await start()
    await until(lambda: set(a.hall.runtimes) == set(TABLES), CLAIM_ALLOWANCE + SHORT.scan)
    first = a.hall.runtimes["t1"]
    await first.submit(0, {"type": "guess", "value": "12"})
    b = await start()

    clock = asyncio.get_running_loop()
    await a.stop_loops()
    renewed_from = clock.time()
    assert await a.leases.renew() == set()  # the last renewal before the stall
    renewed_by = clock.time()

    await asyncio.sleep(max(0.0, renewed_from + SHORT.lease - 0.1 - clock.time()))
    assert not b.hall.runtimes, "a survivor claimed a lease that may still have been live"
    bound = renewed_by + SHORT.takeover_bound + CLAIM_ALLOWANCE - clock.time()
    await until(lambda: set(b.hall.runtimes) == set(TABLES), bound)
    assert b.hall.runtimes["t1"].state.state_id == first.state.state_id == 1

    a.start_loops()  # a runs again
    await until(lambda: not a.hall.runtimes, SHORT.renew + CLAIM_ALLOWANCE)
    with pytest.raises(LeaseLost):
        await a.hall.db.append_move("t1", 2, 1, {"type": "guess", "value": "7"})
    await b.hall.runtimes["t1"].submit(1, {"type": "guess", "value": "30"})
    stored = await b.hall.db.moves("t1")
    assert [(m.seq, m.seat, m.move["value"]) for m in stored] == [(1, 0, "12"), (2, 1, "30")]
    assert set(a.leases.held) == set()
    assert set(b.leases.held) == set(TABLES)


async def test_a_live_owner_keeps_its_tables(start: Start) -> None:
    """Renewals come in time: over several leases' worth of time the survivor claims
    nothing, and the owner never has to give a table up."""
    a = await start()
    await until(lambda: set(a.hall.runtimes) == set(TABLES), CLAIM_ALLOWANCE + SHORT.scan)
    b = await start()
    await asyncio.sleep(2 * SHORT.lease)
    assert not b.hall.runtimes
    assert set(a.hall.runtimes) == set(a.leases.held) == set(TABLES)


def test_timings_that_would_lose_live_tables_are_refused() -> None:
    """A lease renewed less than twice per lease would expire at the first late renewal."""
    with pytest.raises(ValueError, match="renewed at least twice"):
        Timing(lease=1.0, renew=0.6)
    with pytest.raises(ValueError, match="scan must be positive"):
        Timing(scan=0)
    assert DEFAULT.takeover_bound == DEFAULT.lease + DEFAULT.scan


def test_the_web_client_watches_its_connection_as_the_server_s_timing_says() -> None:
    """socket.js keeps its own copies of the client constants (in ms): they must agree."""
    source = SOCKET_JS.read_text(encoding="utf-8")

    def constant(name: str) -> float:
        found = re.search(rf"export const {name} = (\d+);", source)
        assert found is not None, name
        return int(found.group(1)) / 1000

    assert constant("PING_WHEN_IDLE") == CLIENT_IDLE_PING
    assert constant("PONG_TIMEOUT") == CLIENT_PONG_TIMEOUT
    assert constant("CONNECT_TIMEOUT") == CLIENT_CONNECT_TIMEOUT
