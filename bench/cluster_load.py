"""Several `pokerhall serve` processes over PostgreSQL + Redis on loopback, and a fault.

`--processes` servers share a fresh PostgreSQL database and one Redis (a prefix of their own).
`--tables` tables of three seats are opened round the processes, and each seat's client connects
to another process than its neighbour's, so most moves are routed to the table's owner over
Redis and most updates fanned out back. Clients play flat out with bench/load_client.py's
policy; a client whose connection drops reconnects (to the next process alive) and carries on,
sending its move again only if its prompt is still open. Like the web client (`socket.js`), a
client that has heard nothing for a while pings, and gives a connection up whose ping goes
unanswered (`cluster/timing.py`): a stalled process keeps its sockets open but silent.

After a warm-up it measures for `--seconds`; at `--fault-at` seconds into that, one process gets
the fault: `kill` is SIGKILL, `stall` is SIGSTOP for `--stall-seconds` (longer than a lease),
then SIGCONT. `--faults` runs each kind in turn, `--runs` times each, each run on fresh
processes and a fresh database. For each run it reports acknowledged moves per second, the
latency from sending a move to receiving its update (p50, p99), and for each table of the
faulty process the time from the fault until it had a new owner and until it acknowledged a
move again through a surviving process (a move sent after the fault, through a connection to
another process); then it checks the database: every acknowledged move is stored (lost must
be 0) and no prompt was answered twice by one seat (doubled must be 0). At the end it prints
each fault kind's per-table times over all its runs: p50, p99 and max.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import io
import json
import os
import pstats
import random
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import httpx
from sqlalchemy import func, select
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, WebSocketException

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script or module
from bench.load_client import PACKS, choose, table_options
from pokerhall import games
from pokerhall.server.cluster.timing import (
    CLIENT_CONNECT_TIMEOUT,
    CLIENT_IDLE_PING,
    CLIENT_PONG_TIMEOUT,
)
from pokerhall.server.lobby.packs import register_packs
from pokerhall.server.store.db import Database
from pokerhall.server.store.models import LeaseRow, TableRow
from pokerhall.server.tables.hall import Hall

READY_TIMEOUT = 60.0
POSTGRES = os.environ.get("POKERHALL_BENCH_POSTGRES", "postgresql://postgres@127.0.0.1:5432/x")
REDIS = os.environ.get("POKERHALL_BENCH_REDIS", "redis://127.0.0.1:6379/0")
FAULTS = ("kill", "stall", "none")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def percentile(sorted_values: list[float], p: float) -> float:
    if not sorted_values:
        return float("nan")
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * p / 100))]


def long_game() -> dict[str, Any]:
    """bench/load_client.py's options with deep stacks: no game ends during the run, so the
    killed process's tables are still being played when it dies."""
    return {**table_options(), "starting_stack": 5000, "hands_per_level": 50}


def with_database(url: str, name: str) -> str:
    return urlunsplit(urlsplit(url)._replace(path=f"/{name}"))


async def admin(statement: str) -> None:
    conn = await asyncpg.connect(with_database(POSTGRES, "postgres"), timeout=5)
    try:
        await conn.execute(statement)
    finally:
        await conn.close()


class Server:
    def __init__(self, db_url: str, prefix: str, log: Path, profile: Path | None = None) -> None:
        self.port = free_port()
        self.log = log
        self.profile = profile
        profiler = ["-m", "cProfile", "-o", str(profile)] if profile else []
        command = [sys.executable, *profiler, "-m", "pokerhall", "serve", "--port", str(self.port)]
        command += ["--db", db_url, "--redis", REDIS, "--redis-prefix", prefix]
        command += ["--packs", str(PACKS)] if PACKS.is_dir() else []
        with log.open("wb") as out:
            self.proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
        self.id = ""

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def alive(self) -> bool:
        return self.proc.poll() is None

    async def ready(self) -> None:
        async with httpx.AsyncClient(base_url=self.http, timeout=2) as http:
            deadline = time.monotonic() + READY_TIMEOUT
            while time.monotonic() < deadline:
                if not self.alive():
                    raise RuntimeError(f"a server exited:\n{self.log.read_text()[-2000:]}")
                with contextlib.suppress(httpx.HTTPError):
                    health = (await http.get("/api/health")).json()
                    if health.get("scale_out") == "available":
                        self.id = health["process"]
                        return
                await asyncio.sleep(0.1)
        raise TimeoutError("a server did not become ready")

    def stop(self, sig: int = signal.SIGINT) -> None:
        if self.alive():
            self.proc.send_signal(signal.SIGCONT)  # a stalled one must run to stop cleanly
            self.proc.send_signal(sig)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(15)


