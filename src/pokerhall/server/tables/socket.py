"""The live connection: one WebSocket per client, JSON messages in both directions.

The first message must be a hello (with the seat token, or none to watch). After that the client
sends moves and gets, for every move at the table, the events its seat may see and its new view.
Every problem is answered with an error message naming the reason; the connection stays open
unless the client cannot be trusted with it (no hello, bad token, too many messages for too long,
see `FloodGuard`). Replies go through the connection's outbox like everything else, so the reader
never waits for a client that does not read.
"""

from __future__ import annotations

import asyncio
import logging

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from pokerhall.engine import IllegalMove
from pokerhall.server.tables.book import seat_of
from pokerhall.server.tables.hall import Hall
from pokerhall.server.tables.runtime import MoveNotSaved, NextHandRefused, TableRuntime
from pokerhall.server.wire import ratelimit
from pokerhall.server.wire.chat_text import CHAT_BURST, ChatRefused
from pokerhall.server.wire.connection import (
    TRY_AGAIN_LATER,
    Admission,
    Connection,
    FloodGuard,
    Peer,
)
from pokerhall.server.wire.messages import (
    MAX_MESSAGE_CHARS,
    WS_MAX_FRAME_BYTES,
    ChatMessage,
    ChatSettings,
    Hello,
    MoveMessage,
    NextHand,
    Ping,
    ProtocolError,
    Sync,
    TableInfo,
    error_message,
    parse_client_message,
    server_message,
)
from pokerhall.server.wire.refusal import LobbyError
from pokerhall.server.wire.retry import RateLimited

router = APIRouter()
log = logging.getLogger("pokerhall.server")
HELLO_TIMEOUT = 15.0
POLICY_VIOLATION = 1008
INTERNAL_ERROR = 1011
NOT_SAVED = "the move could not be saved; try again"
"""The database did not take the move (code `not_saved`): nothing changed, so it may be retried."""
HIDDEN = "internal server error"
"""All a client learns of a bug: the details go to the server log, never over the wire."""


class Flooding(ProtocolError):
    """The client kept sending over the limit after being told to slow down (`FloodGuard`)."""

    def __init__(self) -> None:
        super().__init__("rate_limited", "too many messages for too long; disconnected")


async def _receive_text(conn: Connection, guard: FloodGuard) -> str | None:
    """The next text message within the limit; None when the client has gone or is being
    disconnected. Every frame counts against the limit, binary ones too (which are refused):
    answering them costs as much as answering text. Raises Flooding."""
    while True:
        message = await conn.ws.receive()
        if message["type"] == "websocket.disconnect" or conn.closed:
            return None
        admission = guard.admit()
        if admission is Admission.DISCONNECT:
            raise Flooding
        if admission is Admission.REFUSE:
            params = {"retry_after": guard.retry_after(), "limit": "socket"}
            conn.send(error_message("rate_limited", "too many messages; slow down", params=params))
        elif message.get("text") is not None:
            return str(message["text"])
        else:
            conn.send(error_message("bad_message", "send JSON text messages, not binary"))


@router.websocket("/ws/tables/{table_id}")
async def table_socket(ws: WebSocket, table_id: str) -> None:
    await ws.accept()
    hall: Hall = ws.app.state.hall
    conn = Connection(ws, seat=None)
    guard = FloodGuard()
    limits = ratelimit.of(ws)
    client = limits.client(ws)
    if (too_many := limits.open_socket(client, table_id)) is not None:  # before any snapshot
        conn.send(too_many.ws_error())
        conn.close(TRY_AGAIN_LATER, too_many.reason)
        await conn.wait_closed()
        return
    try:
        if (info := await _greet(conn, guard, hall, table_id)) is None:
            return
        conn.send(server_message("welcome", seat=conn.seat, table=info.model_dump()))
        await _join(conn, hall, table_id, info)
        while (text := await _receive_text(conn, guard)) is not None:
            if (refusal := await limits.chat_refusal(client, text)) is not None:
                conn.send(refusal)  # the client's address is over its chat limit
                continue
            if conn.forward is not None:  # to the process that runs the table, untouched
                conn.forward(text)
                continue
            try:
                await handle_message(conn, hall, table_id, text)
            except Exception:  # a bug answering one message must not end the connection
                log.exception("table %s: message failed", table_id)
                conn.send(error_message("server_error", HIDDEN))
    except WebSocketDisconnect:
        pass
    except Flooding as exc:
        _refuse(conn, exc.code, exc.reason)
    except Exception:
        log.exception("table %s: connection failed", table_id)
        conn.send(error_message("server_error", HIDDEN))
    finally:
        limits.close_socket(client, table_id)
        hall.presence.unwait(table_id, conn)
        if hall.cluster is not None:
            hall.cluster.unlink(conn)
        live = hall.runtimes.get(table_id)
        if live is not None:
            live.detach(conn)
        await conn.wait_closed()


