"""Browsers on the app's routes and signed-in people, for the tests of accounts, friends,
notices and "my tables" (one set-up, not a copy per test module)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from typing import Any

import httpx

from pokerhall.server.app import create_app
from pokerhall.server.league.leagues import Leagues
from pokerhall.server.people import signin
from pokerhall.server.tables.hall import Hall
from pokerhall.server.wire.ratelimit import Limits

from .roomy import ROOMY

SECRET = "correct horse 7"


@asynccontextmanager
async def browser(
    hall: Hall, db_url: str, limits: Limits = ROOMY
) -> AsyncIterator[httpx.AsyncClient]:
    """One browser (its own cookies) on the app's routes over `hall`."""
    app = create_app(db_url, limits=limits)
    app.state.hall = hall
    app.state.leagues = Leagues(hall)
    hall.access.signed_in = signin.account_id_of(hall.db)  # as the app's lifespan does
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://hall") as client:
        yield client


async def sign_up(http: httpx.AsyncClient, name: str, secret: str = SECRET) -> None:
    answer = await http.post("/api/players", json={"name": name, "secret": secret})
    assert answer.status_code == 201, answer.text


async def sign_in(http: httpx.AsyncClient, name: str, secret: str = SECRET) -> httpx.Response:
    return await http.post("/api/session", json={"name": name, "secret": secret})


async def person(http: httpx.AsyncClient, name: str) -> None:
    """An account of this name, signed in in this browser."""
    await sign_up(http, name)
    assert (await sign_in(http, name)).status_code == 200


@asynccontextmanager
async def people(hall: Hall, db_url: str, *names: str) -> AsyncIterator[list[httpx.AsyncClient]]:
    """A browser per name, each signed in to its own new account of that name (an empty
    name: a guest's browser, signed in to nothing)."""
    async with AsyncExitStack() as stack:
        clients = [await stack.enter_async_context(browser(hall, db_url)) for _ in names]
        for http, name in zip(clients, names, strict=True):
            if name:
                await person(http, name)
        yield clients


def refused(answer: httpx.Response, status: int, code: str) -> None:
    assert (answer.status_code, answer.json().get("code")) == (status, code), answer.text


async def join(
    http: httpx.AsyncClient, table_id: str, name: str, code: str | None = None
) -> dict[str, Any]:
    body = {"name": name} if code is None else {"name": name, "code": code}
    answer = await http.post(f"/api/tables/{table_id}/seats", json=body)
    assert answer.status_code == 201, answer.text
    seat: dict[str, Any] = answer.json()
    return seat
