"""Content uploads: `POST /api/packs` validates a content pack, stores it and registers it in the
content library, where a table's options may then name it by id.

The server knows nothing of what a pack holds, nor which game plays it: a game registers its
uploadable content (`GameInfo.content`, `engine/content.py`), whose library validates an upload
and names the problems. A pack is named by its digest, so uploading the same text twice gives
the same id and nobody can replace a pack others play with.
"""

from __future__ import annotations

import datetime
import logging
from pathlib import Path
from typing import Annotated

from fastapi import APIRouter, Request, status
from pydantic import BaseModel, Field, StringConstraints

from pokerhall.engine import registry
from pokerhall.engine.content import ContentLibrary, ContentRefused, Uploaded
from pokerhall.server.lobby import pack_quota
from pokerhall.server.store.db import Database
from pokerhall.server.store.models import PackRow
from pokerhall.server.tables.http import COMMON
from pokerhall.server.wire import ratelimit
from pokerhall.server.wire.refusal import LobbyError

router = APIRouter(prefix="/api", responses=COMMON)
log = logging.getLogger("pokerhall.server")
MAX_PACK_CHARS = 60_000
"""An uploaded pack's text, at most: it must fit in a request body (64 KiB) as JSON."""


class UploadPack(BaseModel):
    text: Annotated[str, StringConstraints(min_length=1, max_length=MAX_PACK_CHARS)] = Field(
        description="The pack's text, in the content format (docs/question-packs.md)."
    )


class PackInfo(BaseModel):
    id: str = Field(description="Name the pack by this id in a table's options.")
    sha256: str
    entries: int
    languages: list[str]


def _info(pack: Uploaded) -> PackInfo:
    return PackInfo(id=pack.id, sha256=pack.sha256, entries=pack.entries, languages=pack.languages)


def libraries() -> list[ContentLibrary]:
    return [content.library for content in registry.uploads()]


def _uploads() -> ContentLibrary:
    """The library uploads go to: one kind of uploadable content today (QuizPoker's question
    packs, always registered), so `POST /api/packs` takes no kind; a second would add one."""
    return libraries()[0]


@router.post(
    "/packs",
    status_code=status.HTTP_201_CREATED,
    summary="Upload a content pack; answers its id",
    responses=ratelimit.LIMITED,
)
async def upload_pack(body: UploadPack, request: Request) -> PackInfo:
    db: Database = request.app.state.hall.db
    limits = ratelimit.of(request)
    await limits.check(request, "packs")
    try:
        pack = _uploads().upload(body.text, today=datetime.date.today())
    except ValueError as exc:  # ContentRefused: every problem, by line
        raise _refused(exc) from None
    who = pack_quota.uploader(limits.client(request))
    if not await db.has_pack(pack.id):
        await pack_quota.make_room(db, who, limits.limits.pack_quota)
    await db.add_pack(PackRow(id=pack.id, sha256=pack.sha256, text=body.text, uploader=who))
    return _info(pack)


def _refused(exc: ValueError) -> LobbyError:
    """`bad_pack` with the count and the first problem in English; a first problem that has
    its own code (`pack_character`: a refused character, by line, entry and field) is sent
    with that code, so a client words it in its reader's language."""
    problems = getattr(exc, "problems", None) or [exc]
    first = problems[0]
    params: dict[str, object] = {"count": len(problems), "detail": str(first)}
    if isinstance(exc, ContentRefused) and first.code is not None:
        params |= {"line": first.line, **(first.params or {})}
        return LobbyError(422, str(exc), first.code, params)
    return LobbyError(422, str(exc), "bad_pack", params)


@router.get("/packs", summary="The content packs tables may name")
async def list_packs() -> list[str]:
    return list(dict.fromkeys(known for found in libraries() for known in found.known()))


async def register_packs(db: Database, folder: Path | None) -> None:
    """At start-up: the operator's folder (any bad pack stops the server, so the operator hears
    of it at once), then the stored uploads (one that no longer validates is logged and left
    out, so that one cannot keep the hall from starting)."""
    if folder is not None:
        _uploads().register_folder(folder)
    for row in await db.packs():
        try:
            _uploads().restore(row.id, row.text)
        except ValueError:
            log.exception("stored pack %s could not be registered", row.id)