async def _greet(
    conn: Connection, guard: FloodGuard, hall: Hall, table_id: str
) -> TableInfo | None:
    """Read the hello and set the connection's seat (None to watch); returns the table's info
    for the welcome (the table and its seats read once, for the info and the token), or None
    when the client has gone or was refused (the connection is then closing)."""
    try:
        text = await asyncio.wait_for(_receive_text(conn, guard), HELLO_TIMEOUT)
        if text is None:
            return None
        hello = parse_client_message(text)
        if not isinstance(hello, Hello):
            raise ProtocolError(
                "hello_first", 'the first message must be {"v": 1, "type": "hello"}'
            )
        viewer = await hall.access.viewer(conn.ws, token=hello.token, code=hello.code)
        # For the info and the token; a private table only to whom may see it (access.py).
        table, seats = await hall.access.seen_table(conn.ws, table_id, viewer)
        info = await hall.book.info_of(table, seats)
        if hello.token is not None:
            conn.seat = seat_of(seats, hello.token)
        return info
    except TimeoutError:
        reason, code = "no hello received in time", "hello_first"
    except ProtocolError as exc:
        reason, code = exc.reason, exc.code
    except RateLimited as exc:  # wrong codes past the `codes` limit
        conn.send(exc.ws_error())
        conn.close(POLICY_VIOLATION, exc.reason)
        return None
    except LobbyError as exc:
        reason, code = exc.reason, "unauthorized" if exc.status == 401 else "not_found"
    except Exception:
        log.exception("table %s: hello failed", table_id)
        reason, code = HIDDEN, "server_error"
    _refuse(conn, code, reason)
    return None


async def _join(conn: Connection, hall: Hall, table_id: str, welcomed: TableInfo) -> None:
    """Attach the greeted connection to the live table, here or on another process, or else
    make it wait for the start. The welcome's info was read before the connection waited:
    a seat taken or a start in between was announced to the others only, so the table is read
    again once it waits, and what it missed is sent (or, started meanwhile, it joins now)."""
    for again in (False, True):
        runtime = await hall.running.runtime(table_id)
        if runtime is not None:
            runtime.attach(conn)
            return
        if await hall.running.link(table_id, conn):  # the table runs in another process
            return
        hall.presence.wait(table_id, conn)
        now = await hall.book.info(table_id)
        if now.status == "open" or again:  # (again: a table that cannot be restored leaves
            if now != welcomed:  # the connection waiting, as before)
                conn.send(server_message("table", table=now.model_dump()))
            return
        if not hall.presence.stop_waiting(table_id, conn):
            return  # handed over to the runtime as the table started
        welcomed = now  # started while it joined, and not handed over: join it now


def _refuse(conn: Connection, code: str, reason: str) -> None:
    """Tell the client why, then close: 1011 for our own bug, 1008 for the client's doing."""
    conn.send(error_message(code, reason))
    conn.close(INTERNAL_ERROR if code == "server_error" else POLICY_VIOLATION, reason)


async def handle_message(conn: Peer, hall: Hall, table_id: str, text: str) -> None:
    """Answer one client message: the same code for a WebSocket here and for one on another
    process whose table runs here (`cluster/routing.py`)."""
    try:
        message = parse_client_message(text)
    except ProtocolError as exc:
        conn.send(error_message(exc.code, exc.reason, params=exc.params))
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
            conn.send(server_message("table", table=(await hall.book.info(table_id)).model_dump()))
    elif isinstance(message, MoveMessage):
        if conn.seat is None:
            conn.send(error_message("not_seated", "spectators cannot make moves"))
        elif runtime is None:
            conn.send(error_message("not_started", "the game has not started yet"))
        else:
            try:
                await runtime.submit(conn.seat, message.move)
            except IllegalMove as exc:
                conn.send(error_message("illegal_move", exc.reason, exc.message))
            except MoveNotSaved:
                conn.send(error_message("not_saved", NOT_SAVED))
            except RuntimeError:
                conn.send(error_message("server_error", "the server could not take this move"))
    elif isinstance(message, ChatMessage | ChatSettings):
        await _chat(conn, runtime, message)
    elif isinstance(message, NextHand):
        if runtime is None:
            conn.send(error_message("no_result_pause", "no hand's result is being shown now"))
            return
        try:
            await runtime.next_hand(conn.seat)
        except NextHandRefused as exc:
            conn.send(error_message(exc.code, exc.reason))


async def _chat(
    conn: Peer, runtime: TableRuntime | None, message: ChatMessage | ChatSettings
) -> None:
    """Chat goes through the table's runtime, which stores and sends it; the waiting room
    has none, so there is no chat before the game starts."""
    if runtime is None:
        conn.send(error_message("not_started", "the chat opens when the game starts"))
        return
    try:
        if isinstance(message, ChatSettings):
            await runtime.chat_settings(conn.seat, message.spectators_shown)
        elif not conn.chat_limit.allow():
            conn.send(
                error_message(
                    "chat_rate_limited",
                    f"at most {CHAT_BURST} chat messages at once, then one a second",
                    params={"burst": CHAT_BURST},
                )
            )
        else:
            await runtime.chat_message(conn.seat, message.name, message.text, message.reaction)
    except ChatRefused as exc:
        conn.send(error_message(exc.code, exc.reason, params=exc.params))
    except RuntimeError:
        conn.send(error_message("server_error", "the server could not take this message"))


assert MAX_MESSAGE_CHARS < WS_MAX_FRAME_BYTES
