"""A person's invitation pushed to their open lobby (`/ws/lobby`, `lobby/feed.py`) by a real
server: the scenario run on one process and across two (the creator on one, the invited
person's lobby on the other), so that it is one piece of code either way."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from pokerhall.server.people import sessions

from .accounts import join, person

PUSHED = 10.0
"""Seconds a push may take at the most: far below the lobby's fallback poll (two minutes), so
a push that did not come fails the test rather than being found by the poll."""
Invitations = list[dict[str, Any]]


@asynccontextmanager
async def lobby_socket(
    base: str, http: httpx.AsyncClient | None = None
) -> AsyncIterator[ClientConnection]:
    """The lobby's socket at the server `base` (http://...), with this browser's session cookie
    (none: a guest's)."""
    token = None if http is None else http.cookies.get(sessions.COOKIE)
    headers = {} if token is None else {"Cookie": f"{sessions.COOKIE}={token}"}
    async with connect(
        base.replace("http://", "ws://") + "/ws/lobby", additional_headers=headers
    ) as ws:
        yield ws


async def pushed(ws: ClientConnection, until: Callable[[Invitations], bool]) -> dict[str, Any]:
    """The next `invitations` message whose list passes `until`; the messages before it must be
    the lobby's lists or invitations (nothing else is pushed there)."""
    async with asyncio.timeout(PUSHED):
        while True:
            message: dict[str, Any] = json.loads(await ws.recv())
            assert message["type"] in ("tables", "invitations"), message
            if message["type"] == "invitations" and until(message["invitations"]):
                return message


async def invitation_is_pushed(creators: str, invited: str, options: dict[str, Any]) -> None:
    """Ann, signed in at the server `creators`, opens a table, sits as its creator and invites
    Bob, whom she follows; Bob's lobby, open at the server `invited`, is pushed the invitation
    (named as Ann's) at once, and then that it is gone when she withdraws it. A guest's lobby
    there is pushed the lists alone."""
    async with (
        httpx.AsyncClient(base_url=creators) as ann,
        httpx.AsyncClient(base_url=invited) as bob,
    ):
        await person(ann, "Ann")
        await person(bob, "Bob")
        assert (await ann.post("/api/account/following", json={"name": "Bob"})).status_code == 201
        body = {"options": options, "seats": 3, "bots": 0, "turn_clock": None}
        table = (await ann.post("/api/tables", json=body)).json()
        answer = await ann.post(
            f"/api/tables/{table['id']}/seats",
            json={"name": "Ann", "creator": table["creator_token"]},
        )
        assert answer.status_code == 201, answer.text
        creator = {"Authorization": f"Bearer {answer.json()['token']}"}
        async with lobby_socket(invited, bob) as ws, lobby_socket(invited) as guest:
            first = await pushed(ws, lambda found: True)
            assert (first["account"], first["invitations"]) == ("Bob", [])
            invite = await ann.post(
                f"/api/tables/{table['id']}/invitations/person",
                json={"name": "Bob"},
                headers=creator,
            )
            assert invite.status_code == 201, invite.text
            made = await pushed(ws, lambda found: len(found) == 1)
            [invitation] = made["invitations"]
            assert (invitation["table"], invitation["inviter"]) == (
                table["id"],
                {"name": "Ann", "bot_account": False},
            )
            assert invitation == (await bob.get("/api/account/invitations")).json()[0]
            seat = invitation["seat"]
            gone = await ann.post(f"/api/tables/{table['id']}/seats/{seat}/remove", headers=creator)
            assert gone.status_code == 200, gone.text
            assert (await pushed(ws, lambda found: not found))["invitations"] == []

            await join(bob, table["id"], "Bob")  # a change the guest's lobby is told of
            async with asyncio.timeout(PUSHED):
                while True:
                    message = json.loads(await guest.recv())
                    assert message["type"] == "tables"  # never an invitation: a guest's
                    if any(s["name"] == "Bob" for s in message["tables"][0]["seats"]):
                        break
