"""Clients that cost the server more than they should: one that stops reading (it falls behind
and is disconnected, without holding up its table, its handler or the shutdown) and one that
sends too much (every frame counts against the limit, binary ones too, and a client that keeps
at it is disconnected)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
from collections.abc import Awaitable, Callable
from typing import cast

import pytest
from starlette.websockets import WebSocket
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed
from websockets.frames import Close

from pokerhall.server.wire import connection
from pokerhall.server.wire.connection import OUTBOX_LIMIT, Connection

from .conftest import Seated
from .live import LiveServer
from .lobby import Lobby
from .wsclient import TableClient

pytestmark = pytest.mark.anyio
POLICY_VIOLATION = 1008
TRY_AGAIN_LATER = 1013
WAIT = 10.0


class UnreadSocket:
    """Stands in for the WebSocket of a client that has stopped reading: like uvicorn's, every
    send (the close frame too) waits until the client reads again (`reading` is set)."""

    def __init__(self) -> None:
        self.reading = asyncio.Event()
        self.sent: list[str] = []
        self.closed_with: list[tuple[int, str | None]] = []

    async def send_text(self, text: str) -> None:
        await self.reading.wait()
        self.sent.append(text)

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        await self.reading.wait()
        self.closed_with.append((code, reason))


def connection_to(client: UnreadSocket) -> Connection:
    return Connection(cast(WebSocket, client), seat=0)


async def fall_behind(conn: Connection) -> None:
    """Queue more than the outbox takes while the writer is stuck in its first send."""
    for i in range(OUTBOX_LIMIT + 2):
        conn.send(f"message {i}")
        await asyncio.sleep(0)


async def read_until_closed(receive: Callable[[], Awaitable[object]]) -> Close:
    """Read every message until the server closes the connection (within WAIT seconds)."""

    async def read_on() -> None:
        while True:
            await receive()

    with pytest.raises(ConnectionClosed) as closed:
        await asyncio.wait_for(read_on(), WAIT)
    assert closed.value.rcvd is not None, "closed without a close frame"
    return closed.value.rcvd


# --- falling behind --------------------------------------------------------------------------


async def test_a_client_that_falls_behind_is_closed_and_gets_no_stale_backlog() -> None:
    client = UnreadSocket()
    conn = connection_to(client)
    await fall_behind(conn)
    assert conn.closed
    client.reading.set()
    await asyncio.wait_for(conn.wait_closed(), 2)
    assert client.closed_with == [(TRY_AGAIN_LATER, connection.FELL_BEHIND)]
    assert len(client.sent) <= 1  # at most the message the writer was stuck on


@pytest.mark.parametrize("behind", [True, False], ids=["fell behind", "closed normally"])
async def test_a_client_that_never_reads_again_holds_up_nobody(
    monkeypatch: pytest.MonkeyPatch, behind: bool
) -> None:
    """What the handler and the shutdown (runtime.stop) wait for ends even if nothing can be
    sent; both the writer stuck on the backlog and the close frame are given up."""
    monkeypatch.setattr(connection, "CLOSE_TIMEOUT", 0.2)
    client = UnreadSocket()
    conn = connection_to(client)
    if behind:
        await fall_behind(conn)
    else:
        conn.send("a message the client will never read")
    await asyncio.wait_for(conn.wait_closed(), 2)
    assert client.sent == []
    assert client.closed_with == []


async def test_a_live_spectator_that_stops_reading_is_disconnected(
    server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bots play on while a spectator reads nothing. When it reads again it finds, after what
    was already on the wire, the close (1013, reconnect to catch up), and its handler has
    ended, so nothing is left for the shutdown to wait for."""
    # A short outbox, and a small send buffer (connections inherit the listening socket's):
    # the backlog overflows within a second, long before the bots' game can end.
    monkeypatch.setattr(connection, "OUTBOX_LIMIT", 16)
    server._sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
    async with Lobby.at(server.http) as lobby:
        table = await lobby.create(
            seats=10, bots=9, bot_delay=0, options={"starting_stack": 1_000_000}
        )
        _seat, token = await lobby.join(table["id"], "Ann")
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.setblocking(False)
        await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", server.port))
        async with connect(
            server.ws(table["id"]), sock=sock, max_queue=1, ping_interval=None
        ) as stalled:
            await stalled.send(json.dumps({"v": 1, "type": "hello", "token": None}))
            await lobby.leave(table["id"], token)  # a bot takes over: updates keep coming
            runtime = server.app.state.hall.runtimes[table["id"]]
            async with asyncio.timeout(WAIT):  # reading nothing until the table drops us
                while runtime.connections:
                    await asyncio.sleep(0.05)
            close = await read_until_closed(stalled.recv)
            assert close.code == TRY_AGAIN_LATER
            assert "reconnect" in close.reason
        async with asyncio.timeout(WAIT):
            while server.server.server_state.tasks:  # the stalled client's handler
                await asyncio.sleep(0.05)


# --- sending too much ------------------------------------------------------------------------


async def flood(client: TableClient, frame: str | bytes, count: int) -> None:
    """Send `count` frames as fast as possible; the server may hang up before the last."""
    with contextlib.suppress(ConnectionClosed):
        for _ in range(count):
            await client.send_raw(frame)


async def test_binary_frames_are_rate_limited_like_text(seated: Seated) -> None:
    """A burst of binary frames gets the binary error, then rate_limited: it counts."""
    await flood(seated.client, b'{"v": 1, "type": "ping"}', 60)
    codes = [(await seated.client.next_error())["code"] for _ in range(60)]
    assert codes[0] == "bad_message"
    assert "rate_limited" in codes
    assert set(codes) == {"bad_message", "rate_limited"}
    await asyncio.sleep(0.5)  # the bucket refills; a burst alone is no reason to hang up
    assert await seated.client.roundtrip() == []


@pytest.mark.parametrize("frame", ['{"v": 1, "type": "ping"}', b"\x00"], ids=["text", "binary"])
async def test_a_client_that_keeps_flooding_is_disconnected(
    seated: Seated, frame: str | bytes
) -> None:
    await flood(seated.client, frame, 300)
    assert (await read_until_closed(seated.client.recv)).code == POLICY_VIOLATION
    last = seated.client.errors()[-1]
    assert last["code"] == "rate_limited"
    assert "disconnected" in last["reason"]
    again = await TableClient.connect(seated.url, seated.token)  # the seat is not lost
    await again.expect("state")
    assert await again.roundtrip() == []
    await again.close()


async def test_a_flood_before_the_hello_is_disconnected(seated: Seated) -> None:
    """Frames count from the first one on: the hello timeout is no licence to flood."""
    client = await TableClient.connect(seated.url, hello=False)
    await flood(client, b"\x00", 300)
    assert (await read_until_closed(client.recv)).code == POLICY_VIOLATION
    last = client.errors()[-1]
    assert last["code"] == "rate_limited"
    assert "disconnected" in last["reason"]
    assert await seated.client.roundtrip() == []
