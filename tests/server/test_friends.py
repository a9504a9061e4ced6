"""Friends (issue 26, item 1: "follow a player, see when they are at a table, invite them"), on
SQLite and PostgreSQL. Following is one-way; whom one follows is listed with the tables they
sit at now, a private one only to a follower who sat there; the creator invites a player they
follow to a seat, which that person finds among their invitations and takes signed in (the
seat reservation of a bot account's invitation); deleting an account ends its follows both
ways and frees the seats it was invited to. Bad input is refused with its code and changes
nothing: following oneself, a missing name, a bot account, twice, too many; unfollowing one
not followed; inviting one not followed; taking a seat one was not invited to."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from pokerhall.server.people import bots, follows
from pokerhall.server.people.friend_messages import TableNow
from pokerhall.server.people.whereabouts import tables_now
from pokerhall.server.store.models import FollowRow, PlayerRow, SeatRow
from pokerhall.server.tables.hall import Hall
from pokerhall.server.wire.messages import CreateTable
from pokerhall.server.wire.names import name_key
from pokerhall.server.wire.refusal import LobbyError

from .accounts import SECRET, join, people, refused, sign_up
from .halls import bearer, hall_at, play_randomly
from .invitation_push import invitation_is_pushed
from .live import LiveServer

pytestmark = pytest.mark.anyio


async def follow(http: httpx.AsyncClient, name: str) -> httpx.Response:
    return await http.post("/api/account/following", json={"name": name})


async def following(http: httpx.AsyncClient) -> list[dict[str, Any]]:
    answer = await http.get("/api/account/following")
    assert answer.status_code == 200, answer.text
    body: list[dict[str, Any]] = answer.json()
    return body


async def follow_rows(hall: Hall) -> set[tuple[str, str]]:
    async with hall.db.sessions() as session:
        rows = (await session.scalars(select(FollowRow))).all()
    return {(row.follower_id, row.followed_id) for row in rows}


async def open_table(
    hall: Hall, options: dict[str, Any], seats: int = 2, private: bool = False
) -> tuple[str, str, str | None]:
    """A table's id, its creator token and its join code."""
    opened = await hall.opening.open_table(
        CreateTable(options=options, seats=seats, turn_clock=None, private=private)
    )
    return opened.info.id, opened.creator_token, opened.join_code


async def test_following_is_one_way_and_lists_both_sides(db_url: str) -> None:
    async with hall_at(db_url) as hall, people(hall, db_url, "Ann", "Bob") as (ann, bob):
        answer = await follow(ann, "BOB")  # names compare as the hall compares them
        assert answer.status_code == 201, answer.text
        assert (answer.json()["name"], answer.json()["tables"]) == ("Bob", [])
        assert [f["name"] for f in await following(ann)] == ["Bob"]
        assert await following(bob) == []  # one-way: Bob was not asked, follows nobody
        [fan] = (await bob.get("/api/account/followers")).json()
        assert (fan["name"], fan["followed_back"], fan["profile"]) == (
            "Ann",
            False,
            "/profile.html?name=Ann",
        )
        assert (await follow(bob, "Ann")).status_code == 201
        assert (await bob.get("/api/account/followers")).json()[0]["followed_back"] is True

        assert (await ann.delete("/api/account/following/bob")).status_code == 204
        assert await following(ann) == []
        assert [f["name"] for f in await following(bob)] == ["Ann"]


