"""Private tables and the creator's controls (`server/tables/creator.py`,
`server/tables/controls.py`): a private table is never listed and its seats need its code;
only the creator adds bots and removes absent players; the lobby lists recent results."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from pokerhall.server.tables import controls
from pokerhall.server.tables.creator import CODE_ALPHABET, CODE_LENGTH
from pokerhall.server.wire.messages import CreateTable
from pokerhall.server.wire.refusal import LobbyError

from .halls import bearer, hall_at, manual_absence, play_randomly
from .lobby import Lobby
from .wsclient import TableClient

pytestmark = pytest.mark.anyio


async def test_a_private_table_is_unlisted_and_joined_with_its_code_only(
    db_url: str, quick_options: dict[str, Any]
) -> None:
    async with hall_at(db_url) as hall:
        public = await hall.opening.create_table(CreateTable(options=quick_options, seats=3))
        opened = await hall.opening.open_table(
            CreateTable(options=quick_options, seats=3, private=True)
        )
        code = opened.join_code
        assert code is not None
        assert len(code) == CODE_LENGTH
        assert set(code) <= set(CODE_ALPHABET)
        listed = [t.id for t in await hall.book.list_tables(["open", "running"], finished=10)]
        assert public.id in listed
        assert opened.info.id not in listed
        assert opened.info.private
        accented = "É" + code[1:]  # a letter outside ASCII is no code's (it raised, issue 20)
        for wrong in (None, "ZZZZZZ" if code != "ZZZZZZ" else "YYYYYY", "ÉCOLE1", accented):
            with pytest.raises(LobbyError) as refused:
                await hall.seats.join(opened.info.id, "Eve", code=wrong)
            assert (refused.value.status, refused.value.code) == (403, "code_required")
        assert await hall.db.seats(opened.info.id) == []
        seat, _token = await hall.seats.join(
            opened.info.id, "Ann", code=f"{code[:3].lower()}-{code[3:]}"
        )
        assert seat == 0
        assert (await hall.db.table_by_code(code)).id == opened.info.id  # type: ignore[union-attr]


async def test_only_the_creator_adds_bots_and_removes_absent_players(
    db_url: str, quick_options: dict[str, Any]
) -> None:
    async with hall_at(db_url) as hall:
        clock = manual_absence(hall)
        opened = await hall.opening.open_table(
            CreateTable(options=quick_options, seats=4, turn_clock=None)
        )
        table_id, creator = opened.info.id, opened.creator_token
        _seat, ann = await hall.seats.join(
            table_id, "Ann", creator=creator
        )  # the creator sits down
        _seat, bob = await hall.seats.join(table_id, "Bob")
        for stranger in (bob, creator, "someone else's token, long"):  # the old token is spent
            with pytest.raises(LobbyError) as refused:
                await controls.add_bot(hall, table_id, stranger, None)
            assert (refused.value.status, refused.value.code) == (403, "not_creator")
            with pytest.raises(LobbyError) as refused:
                await controls.remove_player(hall, table_id, stranger, 1)
            assert refused.value.code == "not_creator"
        with pytest.raises(LobbyError) as unknown:
            await controls.add_bot(hall, table_id, ann, "nonsense")
        assert unknown.value.code == "bot_unknown"
        assert len(await hall.db.seats(table_id)) == 2  # nothing changed
        assert await controls.add_bot(hall, table_id, ann, "random") == 2
        with pytest.raises(LobbyError) as soon:  # Bob took his seat a moment ago
            await controls.remove_player(hall, table_id, ann, 1)
        assert (soon.value.code, soon.value.params) == (
            "player_away_briefly",
            {"name": "Bob", "count": round(hall.absence.grace)},
        )
        clock.advance(hall.absence.grace)
        await controls.remove_player(hall, table_id, ann, 1)  # Bob never came to the table
        assert {s.seat: s.name for s in await hall.db.seats(table_id)} == {0: "Ann", 2: "Bot 3"}
        _seat, _cyril = await hall.seats.join(table_id, "Cyril")
        assert await controls.add_bot(hall, table_id, ann, None) == 3  # full: it starts
        assert (await hall.book.info(table_id)).status == "running"
        clock.advance(hall.absence.grace)  # the start counts as seen: the grace runs from there
        await controls.remove_player(hall, table_id, ann, 1)  # Cyril is not connected
        row = next(s for s in await hall.db.seats(table_id) if s.seat == 1)
        assert (row.kind, row.left) == ("bot", True)  # bot_takeover: a bot plays on
        with pytest.raises(LobbyError) as bot:
            await controls.remove_player(hall, table_id, ann, 2)
        assert bot.value.code == "nobody_there"


async def test_an_unseated_creator_starts_the_table(
    db_url: str, quick_options: dict[str, Any]
) -> None:
    async with hall_at(db_url) as hall:
        opened = await hall.opening.open_table(
            CreateTable(options=quick_options, seats=3, turn_clock=None)
        )
        await hall.seats.join(opened.info.id, "Ann")
        await hall.seats.start(opened.info.id, opened.creator_token)
        assert (await hall.book.info(opened.info.id)).status == "running"


async def test_only_the_creator_starts_early_another_player_is_refused(
    db_url: str, quick_options: dict[str, Any]
) -> None:
    """Issue 21: a creator opens four seats without bots; a second player who took a seat and
    clicks Start now is refused (`creator_starts`, worded in every locale) and nothing
    changes: no bot sits down, the table stays open; the creator then starts it."""
    async with hall_at(db_url) as hall:
        opened = await hall.opening.open_table(
            CreateTable(options=quick_options, seats=4, turn_clock=None)
        )
        table_id = opened.info.id
        _seat, ann = await hall.seats.join(table_id, "Ann", creator=opened.creator_token)
        _seat, bob = await hall.seats.join(table_id, "Bob")
        before = [(s.seat, s.name, s.kind) for s in await hall.db.seats(table_id)]
        with pytest.raises(LobbyError) as refused:
            await hall.seats.start(table_id, bob)
        assert (refused.value.status, refused.value.code) == (403, "creator_starts")
        assert [(s.seat, s.name, s.kind) for s in await hall.db.seats(table_id)] == before
        assert (await hall.book.info(table_id)).status == "open"
        with pytest.raises(LobbyError) as stranger:
            await hall.seats.start(table_id, "no seat's token at this table, long enough")
        assert (stranger.value.status, stranger.value.code) == (401, "bad_token")
        await hall.seats.start(table_id, ann)
        info = await hall.book.info(table_id)
        assert info.status == "running"
        assert [s.kind for s in info.seats] == ["human", "human", "bot", "bot"]


async def test_a_creator_who_gives_up_their_seat_leaves_the_early_start_to_anyone_seated(
    db_url: str, quick_options: dict[str, Any]
) -> None:
    """Without it nobody could start the table early once its creator left the waiting room."""
    async with hall_at(db_url) as hall:
        opened = await hall.opening.open_table(
            CreateTable(options=quick_options, seats=4, turn_clock=None)
        )
        table_id = opened.info.id
        assert not opened.info.anyone_starts
        _seat, ann = await hall.seats.join(table_id, "Ann", creator=opened.creator_token)
        _seat, bob = await hall.seats.join(table_id, "Bob")
        await hall.seats.leave(table_id, ann)
        assert (await hall.book.info(table_id)).anyone_starts
        await hall.seats.start(table_id, bob)
        assert (await hall.book.info(table_id)).status == "running"


async def test_the_lobby_lists_recent_public_results(
    db_url: str, quick_options: dict[str, Any]
) -> None:
    async with hall_at(db_url) as hall:
        finished = []
        for private in (False, True):
            table = await hall.opening.open_table(
                CreateTable(options=quick_options, seats=2, turn_clock=None, private=private)
            )
            await hall.seats.join(table.info.id, "Ann", code=table.join_code)
            await hall.seats.join(table.info.id, "Bob", code=table.join_code)
            await play_randomly(hall, table.info.id, seed=1)
            finished.append(table.info.id)
        listed = {t.id: t for t in await hall.book.list_tables(["open", "running"], finished=10)}
        assert finished[0] in listed
        assert finished[1] not in listed
        result = listed[finished[0]].result
        assert result is not None
        assert result["winners"]
        assert [t.id for t in await hall.book.list_tables(["open", "running"])] == []


async def test_a_connected_player_is_not_removed(
    server: Any, quick_options: dict[str, Any]
) -> None:
    clock = manual_absence(server.app.state.hall)
    async with Lobby.at(server.http) as lobby:
        table = await lobby.create(options=quick_options, seats=3, private=True)
        code, creator = table["join_code"], table["creator_token"]
        refused = await lobby.http.post(f"/api/tables/{table['id']}/seats", json={"name": "Bob"})
        assert (refused.status_code, refused.json()["code"]) == (403, "code_required")
        found = await lobby.http.get(f"/api/codes/{code.lower()}")
        assert found.json()["id"] == table["id"]
        joined = await lobby.http.post(
            f"/api/tables/{table['id']}/seats", json={"name": "Bob", "code": code}
        )
        bob = joined.json()["token"]
        client = await TableClient.connect(server.ws(table["id"]), bob)
        assert client.seat == 0
        for absurd in ("-1", "3", str(10**30)):  # no such seat: refused, nothing changes
            nobody = await lobby.http.post(
                f"/api/tables/{table['id']}/seats/{absurd}/remove", headers=bearer(creator)
            )
            assert (nobody.status_code, nobody.json()["code"]) == (409, "nobody_there")
        remove = f"/api/tables/{table['id']}/seats/0/remove"
        present = await lobby.http.post(remove, headers=bearer(creator))
        assert (present.status_code, present.json()["code"]) == (409, "player_present")
        await client.close()
        for _ in range(200):  # the server sees the close a moment later
            soon = await lobby.http.post(remove, headers=bearer(creator))
            if soon.json()["code"] != "player_present":
                break
            await asyncio.sleep(0.01)
        assert (soon.status_code, soon.json()["code"]) == (409, "player_away_briefly")
        clock.advance(server.app.state.hall.absence.grace)
        gone = await lobby.http.post(remove, headers=bearer(creator))
        assert gone.json()["seats"][0]["kind"] == "empty"
        bot = await lobby.http.post(f"/api/tables/{table['id']}/bots", json={}, headers=bearer(bob))
        assert (bot.status_code, bot.json()["code"]) == (403, "not_creator")
