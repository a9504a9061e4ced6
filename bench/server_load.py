"""Live-server load: tables of WebSocket bot clients against a real `pokerhall serve` process.

The server runs as a subprocess on a free 127.0.0.1 port with a fresh SQLite file, pinned to one
core; this process (pinned to the other cores, on uvloop when installed) opens `--tables` tables
of three seats, every seat a client that plays over its own WebSocket (see bench/load_client.py),
so every move crosses the network and is committed to the database before it is acknowledged.
Tables whose game ends are replaced, so the load stays constant.

After a warm-up it measures for `--seconds`: acknowledged moves per second, the latency from
sending a move to receiving its update (p50, p90, p99, max), and the CPU used by the server and by
the load generator (a generator near 100 % means the numbers show the client's limit, not the
server's).

Flat out (the default) every table plays as fast as the server answers, so the latency is mostly
queueing: about tables ÷ moves per second. `--think` adds a random thinking time per move (its
mean), `--think-between 2 5` a human-like one between two bounds, which is the load the
1,000-table goal is about. The report ends with issue 14's targets, PASS or MISS, and the server
CPU per move against the baseline's. `--profile` runs the server under cProfile and
prints where its own time goes; `--db-dir /dev/shm` takes the disk's fsync out of the figures.
The load generator collects no garbage while it measures, so its pauses never count as latency.
Everything is bounded by a hard timeout, the server dies with this process, and the temporary
directory is removed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ctypes
import faulthandler
import gc
import io
import json
import os
import pstats
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script or module
from bench.load_client import PACKS, Load, Result, Stats, Think, play_table

GOAL_TABLES = 1_000
GOAL_P99_MS = 50.0
"""Issue 14: 1,000 live tables at a human pace (2-5 s a move) at p99 < 50 ms, in one process."""
BASELINE_MOVES_PER_S = 990.0
BASELINE_MS_PER_MOVE = 1.0
"""100 tables flat out when issue 14 was written (one process, this 2-core machine)."""
GOAL_SPEEDUP = 3.0
"""Saturated throughput at 100 tables: at least this many times the baseline's moves/s."""
FLOOR_MS_PER_MOVE = 0.25
GAME_WORK_MS_PER_MOVE = 0.17
"""bench/server_floor.py, 2026-12-01: the server CPU per move of a minimal server on the same
stack with the same clients and the same group commit, and the game's own check, act, three
views and their encoding measured in process. Together (0.42 ms) they exceed the 0.33 ms the
3x goal allows before any other code of ours runs: the goal is out of reach on this stack."""
READY_TIMEOUT = 60.0
STOP_TIMEOUT = 15.0
PR_SET_PDEATHSIG = 1
GC_PROBE = Path(__file__).resolve().parent / "gc_probe.py"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def raise_fd_limit(needed: int) -> int:
    """Every client holds a socket (and the server, which inherits the limit, one per client)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
    if soft != resource.RLIM_INFINITY and soft < want:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
        soft = want
    return soft


def split_cpus() -> tuple[set[int] | None, set[int] | None]:
    """One core for the server, the others for the load; no pinning on a single core."""
    cpus = sorted(os.sched_getaffinity(0))
    if len(cpus) < 2:
        return None, None
    return {cpus[-1]}, set(cpus[:-1])


class ServerProcess:
    """`python -m pokerhall serve` in a temporary directory; dies when this process dies."""

    def __init__(self, workdir: Path, db_path: Path, cpus: set[int] | None, profile: bool) -> None:
        self.workdir = workdir
        self.db_path = db_path
        self.port = free_port()
        self.cpus = cpus
        self.profile_path = workdir / "server.prof" if profile else None
        self.gc_path = None if profile else workdir / "gc.json"
        """The server's garbage-collector pauses (bench/gc_probe.py); not under cProfile."""
        self.log_path = workdir / "server.log"
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> None:
        db = f"sqlite:///{self.db_path}"
        serve = ["-m", "pokerhall", "serve", "--host", "127.0.0.1", "--port", str(self.port)]
        serve += ["--packs", str(PACKS)] if PACKS.is_dir() else []
        profiler = ["-m", "cProfile", "-o", str(self.profile_path)] if self.profile_path else []
        probe = [str(GC_PROBE), str(self.gc_path)] if self.gc_path else []
        with self.log_path.open("wb") as log:
            self.proc = subprocess.Popen(
                [sys.executable, *profiler, *probe, *serve, "--db", db],
                cwd=self.workdir,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                preexec_fn=self._in_child,
            )

    def _in_child(self) -> None:
        if self.cpus is not None:
            os.sched_setaffinity(0, self.cpus)
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL("libc.so.6", use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    async def wait_ready(self, http: httpx.AsyncClient) -> None:
        deadline = time.monotonic() + READY_TIMEOUT
        while time.monotonic() < deadline:
            if not self.alive():
                raise RuntimeError(f"the server exited while starting:\n{self.log_tail()}")
            with contextlib.suppress(httpx.HTTPError):
                if (await http.get("/api/games", timeout=2.0)).status_code == 200:
                    return
            await asyncio.sleep(0.1)
        raise TimeoutError(f"the server did not answer /api/games in time:\n{self.log_tail()}")

    def cpu_seconds(self) -> float:
        """User plus system time of the server (its database thread included)."""
        assert self.proc is not None
        try:
            import psutil  # type: ignore[import-untyped,unused-ignore]

            times = psutil.Process(self.proc.pid).cpu_times()
            return float(times.user + times.system)
        except ImportError:
            stat = Path(f"/proc/{self.proc.pid}/stat").read_text()
            fields = stat.rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def rss_mb(self) -> float:
        assert self.proc is not None
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def cpu_wait_seconds(self) -> float:
        """Time the server's threads were ready to run but waited for a CPU (Linux schedstat),
        for each other (they share one core) or for other processes on a busy machine."""
        assert self.proc is not None
        waited = 0
        for task in Path(f"/proc/{self.proc.pid}/task").glob("*/schedstat"):
            with contextlib.suppress(OSError, IndexError, ValueError):
                waited += int(task.read_text().split()[1])
        return waited / 1e9

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.send_signal(signal.SIGINT)  # uvicorn shuts down cleanly; cProfile writes
        try:
            self.proc.wait(STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(STOP_TIMEOUT)

    def problems(self) -> list[str]:
        """What the server logged beyond its greeting: warnings, errors, tracebacks."""
        text = self.log_path.read_text(errors="replace") if self.log_path.exists() else ""
        greeting = ("pokerhall is running", "Only this machine can join", "Friends on your network")
        return [line for line in text.splitlines() if not line.startswith(greeting)]

    def gc_pauses(self, start: float, end: float) -> list[tuple[int, float]]:
        """The collections that started between two wall-clock times: (generation, ms)."""
        if self.gc_path is None or not self.gc_path.exists():
            return []
        pauses = json.loads(self.gc_path.read_text())
        return [(gen, 1000 * took) for at, gen, took in pauses if start <= at <= end]

    def log_tail(self, lines: int = 20) -> str:
        text = self.log_path.read_text(errors="replace") if self.log_path.exists() else ""
        return "\n".join(text.splitlines()[-lines:])


def own_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


async def sleep_watching(
    seconds: float,
    server: ServerProcess,
    tasks: list[asyncio.Task[None]],
    enough: Callable[[], bool] = lambda: False,
) -> None:
    """Sleep until `enough()`; fail at once if the server dies or a table's client has a bug."""
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0 and not enough():
        if not server.alive():
            raise RuntimeError(f"the server died:\n{server.log_tail()}")
        for task in tasks:
            if task.done() and not task.cancelled() and task.exception() is not None:
                raise RuntimeError("a table's clients failed") from task.exception()
        await asyncio.sleep(min(left, 0.2))


async def measure(args: argparse.Namespace, server: ServerProcess) -> Result:
    stats = Stats()
    # uvicorn drops idle keep-alive connections after 5 s; never reuse one it may be closing
    limits = httpx.Limits(max_connections=64, max_keepalive_connections=64, keepalive_expiry=2.0)
    async with httpx.AsyncClient(base_url=server.http, timeout=60.0, limits=limits) as http:
        await server.wait_ready(http)
        think = Think(args.think, tuple(args.think_between) if args.think_between else None)
        load = Load(http, server.ws, stats, seats=args.seats, think=think)
        tasks = [asyncio.create_task(play_table(load, slot)) for slot in range(args.tables)]
        try:
            started, setup_cpu = time.perf_counter(), server.cpu_seconds()
            while stats.tables_opened < args.tables:
                await sleep_watching(0.2, server, tasks)
            setup = time.perf_counter() - started
            setup_cpu = server.cpu_seconds() - setup_cpu
            gc.collect()
            gc.disable()  # a collection here would delay reading updates and add to latency
            load.go.set()
            await sleep_watching(args.warmup, server, tasks)
            cpu_server, cpu_own, t0 = server.cpu_seconds(), own_cpu_seconds(), time.perf_counter()
            cpu_wait, rss_start = server.cpu_wait_seconds(), server.rss_mb()
            stats.measuring, wall_start = True, time.time()
            memory = await watch_memory(args, server, tasks, stats, t0)
            stats.measuring, wall_end = False, time.time()
            elapsed = time.perf_counter() - t0
            cpu_server = server.cpu_seconds() - cpu_server
            cpu_own = own_cpu_seconds() - cpu_own
            cpu_wait = server.cpu_wait_seconds() - cpu_wait
            rss_end = server.rss_mb()
        finally:
            gc.enable()
            for task in tasks:
                task.cancel()
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(STOP_TIMEOUT):
                    await asyncio.gather(*tasks, return_exceptions=True)
    return Result(
        tables=args.tables,
        clients=args.tables * args.seats,
        think=load.think,
        setup_seconds=setup,
        setup_ms_per_table=1000 * setup_cpu / max(1, stats.tables_opened),
        seconds=elapsed,
        moves=stats.moves,
        latencies_ms=[s * 1000 for s in stats.latencies],
        server_cpu=100 * cpu_server / elapsed,
        server_cpu_wait=100 * cpu_wait / elapsed,
        client_cpu=100 * cpu_own / elapsed,
        server_rss_mb=(rss_start, rss_end),
        load_average=os.getloadavg()[0],
        games_finished=stats.games_finished,
        tables_opened=stats.tables_opened,
        tables_opened_measuring=stats.tables_opened_measuring,
        errors=dict(stats.errors),
        reasons=dict(stats.reasons),
        window=(wall_start, wall_end),
        memory=memory,
        messages_received=stats.messages_received,
        chars_received=stats.chars_received,
    )


async def watch_memory(
    args: argparse.Namespace,
    server: ServerProcess,
    tasks: list[asyncio.Task[None]],
    stats: Stats,
    t0: float,
) -> list[tuple[float, float]]:
    """Sleep through the measured time; with `--memory-every`, sample the server's RSS as it
    goes, (seconds since the start, MB), for the soak's question: does memory stay flat?"""
    enough = lambda: stats.moves >= args.moves  # noqa: E731
    if not args.memory_every:
        await sleep_watching(args.seconds, server, tasks, enough)
        return []
    samples = [(0.0, server.rss_mb())]
    end = t0 + args.seconds
    while (left := end - time.perf_counter()) > 0 and not enough():
        await sleep_watching(min(left, args.memory_every), server, tasks, enough)
        samples.append((time.perf_counter() - t0, server.rss_mb()))
    return samples


def report(result: Result, out: Callable[[str], None] = print) -> None:
    r = result
    p50, p90, p99 = (r.percentile(p) for p in (50, 90, 99))
    worst = max(r.latencies_ms, default=float("nan"))
    errors = ", ".join(f"{k} {v}" for k, v in sorted(r.errors.items())) or "none"
    rows = [
        ("tables", f"{r.tables} × {r.clients // r.tables} seats = {r.clients} WebSocket clients"),
        ("think time", r.think.label()),
        (
            "set-up",
            f"{r.setup_seconds:.1f} s to open the first {r.tables} tables "
            f"(server CPU {r.setup_ms_per_table:.1f} ms a table)",
        ),
        ("duration", f"{r.seconds:.1f} s measured"),
        ("moves", f"{r.moves:,} acknowledged"),
        ("moves/s", f"{r.moves_per_second:,.0f}"),
        ("latency ms", f"p50 {p50:.1f}   p90 {p90:.1f}   p99 {p99:.1f}   max {worst:.1f}"),
        (
            "server CPU",
            f"{r.server_cpu:.0f} % of its one core, {r.server_ms_per_move:.2f} ms per move",
        ),
        (
            "CPU wait",
            f"{r.server_cpu_wait:.0f} % (server threads ready to run, waiting for the core)",
        ),
        ("GC pauses", gc_line(r.gc_pauses)),
        ("memory", f"server RSS {r.server_rss_mb[0]:.0f} MB -> {r.server_rss_mb[1]:.0f} MB"),
        ("load CPU", f"{r.client_cpu:.0f} % (this process; near 100 % it is the limit)"),
        ("machine", f"load average {r.load_average:.1f} on {os.cpu_count()} CPUs"),
        ("games", f"{r.games_finished} finished, {r.tables_opened} tables opened in all"),
        ("errors", errors),
    ]
    out("pokerhall server under load")
    for name, value in rows:
        out(f"  {name:<11} {value}")
    for code, reason in sorted(r.reasons.items()):
        out(f"  {'':<11} {code}: {reason[:80]}")
    for line in memory_lines(r.memory):
        out(f"  {line}")
    for line in verdicts(r):
        out(f"  {line}")


def memory_lines(samples: list[tuple[float, float]]) -> list[str]:
    """The RSS samples of a soak, and the growth over its second half (the first half fills
    the caches and the ten minutes a finished table stays in memory), per ten minutes."""
    if len(samples) < 3:
        return []
    lines = ["RSS by minute: " + "  ".join(f"{at / 60:.0f}:{mb:.0f}" for at, mb in samples)]
    half = samples[-1][0] / 2
    second = [(at, mb) for at, mb in samples if at >= half]
    (t1, m1), (t2, m2) = second[0], second[-1]
    if t2 > t1:
        growth = 600 * (m2 - m1) / (t2 - t1)
        peak = max(mb for _, mb in samples)
        lines.append(
            f"memory      {m1:.0f} MB at {t1 / 60:.0f} min -> {m2:.0f} MB at {t2 / 60:.0f} min: "
            f"{growth:+.1f} MB per 10 min over the second half (peak {peak:.0f} MB)"
        )
    return lines


def gc_line(pauses: list[tuple[int, float]]) -> str:
    if not pauses:
        return "none recorded (or not probed: --profile)"
    longest = {gen: max((ms for g, ms in pauses if g == gen), default=0.0) for gen in (0, 1, 2)}
    counts = {gen: sum(1 for g, _ in pauses if g == gen) for gen in (0, 1, 2)}
    per_generation = ", ".join(
        f"gen {gen}: {counts[gen]} up to {longest[gen]:.1f} ms" for gen in (0, 1, 2)
    )
    total = sum(ms for _, ms in pauses)
    return f"{len(pauses)} collections, {total:.0f} ms in all ({per_generation})"


def verdicts(r: Result) -> list[str]:
    """Issue 14's targets, each PASS or MISS where this run measures it, else what it would
    take. Latency is what people feel; CPU per move is the steadier figure on a shared machine."""
    p99 = r.percentile(99)
    lines = []
    goal = f"{GOAL_TABLES:,} tables at a human pace, p99 < {GOAL_P99_MS:.0f} ms"
    if r.tables >= GOAL_TABLES and r.think:
        verdict = "PASS" if p99 < GOAL_P99_MS else "MISS"
        lines.append(f"goal        {goal}: {verdict} (p99 {p99:.1f} ms)")
    else:
        lines.append(f"goal        {goal}: not this run (--tables 1000 --think-between 2 5)")
    wanted = GOAL_SPEEDUP * BASELINE_MOVES_PER_S
    speedup = r.moves_per_second / BASELINE_MOVES_PER_S
    goal = f"{GOAL_SPEEDUP:g}x the baseline's {BASELINE_MOVES_PER_S:.0f} moves/s at 100 tables"
    if r.tables == 100 and not r.think:
        verdict = "PASS" if r.moves_per_second >= wanted else "MISS"
        lines.append(f"goal        {goal}: {verdict} ({speedup:.2f}x)")
        allowed = BASELINE_MS_PER_MOVE / GOAL_SPEEDUP
        least = FLOOR_MS_PER_MOVE + GAME_WORK_MS_PER_MOVE
        lines.append(
            f"{'':<11} it allows {allowed:.2f} ms a move; the stack's floor "
            f"({FLOOR_MS_PER_MOVE:.2f} ms) and the game's own work ({GAME_WORK_MS_PER_MOVE:.2f} ms)"
            f" take {least:.2f}: out of reach on this stack (bench/server_floor.py)"
        )
    else:
        lines.append(f"goal        {goal}: not this run (--tables 100, flat out)")
    lines.append(
        f"CPU/move    {r.server_ms_per_move:.2f} ms against the baseline's "
        f"{BASELINE_MS_PER_MOVE:.2f} ms ({BASELINE_MS_PER_MOVE / r.server_ms_per_move:.2f}x) "
        f"and the stack's floor {FLOOR_MS_PER_MOVE:.2f} ms "
        f"(pokerhall / floor {r.server_ms_per_move / FLOOR_MS_PER_MOVE:.2f}x)"
    )
    return lines


def print_profile(path: Path, out: Callable[[str], None] = print, top: int = 30) -> None:
    """Own time per function (cumulative times mean little for coroutines, which cProfile
    counts as one call per resumption)."""
    if not path.exists():
        out("no server profile was written (the server did not stop cleanly)")
        return
    text = io.StringIO()
    pstats.Stats(str(path), stream=text).strip_dirs().sort_stats("tottime").print_stats(top)
    out(text.getvalue())


def run(coroutine: Coroutine[Any, Any, Result]) -> Result:
    """On uvloop when it is installed: the load generator must not be the bottleneck."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(coroutine)
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        return runner.run(coroutine)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=100, help="tables kept busy (default 100)")
    parser.add_argument("--seats", type=int, default=3, help="seats per table (default 3)")
    parser.add_argument("--seconds", type=float, default=20.0, help="measured time (default 20)")
    parser.add_argument(
        "--moves", type=int, default=10**9, help="stop measuring after this many moves"
    )
    parser.add_argument("--warmup", type=float, default=2.0, help="unmeasured start (default 2)")
    parser.add_argument("--think", type=float, default=0.0, help="mean seconds per move (0)")
    parser.add_argument(
        "--think-between",
        type=float,
        nargs=2,
        metavar=("LOW", "HIGH"),
        help="seconds per move, uniform between LOW and HIGH (the goal's pace: 2 5)",
    )
    parser.add_argument(
        "--memory-every",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="sample the server's RSS this often while measuring (the soak: make soak)",
    )
    parser.add_argument("--profile", action="store_true", help="profile the server (cProfile)")
    parser.add_argument("--profile-save", type=Path, help="with --profile: keep the .prof here")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument(
        "--db-dir",
        type=Path,
        help="directory for the SQLite file (default: a new temporary one); "
        "/dev/shm takes the disk's fsync out of the figures",
    )
    args = parser.parse_args(argv)

    hard_timeout = READY_TIMEOUT + 0.5 * args.tables + args.warmup + args.seconds + 60
    faulthandler.dump_traceback_later(hard_timeout + 30, exit=True)  # the last resort
    raise_fd_limit(4 * args.tables * args.seats + 256)
    server_cpus, own_cpus = split_cpus()
    workdir = Path(tempfile.mkdtemp(prefix="pokerhall-load-"))
    db_dir = (
        Path(tempfile.mkdtemp(prefix="pokerhall-load-", dir=args.db_dir))
        if args.db_dir
        else workdir
    )
    server = ServerProcess(workdir, db_dir / "load.sqlite3", server_cpus, args.profile)
    try:
        if own_cpus is not None:
            os.sched_setaffinity(0, own_cpus)
        server.start()
        result = run(_bounded(measure(args, server), hard_timeout))
        server.stop()
        result.gc_pauses = server.gc_pauses(*result.window)
        report(result)
        if problems := server.problems():
            print(f"server log (last lines of {len(problems)} logged):")
            print("\n".join(f"  {line}" for line in problems[-12:]))
        if args.json:
            args.json.write_text(json.dumps(result.to_json(), indent=2) + "\n")
        if server.profile_path is not None:
            print_profile(server.profile_path)
            if args.profile_save and server.profile_path.exists():
                shutil.copyfile(server.profile_path, args.profile_save)
    finally:
        server.stop()
        shutil.rmtree(workdir, ignore_errors=True)
        shutil.rmtree(db_dir, ignore_errors=True)
        faulthandler.cancel_dump_traceback_later()
    return 0


async def _bounded(coroutine: Coroutine[Any, Any, Result], seconds: float) -> Result:
    async with asyncio.timeout(seconds):
        return await coroutine


if __name__ == "__main__":
    sys.exit(main())