async def test_bad_follows_are_refused_and_change_nothing(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with hall_at(db_url) as hall, people(hall, db_url, "Ann", "") as (ann, guest):
        await sign_up(guest, "Bob")
        await sign_up(guest, "Cleo")
        await bots.register(hall.db, "Stroj", SECRET)
        assert (await follow(ann, "Bob")).status_code == 201
        before = await follow_rows(hall)
        refused(await follow(ann, "ann"), 422, "follow_self")
        refused(await follow(ann, "Nobody"), 404, "unknown_player")
        refused(await follow(ann, "Stroj"), 422, "bot_not_followed")
        refused(await follow(ann, "Bob"), 409, "already_following")
        refused(await ann.delete("/api/account/following/Cleo"), 404, "not_following")
        refused(await ann.delete("/api/account/following/Nobody"), 404, "unknown_player")
        extra = await ann.post("/api/account/following", json={"name": "Cleo", "x": 1})
        assert extra.status_code == 422, extra.text
        refused(await follow(guest, "Bob"), 401, "not_signed_in")  # signed up, not in
        refused(await guest.get("/api/account/following"), 401, "not_signed_in")
        monkeypatch.setattr(follows, "MOST_FOLLOWED", 1)
        refused(await follow(ann, "Cleo"), 409, "too_many_followed")
        assert await follow_rows(hall) == before


async def test_a_followed_player_is_seen_at_the_table_they_sit_at_until_it_is_over(
    db_url: str, quick_options: dict[str, Any]
) -> None:
    async with (
        hall_at(db_url) as hall,
        people(hall, db_url, "Ann", "Bob", "") as (ann, bob, guest),
    ):
        assert (await follow(ann, "Bob")).status_code == 201
        table_id, _creator, _code = await open_table(hall, quick_options)
        await join(bob, table_id, "Bob")
        [bob_now] = await following(ann)
        [there] = bob_now["tables"]
        assert there == {
            "private": False,
            "table": table_id,
            "name": there["name"],
            "game": "quizpoker",
            "status": "open",
            "link": f"/table.html?id={table_id}",
        }
        await join(guest, table_id, "Dora")  # the table fills and starts
        [there] = (await following(ann))[0]["tables"]
        assert there["status"] == "running"
        await play_randomly(hall, table_id, seed=3)
        assert (await following(ann))[0]["tables"] == []  # over: nowhere now


async def test_a_private_table_is_told_only_to_a_follower_who_sat_there(
    db_url: str, quick_options: dict[str, Any]
) -> None:
    async with (
        hall_at(db_url) as hall,
        people(hall, db_url, "Ann", "Bob", "Cleo") as (ann, bob, cleo),
    ):
        table_id, _creator, code = await open_table(hall, quick_options, seats=3, private=True)
        await join(bob, table_id, "Bob", code)
        await join(cleo, table_id, "Cleo", code)
        for http in (ann, cleo):
            assert (await follow(http, "Bob")).status_code == 201
        answer = await ann.get("/api/account/following")
        assert answer.json()[0]["tables"] == [
            {
                "private": True,
                "table": None,
                "name": None,
                "game": None,
                "status": None,
                "link": None,
            }
        ]
        assert table_id not in answer.text
        [there] = (await following(cleo))[0]["tables"]  # Cleo sits there too
        assert (there["private"], there["table"], there["link"]) == (
            True,
            table_id,
            f"/table.html?id={table_id}",
        )


async def test_the_creator_invites_a_followed_player_who_takes_the_seat(
    db_url: str, quick_options: dict[str, Any]
) -> None:
    async with (
        hall_at(db_url) as hall,
        people(hall, db_url, "Ann", "Bob", "Cleo") as (ann, bob, cleo),
    ):
        table_id, creator, code = await open_table(hall, quick_options, private=True)
        body = {"name": "Ann", "code": code, "creator": creator}
        seat = (await ann.post(f"/api/tables/{table_id}/seats", json=body)).json()
        invite_url = f"/api/tables/{table_id}/invitations/person"

        async def invite(http: httpx.AsyncClient, token: str, name: str) -> httpx.Response:
            return await http.post(invite_url, json={"name": name}, headers=bearer(token))

        refused(await invite(ann, seat["token"], "Bob"), 403, "not_followed")
        assert (await follow(ann, "Bob")).status_code == 201
        assert (await follow(cleo, "Bob")).status_code == 201
        refused(await invite(cleo, "not the creator's", "Bob"), 403, "not_creator")
        refused(await invite(ann, seat["token"], "Nobody"), 404, "unknown_player")
        assert len(await hall.db.seats(table_id)) == 1  # nothing kept by a refusal

        answer = await invite(ann, seat["token"], "Bob")
        assert answer.status_code == 201, answer.text
        kept = next(s for s in answer.json()["seats"] if s["name"] == "Bob")
        shown = (kept["reserved"], kept["invited"], kept["bot_account"], kept["signed_in"])
        assert shown == (True, True, False, False)
        refused(await invite(ann, seat["token"], "Bob"), 409, "name_taken_here")
        [invitation] = (await bob.get("/api/account/invitations")).json()
        assert (invitation["table"], invitation["seat"], invitation["private"]) == (
            table_id,
            kept["seat"],
            True,
        )
        assert invitation["inviter"] == {"name": "Ann", "bot_account": False}  # her seat's name
        assert (await cleo.get("/api/account/invitations")).json() == []

        claim_url = f"/api/tables/{table_id}/seats/claim-invited"
        refused(await cleo.post(claim_url), 403, "no_invitation")
        refused(await bob.post("/api/tables/nope/seats/claim-invited"), 404, "unknown_table")
        bot_way = {"name": "Bob", "secret": SECRET}  # a person's secret at the bots' claim
        refused(
            await bob.post(f"/api/tables/{table_id}/seats/claim-bot", json=bot_way),
            403,
            "not_invited",
        )
        taken = await bob.post(claim_url)  # no join code: the creator chose Bob
        assert taken.status_code == 201, taken.text
        assert taken.json()["seat"] == kept["seat"]
        info = (await ann.get(f"/api/tables/{table_id}", params={"code": code})).json()
        assert info["status"] == "running"  # the last seat taken: the table starts
        seats = {s["name"]: (s["signed_in"], s["reserved"]) for s in info["seats"]}
        assert seats == {"Ann": (True, False), "Bob": (True, False)}
        assert (await bob.get("/api/account/invitations")).json() == []
        [there] = (await following(ann))[0]["tables"]  # Ann sits there: she is told it
        assert (there["table"], there["status"]) == (table_id, "running")
        [hidden] = (await following(cleo))[0]["tables"]
        assert hidden["link"] is None


async def test_a_declined_invitation_frees_its_seat(
    db_url: str, quick_options: dict[str, Any]
) -> None:
    async with hall_at(db_url) as hall, people(hall, db_url, "Ann", "Bob") as (ann, bob):
        assert (await follow(ann, "Bob")).status_code == 201
        table_id, creator, _code = await open_table(hall, quick_options, seats=3)
        url = f"/api/tables/{table_id}/invitations/person"
        answer = await ann.post(url, json={"name": "Bob"}, headers=bearer(creator))
        assert answer.status_code == 201, answer.text
        [invitation] = (await bob.get("/api/account/invitations")).json()
        assert invitation["inviter"] is None  # the creator has no seat there: no name to tell
        refused(await ann.delete(f"/api/account/invitations/{table_id}"), 403, "no_invitation")
        assert (await bob.delete(f"/api/account/invitations/{table_id}")).status_code == 204
        assert await hall.db.seats(table_id) == []
        assert (await bob.get("/api/account/invitations")).json() == []
        refused(await bob.delete(f"/api/account/invitations/{table_id}"), 403, "no_invitation")


async def test_deleting_an_account_ends_its_follows_both_ways_and_frees_its_invitations(
    db_url: str, quick_options: dict[str, Any]
) -> None:
    async with (
        hall_at(db_url) as hall,
        people(hall, db_url, "Ann", "Bob", "Cleo") as (ann, bob, cleo),
    ):
        for http, name in ((ann, "Bob"), (bob, "Ann"), (bob, "Cleo"), (cleo, "Ann")):
            assert (await follow(http, name)).status_code == 201
        table_id, creator, _code = await open_table(hall, quick_options, seats=3)
        url = f"/api/tables/{table_id}/invitations/person"
        answer = await ann.post(url, json={"name": "Bob"}, headers=bearer(creator))
        assert answer.status_code == 201, answer.text

        gone = await bob.post("/api/account/delete", json={"secret": SECRET})
        assert gone.status_code == 204, gone.text  # an invitation is no seat at a game
        assert len(await follow_rows(hall)) == 1  # only Cleo's of Ann
        assert await following(ann) == []
        assert (await ann.get("/api/account/followers")).json()[0]["name"] == "Cleo"
        assert await hall.db.seats(table_id) == []
        async with hall.db.sessions() as session:
            assert (await session.scalars(select(SeatRow))).all() == []


async def test_an_invitation_is_pushed_to_the_invited_persons_open_lobby(
    db_url: str, quick_options: dict[str, Any]
) -> None:
    """A real server: the invitation reaches Bob's open lobby over its socket as soon as it is
    made, and its withdrawal too; the lobby's poll is only a fallback."""
    async with LiveServer(db_url) as live:
        await invitation_is_pushed(live.http, live.http, quick_options)


# --- invariants, over many random cases (SQLite) ------------------------------------------------

PEOPLE = ("Ann", "Bob", "Cleo", "Dan")


async def people_in(hall: Hall) -> list[PlayerRow]:
    """The four accounts, stored directly (their secret is never checked here)."""
    rows = [
        PlayerRow(id=f"id-{name.lower()}", name=name, name_key=name_key(name), secret_hash="-")
        for name in PEOPLE
    ]
    async with hall.db.sessions.begin() as session:
        session.add_all(rows)
    return rows


def fresh_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / f'{secrets.token_hex(6)}.sqlite3'}"


