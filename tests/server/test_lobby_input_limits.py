"""Hostile input at the edges of the server: numbers JSON cannot carry back (NaN, Infinity),
names with invisible characters or in two spellings, oversized bodies and options, and
WebSocket messages nested deep enough to exhaust the stack. Each is refused in the documented
form (`{"detail": reason}` over HTTP, an `error` message on the socket), never with a 500."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest

from pokerhall.server.app import MAX_BODY_BYTES, create_app
from pokerhall.server.wire.messages import (
    MAX_NESTING,
    ProtocolError,
    parse_client_message,
)
from pokerhall.server.wire.names import name_key

from .live import LiveServer
from .lobby import Lobby
from .wsclient import TableClient

pytestmark = pytest.mark.anyio


@pytest.fixture
async def http(db_url: str) -> AsyncIterator[httpx.AsyncClient]:
    """The lobby in process over SQLite and PostgreSQL (which refuses NUL in text)."""
    app = create_app(db_url)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app, raise_app_exceptions=False)
        async with httpx.AsyncClient(transport=transport, base_url="http://hall") as client:
            yield client


async def post_json(http: httpx.AsyncClient, path: str, text: str) -> httpx.Response:
    """POST `text` as it stands: NaN, Infinity and lone surrogates are not JSON that httpx
    would write itself."""
    return await http.post(path, content=text, headers={"content-type": "application/json"})


async def open_tables(http: httpx.AsyncClient) -> list[Any]:
    listed: list[Any] = (await http.get("/api/tables?status=open")).json()
    return listed


# --- NaN and Infinity ---------------------------------------------------------------------------


NOT_FINITE = {
    "turn_clock NaN": ('{"turn_clock": NaN}', "turn_clock: Input should be a finite number"),
    "turn_clock Infinity": (
        '{"turn_clock": Infinity}',
        "turn_clock: Input should be a finite number",
    ),
    "bot_delay Infinity": ('{"bot_delay": Infinity}', "bot_delay: Input should be a finite number"),
    "bot_delay -Infinity": (
        '{"bot_delay": -Infinity}',
        "bot_delay: Input should be a finite number",
    ),
    "seats NaN": ('{"seats": NaN}', "seats: Input should be a valid integer"),
    "name NaN": ('{"name": NaN}', "name: Input should be a valid string"),
}


@pytest.mark.parametrize(("body", "detail"), NOT_FINITE.values(), ids=NOT_FINITE)
async def test_nan_and_infinity_are_refused_with_a_reason(
    http: httpx.AsyncClient, body: str, detail: str
) -> None:
    """FastAPI's own 422 echoes the input, and NaN cannot be written back as JSON: a 500."""
    response = await post_json(http, "/api/tables", body)
    assert (response.status_code, response.json()) == (422, {"detail": detail})
    assert await open_tables(http) == []


async def test_a_validation_error_never_echoes_the_input(http: httpx.AsyncClient) -> None:
    response = await http.post("/api/tables", json={"seats": "<script>x</script>"})
    assert response.status_code == 422
    assert response.json() == {"detail": "seats: Input should be a valid integer"}


async def test_a_body_that_is_not_json_gets_the_parser_reason(http: httpx.AsyncClient) -> None:
    response = await post_json(http, "/api/tables", "{seats: 4")
    assert response.status_code == 422
    assert response.json() == {
        "detail": "body: JSON decode error: Expecting property name enclosed in double quotes"
        " at character 1"
    }


# --- names --------------------------------------------------------------------------------------


BAD_NAMES = {
    "NUL": ("a\x00b", "U+0000"),
    "newline": ("a\nb", "U+000A"),
    "escape sequence": ("a\x1b[2J", "U+001B"),
    "DEL": ("a\x7fb", "U+007F"),
    "zero width space": ("Ann\u200b", "U+200B"),
    "right-to-left override": ("\u202eevil", "U+202E"),
    "byte order mark": ("\ufeffAnn", "U+FEFF"),
    "line separator": ("a\u2028b", "U+2028"),
    "paragraph separator": ("a\u2029b", "U+2029"),
}


@pytest.mark.parametrize(("name", "code"), BAD_NAMES.values(), ids=BAD_NAMES)
async def test_player_names_with_invisible_characters_are_refused(
    http: httpx.AsyncClient, name: str, code: str
) -> None:
    table = (await http.post("/api/tables", json={"seats": 3})).json()
    response = await post_json(http, f"/api/tables/{table['id']}/seats", json.dumps({"name": name}))
    assert response.status_code == 422, response.text
    assert response.json() == {
        "detail": f"name: names may not contain control or invisible characters (found {code})"
    }
    seats = (await http.get(f"/api/tables/{table['id']}")).json()["seats"]
    assert [s["kind"] for s in seats] == ["empty"] * 3


