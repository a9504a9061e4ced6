"""Rate limits (issue 20, item 3; `server/wire/ratelimit.py`, docs/deploy.md): each limit refuses
past its count with 429 and `Retry-After` (on a WebSocket the error `rate_limited` with
`params.retry_after`), counts per address and per account, believes the forwarded header only
when configured and only from a trusted proxy, shares its counts through Redis, and a refusal
changes nothing. Each hall here has small limits; the other tests' halls have roomy ones."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.datastructures import Headers
from websockets.exceptions import ConnectionClosed

from pokerhall.content import library
from pokerhall.server.people import hashing
from pokerhall.server.wire.connection import TRY_AGAIN_LATER
from pokerhall.server.wire.ratelimit import ClientAddresses, Limits, RateLimits
from pokerhall.server.wire.retry import RateLimited

from . import redis_server
from .cluster import ServeProcess
from .live import LiveServer
from .lobby import Lobby, bearer
from .roomy import ROOMY
from .wsclient import TableClient

pytestmark = pytest.mark.anyio
SECRET = "correct horse battery"
FORWARDED = ClientAddresses(header="X-Forwarded-For")
"""Behind a proxy on this machine (the default trusted proxy is loopback)."""


def small(**limits: Any) -> Limits:
    """Roomy limits but for the ones a test counts."""
    return dataclasses.replace(ROOMY, **limits)


@asynccontextmanager
async def hall(
    sqlite_url: str, addresses: ClientAddresses | None = None, **limits: Any
) -> AsyncIterator[tuple[LiveServer, httpx.AsyncClient]]:
    async with (
        LiveServer(sqlite_url, small(**limits), addresses) as live,
        httpx.AsyncClient(base_url=live.http, timeout=10) as http,
    ):
        yield live, http


def from_(address: str) -> dict[str, str]:
    return {"X-Forwarded-For": address}


def assert_limited(response: httpx.Response) -> int:
    """A 429 `rate_limited` whose Retry-After (seconds, within the limit's window) matches its
    `params.retry_after`; the seconds."""
    assert response.status_code == 429, response.text
    body = response.json()
    assert body["code"] == "rate_limited"
    retry = int(response.headers["Retry-After"])
    assert body["params"] == {"retry_after": retry}
    assert 1 <= retry <= 3600
    return retry


# --- join codes ----------------------------------------------------------------------------


async def test_code_lookups_are_refused_past_the_limit_per_address(sqlite_url: str) -> None:
    async with hall(sqlite_url, FORWARDED, codes="3/minute") as (_live, http):
        for _ in range(3):
            guess = await http.get("/api/codes/ABCDEF", headers=from_("203.0.113.5"))
            assert guess.status_code == 404
        assert_limited(await http.get("/api/codes/ABCDEF", headers=from_("203.0.113.5")))
        other = await http.get("/api/codes/ABCDEF", headers=from_("203.0.113.6"))
        assert other.status_code == 404  # another address has a count of its own


async def test_seat_joins_with_a_code_count_with_the_lookups_and_a_refusal_seats_nobody(
    sqlite_url: str,
) -> None:
    async with hall(sqlite_url, codes="3/minute") as (_live, http):
        lobby = Lobby(http)
        private = await lobby.create(seats=3, private=True)
        public = await lobby.create(seats=3)
        for name in ("Ann", "Bob", "Cyd"):  # a public table's joins without a code: not counted
            await lobby.join(public["id"], name)
        path = f"/api/tables/{private['id']}/seats"
        assert (await http.get("/api/codes/ZZZZZZ")).status_code == 404
        for name in ("Ann", "Bob"):
            wrong = await http.post(path, json={"name": name, "code": "ZZZZZZ"})
            assert wrong.status_code == 403
        right = await http.post(path, json={"name": "Dee", "code": private["join_code"]})
        assert_limited(right)
        seen = await http.get(f"/api/tables/{private['id']}?code={private['join_code']}")
        assert seen.json()["seats"] == private["seats"]  # (a right code is not counted)


# --- the forwarded header ------------------------------------------------------------------


async def test_the_forwarded_header_is_ignored_unless_configured(sqlite_url: str) -> None:
    async with hall(sqlite_url, codes="2/minute") as (_live, http):
        for address in ("203.0.113.1", "203.0.113.2"):
            assert (await http.get("/api/codes/AAAAAA", headers=from_(address))).status_code == 404
        assert_limited(await http.get("/api/codes/AAAAAA", headers=from_("203.0.113.3")))


async def test_the_forwarded_header_of_an_untrusted_peer_is_ignored(sqlite_url: str) -> None:
    elsewhere = ClientAddresses("X-Forwarded-For", ClientAddresses.parse_proxies(["10.0.0.0/8"]))
    async with hall(sqlite_url, elsewhere, codes="2/minute") as (_live, http):
        for address in ("203.0.113.1", "203.0.113.2"):
            assert (await http.get("/api/codes/AAAAAA", headers=from_(address))).status_code == 404
        assert_limited(await http.get("/api/codes/AAAAAA", headers=from_("203.0.113.3")))


def test_the_client_is_the_last_address_no_trusted_proxy_added() -> None:
    proxies = ClientAddresses("X-Forwarded-For", ClientAddresses.parse_proxies(["10.0.0.0/8"]))
    made_up = Headers({"x-forwarded-for": "1.2.3.4, 198.51.100.7, 10.0.0.2"})
    assert proxies.of("10.0.0.1", made_up) == "198.51.100.7"
    assert proxies.of("192.0.2.9", made_up) == "192.0.2.9"  # not a proxy: its header is a lie
    assert ClientAddresses().of("10.0.0.1", made_up) == "10.0.0.1"  # no header configured
    assert proxies.of("10.0.0.1", Headers({})) == "10.0.0.1"


def test_an_ipv6_client_counts_by_its_64() -> None:
    addresses = ClientAddresses()
    one = addresses.of("2001:db8:1:2::1", Headers({}))
    assert one == addresses.of("2001:db8:1:2:ffff::9", Headers({})) == "2001:db8:1:2::/64"
    assert addresses.of("2001:db8:1:3::1", Headers({})) != one
    assert addresses.of("::ffff:192.0.2.1", Headers({})) == "192.0.2.1"


# --- accounts and secrets ------------------------------------------------------------------


async def test_account_creation_is_refused_past_the_limit_and_creates_nothing(
    sqlite_url: str,
) -> None:
    async with hall(sqlite_url, FORWARDED, accounts="2/hour") as (_live, http):
        for name in ("Ann", "Bob"):
            made = await http.post("/api/players", json={"name": name, "secret": SECRET})
            assert made.status_code == 201
        refused = await http.post("/api/players", json={"name": "Cyd", "secret": SECRET})
        assert assert_limited(refused) > 60  # an hour's window
        elsewhere = await http.post(
            "/api/players", json={"name": "Cyd", "secret": SECRET}, headers=from_("192.0.2.1")
        )
        assert elsewhere.status_code == 201  # the refused sign-up did not take the name


async def open_session(http: httpx.AsyncClient) -> str:
    created = (await http.post("/api/leagues", json={"name": "L", "game": "wordpoker"})).json()
    league_id = created["league"]["id"]
    opened = await http.post(
        f"/api/leagues/{league_id}/sessions", headers=bearer(created["organiser_token"])
    )
    assert opened.status_code == 201, opened.text
    return f"/api/leagues/{league_id}/sessions/1/signups"


async def test_secret_checks_are_limited_per_address(sqlite_url: str) -> None:
    async with hall(sqlite_url, FORWARDED, secrets="3/minute") as (_live, http):
        signups = await open_session(http)
        await http.post("/api/players", json={"name": "Ann", "secret": SECRET})
        for name in ("Xa", "Xb", "Xc"):
            guess = await http.post(signups, json={"name": name, "secret": "a wrong guess"})
            assert guess.status_code == 401
        assert_limited(await http.post(signups, json={"name": "Ann", "secret": SECRET}))
        session = (await http.get(signups.removesuffix("/signups"))).json()
        assert session["players"] == []  # the refused sign-up signed nobody up
        ann = await http.post(
            signups, json={"name": "Ann", "secret": SECRET}, headers=from_("192.0.2.1")
        )
        assert ann.status_code == 201


async def test_secret_checks_of_one_account_are_limited_from_every_address(
    sqlite_url: str,
) -> None:
    async with hall(sqlite_url, FORWARDED, account_secrets="2/minute") as (_live, http):
        signups = await open_session(http)
        for name in ("Ann", "Bob"):
            await http.post("/api/players", json={"name": name, "secret": SECRET})
        for address in ("192.0.2.1", "192.0.2.2"):
            guess = await http.post(
                signups, json={"name": "ann", "secret": "a wrong guess"}, headers=from_(address)
            )
            assert guess.status_code == 401
        third = await http.post(
            signups, json={"name": "ANN", "secret": SECRET}, headers=from_("192.0.2.3")
        )
        assert_limited(third)  # the name's key: "ann", "ANN" and "Ann" are one account
        bob = await http.post(
            signups, json={"name": "Bob", "secret": SECRET}, headers=from_("192.0.2.3")
        )
        assert bob.status_code == 201


async def test_a_full_hashing_pool_answers_503_with_retry_after(sqlite_url: str) -> None:
    async with hall(sqlite_url, hash_threads=1, hash_queue=0) as (_live, http):
        release = threading.Event()
        held = asyncio.create_task(hashing.pool().run(release.wait, 10))
        await asyncio.sleep(0.1)  # the pool's one thread is taken
        try:
            busy = await http.post("/api/players", json={"name": "Ann", "secret": SECRET})
        finally:
            release.set()
            await held
        assert busy.status_code == 503
        assert busy.json()["code"] == "server_busy"
        assert busy.headers["Retry-After"] == "1"
        made = await http.post("/api/players", json={"name": "Ann", "secret": SECRET})
        assert made.status_code == 201  # the refused sign-up did not take the name


# --- packs ---------------------------------------------------------------------------------


def pack_text(mini_pack: Path, n: int) -> str:
    """The mini pack under other question ids: another text, another pack."""
    return mini_pack.read_text(encoding="utf-8").replace('"id": "t-', f'"id": "p{n}-')


async def upload(http: httpx.AsyncClient, text: str) -> httpx.Response:
    return await http.post("/api/packs", json={"text": text})


async def test_pack_uploads_are_refused_past_the_limit(sqlite_url: str, mini_pack: Path) -> None:
    async with hall(sqlite_url, packs="2/hour") as (_live, http):
        ids = [(await upload(http, pack_text(mini_pack, n))).json()["id"] for n in range(2)]
        before = (await http.get("/api/packs")).json()
        assert_limited(await upload(http, pack_text(mini_pack, 2)))
        assert (await http.get("/api/packs")).json() == before
        for pack_id in ids:
            library.forget(pack_id)


async def test_the_oldest_unused_uploads_of_an_uploader_are_dropped_past_the_quota(
    sqlite_url: str, mini_pack: Path
) -> None:
    async with hall(sqlite_url, FORWARDED, pack_quota=2) as (_live, http):
        ids = [(await upload(http, pack_text(mini_pack, n))).json()["id"] for n in range(2)]
        named = await http.post("/api/tables", json={"options": {"questions": ids[0]}})
        assert named.status_code == 201  # so the first pack is in use: it stays
        ids += [(await upload(http, pack_text(mini_pack, n))).json()["id"] for n in (2, 3)]
        theirs = await http.post(
            "/api/packs", json={"text": pack_text(mini_pack, 9)}, headers=from_("192.0.2.1")
        )
        known = set((await http.get("/api/packs")).json())
        assert {ids[0], ids[2], ids[3], theirs.json()["id"]} <= known  # two unused kept
        assert ids[1] not in known  # the oldest unused one made room
        for pack_id in [*ids, theirs.json()["id"]]:
            library.forget(pack_id)


# --- the live connection -------------------------------------------------------------------


async def chat(client: TableClient, text: str, *, escaped: bool = False) -> dict[str, Any]:
    """Say `text`: the chat message as the table sends it back, or the error. `escaped`
    spells the type with a JSON escape, which is still "chat"."""
    if escaped:
        message = json.dumps({"v": 1, "type": "chat", "text": text})
        await client.send_raw(message.replace('"chat"', '"ch\\u0061t"'))
    else:
        await client.send({"v": 1, "type": "chat", "text": text})
    return await client.expect(
        lambda m: m["type"] == "error" or (m["type"] == "chat" and m["message"]["text"] == text)
    )


async def running_table(lobby: Lobby, options: dict[str, Any]) -> tuple[str, list[str]]:
    table = await lobby.create(options=options, seats=2)
    tokens = await lobby.join_all(table["id"], "Ann", "Bob")
    return table["id"], tokens


async def test_chat_is_limited_per_address_across_its_sockets(
    sqlite_url: str, quick_options: dict[str, Any]
) -> None:
    async with hall(sqlite_url, chat="3/minute") as (live, http):
        table_id, tokens = await running_table(Lobby(http), quick_options)
        ann = await TableClient.connect(live.ws(table_id), tokens[0])
        bob = await TableClient.connect(live.ws(table_id), tokens[1])
        for client in (ann, bob):
            await client.expect("state")
        said = [await chat(ann, "hi"), await chat(bob, "hello", escaped=True)]
        said.append(await chat(ann, "gl"))
        assert [m["type"] for m in said] == ["chat", "chat", "chat"]
        refused = await chat(bob, "one more")
        assert refused["code"] == "rate_limited"
        assert 1 <= refused["params"]["retry_after"] <= 60
        history = (await ann.sync())["chat"]["messages"]
        assert [m["text"] for m in history] == ["hi", "hello", "gl"]  # nothing added
        await ann.close()
        await bob.close()


async def read_to_the_close(client: TableClient) -> None:
    while True:
        await client.recv()


async def test_sockets_per_client_on_one_table_are_limited_before_any_snapshot(
    sqlite_url: str, quick_options: dict[str, Any]
) -> None:
    async with hall(sqlite_url, table_sockets=2) as (live, http):
        lobby = Lobby(http)
        table_id, tokens = await running_table(lobby, quick_options)
        waiting = await lobby.create(seats=3)
        first = await TableClient.connect(live.ws(table_id), tokens[0])
        second = await TableClient.connect(live.ws(table_id), None)
        for client in (first, second):
            await client.expect("state")
        third = await TableClient.connect(live.ws(table_id), hello=False)
        error = await third.next_error()
        assert error["code"] == "rate_limited"
        assert error["params"]["retry_after"] >= 1
        with pytest.raises(ConnectionClosed) as closed:
            await read_to_the_close(third)
        assert not any(m["type"] == "state" for m in third.messages)  # no snapshot sent
        assert closed.value.rcvd is not None
        assert closed.value.rcvd.code == TRY_AGAIN_LATER
        other = await TableClient.connect(live.ws(waiting["id"]), None)  # a count per table
        await second.close()
        await asyncio.sleep(0.2)  # the server sees the close
        again = await TableClient.connect(live.ws(table_id), None)
        await again.expect("state")
        assert (await first.sync())["view"]["you"]["guess"] is None  # the seat is as it was
        for client in (first, again, other):
            await client.close()


# --- Redis: one count for every process ----------------------------------------------------


@pytest.fixture(scope="session")
def redis_url() -> str:
    url = redis_server.server_url()
    redis_server.reachable_or_skip(url)
    return url


async def test_halls_sharing_a_redis_share_their_counts(redis_url: str) -> None:
    prefix = redis_server.new_prefix()
    one, two = RateLimits(small(accounts="3/hour")), RateLimits(small(accounts="3/hour"))
    for limits in (one, two):
        limits.use_redis(redis_url, prefix)
    await one.hit("accounts", "192.0.2.1")
    await two.hit("accounts", "192.0.2.1")
    await one.hit("accounts", "192.0.2.1")
    with pytest.raises(RateLimited):
        await two.hit("accounts", "192.0.2.1")
    await two.hit("accounts", "192.0.2.2")
    apart = RateLimits(small(accounts="3/hour"))
    apart.use_redis(redis_url, redis_server.new_prefix())  # another hall on the same Redis
    await apart.hit("accounts", "192.0.2.1")
    for limits in (one, two, apart):
        await limits.close()


async def test_two_serve_processes_share_the_counts(
    postgres_url: str, redis_url: str, tmp_path: Path
) -> None:
    prefix = redis_server.new_prefix()
    limits = small(accounts="2/hour")
    processes: list[ServeProcess] = []
    try:
        for n in range(2):  # one after the other: the first one migrates the database
            processes.append(
                ServeProcess(
                    postgres_url, redis_url, prefix, tmp_path / f"serve{n}.log", limits=limits
                )
            )
            await processes[-1].ready()
        async with (
            httpx.AsyncClient(base_url=processes[0].http, timeout=10) as one,
            httpx.AsyncClient(base_url=processes[1].http, timeout=10) as two,
        ):
            for http, name in ((one, "Ann"), (two, "Bob")):
                made = await http.post("/api/players", json={"name": name, "secret": SECRET})
                assert made.status_code == 201, made.text
            for http in (one, two):
                refused = await http.post("/api/players", json={"name": "Cyd", "secret": SECRET})
                assert_limited(refused)
    finally:
        for process in processes:
            process.kill()


# --- configuration -------------------------------------------------------------------------


def test_limits_are_set_by_name_and_bad_settings_are_refused() -> None:
    limits = Limits().with_settings(["codes=5/minute;50/hour", "table-sockets=3"])
    assert (limits.codes, limits.table_sockets, limits.accounts) == (
        "5/minute;50/hour",
        3,
        Limits().accounts,
    )
    for bad in ("nonsense=1", "codes", "codes=often", "table_sockets=0", "pack_quota=x"):
        with pytest.raises(ValueError):  # noqa: PT011 (each message names the setting)
            Limits().with_settings([bad])


def test_serve_refuses_a_bad_limit_before_it_starts() -> None:
    from typer.testing import CliRunner

    from pokerhall.cli import app

    result = CliRunner().invoke(app, ["serve", "--limit", "codes=often"])
    assert result.exit_code == 2
    assert "often" in result.output
    proxy = CliRunner().invoke(app, ["serve", "--trusted-proxy", "not-a-network"])
    assert proxy.exit_code == 2
