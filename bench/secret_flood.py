"""A flood of wrong secrets against one table's ping (issue 20, item 3): with secrets hashed in
the bounded pool (`server/people/hashing.py`), another table's ping p99 stays under 50 ms.

One `python -m pokerhall serve` over a fresh SQLite file. A running two-seat table; one client
on it sends a ping every 60 ms and times each pong. The run takes turns, `--rounds` times:
`--seconds` quiet (the peer figure), then `--seconds` with `--clients` flood processes each
sending league sign-ups with a wrong secret as fast as the server answers (every one is a
16 MiB scrypt hash, or a 503 when the pool is full). The per-address limits on secret checks
would refuse almost all of them (429, which costs no hash), so this run raises those limits:
it measures the pool alone, as a flood from many addresses would meet it. Prints p50 and p99
of the ping in both phases, the ratio, and what the flood got (answers by status, per second).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

GOAL_P99_MS = 50.0
SETTLE = 1.0
"""Seconds between the flood's start and the pings measured during it."""
PING_EVERY = 0.06
"""Seconds between pings: about 15 a second, under a connection's message limit (20)."""
SECRET = "the right secret"
RAISED = ["--limit", "secrets=100000/second", "--limit", "account_secrets=100000/second"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start_server(workdir: Path, port: int, extra: list[str]) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "pokerhall", "serve", "--port", str(port)]
    command += ["--db", f"sqlite:///{workdir / 'hall.sqlite3'}", *RAISED, *extra]
    log = (workdir / "server.log").open("wb")
    return subprocess.Popen(command, cwd=workdir, stdout=log, stderr=subprocess.STDOUT)


async def wait_ready(base: str) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=2) as http:
        for _ in range(300):
            with contextlib.suppress(httpx.TransportError):
                if (await http.get("/api/health")).status_code == 200:
                    return
            await asyncio.sleep(0.1)
    raise RuntimeError("the server did not start")


async def set_up(base: str) -> tuple[str, str, str]:
    """A running table (its id and a seat token) and a league session's sign-up path."""
    async with httpx.AsyncClient(base_url=base, timeout=10) as http:
        table = (await http.post("/api/tables", json={"seats": 2, "turn_clock": None})).json()
        token = (await http.post(f"/api/tables/{table['id']}/seats", json={"name": "Ann"})).json()[
            "token"
        ]
        await http.post(f"/api/tables/{table['id']}/seats", json={"name": "Bob"})
        created = (await http.post("/api/leagues", json={"name": "L", "game": "wordpoker"})).json()
        league = created["league"]["id"]
        headers = {"Authorization": f"Bearer {created['organiser_token']}"}
        await http.post(f"/api/leagues/{league}/sessions", headers=headers)
        await http.post("/api/players", json={"name": "Victim", "secret": SECRET})
        return table["id"], token, f"/api/leagues/{league}/sessions/1/signups"


def flood(base: str, path: str, seconds: float, result: Any, ready: Any) -> None:
    """One flooding client (its own process): wrong secrets until the time is up."""

    async def run() -> Counter[int]:
        answers: Counter[int] = Counter()
        body = {"name": "Victim", "secret": "a wrong guess"}
        deadline = time.monotonic() + seconds
        async with httpx.AsyncClient(base_url=base, timeout=30) as http:
            ready.put(True)
            while time.monotonic() < deadline:
                answers[(await http.post(path, json=body)).status_code] += 1
        return answers

    result.put(dict(asyncio.run(run())))


async def pings(url: str, token: str, seconds: float) -> list[float]:
    """Round trips of pings (ms), one every PING_EVERY, for `seconds`."""
    times: list[float] = []
    async with connect(url) as ws:
        await ws.send(json.dumps({"v": 1, "type": "hello", "token": token}))
        while json.loads(await ws.recv())["type"] != "state":
            pass
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            sent = time.perf_counter()
            await ws.send(json.dumps({"v": 1, "type": "ping"}))
            while json.loads(await ws.recv())["type"] != "pong":
                pass
            times.append((time.perf_counter() - sent) * 1000)
            await asyncio.sleep(PING_EVERY)
    return times


def p(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1]


async def main(args: argparse.Namespace) -> int:
    workdir = Path(tempfile.mkdtemp(prefix="pokerhall-flood-"))
    port = free_port()
    server = start_server(workdir, port, args.serve_option)
    base = f"http://127.0.0.1:{port}"
    try:
        await wait_ready(base)
        table_id, token, signups = await set_up(base)
        url = f"ws://127.0.0.1:{port}/ws/tables/{table_id}"
        quiet: list[float] = []
        flooded: list[float] = []
        answers: Counter[int] = Counter()
        context = multiprocessing.get_context("spawn")
        for _round in range(args.rounds):
            quiet += await pings(url, token, args.seconds)
            result, ready = context.Queue(), context.Queue()
            clients = [
                context.Process(
                    target=flood, args=(base, signups, args.seconds + SETTLE + 1, result, ready)
                )
                for _ in range(args.clients)
            ]
            for client in clients:
                client.start()
            for _ in clients:  # started (imports take a while on a busy machine) ...
                await asyncio.to_thread(ready.get, True, 60)
            await asyncio.sleep(SETTLE)  # ... and flooding
            flooded += await pings(url, token, args.seconds)
            for _ in clients:
                answers.update(await asyncio.to_thread(result.get, True, 60))
            for client in clients:
                client.join(10)
    finally:
        server.terminate()
        server.wait(15)
        shutil.rmtree(workdir, ignore_errors=True)
    flood_seconds = args.rounds * (args.seconds + SETTLE + 1)
    phases = f"{args.rounds} x {args.seconds:g} s"
    print(f"secret flood: {args.clients} clients, {phases} a phase, {os.cpu_count()} cpus")
    print(f"{'ping (ms)':<22}{'p50':>8}{'p99':>8}{'max':>8}{'pings':>8}")
    for name, times in (("quiet (peer)", quiet), ("during the flood", flooded)):
        print(f"{name:<22}{p(times, 50):8.1f}{p(times, 99):8.1f}{max(times):8.1f}{len(times):8d}")
    ratio = p(flooded, 99) / p(quiet, 99)
    print(f"p99 flood / quiet: {ratio:.2f}x; p50: {p(flooded, 50) / p(quiet, 50):.2f}x")
    per_second = sum(answers.values()) / flood_seconds
    shown = ", ".join(f"{status}: {count}" for status, count in sorted(answers.items()))
    print(f"flood answers: {shown} ({per_second:.0f} a second)")
    verdict = "PASS" if p(flooded, 99) < GOAL_P99_MS else "MISS"
    print(f"goal: p99 during the flood < {GOAL_P99_MS:g} ms: {verdict}")
    return 0


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=8, help="flooding processes")
    parser.add_argument("--seconds", type=float, default=10.0, help="per phase")
    parser.add_argument("--rounds", type=int, default=2, help="quiet and flood phases, in turn")
    parser.add_argument(
        "--serve-option",
        action="append",
        default=[],
        help="passed to `pokerhall serve`, e.g. --serve-option=--limit=hash_threads=2",
    )
    return parser.parse_args()


if __name__ == "__main__":
    sys.exit(asyncio.run(main(arguments())))