@pytest.mark.parametrize(("name", "code"), BAD_NAMES.values(), ids=BAD_NAMES)
async def test_table_names_with_invisible_characters_are_refused(
    http: httpx.AsyncClient, name: str, code: str
) -> None:
    response = await post_json(http, "/api/tables", json.dumps({"name": name}))
    assert response.status_code == 422, response.text
    assert code in response.json()["detail"]
    assert await open_tables(http) == []


@pytest.mark.parametrize("path", ["/api/tables", "/api/tables/{id}/seats"])
async def test_a_name_that_is_not_unicode_text_is_refused(
    http: httpx.AsyncClient, path: str
) -> None:
    """A lone surrogate cannot be stored or sent back as UTF-8; pydantic refuses it."""
    table = (await http.post("/api/tables", json={"seats": 3})).json()
    response = await post_json(http, path.format(id=table["id"]), '{"name": "a\\ud800b"}')
    assert response.status_code == 422, response.text
    assert response.json()["detail"].startswith("name: Input should be a valid string")


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("\u00c5nn", "A\u030ann"),  # composed and decomposed Å
        ("A\u030ann", "\u00c5nn"),
        ("\u00c5nn", "a\u030aNN"),  # and in another case
        ("Zo\u00eb", "Zoe\u0308"),
    ],
    ids=repr,
)
async def test_two_spellings_of_one_name_are_one_name(
    http: httpx.AsyncClient, first: str, second: str
) -> None:
    """Names are stored NFC-normalised, so the casefolded duplicate check sees what people see."""
    table = (await http.post("/api/tables", json={"seats": 3})).json()
    seats = f"/api/tables/{table['id']}/seats"
    assert (await http.post(seats, json={"name": first})).status_code == 201
    again = await http.post(seats, json={"name": second})
    assert again.status_code == 409, again.text
    assert "is taken" in again.json()["detail"]
    stored = (await http.get(f"/api/tables/{table['id']}")).json()["seats"][0]["name"]
    assert stored == first.replace("A\u030a", "\u00c5")


async def test_a_name_is_measured_after_normalising(http: httpx.AsyncClient) -> None:
    """NFC turns U+FB2C into three characters: 40 of them would not fit the name column."""
    table = (await http.post("/api/tables", json={"seats": 3})).json()
    seats = f"/api/tables/{table['id']}/seats"
    response = await http.post(seats, json={"name": "\ufb2c" * 40})
    assert response.status_code == 422
    assert response.json() == {
        "detail": "name: String should have at most 40 characters once normalised"
    }
    assert (await http.post(seats, json={"name": "\ufb2c" * 13})).status_code == 201


@pytest.mark.parametrize(
    "name", ["Zoë", "李雷", "O'Brien", "Ann-Marie Lee", "🎲 Dice", "Ünal"], ids=repr
)
async def test_ordinary_names_in_any_script_are_welcome(http: httpx.AsyncClient, name: str) -> None:
    table = (await http.post("/api/tables", json={"seats": 3, "name": f"{name}'s table"})).json()
    assert table["name"] == f"{name}'s table"
    response = await http.post(f"/api/tables/{table['id']}/seats", json={"name": f" {name} "})
    assert response.status_code == 201, response.text
    assert (await http.get(f"/api/tables/{table['id']}")).json()["seats"][0]["name"] == name


# --- sizes --------------------------------------------------------------------------------------


TOO_LARGE = {"detail": f"the request body may be at most {MAX_BODY_BYTES} bytes"}


async def test_a_huge_body_is_refused_before_it_is_read(http: httpx.AsyncClient) -> None:
    """The auditor's 17 MB table: two million blind levels."""
    body = {"options": {"small_blinds": list(range(1, 2_000_001))}}
    response = await http.post("/api/tables", json=body)
    assert (response.status_code, response.json()) == (413, TOO_LARGE)
    assert await open_tables(http) == []


async def test_a_huge_body_without_a_length_is_cut_off(http: httpx.AsyncClient) -> None:
    """A chunked body declares no length: it is counted as it arrives."""

    async def chunks() -> AsyncIterator[bytes]:
        yield b'{"name": "'
        for _ in range(100):
            yield b"x" * 4096
        yield b'"}'

    response = await http.post(
        "/api/tables", content=chunks(), headers={"content-type": "application/json"}
    )
    assert (response.status_code, response.json()) == (413, TOO_LARGE)
    assert await open_tables(http) == []


async def test_a_body_at_the_limit_reaches_the_lobby(http: httpx.AsyncClient) -> None:
    head, tail = '{"name": "', '"}'
    text = head + "x" * (MAX_BODY_BYTES - len(head) - len(tail)) + tail
    assert len(text.encode()) == MAX_BODY_BYTES
    response = await post_json(http, "/api/tables", text)
    assert response.status_code == 422  # read and validated: the name is too long
    assert response.json() == {"detail": "name: String should have at most 80 characters"}


