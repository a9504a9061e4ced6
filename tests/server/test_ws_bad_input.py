"""Bad input on the socket: each gets an error naming the reason, the game state is unchanged,
the connection stays usable where that makes sense, and the server keeps serving."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from pokerhall.server.tables import socket as websocket
from pokerhall.server.wire.messages import MAX_MESSAGE_CHARS, WS_MAX_FRAME_BYTES

from .conftest import Seated
from .live import LiveServer
from .lobby import Lobby
from .wsclient import TableClient

pytestmark = pytest.mark.anyio
POLICY_VIOLATION = 1008
MESSAGE_TOO_BIG = 1009


BAD_MESSAGES = {
    "malformed JSON": ('{"v": 1, "type": "ping"', "bad_json", "not valid JSON"),
    "not an object": ("[1, 2, 3]", "bad_message", "JSON object"),
    "unknown type": ('{"v": 1, "type": "dance"}', "bad_message", "dance"),
    "no version": ('{"type": "ping"}', "bad_version", "version None"),
    "wrong version": ('{"v": 2, "type": "ping"}', "bad_version", "version 2"),
    "version true": ('{"v": true, "type": "ping"}', "bad_version", "version True"),
    "version 1.0": ('{"v": 1.0, "type": "ping"}', "bad_version", "version 1.0"),
    # Q1: a guess as a JSON number with a fraction went through a float and lost digits
    "long fraction": (
        '{"v": 1, "type": "move", "move": {"type": "guess", "value": 1234567890123456.7}}',
        "bad_message",
        "move.value: 1234567890123456.7 would lose digits as a JSON number; send numbers with a "
        'fraction as text, in plain digits (e.g. "83.2")',
    ),
    "many digits": (
        '{"v": 1, "type": "move", "move": {"type": "guess", '
        '"value": 0.1000000000000000055511151231257827}}',
        "bad_message",
        "move.value: 0.1000000000000000055511151231257827 would lose digits",
    ),
    "exponent": (
        '{"v": 1, "type": "move", "move": {"type": "guess", "value": 1.0e5}}',
        "bad_message",
        "move.value: 1.0e5 would lose digits",
    ),
    "NaN": (
        '{"v": 1, "type": "move", "move": {"type": "guess", "value": NaN}}',
        "bad_json",
        "JSON",
    ),
    "move without a move": ('{"v": 1, "type": "move"}', "bad_message", "move"),
    "unknown field": ('{"v": 1, "type": "ping", "seat": 1}', "bad_message", "seat"),
    "move not an object": ('{"v": 1, "type": "move", "move": 7}', "bad_message", "move"),
    "too large": (
        json.dumps({"v": 1, "type": "ping", "pad": "x" * MAX_MESSAGE_CHARS}),
        "too_large",
        f"at most {MAX_MESSAGE_CHARS}",
    ),
}


@pytest.mark.parametrize(("text", "code", "reason"), BAD_MESSAGES.values(), ids=BAD_MESSAGES)
async def test_a_bad_message_is_answered_with_its_reason(
    seated: Seated, text: str, code: str, reason: str
) -> None:
    await seated.client.send_raw(text)
    error = await seated.client.next_error()
    assert error["code"] == code
    assert reason in error["reason"]
    await seated.assert_unchanged_and_usable()


async def test_a_binary_frame_is_refused(seated: Seated) -> None:
    await seated.client.send_raw(b'{"v": 1, "type": "ping"}')
    error = await seated.client.next_error()
    assert error["code"] == "bad_message"
    assert "binary" in error["reason"]
    await seated.assert_unchanged_and_usable()


async def test_a_frame_above_the_size_limit_closes_only_that_connection(seated: Seated) -> None:
    """uvicorn refuses frames above ws_max_size (as `pokerhall serve` sets it) with 1009."""
    await seated.client.send_raw("x" * (WS_MAX_FRAME_BYTES + 1))
    with pytest.raises(ConnectionClosed) as closed:
        await seated.client.recv()
    assert closed.value.rcvd is not None
    assert closed.value.rcvd.code == MESSAGE_TOO_BIG
    again = await TableClient.connect(seated.server.ws(seated.table["id"]), seated.token)
    seated.client = again
    await again.expect("state")
    await seated.assert_unchanged_and_usable()


async def test_too_many_messages_are_rate_limited(seated: Seated) -> None:
    """Issue 26 (bad input): the refusal says when to send again, `params.retry_after` in
    seconds: positive and at most one message's share of a second (20 a second), and marked
    as this socket's own limit (`limit: socket`) rather than the address's."""
    for _ in range(60):
        await seated.client.send({"v": 1, "type": "ping"})
    error = await seated.client.next_error()
    assert error["code"] == "rate_limited"
    assert "too many messages" in error["reason"]
    assert error["params"]["limit"] == "socket"
    retry_after = error["params"]["retry_after"]
    assert isinstance(retry_after, float)
    assert 0 < retry_after <= 1 / 20
    await asyncio.sleep(0.5)  # the bucket refills (20 a second)
    await seated.assert_unchanged_and_usable()


async def _refused_at_hello(client: TableClient, code: str) -> dict[str, Any]:
    error = await client.next_error()
    assert error["code"] == code
    with pytest.raises(ConnectionClosed) as closed:
        await client.recv()
    assert closed.value.rcvd is not None
    assert closed.value.rcvd.code == POLICY_VIOLATION
    return error


async def test_a_move_before_hello_closes_the_connection(seated: Seated) -> None:
    client = await TableClient.connect(seated.server.ws(seated.table["id"]), hello=False)
    await client.send({"v": 1, "type": "move", "move": {"type": "fold"}})
    error = await _refused_at_hello(client, "hello_first")
    assert "hello" in error["reason"]
    await seated.assert_unchanged_and_usable()


async def test_a_garbled_hello_closes_the_connection(seated: Seated) -> None:
    client = await TableClient.connect(seated.server.ws(seated.table["id"]), hello=False)
    await client.send_raw("hello?")
    await _refused_at_hello(client, "bad_json")
    await seated.assert_unchanged_and_usable()


async def test_a_forged_token_closes_the_connection(seated: Seated) -> None:
    forged = seated.token[:-4] + ("AAAA" if not seated.token.endswith("AAAA") else "BBBB")
    client = await TableClient.connect(seated.server.ws(seated.table["id"]), hello=False)
    await client.send({"v": 1, "type": "hello", "token": forged})
    error = await _refused_at_hello(client, "unauthorized")
    assert "token" in error["reason"]
    await seated.assert_unchanged_and_usable()


async def test_a_token_given_up_by_leaving_closes_the_connection(
    server: LiveServer, quick_options: dict[str, Any]
) -> None:
    async with Lobby.at(server.http) as lobby:
        table = await lobby.create(options=quick_options, seats=3)
        _seat, token = await lobby.join(table["id"], "Ann")
        await lobby.leave(table["id"], token)
        client = await TableClient.connect(server.ws(table["id"]), hello=False)
        await client.send({"v": 1, "type": "hello", "token": token})
        await _refused_at_hello(client, "unauthorized")


async def test_a_hello_for_an_unknown_table_closes_the_connection(seated: Seated) -> None:
    client = await TableClient.connect(seated.server.ws("no-such-table"), hello=False)
    await client.send({"v": 1, "type": "hello"})
    error = await _refused_at_hello(client, "not_found")
    assert "no-such-table" in error["reason"]


async def test_a_silent_client_is_closed_after_the_hello_timeout(
    seated: Seated, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(websocket, "HELLO_TIMEOUT", 0.3)
    client = await TableClient.connect(seated.server.ws(seated.table["id"]), hello=False)
    error = await _refused_at_hello(client, "hello_first")
    assert "in time" in error["reason"]
    await seated.assert_unchanged_and_usable()
