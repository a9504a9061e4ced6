"""E-mail notices of turn-based play (issue 26, item 4, and its "Bad input"), against a real SMTP
server (aiosmtpd, `smtp.py`), on SQLite and PostgreSQL: a signed-in player at a turn-based
Slovní poker table with a bot gets one mail when a prompt comes to their seat, saying the
cards, the dice and the choice, with RFC 8058's one-click unsubscribe headers; told the same
prompt again, nothing more goes; the one-click POST stops every later mail. An address the
server refuses (550) is marked bounced and never tried again until one is set again. The digest
lists the tables waiting on the person, once a day. The address appears in no answer to anyone
else and in no log line; bad settings are refused and change nothing."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
from sqlalchemy import select

from pokerhall.server.people.mail import MailSettings
from pokerhall.server.people.notices import Notices
from pokerhall.server.store.models import NoticeSettingsRow
from pokerhall.server.tables.hall import Hall
from pokerhall.server.tables.runtime import TableRuntime
from pokerhall.server.wire.messages import CreateTable

from .accounts import SECRET, join, people, person, refused
from .halls import hall_at
from .live import LiveServer
from .smtp import PUBLIC_URL, WAIT, Mailbox, smtp_server
from .wsclient import TableClient

pytestmark = pytest.mark.anyio
OPTIONS = {"deals": 2, "lexicon": "mini"}
HOUR = 3600.0
ANN = "ann.notices@example.org"
BOB = "bob.gone@bounce.example"


@asynccontextmanager
async def notices_for(hall: Hall, settings: MailSettings) -> AsyncIterator[Notices]:
    notices = Notices(hall, settings)
    notices.start()
    try:
        yield notices
    finally:
        await notices.close()


MailHall = tuple[Mailbox, Hall, Notices, list[httpx.AsyncClient]]
"""The mailbox, the hall, its notices and a browser per person."""


@asynccontextmanager
async def mail_hall(db_url: str, *names: str) -> AsyncIterator[MailHall]:
    """`people` (a browser per name, signed in; "" a guest's) on a hall that mails its
    notices to a real SMTP server."""
    with smtp_server() as box:
        async with (
            hall_at(db_url) as hall,
            notices_for(hall, box.settings) as notices,
            people(hall, db_url, *names) as browsers,
        ):
            yield box, hall, notices, browsers


async def choose(http: httpx.AsyncClient, **choice: Any) -> None:
    """The signed-in account's notices set so."""
    answer = await http.put("/api/account/notices", json=choice)
    assert answer.status_code == 200, answer.text


async def slow_table(hall: Hall, http: httpx.AsyncClient, name: str) -> tuple[str, int]:
    """A turn-based Slovní poker table of this player and a bot, started; its id and the seat."""
    table = await hall.opening.create_table(
        CreateTable(
            game="wordpoker",
            name=f"{name}'s slow game",
            options=OPTIONS,
            seats=2,
            bots=1,
            turn_clock=HOUR,
            result_pause=0,
        )
    )
    seat = (await join(http, table.id, name))["seat"]
    return table.id, seat


async def asked(runtime: TableRuntime, seat: int, after: int | None = None) -> int:
    """Wait until a prompt other than `after` waits on `seat`; its prompt id."""
    async with asyncio.timeout(WAIT):
        while True:
            prompt = runtime.state.pending().get(seat)
            if prompt and not runtime.pauses.paused and prompt["prompt_id"] != after:
                return int(prompt["prompt_id"])
            await asyncio.sleep(0.01)


async def answer(runtime: TableRuntime, seat: int) -> int:
    """Play the default move of the prompt waiting on `seat`, and wait for the next prompt
    there; its id."""
    prompt = runtime.state.pending()[seat]
    await runtime.submit(seat, {**prompt["default"], "prompt_id": prompt["prompt_id"]})
    return await asked(runtime, seat, after=prompt["prompt_id"])


async def test_one_mail_per_turn_saying_the_choice_and_one_click_stops_them(
    db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger="pokerhall")
    async with mail_hall(db_url, "Ann") as (box, hall, notices, [ann]):
        await choose(ann, email=ANN, mode="turn", lang="en")
        table_id, seat = await slow_table(hall, ann, "Ann")
        runtime = hall.runtimes[table_id]
        await asked(runtime, seat)

        mail = await box.next()
        assert mail["To"] == ANN
        assert mail["Subject"] == "Your turn at Ann's slow game (Slovní poker)"
        body = mail.get_content()
        assert "Your cards: " in body  # W4: the cards and the dice
        assert "Dice: " in body
        assert "Your choice: " in body
        for move in runtime.state.pending()[seat]["moves"]:
            assert move["type"] in body
        assert f"{PUBLIC_URL}/table.html?id={table_id}" in body
        link = mail["List-Unsubscribe"].strip("<>")
        assert link.startswith(f"{PUBLIC_URL}/api/notices/unsubscribe?token=")
        assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        assert link in body  # and a link in the text

        hall.news.asked(table_id, runtime, [seat])  # the same prompt told again
        await notices.drained()
        assert box.empty()  # one mail per prompt, not one per telling

        await answer(runtime, seat)
        second = await box.next()  # the next prompt: the next mail
        assert second["Subject"] == mail["Subject"]

        path = urlsplit(link)
        page = await ann.get(f"{path.path}?{path.query}")  # a link opened: asks first
        assert page.status_code == 200
        assert '<form method="post"' in page.text
        assert (await ann.get("/api/account/notices")).json()["mode"] == "turn"
        clicked = await ann.post(
            f"{path.path}?{path.query}",
            content=b"List-Unsubscribe=One-Click",
            headers={"Content-Type": "application/x-www-form-urlencoded"},
        )
        assert clicked.status_code == 200, clicked.text
        assert (await ann.get("/api/account/notices")).json()["mode"] == "none"

        await answer(runtime, seat)
        await notices.drained()
        assert box.empty()  # unsubscribed: nothing more
        assert box.attempts == [ANN, ANN]
    assert ANN not in caplog.text


async def test_a_bounced_address_is_marked_and_not_tried_again(
    db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger="pokerhall")
    async with mail_hall(db_url, "Bob") as (box, hall, notices, [bob]):
        box.refused.add(BOB)
        await choose(bob, email=BOB, mode="turn")
        table_id, seat = await slow_table(hall, bob, "Bob")
        runtime = hall.runtimes[table_id]
        await asked(runtime, seat)
        await notices.drained()
        assert box.attempts == [BOB]
        settings = (await bob.get("/api/account/notices")).json()
        assert (settings["bounced"], settings["mode"], settings["email"]) == (True, "turn", BOB)

        await answer(runtime, seat)
        await notices.drained()
        assert box.attempts == [BOB]  # marked: not tried again

        box.refused.clear()  # the person fixed their mailbox and says so
        again = await bob.put("/api/account/notices", json={"email": BOB, "mode": "turn"})
        assert again.json()["bounced"] is False
        await answer(runtime, seat)
        assert (await box.next())["To"] == BOB
    assert "refused the address (550)" in caplog.text
    assert BOB not in caplog.text


async def test_the_daily_digest_lists_the_tables_waiting_once_a_day(db_url: str) -> None:
    async with mail_hall(db_url, "Cleo", "Dan") as (box, hall, notices, [cleo, dan]):
        await choose(cleo, email="cleo@example.org", mode="digest", lang="cs")
        await choose(dan, email="dan@example.org", mode="digest")
        table_id, seat = await slow_table(hall, cleo, "Cleo")
        await asked(hall.runtimes[table_id], seat)
        await notices.drained()
        assert box.empty()  # a digest, not a mail per turn

        today = datetime.now(UTC)
        assert await notices.send_digests(today) == 1  # Dan has nothing waiting
        digest = await box.next()
        assert digest["To"] == "cleo@example.org"
        assert digest["Subject"] == "Stoly, které na tebe čekají: 1"  # ty, as the games
        body = digest.get_content()
        assert "Cleo's slow game (Slovní poker)" in body
        assert f"{PUBLIC_URL}/table.html?id={table_id}" in body
        assert digest["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        assert await notices.send_digests(today + timedelta(minutes=10)) == 0  # once a day
        assert await notices.send_digests(today + timedelta(days=1)) == 1
        assert (await box.next())["To"] == "cleo@example.org"


async def test_the_address_is_its_owners_alone_and_bad_settings_change_nothing(
    db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger="pokerhall")
    async with mail_hall(db_url, "Ann", "Bob", "") as (box, hall, notices, [ann, bob, guest]):
        refused(await guest.get("/api/account/notices"), 401, "not_signed_in")
        put = {"email": ANN, "mode": "turn"}
        refused(await guest.put("/api/account/notices", json=put), 401, "not_signed_in")
        await choose(ann, email=ANN, mode="turn")
        table_id, seat = await slow_table(hall, ann, "Ann")
        await asked(hall.runtimes[table_id], seat)
        await box.next()

        mine = {"email": ANN, "mode": "turn", "lang": "en", "bounced": False}
        assert (await ann.get("/api/account/notices")).json() == mine
        for bad, code in (
            ({"email": "not an address", "mode": "turn"}, "bad_email"),
            ({"email": f"{ANN}\r\nBcc: x@example.org", "mode": "turn"}, "bad_email"),
            ({"email": "a@" + "b" * 250 + ".org", "mode": "turn"}, "bad_email"),
            ({"email": None, "mode": "digest"}, "email_required"),
        ):
            refused(await ann.put("/api/account/notices", json=bad), 422, code)
        for bad in ({"mode": "often"}, {"email": ANN, "mode": "turn", "lang": "xx"}):
            assert (await ann.put("/api/account/notices", json=bad)).status_code == 422
        assert (await ann.get("/api/account/notices")).json() == mine  # nothing changed
        for use in (guest.get, guest.post):  # the link opened or clicked: the same answer
            unknown = await use("/api/notices/unsubscribe?token=made-up")
            assert unknown.status_code == 404
            assert "This link is not valid" in unknown.text
        assert (await ann.get("/api/account/notices")).json() == mine

        answers = [
            await bob.get("/api/players/Ann"),
            await guest.get("/api/players/Ann"),
            await bob.get(f"/api/tables/{table_id}"),
            await guest.get("/api/tables"),
            await bob.get("/api/my/tables"),
            await bob.get("/api/account/notices"),
            await ann.get("/api/my/tables"),  # her tables: no address there either
            await guest.get("/api/session"),
            await ann.get("/api/session"),
        ]
        for reply in answers:
            assert reply.status_code == 200, reply.text
            assert "ann.notices" not in reply.text
        runtime = hall.runtimes[table_id]
        for who in (None, *range(runtime.state.num_seats)):
            assert ANN not in runtime.snapshot(who)  # no view, no event
        assert (await bob.get("/api/account/notices")).json()["email"] is None
        await notices.drained()
    assert ANN not in caplog.text


async def test_no_mail_to_a_player_connected_at_the_table(
    sqlite_url: str, quick_options: dict[str, Any]
) -> None:
    """Ann plays at the table (her browser's socket is open) when the first prompt asks both
    seats for a guess: only Bob, who is away, is mailed; the browser tells Ann."""
    with smtp_server() as box:
        async with (
            LiveServer(sqlite_url, mail=box.settings) as live,
            httpx.AsyncClient(base_url=live.http) as ann,
            httpx.AsyncClient(base_url=live.http) as bob,
        ):
            await person(ann, "Ann")
            await choose(ann, email=ANN, mode="turn")
            await person(bob, "Bob")
            await choose(bob, email="bob@example.org", mode="turn")
            body = {"options": quick_options, "seats": 2, "bots": 0, "turn_clock": HOUR}
            table = (await ann.post("/api/tables", json=body)).json()
            token = (await join(ann, table["id"], "Ann"))["token"]
            client = await TableClient.connect(live.ws(table["id"]), token)
            await join(bob, table["id"], "Bob")  # the last seat: the table starts
            assert (await box.next())["To"] == "bob@example.org"
            notices = live.app.state.notices
            loop = notices.loop
            assert loop is not None
            await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(notices.drained(), loop))
            assert box.attempts == ["bob@example.org"]
            await client.close()


async def test_deleting_the_account_deletes_its_address(db_url: str) -> None:
    """docs/privacy.md: the address and the notice settings go with the account."""
    async with hall_at(db_url) as hall, people(hall, db_url, "Ann") as [ann]:
        await choose(ann, email=ANN, mode="digest")
        async with hall.db.sessions() as session:
            assert (await session.scalars(select(NoticeSettingsRow.email))).all() == [ANN]
        deleted = await ann.post("/api/account/delete", json={"secret": SECRET})
        assert deleted.status_code == 204, deleted.text
        async with hall.db.sessions() as session:
            assert (await session.scalars(select(NoticeSettingsRow))).all() == []


def test_mail_settings_refuse_what_cannot_work() -> None:
    """The operator's settings are checked before the server starts: the links must be HTTPS
    (RFC 8058), and a wrong security mode, port or digest hour is named."""
    assert MailSettings().enabled is False
    assert "no SMTP server" in MailSettings().describe()
    for bad, said in (
        ({"public_url": "http://hall.example"}, "https://"),
        ({"security": "tls"}, "starttls, ssl, none"),
        ({"digest_hour": 24}, "0 to 23"),
        ({"port": 0}, "1 to 65535"),
    ):
        with pytest.raises(ValueError, match=said):
            MailSettings(host="smtp.example.org", **bad)
    assert "secret" not in MailSettings(host="smtp.example.org", password="secret").describe()


async def test_without_an_smtp_server_nothing_listens(sqlite_url: str) -> None:
    async with hall_at(sqlite_url) as hall, notices_for(hall, MailSettings()) as notices:
        assert hall.news.turn_listeners == []
        assert notices.loop is None
