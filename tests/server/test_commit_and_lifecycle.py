"""A move is seen by nobody before it is committed; a finished table leaves memory however it got
there; a finished game cannot be left; each bot draws from its own random stream.

The hall is driven in process where exact timing matters (a commit is held open by a gate), and
over a live server for what a client sees (a sync, a new connection).
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Iterator
from typing import Any, TypeVar

import httpx
import pytest

from pokerhall import games
from pokerhall.engine import IllegalMove
from pokerhall.engine.rng import MAX_SEED, derive_seed
from pokerhall.server.app import create_app
from pokerhall.server.store.db import Database
from pokerhall.server.tables import running as running_module
from pokerhall.server.tables.hall import Hall
from pokerhall.server.tables.runtime import MoveNotSaved, TableRuntime
from pokerhall.server.wire.messages import CreateTable

from .live import LiveServer
from .lobby import Lobby, bearer
from .wsclient import TableClient, passive_strategy, plain_strategy

pytestmark = pytest.mark.anyio
TIMEOUT = 30.0
LINGER = 0.05
"""FINISHED_TABLE_LINGERS in these tests, so a retirement is seen at once."""
T = TypeVar("T")


@pytest.fixture
async def db(sqlite_url: str) -> AsyncIterator[Database]:
    database = Database(sqlite_url)
    await database.migrate()
    yield database
    await database.close()


@pytest.fixture
async def hall(db: Database) -> AsyncIterator[Hall]:
    the_hall = Hall(db)
    yield the_hall
    await the_hall.close()


class CommitGate:
    """Once armed, holds each commit open until released, then fails it (the disk is full) or
    lets it through. Thread-safe, because a live server commits on its own thread's loop."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, *, fail: bool) -> None:
        self.fail = fail
        self.armed = threading.Event()
        self.entered = threading.Event()
        self.released = threading.Event()
        save = Database.append_move

        async def append_move(db: Database, *args: Any) -> None:
            if self.armed.is_set():
                self.entered.set()
                while not self.released.is_set():
                    await asyncio.sleep(0.005)
                if self.fail:
                    raise OSError("disk full")
            await save(db, *args)

        monkeypatch.setattr(Database, "append_move", append_move)

    @contextlib.contextmanager
    def holding(self) -> Iterator[None]:
        """Arm the gate; on the way out release what it holds, even when the test failed (a
        commit held for good would keep the table from stopping)."""
        self.armed.set()
        try:
            yield
        finally:
            self.released.set()

    async def wait_entered(self) -> None:
        assert await asyncio.to_thread(self.entered.wait, 5.0), "no commit started"


def snapshots(runtime: TableRuntime) -> dict[int | None, str]:
    """What a sync or a new connection would get now, for every seat and a spectator."""
    return {seat: runtime.snapshot(seat) for seat in [*range(runtime.state.num_seats), None]}


async def play_out(runtime: TableRuntime, humans: Iterable[int]) -> None:
    """Play the human seats with the plain test strategy until the game is over; bots play
    themselves. A move a bot's move overtook is simply made again for the new prompt."""
    seats = set(humans)
    async with asyncio.timeout(TIMEOUT):
        while not runtime.state.over:
            pending = runtime.state.pending()
            seat = next((s for s in sorted(seats) if s in pending), None)
            if seat is None:
                await asyncio.sleep(0.005)
                continue
            view = runtime.state.view(seat)
            move = plain_strategy(seat)(view, view["you"]["prompt"])
            with contextlib.suppress(IllegalMove):
                await runtime.submit(seat, move)


async def finished_table(hall: Hall, options: dict[str, Any]) -> str:
    """A heads-up game of Ann against a bot, played to its end; returns the table id."""
    request = CreateTable(options=options, seats=2, bots=1, turn_clock=None)
    table = await hall.opening.create_table(request)
    await hall.seats.join(table.id, "Ann")
    await play_out(hall.runtimes[table.id], [0])
    await wait_until(
        lambda: hall.db.table(table.id), lambda row: row is not None and row.status == "finished"
    )
    return table.id


async def wait_until(read: Callable[[], Awaitable[T]], done: Callable[[T], bool]) -> None:
    """Poll `read()` (awaited) until `done` accepts it, failing after the test timeout."""
    async with asyncio.timeout(TIMEOUT):
        while not done(await read()):
            await asyncio.sleep(0.01)


async def gone(hall: Hall, table_id: str) -> bool:
    return table_id not in hall.runtimes


# --- 1. nobody sees a move before it is committed -------------------------------------------


@pytest.mark.parametrize("commit_fails", [False, True], ids=["commit-succeeds", "commit-fails"])
async def test_snapshots_show_no_move_until_it_is_committed(
    hall: Hall, quick_options: dict[str, Any], monkeypatch: pytest.MonkeyPatch, commit_fails: bool
) -> None:
    """While a public move (a check or call) waits for its commit, every snapshot (a sync, a new
    connection, any seat or a spectator) is exactly what it was before the move."""
    table = await hall.opening.create_table(
        CreateTable(options=quick_options, seats=2, turn_clock=None)
    )
    await hall.seats.join(table.id, "Ann")
    await hall.seats.join(table.id, "Bob")
    runtime = hall.runtimes[table.id]
    for seat in (0, 1):  # the secret guesses, committed as usual
        await runtime.submit(seat, {"type": "guess", "value": str(seat + 1)})
    [mover] = runtime.state.pending()
    gate = CommitGate(monkeypatch, fail=commit_fails)
    before = snapshots(runtime)

    with gate.holding():
        move = asyncio.create_task(runtime.submit(mover, runtime.state.default_move(mover)))
        await gate.wait_entered()
        assert snapshots(runtime) == before
        assert runtime.state.state_id == 2

    if commit_fails:
        with pytest.raises(MoveNotSaved):
            await asyncio.wait_for(move, 5)
        assert snapshots(runtime) == before  # the move never happened
    else:
        assert await asyncio.wait_for(move, 5) == 3
        assert snapshots(runtime)[None] != before[None]  # now everybody may see it