@dataclasses.dataclass
class Figures:
    measuring: bool = False
    moves: int = 0
    latencies: list[float] = dataclasses.field(default_factory=list)
    acknowledged: set[tuple[str, int, int]] = dataclasses.field(default_factory=set)
    """(table, seat, prompt id) of every move a client saw acknowledged."""
    errors: Counter[str] = dataclasses.field(default_factory=Counter)
    reconnects: int = 0
    games_finished: int = 0
    fault_at: float | None = None
    """When the fault struck (`time.perf_counter`)."""
    victim: Server | None = None
    victims: set[str] = dataclasses.field(default_factory=set)
    """The faulty process's tables."""
    resumed: dict[str, float] = dataclasses.field(default_factory=dict)
    """Seconds from the fault until each of them acknowledged a move through a survivor."""
    unanswered_pings: int = 0
    synced: dict[str, float] = dataclasses.field(default_factory=dict)
    """Seconds from the fault until a client of each of them had its state from a survivor."""


class Seat:
    """One seat's client: plays until the game is over, reconnecting through any process."""

    def __init__(
        self, servers: list[Server], home: int, table_id: str, token: str, figures: Figures
    ) -> None:
        self.servers, self.home, self.table_id, self.token = servers, home, table_id, token
        self.figures = figures
        self.rng = random.Random(f"{table_id}{token}")
        self.sent_at: float | None = None
        self.server: Server | None = None
        self.sent_for: int | None = None
        self.move: dict[str, Any] | None = None
        self.seat: int | None = None
        self.retried = False

    def _server(self, attempt: int) -> Server:
        for step in range(len(self.servers)):
            server = self.servers[(self.home + attempt + step) % len(self.servers)]
            if server.alive():
                return server
        raise RuntimeError("no server is alive")

    async def play(self) -> None:
        for attempt in range(1000):
            self.server = server = self._server(attempt)
            url = f"ws://127.0.0.1:{server.port}/ws/tables/{self.table_id}"
            try:
                async with connect(
                    url, ping_interval=None, open_timeout=CLIENT_CONNECT_TIMEOUT
                ) as ws:
                    await ws.send(json.dumps({"v": 1, "type": "hello", "token": self.token}))
                    if await self._read(ws):
                        return
            except (OSError, WebSocketException, TimeoutError):
                pass
            self.figures.reconnects += 1
            self.retried = self.sent_at is not None  # its latency would count the outage
            await asyncio.sleep(0.2)

    async def _receive(self, ws: ClientConnection) -> str | None:
        """The next message, None once the connection closed. Raises TimeoutError when the
        server is silent for `CLIENT_IDLE_PING` and then does not answer a ping in
        `CLIENT_PONG_TIMEOUT` (as `socket.js` gives such a connection up)."""
        try:  # asyncio.timeout, not wait_for: in 3.11 that may swallow the run's cancel
            try:
                async with asyncio.timeout(CLIENT_IDLE_PING):
                    text = await ws.recv()
            except TimeoutError:
                await ws.send(json.dumps({"v": 1, "type": "ping"}))
                try:
                    async with asyncio.timeout(CLIENT_PONG_TIMEOUT):
                        text = await ws.recv()
                except TimeoutError:
                    self.figures.unanswered_pings += 1
                    raise
        except ConnectionClosed:
            return None
        return text if isinstance(text, str) else text.decode()

    async def _read(self, ws: ClientConnection) -> bool:
        while (text := await self._receive(ws)) is not None:
            message = json.loads(text)
            kind = message["type"]
            if kind == "welcome":
                self.seat = message["seat"]
            elif kind in ("state", "update") and await self._on_view(ws, message["view"]):
                return True
            if kind == "state":
                self._synced()
            elif kind == "error":
                self.figures.errors[message["code"]] += 1
                self.sent_at = None
                await ws.send(json.dumps({"v": 1, "type": "sync"}))
        return False

    async def _on_view(self, ws: ClientConnection, view: dict[str, Any]) -> bool:
        prompt = (view.get("you") or {}).get("prompt")
        if self.sent_at is not None:
            if prompt is not None and prompt["prompt_id"] == self.sent_for:
                if not self.retried:
                    return False  # somebody else's secret guess; ours is on its way
            else:
                self._acknowledged()
        self.retried = False
        if view["over"]:
            self.figures.games_finished += 1
            return True
        if prompt is not None:
            self.move = choose(self.rng, prompt)
            self.sent_at, self.sent_for = time.perf_counter(), prompt["prompt_id"]
            await ws.send(json.dumps({"v": 1, "type": "move", "move": self.move}))
        return False

    def _synced(self) -> None:
        figures = self.figures
        if (
            figures.fault_at is not None
            and self.table_id in figures.victims
            and self.table_id not in figures.synced
            and self.server is not figures.victim
        ):
            figures.synced[self.table_id] = time.perf_counter() - figures.fault_at

    def _acknowledged(self) -> None:
        assert self.sent_at is not None
        assert self.sent_for is not None
        assert self.seat is not None
        figures = self.figures
        figures.acknowledged.add((self.table_id, self.seat, self.sent_for))
        now = time.perf_counter()
        if (
            figures.fault_at is not None
            and self.table_id in figures.victims
            and self.table_id not in figures.resumed
            and self.sent_at > figures.fault_at
            and self.server is not figures.victim
        ):
            figures.resumed[self.table_id] = now - figures.fault_at
        if figures.measuring:
            figures.moves += 1
            if not self.retried:
                figures.latencies.append(time.perf_counter() - self.sent_at)
        self.sent_at = None


