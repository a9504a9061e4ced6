"""Several real `pokerhall serve` processes over one PostgreSQL database and one Redis."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from pokerhall.server.wire.ratelimit import Limits

from .roomy import ROOMY, serve_args

START_TIMEOUT = 60.0
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
"""Served as the operator's pack folder, so tables may name the mini pack ("mini.en")."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class ServeProcess:
    """`python -m pokerhall serve --db ... --redis ...` on a free port, output to `log`; the
    creator may remove a player away for `remove_grace` seconds (none by default: the tests of
    the grace itself give one)."""

    def __init__(
        self,
        db_url: str,
        redis_url: str,
        prefix: str,
        log: Path,
        *,
        limits: Limits = ROOMY,
        remove_grace: float = 0.0,
    ) -> None:
        self.port = free_port()
        self.log = log
        command = [sys.executable, "-m", "pokerhall", "serve", "--host", "127.0.0.1"]
        command += ["--port", str(self.port), "--db", db_url, "--packs", str(FIXTURES)]
        command += ["--redis", redis_url, "--redis-prefix", prefix, *serve_args(limits)]
        command += ["--remove-grace", str(remove_grace)]
        self.started = time.monotonic()
        with log.open("ab") as out:
            self.process = subprocess.Popen(
                command, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT
            )

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def ws(self, table_id: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/tables/{table_id}"

    async def health(self) -> dict[str, Any]:
        async with httpx.AsyncClient(base_url=self.http, timeout=5) as client:
            health: dict[str, Any] = (await client.get("/api/health")).json()
            return health

    async def ready(self, scale_out: str = "available") -> dict[str, Any]:
        """Wait until the process serves and reports `scale_out` in /api/health."""
        async with asyncio.timeout(START_TIMEOUT):
            while True:
                if self.process.poll() is not None:
                    pytest.fail(f"the server exited: {self.log.read_text()}")
                with contextlib.suppress(httpx.TransportError):
                    if (health := await self.health())["scale_out"] == scale_out:
                        return health
                await asyncio.sleep(0.1)

    def kill(self, sig: int = signal.SIGKILL) -> None:
        if self.process.poll() is None:
            self.process.send_signal(sig)
        self.process.wait(timeout=15)
