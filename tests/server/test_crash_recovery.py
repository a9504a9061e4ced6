"""A crash in the middle of a hand: the server is a subprocess, killed with SIGKILL (no chance
to clean up) and started again on the same database. Every move a client saw acknowledged is
still there, everybody resumes with their token, and the game is played to its end."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from pokerhall import games
from pokerhall.engine.record import MatchRecord
from pokerhall.server.app import create_app
from pokerhall.server.wire.messages import WS_MAX_FRAME_BYTES

from .lobby import Lobby
from .wsclient import TableClient, passive_strategy, plain_strategy, unexpected_errors

pytestmark = pytest.mark.anyio
START_TIMEOUT = 30.0
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
"""Served as the operator's pack folder, so tables may name the mini pack ("mini.en")."""


class ServerProcess:
    """`python -c` running uvicorn with create_app on a SQLite file, as `pokerhall serve` does."""

    def __init__(self, db_url: str, log: Path) -> None:
        self.port = _free_port()
        code = (
            "import uvicorn\n"
            "from pathlib import Path\n"
            "from pokerhall.server.app import create_app\n"
            f"app = create_app({db_url!r}, packs_dir=Path({str(FIXTURES)!r}))\n"
            f"uvicorn.run(app, host='127.0.0.1', port={self.port},"
            f" ws_max_size={WS_MAX_FRAME_BYTES}, log_level='warning')\n"
        )
        self.log = log
        with log.open("ab") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-c", code], stdout=out, stderr=subprocess.STDOUT
            )

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def ws(self, table_id: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/tables/{table_id}"

    async def ready(self) -> None:
        async with httpx.AsyncClient(base_url=self.http, timeout=2) as client:
            async with asyncio.timeout(START_TIMEOUT):
                while True:
                    if self.process.poll() is not None:
                        pytest.fail(f"the server exited: {self.log.read_text()}")
                    with contextlib.suppress(httpx.TransportError):
                        if (await client.get("/api/tables")).status_code == 200:
                            return
                    await asyncio.sleep(0.1)

    def kill(self, sig: int = signal.SIGKILL) -> None:
        if self.process.poll() is None:
            self.process.send_signal(sig)
        self.process.wait(timeout=15)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture
def processes() -> Iterator[list[ServerProcess]]:
    """Servers started by a test; any still running at the end are killed."""
    started: list[ServerProcess] = []
    yield started
    for server in started:
        server.kill()


async def kill_and_restart(
    first: ServerProcess,
    clients: list[TableClient],
    processes: list[ServerProcess],
    sqlite_url: str,
    tmp_path: Path,
    table_id: str,
    tokens: list[str],
) -> tuple[ServerProcess, list[TableClient]]:
    """kill -9 the server mid-game, start another on the same database, and reconnect every
    seat with its token: what a crash and a restart look like to the players."""
    first.kill(signal.SIGKILL)
    for client in clients:
        with contextlib.suppress(Exception):
            await client.close()
    second = ServerProcess(sqlite_url, tmp_path / "server.log")
    processes.append(second)
    await second.ready()
    return second, [await TableClient.connect(second.ws(table_id), t) for t in tokens]


async def test_a_killed_server_loses_no_acknowledged_move(
    processes: list[ServerProcess], sqlite_url: str, quick_options: dict[str, Any], tmp_path: Path
) -> None:
    first = ServerProcess(sqlite_url, tmp_path / "server.log")
    processes.append(first)
    await first.ready()
    async with Lobby.at(first.http) as lobby:
        table = await lobby.create(options=quick_options, seats=3)
        tokens = [(await lobby.join(table["id"], n))[1] for n in ("Ann", "Bob", "Cy")]
    clients = [await TableClient.connect(first.ws(table["id"]), t) for t in tokens]

    def in_round_two(client: TableClient) -> bool:
        return bool(client.view and (client.view["hand"]["round"] or 0) >= 2)

    await asyncio.gather(*(c.play(passive_strategy, until=in_round_two) for c in clients))
    mover = next(c for c in clients if c.prompt() is not None)
    await mover.answer(passive_strategy)
    await mover.expect("update")  # acknowledged: this move must survive the crash
    seen: list[dict[str, Any]] = [c.view or {} for c in clients]
    if (actor := next((c for c in clients if c.prompt() is not None), None)) is not None:
        await actor.answer(passive_strategy)  # in flight when the server dies: either way is fine
    second, clients = await kill_and_restart(
        first, clients, processes, sqlite_url, tmp_path, table["id"], tokens
    )
    for client, view in zip(clients, seen, strict=True):
        state = await client.expect("state")
        assert state["view"]["prompt_id"] >= view["prompt_id"]
        assert state["view"]["hand"]["number"] == view["hand"]["number"]
        assert state["view"]["you"]["guess"] == view["you"]["guess"] is not None
        assert len(state["view"]["stack_history"]) == len(view["stack_history"])
        before = [(p["bet"], p["put_in"]) for p in view["players"]]
        after = [(p["bet"], p["put_in"]) for p in state["view"]["players"]]
        assert sum(p for _bet, p in after) >= sum(p for _bet, p in before)
    await asyncio.gather(*(c.play(plain_strategy(c.seat or 0)) for c in clients))
    async with Lobby.at(second.http) as lobby:
        finished = await lobby.wait_for_status(table["id"], "finished", timeout=5)
    assert sum(finished["result"]["scores"]) == 3 * quick_options["starting_stack"]
    for client in clients:
        assert client.events("game_over"), client.seat
        assert unexpected_errors(client) == []
        await client.close()
    second.kill(signal.SIGTERM)  # a clean shutdown (uvicorn re-raises the signal afterwards)
    assert second.process.returncode in (0, -signal.SIGTERM)
    assert "Traceback" not in second.log.read_text()


def palace_strategy(view: dict[str, Any], prompt: dict[str, Any]) -> dict[str, Any]:
    """Palace Poker, predictably: buy one soldier, then stay (a quiet orbit ends the hand in a
    showdown, P15); battle the first target when two are left and staying is not offered (P14);
    call in a battle (P10); keep soldiers (or the default when over five)."""
    moves = {move["type"]: move for move in prompt["moves"]}
    if prompt["type"] == "battle":
        return {"type": "call"}
    if prompt["type"] == "soldiers":
        return {"type": "keep"} if "keep" in moves else dict(prompt["default"])
    soldiers = view["players"][view["seat"]]["soldiers"]
    if "buy" in moves and not soldiers:
        return {"type": "buy"}
    if "stay" in moves:
        return {"type": "stay"}
    if "battle" in moves:
        params = moves["battle"]["params"]
        return {
            "type": "battle",
            "target": params["target"]["choices"][0],
            "bet": params["bet"]["min"],
        }
    return {"type": "fold"}


async def test_a_killed_server_resumes_a_palace_hand_identically(
    processes: list[ServerProcess], sqlite_url: str, tmp_path: Path
) -> None:
    """Palace Poker (docs/rules/palace.md) survives SIGKILL mid-hand: every seat gets back
    exactly the view it last had (its palace, the known cards, the prompt), the hand goes on,
    and the finished match replays (from the operator's record: Palace keeps its seed) to the
    server's result."""
    options = {"starting_stack": 100, "hands_per_session": 3}
    first = ServerProcess(sqlite_url, tmp_path / "server.log")
    processes.append(first)
    await first.ready()
    async with Lobby.at(first.http) as lobby:
        table = await lobby.create(game="palace", options=options, seats=3)
        tokens = [(await lobby.join(table["id"], n))[1] for n in ("Ann", "Bob", "Cy")]
    clients = [await TableClient.connect(first.ws(table["id"]), t) for t in tokens]

    def in_hand_two(client: TableClient) -> bool:
        return bool(client.view and client.view["hand"]["number"] >= 2)

    await asyncio.gather(*(c.play(palace_strategy, until=in_hand_two) for c in clients))
    mover = next(c for c in clients if c.prompt() is not None)
    await mover.answer(palace_strategy)  # a buy: hand 2 is under way
    await mover.expect("update")
    for client in clients:  # everyone has heard of the move before the crash
        while client.view is None or client.view["prompt_id"] != mover.view["prompt_id"]:  # type: ignore[index]
            await client.recv()
    seen = [dict(c.view or {}) for c in clients]
    second, clients = await kill_and_restart(
        first, clients, processes, sqlite_url, tmp_path, table["id"], tokens
    )
    for client, view in zip(clients, seen, strict=True):
        state = await client.expect("state")
        assert state["view"] == view  # the same hand, palace, soldiers, pot and prompt
        assert state["view"]["you"]["palace"]
    await asyncio.gather(*(c.play(palace_strategy) for c in clients))
    async with Lobby.at(second.http) as lobby:
        finished = await lobby.wait_for_status(table["id"], "finished", timeout=5)
        async with httpx.AsyncClient(base_url=second.http) as http:
            published = (await http.get(f"/api/tables/{table['id']}/record")).json()
    assert sum(finished["result"]["scores"]) == 3 * options["starting_stack"]
    assert published["seed"] is None  # P13: Palace keeps its seed; the operator's record has it
    for client in clients:
        assert client.events("game_over"), client.seat
        assert unexpected_errors(client) == []
        await client.close()
    second.kill(signal.SIGTERM)
    assert "Traceback" not in second.log.read_text()
    app = create_app(sqlite_url)
    async with app.router.lifespan_context(app):
        full: MatchRecord = await app.state.hall.book.record(table["id"])
    assert games.replay(full).result == finished["result"]


def detective_strategy(view: dict[str, Any], prompt: dict[str, Any]) -> dict[str, Any]:
    """A bet that depends only on what the seat sees: a board turning with the street, one
    chip, and the +1 card on the river (X5, X6)."""
    seat, street = view["seat"], view["hand"]["street_index"]
    board = (seat + street) % len(view["players"])
    card = "+1" if prompt["street"] == "river" else ""
    return {"type": "bet", "board": board, "chips": 1, "card": card}


async def test_a_killed_detective_table_goes_on_identically(
    processes: list[ServerProcess], sqlite_url: str, tmp_path: Path
) -> None:
    """Detective Poker (X1-X10) killed mid-hand (hand 2, on the turn): every seat's view after
    the restart is the view it had, the game is played to its end, and its result is what the
    same moves give in one uninterrupted run."""
    first = ServerProcess(sqlite_url, tmp_path / "server.log")
    processes.append(first)
    await first.ready()
    async with Lobby.at(first.http) as lobby:
        table = await lobby.create(game="detective", options={}, seats=3)
        tokens = [(await lobby.join(table["id"], n))[1] for n in ("Ann", "Bob", "Cy")]
    clients = [await TableClient.connect(first.ws(table["id"]), t) for t in tokens]

    def mid_hand_two(client: TableClient) -> bool:
        hand = client.view["hand"] if client.view else None
        return bool(hand and (hand["number"], hand["street_index"] or 0) >= (2, 3))

    await asyncio.gather(*(c.play(detective_strategy, until=mid_hand_two) for c in clients))
    mover = next(c for c in clients if c.prompt() is not None)
    await mover.answer(detective_strategy)
    update = await mover.expect("update")  # acknowledged, and every seat is told of it
    prompt_id = update["view"]["prompt_id"]
    for client in clients:
        while client.view is None or client.view["prompt_id"] < prompt_id:
            await client.recv()
    seen = [client.view for client in clients]
    second, clients = await kill_and_restart(
        first, clients, processes, sqlite_url, tmp_path, table["id"], tokens
    )
    for client, view in zip(clients, seen, strict=True):
        state = await client.expect("state")
        assert state["view"] == view, f"seat {client.seat} sees another game after the restart"
    await asyncio.gather(*(c.play(detective_strategy) for c in clients))
    async with Lobby.at(second.http) as lobby:
        finished = await lobby.wait_for_status(table["id"], "finished", timeout=5)
        record = MatchRecord.from_json(await lobby.record(table["id"]))
    assert len(record.moves) == 2 * 3 * 4 * 3  # two rounds of three hands, four bets each
    uninterrupted = games.replay(record)
    assert uninterrupted.result == finished["result"]
    for client in clients:
        assert client.events("game_over")[-1]["winners"] == finished["result"]["winners"]
        assert client.view is not None
        assert client.view["hand_points"] == uninterrupted.view(client.seat)["hand_points"]
        assert unexpected_errors(client) == []
        await client.close()
    second.kill(signal.SIGTERM)
    assert "Traceback" not in second.log.read_text()