def game_of(snapshot: dict[str, Any]) -> dict[str, Any]:
    """A snapshot without who is at the table (`presence`), which the watchers change."""
    return {key: value for key, value in snapshot.items() if key != "presence"}


async def test_a_sync_and_a_new_connection_never_show_a_move_that_is_not_saved(
    sqlite_url: str, quick_options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The auditor's case over the wire: Bob syncs and a spectator connects while Ann's check is
    being committed, and the commit then fails."""
    gate = CommitGate(monkeypatch, fail=True)
    async with LiveServer(sqlite_url) as server, Lobby.at(server.http) as lobby:
        table = await lobby.create(options=quick_options, seats=2)
        tokens = await lobby.join_all(table["id"], "Ann", "Bob")
        clients = [await TableClient.connect(server.ws(table["id"]), t) for t in tokens]
        for client in clients:
            await client.expect("state")
        for client in clients:  # both guess
            assert await client.answer(passive_strategy)
            await client.expect("update")
        await asyncio.gather(*(c.roundtrip() for c in clients))
        mover = next(c for c in clients if c.prompt() is not None)
        other = next(c for c in clients if c is not mover)
        synced = game_of(await other.sync())
        watcher = await TableClient.connect(server.ws(table["id"]))
        watched = game_of(await watcher.expect("state"))

        with gate.holding():
            assert await mover.answer(passive_strategy)
            await gate.wait_entered()
            assert game_of(await other.sync()) == synced
            late = await TableClient.connect(server.ws(table["id"]))
            assert game_of(await late.expect("state")) == watched
        assert (await mover.next_error())["reason"] == "the move could not be saved; try again"
        assert game_of(await other.sync()) == synced

        gate.armed.clear()
        mover.answered = None  # the prompt is still open
        assert await mover.answer(passive_strategy)  # saved this time: now everybody sees it
        await mover.expect("update")
        assert (await other.sync())["events"] != synced["events"]
        for client in [*clients, watcher, late]:
            await client.close()


# --- 2. a finished table leaves memory however it got there -----------------------------------


async def test_a_finished_table_loaded_for_a_watcher_is_retired_again(
    hall: Hall, quick_options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(running_module, "FINISHED_TABLE_LINGERS", LINGER)
    table_id = await finished_table(hall, quick_options)
    await wait_until(lambda: gone(hall, table_id), bool)  # retired after its last move

    runtime = await hall.running.runtime(
        table_id
    )  # a watcher comes later: rebuilt from the database
    assert runtime is not None
    assert runtime.state.over
    await wait_until(lambda: gone(hall, table_id), bool)


async def test_a_game_found_over_at_start_up_is_finished_and_retired(
    db: Database, quick_options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server stopped after the last move was saved but before the table was marked
    finished: the restart finishes it, and it must leave memory like any finished table."""
    monkeypatch.setattr(running_module, "FINISHED_TABLE_LINGERS", LINGER)
    before = Hall(db)
    table_id = await finished_table(before, quick_options)
    await before.close()
    await db.set_status(table_id, "running")

    after = Hall(db)
    try:
        assert await after.restore() == 1
        row = await db.table(table_id)
        assert row is not None
        assert row.status == "finished"
        await wait_until(lambda: gone(after, table_id), bool)
    finally:
        await after.close()


# --- 3. leaving a finished game ---------------------------------------------------------------


async def test_leaving_a_finished_game_is_refused_and_changes_nothing(
    sqlite_url: str, quick_options: dict[str, Any]
) -> None:
    app = create_app(sqlite_url)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app, raise_app_exceptions=False)
        async with httpx.AsyncClient(transport=transport, base_url="http://hall") as http:
            lobby = Lobby(http)
            table = await lobby.create(options=quick_options, seats=2, bots=1)
            _seat, ann = await lobby.join(table["id"], "Ann")
            await play_out(app.state.hall.runtimes[table["id"]], [0])
            finished = await lobby.wait_for_status(table["id"], "finished", TIMEOUT)

            response = await http.post(f"/api/tables/{table['id']}/leave", headers=bearer(ann))
            assert response.status_code == 409, response.text
            assert "over" in response.json()["detail"]
            assert await lobby.table(table["id"]) == finished
            assert await app.state.hall.book.authenticate(table["id"], ann) == 0  # still her seat


# --- 4. bots' random streams ------------------------------------------------------------------


def test_each_bot_has_its_own_random_stream_apart_from_the_question_deck() -> None:
    """The deck draws from `make_rng(seed)`: with `seed + seat` the bot at seat 0 would share
    it, and every bot the deck of the table whose seed is `seed + seat`. Seeds stay the same
    from run to run, so a restarted table's bots play as before."""
    table_seed = 1234
    seeds = [derive_seed(table_seed, f"bot:{seat}") for seat in range(3)]
    assert seeds == [derive_seed(table_seed, f"bot:{seat}") for seat in range(3)]
    assert len(set(seeds)) == len(seeds)
    assert all(0 <= seed <= MAX_SEED for seed in seeds)
    assert not set(seeds) & {table_seed + offset for offset in range(-10, 11)}
    bots = games.make_bots("quizpoker", {0: "heuristic", 2: "random"}, table_seed)
    assert sorted(bots) == [0, 2]