FOLLOWING_STEPS = st.lists(
    st.tuples(st.booleans(), st.sampled_from(range(4)), st.sampled_from([*PEOPLE, "Nobody"])),
    max_size=12,
)


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(steps=FOLLOWING_STEPS)
async def test_follows_are_what_was_asked_and_every_refusal_changes_nothing(
    tmp_path: Path, steps: list[tuple[bool, int, str]]
) -> None:
    """Any sequence of follows and unfollows leaves exactly the model's pairs; each refused one
    (oneself, nobody, twice, not followed) has its code and leaves the pairs as they were."""
    async with hall_at(fresh_url(tmp_path)) as hall:
        rows = await people_in(hall)
        model: set[tuple[str, str]] = set()
        for is_follow, who, name in steps:
            me = rows[who]
            pair = (me.name, name)
            if name == "Nobody":
                expected: str | None = "unknown_player"
            elif is_follow:
                expected = (
                    "follow_self"
                    if name == me.name
                    else "already_following"
                    if pair in model
                    else None
                )
            else:
                expected = None if pair in model else "not_following"
            before = await follow_rows(hall)
            try:
                if is_follow:
                    await follows.follow(hall.db, me, name)
                else:
                    await follows.unfollow(hall.db, me, name)
                code = None
            except LobbyError as refusal:
                code = refusal.code
                assert await follow_rows(hall) == before
            assert code == expected
            if code is None:
                model = model | {pair} if is_follow else model - {pair}
        ids = {row.name: row.id for row in rows}
        assert await follow_rows(hall) == {(ids[a], ids[b]) for a, b in model}