async def open_table(http: httpx.AsyncClient, server: Server, slot: int) -> tuple[str, list[str]]:
    body = {"game": "quizpoker", "name": f"cluster {slot}", "options": long_game(), "seats": 3}
    created = await http.post(f"{server.http}/api/tables", json=body)
    created.raise_for_status()
    table_id: str = created.json()["id"]
    tokens = []
    for seat in range(3):
        joined = await http.post(
            f"{server.http}/api/tables/{table_id}/seats", json={"name": f"p{seat}"}
        )
        if joined.status_code != 201:
            raise RuntimeError(f"joining table {table_id} failed: {joined.text}")
        tokens.append(joined.json()["token"])
    return table_id, tokens


async def owners(db: Database, table_ids: list[str]) -> dict[str, str | None]:
    query = select(TableRow.id, LeaseRow.owner, LeaseRow.expires_at > func.clock_timestamp())
    query = query.outerjoin(LeaseRow, LeaseRow.table_id == TableRow.id)
    query = query.where(TableRow.id.in_(table_ids))
    async with db.sessions() as session:
        return {t: (o if live else None) for t, o, live in await session.execute(query)}


async def check_records(db: Database, figures: Figures, table_ids: list[str]) -> tuple[int, int]:
    """(lost, doubled): acknowledged moves not stored; prompts a seat answered twice."""
    await register_packs(db, PACKS if PACKS.is_dir() else None)  # the records name them
    hall = Hall(db)
    answered: set[tuple[str, int, int]] = set()
    doubled = 0
    for table_id in table_ids:
        record = await hall.book.record(table_id)
        state = games.replay(dataclasses.replace(record, moves=()))
        for seat, move in record.moves:
            prompt = state.pending().get(seat)
            key = (table_id, seat, prompt["prompt_id"] if prompt else -1)
            doubled += key in answered
            answered.add(key)
            state.act(seat, move)
    lost = len(figures.acknowledged - answered)
    return lost, doubled


def spread(values: list[float]) -> dict[str, float | None]:
    ordered = sorted(values)
    if not ordered:
        return {"p50": None, "p99": None, "max": None}
    return {
        "p50": round(percentile(ordered, 50), 2),
        "p99": round(percentile(ordered, 99), 2),
        "max": round(ordered[-1], 2),
    }


