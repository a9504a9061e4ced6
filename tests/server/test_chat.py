"""Table chat (issue 12 item 3; docs/protocol.md, "Table chat"): stored with the table and
replayed to a (re)connecting client, two channels (players', spectators') with the host's
switch, rate-limited, length-capped, no control characters; a refused message changes nothing."""

from __future__ import annotations

import ast
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from pokerhall.engine.messages import LANGUAGES
from pokerhall.server.store.db import Database
from pokerhall.server.store.models import ChatRow
from pokerhall.server.wire.chat_text import MAX_CHAT_CHARS
from pokerhall.server.wire.connection import RateLimiter

from .live import LiveServer
from .lobby import Lobby
from .wsclient import Message, TableClient

pytestmark = pytest.mark.anyio


async def say(client: TableClient, text: str | None = None, **fields: Any) -> None:
    body: dict[str, Any] = {"v": 1, "type": "chat", **fields}
    if text is not None:
        body["text"] = text
    await client.send(body)


def chat_texts(client: TableClient) -> list[str | None]:
    """What the client was sent as new chat messages (text, or the reaction's id)."""
    return [
        m["message"]["text"] or m["message"]["reaction"]
        for m in client.messages
        if m["type"] == "chat"
    ]


def history_texts(chat: Message) -> list[str | None]:
    return [m["text"] or m["reaction"] for m in chat["messages"]]


async def quiet(*clients: TableClient) -> None:
    """Every message the server sent them before now has arrived (a ping's pong follows)."""
    for client in clients:
        await client.roundtrip()


@dataclass
class Table:
    server: LiveServer
    lobby: Lobby
    id: str
    tokens: list[str]
    ann: TableClient
    bob: TableClient
    zoe: TableClient
    """A spectator."""

    async def connect(self, token: str | None) -> TableClient:
        client = await TableClient.connect(self.server.ws(self.id), token)
        await client.expect("state")
        return client


async def open_table(server: LiveServer, lobby: Lobby, options: dict[str, Any]) -> Table:
    table = await lobby.create(options=options, seats=2)
    tokens = await lobby.join_all(table["id"], "Ann", "Bob")
    clients = []
    for token in (*tokens, None):
        client = await TableClient.connect(server.ws(table["id"]), token)
        await client.expect("state")
        clients.append(client)
    return Table(server, lobby, table["id"], tokens, *clients)


@pytest.fixture
async def table(server: LiveServer, quick_options: dict[str, Any]) -> AsyncIterator[Table]:
    """Ann (seat 0, the host) and Bob at a running heads-up table, Zoe watching."""
    async with Lobby.at(server.http) as lobby:
        opened = await open_table(server, lobby, quick_options)
        yield opened
        for client in (opened.ann, opened.bob, opened.zoe):
            await quiet(client)  # a client that reads nothing never reads the close either
            await client.close()


async def count_chat(db_url: str, table_id: str) -> int:
    db = Database(db_url)
    try:
        query = select(func.count()).select_from(ChatRow).where(ChatRow.table_id == table_id)
        async with db.sessions() as session:
            return int((await session.scalar(query)) or 0)
    finally:
        await db.close()


# --- stored and replayed ------------------------------------------------------------------------