SEATINGS = st.lists(
    st.tuples(
        st.booleans(), st.lists(st.sampled_from(range(4)), min_size=1, max_size=3, unique=True)
    ),
    min_size=1,
    max_size=3,
)


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(tables=SEATINGS, viewer=st.sampled_from(range(4)))
async def test_a_private_table_is_never_told_to_a_follower_who_did_not_sit_there(
    tmp_path: Path,
    quick_options: dict[str, Any],
    tables: list[tuple[bool, list[int]]],
    viewer: int,
) -> None:
    """Wherever the four sit (public or private open tables), a viewer following everyone is
    told each seat of theirs: a public table or a private one the viewer sits at in full, any
    other private table only as one, with no id, name, game or link anywhere in the answer."""
    async with hall_at(fresh_url(tmp_path)) as hall:
        rows = await people_in(hall)
        me = rows[viewer]
        expected: dict[str, list[str | None]] = {}
        hidden: list[str] = []
        for private, seated in tables:
            table_id, _creator, code = await open_table(
                hall, quick_options, seats=4, private=private
            )
            for who in seated:
                await hall.seats.join(table_id, "x", code=code, account=rows[who])
            told = not private or viewer in seated
            if not told:
                hidden.append(table_id)
            for who in seated:
                expected.setdefault(rows[who].id, []).append(table_id if told else None)
        where = await tables_now(hall.db, [row.id for row in rows], me.id)
        assert {pid: [t.table for t in found] for pid, found in where.items()} == expected
        for found in where.values():
            for table in found:
                if table.table is None:
                    assert table == TableNow(private=True)
        assert not any(table_id in str(where) for table_id in hidden)