async def strike(victim: Server, fault: str, stall_seconds: float) -> asyncio.Task[None] | None:
    """The fault; for a stall, the task that lets the process run again after it."""
    if fault == "kill":
        victim.stop(signal.SIGKILL)
    elif fault == "stall":
        victim.proc.send_signal(signal.SIGSTOP)

        async def wake() -> None:
            await asyncio.sleep(stall_seconds)
            victim.proc.send_signal(signal.SIGCONT)

        return asyncio.create_task(wake())
    return None


async def run(args: argparse.Namespace, fault: str) -> dict[str, Any]:
    name = f"pokerhall_bench_{secrets.token_hex(4)}"
    await admin(f'CREATE DATABASE "{name}"')
    db_url = with_database(POSTGRES, name)
    prefix = f"pokerhall_bench_{secrets.token_hex(4)}"
    workdir = Path(tempfile.mkdtemp(prefix="cluster-load-"))
    servers: list[Server] = []
    db = Database(db_url)
    waking: asyncio.Task[None] | None = None
    try:
        servers.append(Server(db_url, prefix, workdir / "server0.log"))
        await servers[0].ready()  # the first one migrates the database
        for i in range(1, args.processes):
            profile = workdir / f"server{i}.prof" if args.profile and i == 1 else None
            servers.append(Server(db_url, prefix, workdir / f"server{i}.log", profile))
        await asyncio.gather(*(s.ready() for s in servers[1:]))
        figures = Figures()
        async with httpx.AsyncClient(timeout=30) as http:
            opened = [
                await open_table(http, servers[slot % len(servers)], slot)
                for slot in range(args.tables)
            ]
        table_ids = [table_id for table_id, _ in opened]
        seats = [
            Seat(servers, slot + s, table_id, token, figures)
            for slot, (table_id, tokens) in enumerate(opened)
            for s, token in enumerate(tokens)
        ]
        tasks = [asyncio.create_task(seat.play()) for seat in seats]
        await asyncio.sleep(args.warmup)
        victim = servers[0]
        figures.measuring, started = True, time.perf_counter()
        taken_over: dict[str, float] = {}
        if fault != "none":
            await asyncio.sleep(args.fault_at)
            victims = {t for t, o in (await owners(db, table_ids)).items() if o == victim.id}
            figures.victim, figures.victims = victim, victims
            figures.fault_at = time.perf_counter()
            waking = await strike(victim, fault, args.stall_seconds)
        while (elapsed := time.perf_counter() - started) < args.seconds or (
            len(figures.resumed) < len(figures.victims)
        ):
            if figures.fault_at is not None and len(taken_over) < len(figures.victims):
                now = time.perf_counter() - figures.fault_at
                for table_id, owner in (await owners(db, sorted(figures.victims))).items():
                    if owner not in (None, victim.id) and table_id not in taken_over:
                        taken_over[table_id] = now
            if elapsed > args.seconds + 60:
                break
            await asyncio.sleep(0.05)
        figures.measuring = False
        moves_measured = figures.moves
        for task in tasks:
            task.cancel()
        await asyncio.wait(tasks, timeout=30)
        if waking is not None:
            await waking  # the stalled process has run again: its stale moves are refused
        lost, doubled = await check_records(db, figures, table_ids)
        latencies = sorted(1000 * s for s in figures.latencies)
        return {
            "fault": fault,
            "processes": args.processes,
            "tables": args.tables,
            "tables_hit": len(figures.victims),
            "seconds": round(elapsed, 1),
            "moves": moves_measured,
            "moves_per_s": round(moves_measured / elapsed),
            "p50_ms": round(percentile(latencies, 50), 1),
            "p99_ms": round(percentile(latencies, 99), 1),
            "takeover_s": sorted(round(v, 2) for v in taken_over.values()),
            "resumed_s": sorted(round(v, 2) for v in figures.resumed.values()),
            "synced_s": sorted(round(v, 2) for v in figures.synced.values()),
            "not_resumed": len(figures.victims) - len(figures.resumed),
            "lost": lost,
            "doubled": doubled,
            "reconnects": figures.reconnects,
            "unanswered_pings": figures.unanswered_pings,
            "errors": dict(figures.errors),
        }
    finally:
        if waking is not None:
            waking.cancel()
        for server in servers:
            server.stop()
            if server.profile is not None and server.profile.exists():
                out = io.StringIO()
                stats = pstats.Stats(str(server.profile), stream=out)
                stats.sort_stats("tottime").print_stats(25)
                print(out.getvalue())
        await db.close()
        await admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def report(run_no: int, r: dict[str, Any]) -> None:
    print(f"run {run_no}: {r['fault']}, {r['processes']} processes, {r['tables']} tables × 3 seats")
    print(f"  moves/s     {r['moves_per_s']:,} ({r['moves']:,} acknowledged in {r['seconds']} s)")
    print(f"  latency ms  p50 {r['p50_ms']}   p99 {r['p99_ms']}  (move sent -> its update)")
    if r["fault"] != "none":
        takeover, resumed = spread(r["takeover_s"]), spread(r["resumed_s"])
        print(f"  fault       {r['fault']}: one process with {r['tables_hit']} tables")
        synced = spread(r["synced_s"])
        print(f"  new owner   p50 {takeover['p50']} s  max {takeover['max']} s")
        print(f"  a state     p50 {synced['p50']} s  max {synced['max']} s  (through a survivor)")
        print(
            f"  resumed     p50 {resumed['p50']} s  max {resumed['max']} s"
            f"  (not resumed: {r['not_resumed']})"
        )
    print(f"  lost        {r['lost']} acknowledged moves (must be 0)")
    print(f"  doubled     {r['doubled']} prompts answered twice (must be 0)")
    print(
        f"  reconnects  {r['reconnects']}   unanswered pings {r['unanswered_pings']}"
        f"   errors {r['errors'] or 'none'}"
    )