async def test_chat_is_stored_with_the_table_and_replayed_after_a_reconnect_and_a_restart(
    db_url: str, quick_options: dict[str, Any]
) -> None:
    async with LiveServer(db_url) as server, Lobby.at(server.http) as lobby:
        table = await open_table(server, lobby, quick_options)
        await say(table.ann, "hello <script>alert(1)</script>")
        message = (await table.bob.expect("chat"))["message"]
        assert message["seat"] == 0
        assert message["channel"] == "players"
        assert message["text"] == "hello <script>alert(1)</script>"  # kept as written: text
        assert message["name"] is None
        assert message["reaction"] is None
        assert message["seq"] == 1
        await say(table.bob, reaction="gg")
        await say(table.zoe, "go Ann", name="Zoe")
        assert (await table.zoe.expect(lambda m: m["type"] == "chat" and m["message"]["seq"] == 3))[
            "message"
        ] | {"at": None} == {
            "seq": 3,
            "channel": "spectators",
            "seat": None,
            "name": "Zoe",
            "text": "go Ann",
            "reaction": None,
            "at": None,
        }
        await quiet(table.ann, table.bob, table.zoe)
        assert (
            chat_texts(table.ann)
            == chat_texts(table.bob)
            == [
                "hello <script>alert(1)</script>",
                "gg",
            ]
        )
        assert chat_texts(table.zoe) == ["hello <script>alert(1)</script>", "gg", "go Ann"]

        await table.bob.close()
        bob = await TableClient.connect(server.ws(table.id), table.tokens[1])
        state = await bob.expect("state")
        assert history_texts(state["chat"]) == ["hello <script>alert(1)</script>", "gg"]
        assert state["chat"]["host"] == 0
        assert state["chat"]["spectators_shown"] is False
        for client in (table.ann, bob, table.zoe):
            await client.close()
    assert await count_chat(db_url, table.id) == 3

    async with LiveServer(db_url) as server:
        zoe = await TableClient.connect(server.ws(table.id))
        state = await zoe.expect("state")
        assert history_texts(state["chat"]) == ["hello <script>alert(1)</script>", "gg", "go Ann"]
        ann = await TableClient.connect(server.ws(table.id), table.tokens[0])
        assert history_texts((await ann.expect("state"))["chat"]) == [
            "hello <script>alert(1)</script>",
            "gg",
        ]
        await say(ann, "after the restart")
        assert (await zoe.expect("chat"))["message"]["seq"] == 4  # numbering goes on
        await zoe.close()
        await ann.close()


