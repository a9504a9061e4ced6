"""A real uvicorn server on 127.0.0.1 in a background thread, for WebSocket tests.

It binds its own socket on a free port before uvicorn starts, so two tests can never race for a
port, and it is stopped with a timeout so a hung shutdown fails the test instead of CI.
"""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from types import TracebackType

import uvicorn

from pokerhall.server.app import create_app
from pokerhall.server.people.mail import MailSettings
from pokerhall.server.wire.messages import WS_MAX_FRAME_BYTES
from pokerhall.server.wire.ratelimit import ClientAddresses, Limits

from .roomy import ROOMY

START_TIMEOUT = 15.0
STOP_TIMEOUT = 15.0


class LiveServer:
    def __init__(
        self,
        db_url: str,
        limits: Limits = ROOMY,
        addresses: ClientAddresses | None = None,
        mail: MailSettings | None = None,
    ) -> None:
        self.db_url = db_url
        self.app = create_app(db_url, limits=limits, addresses=addresses, mail=mail)
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._sock.bind(("127.0.0.1", 0))
        self.port: int = self._sock.getsockname()[1]
        config = uvicorn.Config(
            self.app,
            loop="asyncio",
            ws_max_size=WS_MAX_FRAME_BYTES,
            proxy_headers=False,  # as `pokerhall serve`: the app reads the forwarded header
            log_level="warning",
            access_log=False,
            timeout_graceful_shutdown=5,
        )
        self.server = uvicorn.Server(config)
        self._thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self._sock]}, daemon=True
        )

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def ws(self, table_id: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/tables/{table_id}"

    def start(self) -> LiveServer:
        self._thread.start()
        deadline = time.monotonic() + START_TIMEOUT
        while not self.server.started:
            if not self._thread.is_alive():
                raise RuntimeError("the server thread died while starting")
            if time.monotonic() > deadline:
                raise TimeoutError("the server did not start in time")
            time.sleep(0.01)
        return self

    async def stop(self) -> None:
        """Stop without blocking the caller's loop, whose clients must answer the close."""
        self.server.should_exit = True
        await asyncio.to_thread(self._thread.join, STOP_TIMEOUT)
        self._sock.close()
        if self._thread.is_alive():
            raise TimeoutError("the server did not stop in time")

    async def __aenter__(self) -> LiveServer:
        await asyncio.to_thread(self.start)
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.stop()