def summary(results: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per fault kind, the per-table times over all its runs."""
    kinds: dict[str, dict[str, Any]] = {}
    for fault in FAULTS[:2]:
        runs = [r for r in results if r["fault"] == fault]
        if runs:
            kinds[fault] = {
                "runs": len(runs),
                "tables": sum(r["tables_hit"] for r in runs),
                "not_resumed": sum(r["not_resumed"] for r in runs),
                "new_owner_s": spread([v for r in runs for v in r["takeover_s"]]),
                "resumed_s": spread([v for r in runs for v in r["resumed_s"]]),
            }
    return kinds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--processes", type=int, default=3, help="server processes (3)")
    parser.add_argument("--tables", type=int, default=30, help="tables kept busy (30)")
    parser.add_argument("--seconds", type=float, default=20.0, help="measured time (20)")
    parser.add_argument("--warmup", type=float, default=3.0, help="unmeasured start (3)")
    parser.add_argument(
        "--faults", default="kill,stall", help="fault kinds in turn: kill, stall, none (kill,stall)"
    )
    parser.add_argument("--runs", type=int, default=1, help="runs of each fault kind (1)")
    parser.add_argument(
        "--fault-at", "--kill-at", type=float, default=8.0, help="the fault after this (8)"
    )
    parser.add_argument(
        "--stall-seconds", type=float, default=9.0, help="how long a stall lasts (9)"
    )
    parser.add_argument("--profile", action="store_true", help="profile the second server")
    parser.add_argument("--no-kill", action="store_true", help="same as --faults none")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args()
    faults = ["none"] if args.no_kill else args.faults.split(",")
    if unknown := set(faults) - set(FAULTS):
        parser.error(f"unknown fault kinds: {', '.join(sorted(unknown))}")
    results = []
    for fault in faults:
        for _ in range(args.runs):
            results.append(asyncio.run(run(args, fault)))
            report(len(results), results[-1])
    kinds = summary(results)
    for fault, kind in kinds.items():
        t, r = kind["new_owner_s"], kind["resumed_s"]
        print(
            f"{fault}: {kind['tables']} tables over {kind['runs']} runs:"
            f" new owner p50 {t['p50']} p99 {t['p99']} max {t['max']} s;"
            f" moving again p50 {r['p50']} p99 {r['p99']} max {r['max']} s"
            f" (not resumed: {kind['not_resumed']})"
        )
    if args.json:
        args.json.write_text(json.dumps({"runs": results, "faults": kinds}, indent=2))
    if any(r["lost"] or r["doubled"] or r["not_resumed"] for r in results):
        sys.exit(1)


if __name__ == "__main__":
    main()
