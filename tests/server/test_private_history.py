"""A private table's play is seen only by whom it was for (issue 26, bad input: "a history another
person may not see"; `server/tables/access.py`): its info, hand history, hands replayed and
public record go to a token of the table, a signed-in account that sat there, or its join code;
anybody else is answered as for a table id nobody has, so not even its existence is confirmed.
Spectating it live over the socket follows the same rule. Public tables are unchanged."""

from __future__ import annotations

import dataclasses
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from pokerhall.server.wire.messages import CreateTable

from .accounts import browser, join, sign_in, sign_up
from .halls import hall_at, play_randomly
from .live import LiveServer
from .lobby import Lobby, bearer
from .roomy import ROOMY
from .test_accounts import finished_table
from .wsclient import TableClient

pytestmark = pytest.mark.anyio
POLICY_VIOLATION = 1008
UNKNOWN_ID = "0123456789abcdef"
"""No table's id (ids are 16 hex digits)."""


def routes(table_id: str) -> list[str]:
    """Every GET that tells of a table's play."""
    base = f"/api/tables/{table_id}"
    history = f"{base}/history"
    return [base, history, f"{history}?all=true", f"{base}/hands/1/replay", f"{base}/record"]


def as_unknown(answer: httpx.Response, table_id: str) -> dict[str, Any]:
    """The answer, with the table's id written as the unknown id, to compare with an unknown
    table's answer: they must be the same to the byte but for the id itself."""
    return {
        "status": answer.status_code,
        "body": answer.text.replace(table_id, UNKNOWN_ID),
        "headers": {k: v for k, v in answer.headers.items() if k not in ("content-length", "date")},
    }


async def closed_code(client: TableClient) -> int | None:
    """Read what is left until the server closes the socket; its close code."""
    try:
        while True:
            await client.recv()
    except ConnectionClosed as closed:
        return None if closed.rcvd is None else closed.rcvd.code


async def test_a_private_tables_play_is_told_only_to_whom_may_see_it(
    db_url: str, quick_options: dict[str, Any]
) -> None:
    async with (
        hall_at(db_url) as hall,
        browser(hall, db_url) as ann,  # signed in, sat there
        browser(hall, db_url) as gus,  # a guest who sat there: his seat token
        browser(hall, db_url) as cleo,  # signed in, never sat there
        browser(hall, db_url) as eve,  # a guest with only the table's id
    ):
        for http, name in ((ann, "Ann"), (cleo, "Cleo")):
            await sign_up(http, name)
            assert (await sign_in(http, name)).status_code == 200
        opened = await hall.opening.open_table(
            CreateTable(options=quick_options, seats=2, turn_clock=None, private=True)
        )
        private, code = opened.info.id, opened.join_code
        assert code is not None
        await join(ann, private, "Ann", code)
        gus_token = (await join(gus, private, "Gus", code))["token"]
        await play_randomly(hall, private, seed=3)
        public = await finished_table(hall, quick_options, [(eve, "Eve"), (gus, "Gil")])
        wrong = "ZZZZZZ" if code != "ZZZZZZ" else "YYYYYY"

        strangers: list[tuple[httpx.AsyncClient, dict[str, str], str]] = [
            (eve, {}, ""),  # the bare id
            (cleo, {}, ""),  # an account that did not sit there
            (eve, {}, f"code={wrong}"),  # a wrong code
            (eve, bearer("a token of no seat here, long enough"), ""),
            (cleo, bearer(opened.creator_token), f"code={wrong}"),  # no seat's token
        ]
        for url in routes(private):
            unknown = as_unknown(await eve.get(url.replace(private, UNKNOWN_ID)), UNKNOWN_ID)
            assert unknown["status"] == 404
            assert '"code":"unknown_table"' in unknown["body"]
            for http, headers, query in strangers:
                asked = f"{url}{'&' if '?' in url else '?'}{query}" if query else url
                answer = await http.get(asked, headers=headers)
                assert as_unknown(answer, private) == unknown, (url, query, headers)
                assert "Gus" not in answer.text

        for http, headers, query, seat in (
            (ann, {}, "", None),  # her account sat there: what spectators saw
            (gus, bearer(gus_token), "", 1),  # his seat's own view
            (eve, {}, f"code={code.lower()}", None),  # the invitation's code, as typed
            (cleo, {}, f"code={code}", None),
        ):
            for url in routes(private):
                asked = f"{url}{'&' if '?' in url else '?'}{query}" if query else url
                answer = await http.get(asked, headers=headers)
                assert answer.status_code == 200, (url, query, answer.text)
            history = await http.get(f"/api/tables/{private}/history?{query}", headers=headers)
            assert history.json()["seat"] == seat
            assert history.json()["players"] == ["Ann", "Gus"]

        for url in routes(public):  # a public table: anybody, as before
            assert (await eve.get(url)).status_code == 200, url
            assert (await cleo.get(url)).status_code == 200, url
        refused = await gus.get(f"/api/tables/{public}/history", headers=bearer(gus_token))
        assert (refused.status_code, refused.json()["code"]) == (401, "bad_token")  # unchanged


