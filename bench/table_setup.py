"""A table's set-up, step by step: the server CPU of a create, three joins and three greetings.

Issue 24 item 6 found that most of what separates pokerhall's CPU per move from the stack's
floor (`server_floor.py`) is not the move but the table's set-up, spread over the ~100 moves of
a game. This script measures that set-up alone, without a load: it starts a real server
(`python -m pokerhall serve`, as server_load.py runs it), then opens `--tables` tables one at a
time, as server_load's clients do (the same request bodies, `load_client.table_options`), and
reads the server's CPU time (every thread's, from `/proc/<pid>/task/*/schedstat`) around each
step, after a short settle so that work the step set going (announcements, tasks) is counted:

- `create`: `POST /api/tables`;
- `join 1..3`: `POST /api/tables/{id}/seats`; the third starts the game;
- `greet 1..3`: a WebSocket to `/ws/tables/{id}`, the hello with the seat's token, and the two
  messages it is answered with (the welcome and the game's state);
- `close`: the three sockets closed (not part of the set-up).

The server's idle CPU (its timers, measured for a second before the first table) is taken off
each step in proportion to the step's wall time. Each step's figure is the median over the
tables of a run (the first `--warm` tables are not counted: imports and caches); `--runs`
fresh servers, alternated with the same steps against `server_floor.py`'s floor app with its
commit (`--no-floor` to leave it out), whose table is one table row and three seat rows.

    python bench/table_setup.py --tables 30 --runs 3
    python bench/table_setup.py --spy /tmp/spy.txt   # py-spy raw samples of the first run
    python bench/table_setup.py --profile            # cProfile of the first run's server

The machine's load moves the figures (a step's CPU includes cache misses and time slices
shared with other work): compare runs of the same hour, and read the ratio of the same round.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import pstats
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script or module
from bench.load_client import PACKS, table_options
from bench.server_floor import FloorProcess
from bench.server_load import ServerProcess

STEPS = ["create", "join 1", "join 2", "join 3", "greet 1", "greet 2", "greet 3"]
SETTLE = 0.05
"""Seconds waited after a step before its CPU is read: what it set going is counted too."""
PY_SPY = Path(sys.executable).parent / "py-spy"
SQL_PROBE = Path(__file__).resolve().parent / "sql_probe.py"


class SqlLoggedServer(ServerProcess):
    """`pokerhall serve` under `sql_probe.py`: every statement it sends, with its time."""

    def __init__(self, workdir: Path, db_path: Path) -> None:
        super().__init__(workdir, db_path, None, profile=False)
        self.gc_path = None
        self.sql_path = workdir / "sql.jsonl"

    def start(self) -> None:
        serve = ["-m", "pokerhall", "serve", "--host", "127.0.0.1", "--port", str(self.port)]
        serve += ["--packs", str(PACKS)] if PACKS.is_dir() else []
        command = [sys.executable, str(SQL_PROBE), str(self.sql_path), *serve]
        with self.log_path.open("wb") as log:
            self.proc = subprocess.Popen(
                [*command, "--db", f"sqlite:///{self.db_path}"],
                cwd=self.workdir,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                preexec_fn=self._in_child,
            )

    def statements(self) -> list[tuple[float, str]]:
        if not self.sql_path.exists():
            return []
        return [tuple(json.loads(line)) for line in self.sql_path.read_text().splitlines()]


def server_cpu(pid: int) -> float:
    """Seconds of CPU every thread of the process has run (the scheduler's own count)."""
    total = 0
    for task in Path(f"/proc/{pid}/task").glob("*/schedstat"):
        with contextlib.suppress(OSError, ValueError, IndexError):  # a thread that ended
            total += int(task.read_text().split()[0])
    return total / 1e9


class Meter:
    """CPU of the server between calls, less its idle rate over the same wall time."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.idle_rate = 0.0
        self.steps: dict[str, list[float]] = {}
        self.spans: list[tuple[str, float, float]] = []
        """Each step's wall-clock start and end (`time.time`), to place the SQL log."""
        self._cpu, self._wall = server_cpu(pid), time.monotonic()
        self._began = time.time()

    async def measure_idle(self, seconds: float = 1.0) -> None:
        self.mark()
        await asyncio.sleep(seconds)
        cpu, wall = self._take()
        self.idle_rate = cpu / wall

    def mark(self) -> None:
        self._cpu, self._wall = server_cpu(self.pid), time.monotonic()
        self._began = time.time()

    def _take(self) -> tuple[float, float]:
        cpu, wall = server_cpu(self.pid), time.monotonic()
        spent = cpu - self._cpu, wall - self._wall
        self._cpu, self._wall = cpu, wall
        return spent

    async def step(self, name: str, counted: bool, settle: float = SETTLE) -> None:
        await asyncio.sleep(settle)
        began, self._began = self._began, time.time()
        self.spans.append((name, began, self._began))
        cpu, wall = self._take()
        if counted:
            self.steps.setdefault(name, []).append(1000 * max(0.0, cpu - self.idle_rate * wall))


async def open_tables(server: ServerProcess, tables: int, warm: int) -> Meter:
    """Open `warm + tables` tables one after another, each step metered."""
    assert server.proc is not None
    async with httpx.AsyncClient(base_url=server.http, timeout=30) as http:
        await server.wait_ready(http)
        await asyncio.sleep(0.5)  # start-up's own work (collector, restore) done
        meter = Meter(server.proc.pid)
        await meter.measure_idle()
        for i in range(warm + tables):
            counted = i >= warm
            meter.mark()
            body = {
                "game": "quizpoker",
                "name": f"set-up {i}",
                "options": table_options(),
                "seats": 3,
                "bots": 0,
                "turn_clock": None,
                "bot_takeover": False,
            }
            created = await http.post("/api/tables", json=body)
            created.raise_for_status()
            table_id = created.json()["id"]
            await meter.step("create", counted)
            tokens = []
            for seat in range(3):
                joined = await http.post(f"/api/tables/{table_id}/seats", json={"name": f"p{seat}"})
                joined.raise_for_status()
                tokens.append(joined.json()["token"])
                await meter.step(f"join {seat + 1}", counted)
            sockets = []
            for seat, token in enumerate(tokens):
                ws = await connect(f"{server.ws}/ws/tables/{table_id}", ping_interval=None)
                await ws.send(json.dumps({"v": 1, "type": "hello", "token": token}))
                kinds = [json.loads(await ws.recv())["type"] for _ in range(2)]
                if kinds[0] != "welcome":
                    raise RuntimeError(f"greeting {seat + 1} answered {kinds}")
                sockets.append(ws)
                await meter.step(f"greet {seat + 1}", counted)
            for ws in sockets:
                await ws.close()
            await meter.step("close", counted, settle=0.1)
    return meter


def one_run(
    name: str, tables: int, warm: int, spy: Path | None, profile: bool, sql: bool = False
) -> Meter:
    workdir = Path(tempfile.mkdtemp(prefix="pokerhall-setup-"))
    db_path = workdir / "setup.sqlite3"
    server = (
        SqlLoggedServer(workdir, db_path)
        if sql
        else ServerProcess(workdir, db_path, None, profile)
        if name == "pokerhall"
        else FloorProcess(workdir, db_path, None, commit=True, chars=2_000)
    )
    spying = None
    try:
        server.start()
        assert server.proc is not None
        if spy is not None:
            command = [str(PY_SPY), "record", "-r", "500", "-f", "raw", "-o", str(spy)]
            command += ["--pid", str(server.proc.pid), "--threads", "--nonblocking"]
            spying = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        meter = asyncio.run(open_tables(server, tables, warm))
        if problems := server.problems():
            print(f"  {name}: server log: " + " | ".join(problems[-3:]))
        if isinstance(server, SqlLoggedServer):
            print_statements(meter, server.statements())
        return meter
    finally:
        if spying is not None:
            spying.send_signal(2)
            spying.wait(30)
        server.stop()
        if server.profile_path is not None and server.profile_path.exists():
            stats = pstats.Stats(str(server.profile_path))
            kept = Path(tempfile.gettempdir()) / "table_setup.prof"
            shutil.copy(server.profile_path, kept)
            print(f"  cProfile of the server: {kept}")
            stats.sort_stats("tottime").print_stats(25)
        shutil.rmtree(workdir, ignore_errors=True)


def print_statements(meter: Meter, statements: list[tuple[float, str]]) -> None:
    """The SQL of the last table's steps, and how many statements each step sent a table."""
    per_step: dict[str, list[int]] = {}
    last: dict[str, list[str]] = {}
    for name, began, ended in meter.spans:
        sent = [text for at, text in statements if began <= at < ended]
        per_step.setdefault(name, []).append(
            sum(1 for t in sent if t not in ("COMMIT", "ROLLBACK"))
        )
        last[name] = sent
    print("SQL statements a step (median over the tables; COMMIT/ROLLBACK not counted):")
    print("  " + ", ".join(f"{n} {statistics.median(c):g}" for n, c in per_step.items()))
    print("the last table's SQL, step by step:")
    for name, sent in last.items():
        print(f"  {name}:")
        for text in sent:
            print(f"    {text}")


def medians(meter: Meter) -> dict[str, float]:
    shown = {step: statistics.median(meter.steps[step]) for step in [*STEPS, "close"]}
    shown["set-up"] = sum(shown[step] for step in STEPS)
    return shown


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=30, help="counted tables a run (30)")
    parser.add_argument("--warm", type=int, default=3, help="tables first, not counted (3)")
    parser.add_argument("--runs", type=int, default=3, help="fresh servers each (3)")
    parser.add_argument("--no-floor", action="store_true", help="pokerhall only")
    parser.add_argument("--spy", type=Path, help="py-spy raw samples of the first run here")
    parser.add_argument("--profile", action="store_true", help="cProfile the first run's server")
    parser.add_argument(
        "--sql",
        action="store_true",
        help="one run logging the server's SQL (its CPU is not counted)",
    )
    args = parser.parse_args(argv)
    if args.sql:
        one_run("pokerhall", args.tables, args.warm, None, False, sql=True)
        return 0

    names = ["pokerhall"] if args.no_floor else ["pokerhall", "floor + commit"]
    results: dict[str, list[dict[str, float]]] = {name: [] for name in names}
    print(
        f"{args.tables} tables a run opened one at a time; ms of server CPU per step (median "
        f"over the tables, idle taken off); load average {os.getloadavg()[0]:.1f}"
    )
    header = "".join(f"{step:>9}" for step in [*STEPS, "set-up", "close"])
    print(f"  {'run':<20}{header}   idle")
    for run in range(args.runs):
        for name in names:
            first = run == 0 and name == "pokerhall"
            meter = one_run(
                name, args.tables, args.warm, args.spy if first else None, args.profile and first
            )
            shown = medians(meter)
            results[name].append(shown)
            cells = "".join(f"{shown[step]:9.2f}" for step in [*STEPS, "set-up", "close"])
            idle = 1000 * meter.idle_rate
            print(f"  {name + ' ' + str(run + 1):<20}{cells}  {idle:4.1f} ms/s")
    print(f"mean over {args.runs} runs (load average now {os.getloadavg()[0]:.1f}):")
    means = {
        name: {step: statistics.mean(r[step] for r in runs) for step in runs[0]}
        for name, runs in results.items()
    }
    for name, mean in means.items():
        cells = "".join(f"{mean[step]:9.2f}" for step in [*STEPS, "set-up", "close"])
        print(f"  {name:<20}{cells}")
    if "floor + commit" in means:
        ours, floor = means["pokerhall"]["set-up"], means["floor + commit"]["set-up"]
        print(
            f"  pokerhall / floor: {ours / floor:.1f}x a table's set-up "
            f"({ours:.1f} / {floor:.1f} ms)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
