"""Uploaded packs (issue 20, item 5): their texts obey the characters' rule of names and chat,
refused with a translatable code naming line, entry and field; and a table playing one tells
everyone who looks at it, since whoever uploaded it (perhaps its creator) knows the answers."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from pokerhall.server.app import create_app

pytestmark = pytest.mark.anyio


@pytest.fixture
async def http(sqlite_url: str) -> AsyncIterator[httpx.AsyncClient]:
    app = create_app(sqlite_url)
    transport = httpx.ASGITransport(app, raise_app_exceptions=False)
    async with (
        app.router.lifespan_context(app),
        httpx.AsyncClient(transport=transport, base_url="http://hall") as client,
    ):
        yield client


def _uploads(listed: httpx.Response) -> list[str]:
    return [pack for pack in listed.json() if pack.startswith("upload-")]


def _with(text: str, line: int, field: str, char: str) -> str:
    lines = text.splitlines()
    entry = json.loads(lines[line - 1])
    entry[field] = entry[field] + char
    lines[line - 1] = json.dumps(entry, ensure_ascii=False)
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("field", "char"),
    [("question", "\x00"), ("hint1", "\x1b"), ("source", "\u202e"), ("licence", "\u200b")],
)
async def test_a_pack_text_with_a_refused_character_is_refused_by_entry_and_field(
    http: httpx.AsyncClient, mini_pack: Path, field: str, char: str
) -> None:
    text = _with(mini_pack.read_text(encoding="utf-8"), 3, field, char)
    entry = json.loads(text.splitlines()[2])["id"]
    before = _uploads(await http.get("/api/packs"))  # the library is the process's: other tests'
    response = await http.post("/api/packs", json={"text": text})
    assert response.status_code == 422, response.text
    body = response.json()
    assert body["code"] == "pack_character"
    assert body["params"] == {
        "count": 1,
        "detail": body["params"]["detail"],
        "line": 3,
        "entry": entry,
        "field": field,
        "char": f"{ord(char):04X}",
    }
    assert _uploads(await http.get("/api/packs")) == before


async def test_a_lone_surrogate_is_refused_not_stored(
    http: httpx.AsyncClient, mini_pack: Path
) -> None:
    """Escaped inside a pack line, or in the request's own JSON: either way a 422 and nothing
    registered (it used to be taken, and then every table naming the pack failed)."""
    text = mini_pack.read_text(encoding="utf-8")
    inner = _with(text, 1, "hint2", "\\ud800").replace("\\\\ud800", "\\ud800")
    body = '{"text": ' + json.dumps(text)[:-1] + '\\ud800"}'
    before = _uploads(await http.get("/api/packs"))  # the library is the process's: other tests'
    escaped = await http.post("/api/packs", json={"text": inner})
    assert escaped.status_code == 422, escaped.text
    assert escaped.json()["code"] == "pack_character"
    assert escaped.json()["params"]["char"] == "D800"
    raw = await http.post(
        "/api/packs", content=body.encode(), headers={"content-type": "application/json"}
    )
    assert raw.status_code == 422, raw.text  # the body is no Unicode text: pydantic's refusal
    assert _uploads(await http.get("/api/packs")) == before


async def test_a_table_playing_an_upload_says_so(
    http: httpx.AsyncClient, mini_pack: Path, quick_options: dict[str, Any]
) -> None:
    uploaded = await http.post("/api/packs", json={"text": mini_pack.read_text(encoding="utf-8")})
    assert uploaded.status_code == 201, uploaded.text
    pack = uploaded.json()["id"]
    options = {**quick_options, "questions": pack}
    table = await http.post("/api/tables", json={"options": options, "turn_clock": None})
    assert table.status_code == 201, table.text
    assert table.json()["uploaded_pack"] == pack
    info = (await http.get(f"/api/tables/{table.json()['id']}")).json()
    assert info["uploaded_pack"] == pack
    listed = (await http.get("/api/tables")).json()
    assert [t["uploaded_pack"] for t in listed] == [pack]
    plain = await http.post("/api/tables", json={"options": {}, "turn_clock": None})
    assert plain.json()["uploaded_pack"] is None