async def test_a_reconnecting_client_gets_the_last_fifty_messages_it_may_read(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Many messages, faster than people may send them: connections opened now have no limit.
    monkeypatch.setattr("pokerhall.server.wire.connection.CHAT_BURST", 1000)
    ann, zoe = await table.connect(table.tokens[0]), await table.connect(None)
    for n in range(30):
        await say(ann, f"ann {n}")
        await say(zoe, f"zoe {n}")
    await zoe.expect(lambda m: m["type"] == "chat" and m["message"]["text"] == "zoe 29")
    bob = await table.connect(table.tokens[1])
    assert history_texts(bob.messages[-1]["chat"]) == [f"ann {n}" for n in range(30)]
    watcher = await table.connect(None)
    both = history_texts(watcher.messages[-1]["chat"])
    assert len(both) == 50
    assert both[0] == "ann 5"
    assert both[-1] == "zoe 29"
    for client in (ann, zoe, bob, watcher):
        await quiet(client)
        await client.close()


# --- channels and the host's switch -------------------------------------------------------------


async def test_spectators_chat_reaches_players_only_when_the_host_switches_it_on(
    table: Table,
) -> None:
    await say(table.zoe, "psst, Bob guessed low", name="Zoe")
    await table.zoe.expect("chat")
    await quiet(table.ann, table.bob)
    assert chat_texts(table.ann) == chat_texts(table.bob) == []

    await table.bob.send({"v": 1, "type": "chat_settings", "spectators_shown": True})
    error = await table.bob.next_error()
    assert error["code"] == "chat_not_host"
    await table.zoe.send({"v": 1, "type": "chat_settings", "spectators_shown": True})
    assert (await table.zoe.next_error())["code"] == "chat_not_host"
    await quiet(table.ann, table.bob, table.zoe)
    assert not any(m["type"] == "chat_history" for m in table.ann.messages)

    await table.ann.send({"v": 1, "type": "chat_settings", "spectators_shown": True})
    for client in (table.ann, table.bob, table.zoe):
        history = await client.expect("chat_history")
        assert history["spectators_shown"] is True
        assert history_texts(history) == ["psst, Bob guessed low"]
    await say(table.zoe, "now you hear me", name="Zoe")
    assert (await table.bob.expect("chat"))["message"]["text"] == "now you hear me"
    assert (await table.ann.expect("chat"))["message"]["channel"] == "spectators"

    await table.ann.send({"v": 1, "type": "chat_settings", "spectators_shown": False})
    history = await table.bob.expect("chat_history")
    assert history["spectators_shown"] is False
    assert history["messages"] == []
    bob = await table.connect(table.tokens[1])
    assert bob.messages[-1]["chat"]["messages"] == []
    await bob.close()


async def test_the_host_is_the_lowest_seat_still_held_by_its_player(
    table: Table,
) -> None:
    await table.lobby.leave(table.id, table.tokens[0])  # a bot plays Ann's seat now
    await table.bob.send({"v": 1, "type": "chat_settings", "spectators_shown": True})
    history = await table.bob.expect("chat_history")
    assert history["host"] == 1
    assert history["spectators_shown"] is True
    await table.ann.send({"v": 1, "type": "chat_settings", "spectators_shown": False})
    assert (await table.ann.next_error())["code"] == "chat_not_host"  # Ann only watches now


async def test_the_creator_is_the_host_from_any_seat_and_the_rule_falls_back_once_they_leave(
    server: LiveServer, quick_options: dict[str, Any]
) -> None:
    """Bob sits first (seat 0); the creator takes seat 1 with the creator token and is the host
    while they play it; once they leave, the lowest seat still played (Bob's) is."""
    async with Lobby.at(server.http) as lobby:
        table = await lobby.create(options=quick_options, seats=2)
        _seat, bob_token = await lobby.join(table["id"], "Bob")
        joined = await lobby.http.post(
            f"/api/tables/{table['id']}/seats",
            json={"name": "Cleo", "creator": table["creator_token"]},
        )
        assert joined.status_code == 201, joined.text
        assert joined.json()["seat"] == 1
        cleo_token = joined.json()["token"]
        bob, cleo = [
            await TableClient.connect(server.ws(table["id"]), t) for t in (bob_token, cleo_token)
        ]
        assert (await bob.expect("state"))["chat"]["host"] == 1
        await cleo.expect("state")
        await bob.send({"v": 1, "type": "chat_settings", "spectators_shown": True})
        assert (await bob.next_error())["code"] == "chat_not_host"
        await cleo.send({"v": 1, "type": "chat_settings", "spectators_shown": True})
        assert (await cleo.expect("chat_history"))["host"] == 1
        await lobby.leave(table["id"], cleo_token)
        await bob.send({"v": 1, "type": "chat_settings", "spectators_shown": False})
        history = await bob.expect(lambda m: m["type"] == "chat_history" and m["host"] == 0)
        assert history["spectators_shown"] is False
        for client in (bob, cleo):
            await quiet(client)
            await client.close()


# --- limits ---------------------------------------------------------------------------------------


def test_the_chat_limiter_takes_a_burst_of_three_then_one_a_second() -> None:
    now = [100.0]
    limiter = RateLimiter(1.0, 3, clock=lambda: now[0])
    assert [limiter.allow() for _ in range(4)] == [True, True, True, False]
    now[0] += 0.5
    assert not limiter.allow()
    now[0] += 0.5
    assert limiter.allow()
    assert not limiter.allow()


@settings(max_examples=200, deadline=None)
@given(
    rate=st.floats(min_value=0.5, max_value=100.0),
    burst=st.integers(min_value=1, max_value=50),
    sent=st.integers(min_value=0, max_value=120),
    gap=st.floats(min_value=0.0, max_value=0.2),
)
def test_a_limiter_takes_a_message_exactly_once_its_wait_is_over(
    rate: float, burst: int, sent: int, gap: float
) -> None:
    """Issue 26 (bad input): `wait` is what a refused socket is told (`params.retry_after`):
    after it the next message is taken, and a millisecond or more before it is not (the
    refusal does not under-state the wait, nor over-state it by more than the rounding)."""
    now = [100.0]
    limiter = RateLimiter(rate, burst, clock=lambda: now[0])
    for _ in range(sent):
        limiter.allow()
        now[0] += gap / max(sent, 1)
    wait = limiter.wait()
    assert wait >= 0
    if wait == 0:
        assert limiter.allow()
        return
    assert wait <= 1 / rate + 0.0011  # rounded up to the millisecond
    early = RateLimiter(rate, burst, clock=lambda: now[0])
    early.tokens, early.stamp = limiter.tokens, limiter.stamp
    now[0] += wait
    assert limiter.allow()
    if wait > 0.002:
        now[0] -= 0.002
        assert not early.allow()


async def test_chat_faster_than_allowed_is_refused_and_not_sent(table: Table) -> None:
    for n in range(6):
        await say(table.ann, f"spam {n}")
    await quiet(table.ann)
    refused = [e for e in table.ann.errors() if e["code"] == "chat_rate_limited"]
    assert refused
    assert refused[0]["params"] == {"burst": 3}
    accepted = chat_texts(table.ann)
    assert len(accepted) + len(refused) == 6
    assert len(accepted) >= 3
    await quiet(table.bob)
    assert chat_texts(table.bob) == accepted  # only what was taken went out


async def test_a_message_over_the_length_cap_is_refused_whole(table: Table) -> None:
    longest = "é" * MAX_CHAT_CHARS
    await say(table.ann, longest + "!")
    error = await table.ann.next_error()
    assert error["code"] == "chat_too_long"
    assert error["params"] == {"max": MAX_CHAT_CHARS}
    await say(table.ann, longest)
    assert (await table.bob.expect("chat"))["message"]["text"] == longest
    assert chat_texts(table.bob) == [longest]  # nothing cut short went out before it


@pytest.mark.parametrize(
    "text",
    ["bell\x07", "two\nlines", "nul\x00", "\u202eesrever", "zero\u200bwidth", "\x1b[31mred"],
)
async def test_control_and_invisible_characters_are_refused(table: Table, text: str) -> None:
    await say(table.ann, text)
    error = await table.ann.next_error()
    assert error["code"] == "chat_character"
    await quiet(table.bob, table.zoe)
    assert chat_texts(table.bob) == chat_texts(table.zoe) == []


async def test_emoji_sequences_and_surrounding_spaces_are_fine(table: Table) -> None:
    await say(table.ann, "  👨\u200d👩\u200d👧 nice  ")
    assert (await table.bob.expect("chat"))["message"]["text"] == "👨\u200d👩\u200d👧 nice"


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"text": "   "}, "chat_empty"),
        ({}, "chat_empty"),
        ({"text": "hi", "reaction": "gg"}, "chat_empty"),
        ({"reaction": "boo"}, "bad_message"),
        ({"text": 42}, "bad_message"),
        ({"text": "hi", "html": "<b>hi</b>"}, "bad_message"),
        ({"text": "hi", "name": "Z\u200boe"}, "bad_message"),
    ],
)
async def test_bad_chat_messages_are_refused_and_change_nothing(
    table: Table, body: dict[str, Any], code: str
) -> None:
    await table.zoe.send({"v": 1, "type": "chat", **body})
    assert (await table.zoe.next_error())["code"] == code
    await quiet(table.ann, table.zoe)
    assert chat_texts(table.ann) == chat_texts(table.zoe) == []
    zoe = await table.connect(None)
    assert zoe.messages[-1]["chat"]["messages"] == []
    await zoe.close()