@pytest.mark.parametrize(
    ("options", "detail"),
    [
        (
            {"small_blinds": [10] * 51},
            "option 'small_blinds' must be a list of 1 to 50 whole numbers from 1 up to "
            "1000000000000, got a list of 51 items",
        ),
        (
            {"hands_per_level": 10**30},
            "option 'hands_per_level' must be a whole number from 0 up to 1000000, got "
            + str(10**30),
        ),
    ],
    ids=["51 blind levels", "10**30 hands per level"],
)
async def test_options_beyond_any_real_table_are_refused(
    http: httpx.AsyncClient, options: dict[str, Any], detail: str
) -> None:
    response = await http.post("/api/tables", json={"options": options})
    assert (response.status_code, response.json()["detail"]) == (422, detail)
    assert response.json()["code"] in ("option_int", "option_int_list")
    assert response.json()["params"]["option"] in options


async def test_deeply_nested_options_are_refused_not_a_crash(http: httpx.AsyncClient) -> None:
    """Near Python's recursion limit the body parses but decoding the options again may not
    (where exactly depends on the stack, so every depth around it is tried); deeper, FastAPI
    cannot parse the body. Either way a 4xx with a reason, never a 500."""
    for depth in [*range(800, 1100, 4), 20_000]:
        body = '{"options": {"small_blinds": ' + "[" * depth + "]" * depth + "}}"
        response = await post_json(http, "/api/tables", body)
        assert response.status_code in (400, 422), (depth, response.text)
        assert isinstance(response.json()["detail"], str)
    assert await open_tables(http) == []


async def test_a_live_server_answers_a_huge_body_and_keeps_serving(server: LiveServer) -> None:
    """Over a real socket: uvicorn gets the 413 out although the body was never read."""
    async with httpx.AsyncClient(base_url=server.http, timeout=10) as client:
        response = await client.post("/api/tables", content=b"x" * (4 * MAX_BODY_BYTES))
        assert (response.status_code, response.json()) == (413, TOO_LARGE)
        assert (await client.get("/api/tables")).status_code == 200


# --- deeply nested WebSocket messages -----------------------------------------------------------


def nested_move(depth: int, *, objects: bool = False) -> str:
    """A move message whose guess is `depth` arrays (or objects) deep."""
    value = '{"a":' * depth + "1" + "}" * depth if objects else "[" * depth + "]" * depth
    return '{"v": 1, "type": "move", "move": {"type": "guess", "value": ' + value + "}}"


@pytest.mark.parametrize(
    "text",
    [
        nested_move(1500),  # json.loads runs out of stack
        nested_move(950),  # parses, but the engine's copy of the move would run out
        nested_move(600, objects=True),
        nested_move(MAX_NESTING - 1),  # the guess is MAX_NESTING + 1 deep in the message
    ],
    ids=["1500 arrays", "950 arrays", "600 objects", "one level too deep"],
)
def test_deeply_nested_messages_are_bad_json(text: str) -> None:
    with pytest.raises(ProtocolError) as refused:
        parse_client_message(text)
    assert refused.value.code == "bad_json"
    assert refused.value.reason == f"arrays and objects may be nested at most {MAX_NESTING} deep"


def test_nesting_up_to_the_limit_is_a_message() -> None:
    message = parse_client_message(nested_move(MAX_NESTING - 2))
    assert message.type == "move"


async def test_a_deep_message_on_a_live_table_is_answered_and_harmless(
    server: LiveServer, quick_options: dict[str, Any]
) -> None:
    async with Lobby.at(server.http) as lobby:
        table = await lobby.create(options=quick_options, seats=2)
        _seat, token = await lobby.join(table["id"], "Ann")
        await lobby.join(table["id"], "Bob")
        client = await TableClient.connect(server.ws(table["id"]), token)
        try:
            await client.expect("state")
            for depth in (1500, 950):
                await client.send_raw(nested_move(depth))
                error = await client.next_error()
                assert error["code"] == "bad_json", error
            assert await client.roundtrip() == []
            state = await client.sync()
            assert state["view"]["you"]["guess"] is None
        finally:
            await client.close()


@pytest.mark.parametrize(
    ("stored", "new"),
    [
        ("Ann", "ANN"),
        ("A\u030ann", "\u00c5nn"),
        ("\u00c5NN", "a\u030ann"),
        ("Stra\u00dfe", "STRASSE"),
    ],
    ids=["case", "decomposed stored", "decomposed new", "sharp s"],
)
def test_names_that_differ_only_in_case_or_spelling_are_one_name(stored: str, new: str) -> None:
    """Also for names stored before names were normalised on the way in."""
    assert name_key(stored) == name_key(new)
    assert name_key("Ann") != name_key("Anna")