async def test_wrong_codes_for_a_tables_play_count_as_code_guesses(
    db_url: str, quick_options: dict[str, Any]
) -> None:
    """A code that opens nothing counts against the `codes` limit (429 past it), for a private
    table and an unknown id alike, so guessing a private table's code through its history is as
    slow as through the join; a right code or no code is not counted."""
    limits = dataclasses.replace(ROOMY, codes="3/minute")
    async with hall_at(db_url) as hall, browser(hall, db_url, limits) as eve:
        opened = await hall.opening.open_table(
            CreateTable(options=quick_options, seats=2, turn_clock=None, private=True)
        )
        private, code = opened.info.id, opened.join_code
        for _ in range(5):  # neither a right code nor none counts
            assert (await eve.get(f"/api/tables/{private}?code={code}")).status_code == 200
            assert (await eve.get(f"/api/tables/{private}")).status_code == 404
        for table_id in (private, UNKNOWN_ID, private):
            answer = await eve.get(f"/api/tables/{table_id}/history?code=WRONG1")
            assert (answer.status_code, answer.json()["code"]) == (404, "unknown_table")
        limited = await eve.get(f"/api/tables/{UNKNOWN_ID}/record?code=WRONG1")
        assert (limited.status_code, limited.json()["code"]) == (429, "rate_limited")
        assert int(limited.headers["Retry-After"]) >= 1


async def test_watching_a_running_private_table_needs_a_way_in(
    sqlite_url: str, quick_options: dict[str, Any]
) -> None:
    """The spectator socket of a private table: the bare id is told `not_found` (as for an id
    nobody has) and closed; the join code in the hello, or the cookie of an account seated
    there, lets one watch; a seat's token plays its seat as before."""
    async with LiveServer(sqlite_url) as live, Lobby.at(live.http) as lobby:
        made = await lobby.create(options=quick_options, seats=2, private=True)
        table_id, code = made["id"], made["join_code"]
        await sign_up(lobby.http, "Ann")
        assert (await sign_in(lobby.http, "Ann")).status_code == 200
        ann = (await join(lobby.http, table_id, "Ann", code))["token"]
        lobby.http.cookies.clear()  # Bob is a guest
        await join(lobby.http, table_id, "Bob", code)

        for url, hello in (
            (live.ws(table_id), {}),
            (live.ws(table_id), {"code": "WRONG1"}),
            (live.ws(UNKNOWN_ID), {"code": code}),
        ):
            client = await TableClient.connect(url, hello=False)
            await client.send({"v": 1, "type": "hello", **hello})
            error = await client.next_error()
            assert error["code"] == "not_found", hello
            assert "Ann" not in str(client.messages)
            assert await closed_code(client) == POLICY_VIOLATION

        watcher = await TableClient.connect(live.ws(table_id), hello=False)
        await watcher.send({"v": 1, "type": "hello", "code": code.lower()})
        welcome = await watcher.expect("welcome")
        assert welcome["seat"] is None
        await watcher.expect("state")
        await watcher.close()

        signed_in = await sign_in(lobby.http, "Ann")
        cookie = "; ".join(f"{k}={v}" for k, v in signed_in.cookies.items())
        account = await TableClient.connect(
            live.ws(table_id), hello=False, headers={"Cookie": cookie}
        )
        await account.send({"v": 1, "type": "hello"})
        assert (await account.expect("welcome"))["seat"] is None  # watching, as her account
        await account.close()

        seat = await TableClient.connect(live.ws(table_id), ann)
        assert seat.seat == 0
        await seat.close()
