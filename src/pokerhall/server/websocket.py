"""The live connection: one WebSocket per client, JSON messages in both directions.

The first message must be a hello (with the seat token, or none to watch). After that the client
sends moves and gets, for every move at the table, the events its seat may see and its new view.
Every problem is answered with an error message naming the reason; the connection stays open
unless the client cannot be trusted with it (no hello, bad token).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.websockets import WebSocketState

from pokerhall.engine import IllegalMove
from pokerhall.server.connection import Connection, RateLimiter
from pokerhall.server.hall import Hall, LobbyError
from pokerhall.server.messages import (
    MAX_MESSAGE_CHARS,
    Hello,
    MoveMessage,
    Ping,
    ProtocolError,
    Sync,
    error_message,
    parse_client_message,
    server_message,
)

router = APIRouter()
log = logging.getLogger("pokerhall.server")
HELLO_TIMEOUT = 15.0
POLICY_VIOLATION = 1008
INTERNAL_ERROR = 1011
HIDDEN = "internal server error"
"""All a client learns of a bug: the details go to the server log, never over the wire."""


async def _receive_text(ws: WebSocket) -> str | None:
    """The next text message; None when the client has gone. Binary frames are refused."""
    while True:
        message = await ws.receive()
        if message["type"] == "websocket.disconnect":
            return None
        if message.get("text") is not None:
            return str(message["text"])
        await ws.send_text(error_message("bad_message", "send JSON text messages, not binary"))


@router.websocket("/ws/tables/{table_id}")
async def table_socket(ws: WebSocket, table_id: str) -> None:
    await ws.accept()
    hall: Hall = ws.app.state.hall
    greeted, seat = await _greet(ws, hall, table_id)
    if not greeted:
        return
    conn = Connection(ws, seat)
    limiter = RateLimiter(rate=20.0, burst=40)
    try:
        info = await hall.info(table_id)
        conn.send(server_message("welcome", seat=seat, table=info.model_dump()))
        runtime = await hall.runtime(table_id)
        if runtime is None:
            hall.wait(table_id, conn)
        else:
            runtime.attach(conn)
        while (text := await _receive_text(ws)) is not None:
            if not limiter.allow():
                conn.send(error_message("rate_limited", "too many messages; slow down"))
                continue
            try:
                await _handle(conn, hall, table_id, text)
            except Exception:  # a bug answering one message must not end the connection
                log.exception("table %s: message failed", table_id)
                conn.send(error_message("server_error", HIDDEN))
    except WebSocketDisconnect:
        pass
    except Exception:
        log.exception("table %s: connection failed", table_id)
        conn.send(error_message("server_error", HIDDEN))
    finally:
        hall.unwait(table_id, conn)
        live = hall.runtimes.get(table_id)
        if live is not None:
            live.detach(conn)
        await conn.wait_closed()


async def _greet(ws: WebSocket, hall: Hall, table_id: str) -> tuple[bool, int | None]:
    """Read the hello: (True, seat or None for a spectator), or (False, None) once closed."""
    try:
        text = await asyncio.wait_for(_receive_text(ws), HELLO_TIMEOUT)
        if text is None:
            return False, None
        hello = parse_client_message(text)
        if not isinstance(hello, Hello):
            raise ProtocolError(
                "hello_first", 'the first message must be {"v": 1, "type": "hello"}'
            )
        await hall.info(table_id)
        if hello.token is None:
            return True, None
        return True, await hall.authenticate(table_id, hello.token)
    except TimeoutError:
        reason, code = "no hello received in time", "hello_first"
    except ProtocolError as exc:
        reason, code = exc.reason, exc.code
    except LobbyError as exc:
        reason, code = exc.reason, "unauthorized" if exc.status == 401 else "not_found"
    except Exception:
        log.exception("table %s: hello failed", table_id)
        reason, code = HIDDEN, "server_error"
    close_code = INTERNAL_ERROR if code == "server_error" else POLICY_VIOLATION
    with contextlib.suppress(Exception):
        if ws.application_state == WebSocketState.CONNECTED:
            await ws.send_text(error_message(code, reason))
            await ws.close(close_code, reason[:100])
    return False, None


async def _handle(conn: Connection, hall: Hall, table_id: str, text: str) -> None:
    try:
        message = parse_client_message(text)
    except ProtocolError as exc:
        conn.send(error_message(exc.code, exc.reason))
        return
    runtime = hall.runtimes.get(table_id)
    if isinstance(message, Ping):
        conn.send(server_message("pong"))
    elif isinstance(message, Hello):
        conn.send(error_message("bad_message", "already greeted; send moves now"))
    elif isinstance(message, Sync):
        if runtime is not None:
            conn.send(runtime.snapshot(conn.seat))
        else:
            conn.send(server_message("table", table=(await hall.info(table_id)).model_dump()))
    elif isinstance(message, MoveMessage):
        if conn.seat is None:
            conn.send(error_message("not_seated", "spectators cannot make moves"))
        elif runtime is None:
            conn.send(error_message("not_started", "the game has not started yet"))
        else:
            try:
                await runtime.submit(conn.seat, message.move)
            except IllegalMove as exc:
                conn.send(error_message("illegal_move", exc.reason))
            except RuntimeError:
                conn.send(error_message("server_error", "the server could not take this move"))


assert MAX_MESSAGE_CHARS < 65_536  # uvicorn's ws_max_size is set above this in serve.py
