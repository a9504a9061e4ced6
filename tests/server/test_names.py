"""Names compared as people see them (issue 20, item 6): NFKC, one script, look-alikes and the
bots' "Bot N" refused for accounts and for seats at a table; names stored before still work."""

from __future__ import annotations

import json
import unicodedata
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from pokerhall.content.text import REFUSED_CATEGORIES
from pokerhall.server.app import create_app
from pokerhall.server.people import accounts
from pokerhall.server.store.models import PlayerRow
from pokerhall.server.tables.hall import Hall
from pokerhall.server.wire.messages import Account, JoinTable, ProtocolError, parse_client_message
from pokerhall.server.wire.names import NameRefused, is_bot_name, look_key, name_key, person_name

pytestmark = pytest.mark.anyio
SECRET = "correct horse"
SAME_AS_ANN = ["Ａnn", "𝐀nn", "Ⓐnn", "ᴬnn"]
"""Full width, mathematical bold, circled and modifier capital A: all NFKC-equal to "Ann"."""
PEOPLE = ["Jiří", "Ελένη", "Jürgen", "Zoë", "O'Brien", "Anne-Marie 2", "山田 太郎", "김민준"]
BOT_NAMES = ["Bot 10", "bot10", "BOT  3", "Bot 3 (2)", "Ｂｏｔ ３", "B0t 1", "bot_7"]


@pytest.fixture
async def http(sqlite_url: str) -> AsyncIterator[tuple[httpx.AsyncClient, Hall]]:
    app = create_app(sqlite_url)
    transport = httpx.ASGITransport(app, raise_app_exceptions=False)
    async with (
        app.router.lifespan_context(app),
        httpx.AsyncClient(transport=transport, base_url="http://hall") as client,
    ):
        yield client, app.state.hall


# --- the rules, pure -------------------------------------------------------------------------


@pytest.mark.parametrize("name", SAME_AS_ANN)
def test_nfkc_makes_one_name_of_its_compatibility_forms(name: str) -> None:
    assert person_name(name) == "Ann"


@pytest.mark.parametrize("name", PEOPLE)
def test_names_in_one_script_are_taken_as_written(name: str) -> None:
    assert person_name(name) == unicodedata.normalize("NFKC", name)


@pytest.mark.parametrize("name", ["Аnn", "Ελένη X", "Jiří Петров", "ΑΒC"])
def test_mixed_scripts_are_refused(name: str) -> None:
    with pytest.raises(NameRefused) as refused:
        person_name(name)
    assert refused.value.code == "name_mixed_scripts"


@pytest.mark.parametrize("name", BOT_NAMES)
def test_bot_names_are_the_bots(name: str) -> None:
    assert is_bot_name(name)
    with pytest.raises(NameRefused) as refused:
        person_name(name)
    assert refused.value.code == "name_reserved"


@pytest.mark.parametrize("name", ["Bot", "Botička", "Robot 1", "Bot Ann", "Abbot 2"])
def test_names_merely_like_a_bots_are_a_persons(name: str) -> None:
    assert person_name(name) == name


def test_look_alikes_share_a_look_key() -> None:
    assert look_key("BiIl") == look_key("Bill") == look_key("bi11")
    assert look_key("Jiří") != look_key("Jiri")
    assert look_key("Ann") != look_key("Anna")
    assert look_key("👍\u200d👍") == look_key("👍👍") == look_key("👍\ufe0f👍")


people_names = st.text(
    st.characters(categories=["L", "M", "N", "Zs", "P"]), min_size=1, max_size=40
)


@given(people_names)
def test_any_accepted_name_is_nfkc_stable(raw: str) -> None:
    """Whatever is accepted is its own NFKC form, accepted again unchanged, and keeps its key."""
    try:
        name = person_name(raw)
    except NameRefused:
        return
    assert unicodedata.normalize("NFKC", name) == name
    assert person_name(name) == name
    assert name_key(name) == name_key(person_name(name))


# --- seats at a table ------------------------------------------------------------------------


async def _join(http: httpx.AsyncClient, table_id: str, name: str) -> httpx.Response:
    return await http.post(f"/api/tables/{table_id}/seats", json={"name": name})


async def _table(http: httpx.AsyncClient, quick_options: dict[str, Any], seats: int) -> str:
    body = {"options": quick_options, "seats": seats, "turn_clock": None}
    response = await http.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    table_id: str = response.json()["id"]
    return table_id