async def test_there_is_no_chat_in_the_waiting_room(
    server: LiveServer, quick_options: dict[str, Any]
) -> None:
    async with Lobby.at(server.http) as lobby:
        table = await lobby.create(options=quick_options, seats=2)
        _seat, token = await lobby.join(table["id"], "Ann")
        ann = await TableClient.connect(server.ws(table["id"]), token)
        await say(ann, "anyone?")
        assert (await ann.next_error())["code"] == "not_started"
        await ann.close()


async def test_a_spectators_name_is_kept_and_a_seats_name_field_is_ignored(
    table: Table,
) -> None:
    await say(table.bob, "I am Ann", name="Ann")
    message = (await table.zoe.expect("chat"))["message"]
    assert message["seat"] == 1
    assert message["name"] is None
    await say(table.zoe, "anonymous")
    message = (await table.zoe.expect("chat"))["message"]
    assert message["seat"] is None
    assert message["name"] is None


# --- words for every refusal ----------------------------------------------------------------------

SRC = Path(__file__).resolve().parents[2] / "src" / "pokerhall"
REFUSERS = {"ChatRefused", "error_message", "PydanticCustomError"}


def test_every_chat_refusal_is_worded_in_every_language() -> None:
    codes = set()
    for path in sorted((SRC / "server").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in REFUSERS:
                first = node.args[0] if node.args else None
                if isinstance(first, ast.Constant) and str(first.value).startswith("chat_"):
                    codes.add(first.value)
    assert {"chat_too_long", "chat_rate_limited", "chat_not_host"} <= codes
    for lang in LANGUAGES:
        text = (SRC / "web" / "js" / "locales" / f"{lang}.js").read_text(encoding="utf-8")
        for code in codes:
            entry = re.search(rf'^\s*"wsError\.{code}": "(.*)",$', text, re.MULTILINE)
            assert entry, f"wsError.{code} is missing in {lang}"
            if code in ("chat_too_long", "chat_rate_limited"):
                assert ("{max}" if code == "chat_too_long" else "{burst}") in entry.group(1)
