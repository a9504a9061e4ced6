"""A real `pokerhall serve` process for the tests that play over the network (the bot client's,
the remote arena's): started once per test session (and xdist worker) by the `served` fixture
of tests/conftest.py, over its own SQLite file, serving the mini question pack; and short
tables opened on it over HTTP, as any client opens them."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"
START_TIMEOUT = 60.0

SHORT: dict[str, dict[str, Any]] = {
    "quizpoker": {"questions": "mini.en", "starting_stack": 200, "small_blinds": [20]},
    "palace": {"hands_per_session": 2},
    "detective": {},
    "wordpoker": {"deals": 2, "lexicon": "mini"},
}
"""Options for short games: five questions and small stacks, two hands, two deals (a
Detective game is always two rounds of a hand per player)."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def child_env() -> dict[str, str]:
    """The environment for a child process: this checkout's `src` first on the path."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "src"), env.get("PYTHONPATH")]))
    return env


@dataclass
class Served:
    http: str
    process: subprocess.Popen[bytes]
    log: Path

    def open_table(
        self,
        game: str,
        *,
        seats: int = 2,
        options: dict[str, Any] | None = None,
        turn_clock: float | None = None,
        bot_delay: float = 0.0,
        **extra: Any,
    ) -> dict[str, Any]:
        """A table with `seats - 1` built-in bots: the seat left is the bot client's, and the
        table starts when it is taken."""
        body = {
            "game": game,
            "seats": seats,
            "bots": seats - 1,
            "options": SHORT[game] if options is None else options,
            "turn_clock": turn_clock,
            "bot_delay": bot_delay,
            "result_pause": 0.0,
            **extra,
        }
        answer = httpx.post(f"{self.http}/api/tables", json=body, timeout=10)
        assert answer.status_code == 201, answer.text
        table: dict[str, Any] = answer.json()
        return table

    def tables(self) -> list[dict[str, Any]]:
        """The public tables, newest first (`GET /api/tables`, every status)."""
        statuses = {"status": ["open", "running", "finished"]}
        answer = httpx.get(f"{self.http}/api/tables", params=statuses, timeout=10)
        listed: list[dict[str, Any]] = answer.json()
        return listed

    def table(self, table_id: str, code: str | None = None) -> dict[str, Any]:
        """The table's info; a private table's needs its join `code` (or a seat of it)."""
        params = {} if code is None else {"code": code}
        answer = httpx.get(f"{self.http}/api/tables/{table_id}", params=params, timeout=10)
        info: dict[str, Any] = answer.json()
        return info


def serve(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """Start the server, yield it once it answers, stop it after."""
    folder = tmp_path_factory.mktemp("served")
    port = free_port()
    log = folder / "serve.log"
    command = [sys.executable, "-m", "pokerhall", "serve", "--host", "127.0.0.1"]
    command += ["--port", str(port), "--db", f"sqlite:///{folder / 'hall.sqlite3'}"]
    command += ["--packs", str(FIXTURES)]
    with log.open("ab") as out:
        process = subprocess.Popen(
            command,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            env=child_env(),
        )
    http = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + START_TIMEOUT
    try:
        while True:
            if process.poll() is not None:
                pytest.fail(f"the server exited: {log.read_text()}")
            try:
                if httpx.get(f"{http}/api/health", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"the server did not start: {log.read_text()}")
            time.sleep(0.1)
        yield Served(http, process, log)
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=15)