async def test_nobody_sits_beside_ann_as_ann(
    http: tuple[httpx.AsyncClient, Hall], quick_options: dict[str, Any]
) -> None:
    client, hall = http
    table_id = await _table(client, quick_options, seats=10)
    assert (await _join(client, table_id, "Ann")).status_code == 201
    for name in SAME_AS_ANN:
        response = await _join(client, table_id, name)
        assert response.status_code == 409, name
        assert response.json()["code"] == "name_taken_here"
    cyrillic = await _join(client, table_id, "Аnn")
    assert cyrillic.status_code == 422
    assert cyrillic.json()["code"] == "name_mixed_scripts"
    assert cyrillic.json()["params"]["scripts"] == "Cyrillic, Latin"
    bot = await _join(client, table_id, "Bot 10")
    assert (bot.status_code, bot.json()["code"]) == (422, "name_reserved")
    assert (await _join(client, table_id, "Bill")).status_code == 201
    like = await _join(client, table_id, "BiIl")
    assert like.status_code == 409
    assert like.json()["code"] == "name_looks_taken"
    assert like.json()["params"] == {"name": "BiIl", "like": "Bill"}
    for name in ("Jiří", "Ελένη", "Jürgen"):
        assert (await _join(client, table_id, name)).status_code == 201, name
    seats = await hall.db.seats(table_id)
    assert sorted(s.name for s in seats) == sorted(["Ann", "Bill", "Jiří", "Ελένη", "Jürgen"])


async def test_a_seat_takes_the_nfkc_spelling(
    http: tuple[httpx.AsyncClient, Hall], quick_options: dict[str, Any]
) -> None:
    client, hall = http
    table_id = await _table(client, quick_options, seats=3)
    assert (await _join(client, table_id, "𝐀nn")).status_code == 201
    assert [s.name for s in await hall.db.seats(table_id)] == ["Ann"]


# --- accounts --------------------------------------------------------------------------------


async def _register(client: httpx.AsyncClient, name: str) -> httpx.Response:
    return await client.post("/api/players", json={"name": name, "secret": SECRET})


async def test_accounts_are_told_apart_as_people_see_them(
    http: tuple[httpx.AsyncClient, Hall],
) -> None:
    client, _hall = http
    assert (await _register(client, "Ann")).status_code == 201
    for name in SAME_AS_ANN:
        response = await _register(client, name)
        assert (response.status_code, response.json()["code"]) == (409, "name_taken"), name
    cyrillic = await _register(client, "Аnn")
    assert (cyrillic.status_code, cyrillic.json()["code"]) == (422, "name_mixed_scripts")
    bot = await _register(client, "bot 4")
    assert (bot.status_code, bot.json()["code"]) == (422, "name_reserved")
    assert (await _register(client, "Bill")).status_code == 201
    like = await _register(client, "BiIl")
    assert (like.status_code, like.json()["code"]) == (409, "name_looks_taken")
    for name in ("Jiří", "Ελένη", "Jürgen"):
        assert (await _register(client, name)).status_code == 201, name


async def test_an_account_stored_before_the_rules_still_signs_in(
    http: tuple[httpx.AsyncClient, Hall],
) -> None:
    """An account whose name the rules would now refuse (Cyrillic А in a Latin name, a full
    width letter) is found by the key it was stored with, and its secret still works."""
    _client, hall = http
    for old in ("Аnn", "Ｂob"):
        row = PlayerRow(
            id=f"old-{ord(old[0])}",
            name=old,
            name_key=name_key(old),
            secret_hash=accounts.hash_secret(SECRET),
        )
        async with hall.db.sessions.begin() as session:
            session.add(row)
        assert (await accounts.authenticate(hall.db, old, SECRET)).id == row.id


refused_chars = st.characters(
    categories=sorted(REFUSED_CATEGORIES - {"Cs"}),  # a lone surrogate is not text at all:
).filter(lambda c: c != "\u200d")  # pydantic refuses it first (test_lobby_input_limits.py)
letters = st.text(st.characters(categories=["L"]), min_size=1, max_size=10)


@given(letters, refused_chars, letters)
def test_any_name_or_chat_text_with_a_refused_character_is_refused(
    before: str, char: str, after: str
) -> None:
    """The one rule (`content/text.py`) for a seat's name, an account's and a chat message."""
    text = before + char + after
    with pytest.raises(ValidationError) as refused:
        JoinTable.model_validate({"name": text})
    assert refused.value.errors()[0]["type"] == "name_character"
    with pytest.raises(ValidationError):
        Account.model_validate({"name": text, "secret": SECRET})
    with pytest.raises(ProtocolError) as chat:
        parse_client_message(json.dumps({"v": 1, "type": "chat", "text": text}))
    assert chat.value.code == "chat_character"
