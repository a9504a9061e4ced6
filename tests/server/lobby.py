"""A thin async client for the HTTP lobby, used by the WebSocket and persistence tests.

Each call checks the status it expects, so a test reads as the steps a player takes.
"""

from __future__ import annotations

import asyncio
from typing import Any

import httpx

HTTP_TIMEOUT = 10.0


class Lobby:
    def __init__(self, client: httpx.AsyncClient) -> None:
        self.http = client

    @classmethod
    def at(cls, base_url: str) -> Lobby:
        return cls(httpx.AsyncClient(base_url=base_url, timeout=HTTP_TIMEOUT))

    async def aclose(self) -> None:
        await self.http.aclose()

    async def __aenter__(self) -> Lobby:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def create(self, **body: Any) -> dict[str, Any]:
        """Open a table; `turn_clock` defaults to None here so no test is hurried by accident."""
        body.setdefault("turn_clock", None)
        body.setdefault("result_pause", 0)  # no test waits for a hand's result by accident
        response = await self.http.post("/api/tables", json=body)
        assert response.status_code == 201, response.text
        table: dict[str, Any] = response.json()
        return table

    async def join(self, table_id: str, name: str, creator: str | None = None) -> tuple[int, str]:
        """Take a seat; with `creator` (the table's creator token) it is the creator's."""
        body = {"name": name, "creator": creator}
        response = await self.http.post(f"/api/tables/{table_id}/seats", json=body)
        assert response.status_code == 201, response.text
        body = response.json()
        return body["seat"], body["token"]

    async def join_all(self, table_id: str, *names: str) -> list[str]:
        """Seat each name in turn; their tokens, in seat order."""
        return [(await self.join(table_id, name))[1] for name in names]

    async def start(self, table_id: str, token: str) -> dict[str, Any]:
        response = await self.http.post(f"/api/tables/{table_id}/start", headers=bearer(token))
        assert response.status_code == 200, response.text
        table: dict[str, Any] = response.json()
        return table

    async def leave(self, table_id: str, token: str) -> None:
        response = await self.http.post(f"/api/tables/{table_id}/leave", headers=bearer(token))
        assert response.status_code == 204, response.text

    async def table(self, table_id: str) -> dict[str, Any]:
        response = await self.http.get(f"/api/tables/{table_id}")
        assert response.status_code == 200, response.text
        table: dict[str, Any] = response.json()
        return table

    async def record(self, table_id: str) -> dict[str, Any]:
        response = await self.http.get(f"/api/tables/{table_id}/record")
        assert response.status_code == 200, response.text
        record: dict[str, Any] = response.json()
        return record

    async def wait_for_status(self, table_id: str, status: str, timeout: float) -> dict[str, Any]:
        async with asyncio.timeout(timeout):
            while (table := await self.table(table_id))["status"] != status:
                await asyncio.sleep(0.05)
        return table


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}
