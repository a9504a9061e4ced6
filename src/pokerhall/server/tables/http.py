"""The HTTP routes' plumbing that the lobby's, the tables' and the leagues' routes share: the
error answers as OpenAPI documents them (`answers`, and those most routes give), the hall and
the seat token and what a request shows to see a private table as FastAPI dependencies
(`HallDep`, `TokenDep`, `ViewerDep`)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, Header, Query, Request

from pokerhall.server.tables.access import Viewer
from pokerhall.server.tables.hall import Hall
from pokerhall.server.wire.messages import ErrorBody
from pokerhall.server.wire.refusal import LobbyError


def answers(**reasons: str) -> dict[int | str, dict[str, Any]]:
    """OpenAPI `responses` for error statuses: every error body is `{"detail": reason}`."""
    return {int(code): {"model": ErrorBody, "description": why} for code, why in reasons.items()}


COMMON = answers(
    **{
        "400": "The body could not be read as JSON text (e.g. not UTF-8).",
        "413": "The request body is over 64 KiB.",
        "422": "The request does not fit its model; detail names the first problem.",
    }
)
"""What any route may answer: FastAPI validates every request, and the body limit is global."""
UNKNOWN = answers(**{"404": "There is no table with this id."})
TOKEN = answers(**{"401": "No seat token, or one that holds no seat at this table."})
CONFLICT = answers(**{"409": "The table's state does not allow it (see detail)."})


async def get_hall(request: Request) -> Hall:  # async: FastAPI runs a plain def in a thread
    hall: Hall = request.app.state.hall
    return hall


HallDep = Annotated[Hall, Depends(get_hall)]


async def bearer_token(authorization: Annotated[str | None, Header()] = None) -> str:
    """The seat token, sent as `Authorization: Bearer <token>` (never in a URL)."""
    if authorization is None or not authorization.startswith("Bearer "):
        raise LobbyError(
            401, "send your seat token as 'Authorization: Bearer <token>'", "token_missing"
        )
    return authorization.removeprefix("Bearer ").strip()


TokenDep = Annotated[str, Depends(bearer_token)]


def optional_token(authorization: Annotated[str | None, Header()] = None) -> str | None:
    """The seat token when one is sent (`Authorization: Bearer <token>`); None to watch."""
    if authorization is None or not authorization.startswith("Bearer "):
        return None
    return authorization.removeprefix("Bearer ").strip() or None


OptionalTokenDep = Annotated[str | None, Depends(optional_token)]


async def table_viewer(
    request: Request,
    hall: HallDep,
    token: OptionalTokenDep,
    code: Annotated[
        str | None,
        Query(max_length=40, description="A private table's join code (its link carries it)."),
    ] = None,
) -> Viewer:
    """What the request shows to see a private table (`tables/access.py`): its seat or creator
    token, the join code as `?code=` (in the address, as the invite link has it, so that a
    plain download link can carry it), the account it is signed in as."""
    return await hall.access.viewer(request, token=token, code=code)


ViewerDep = Annotated[Viewer, Depends(table_viewer)]
