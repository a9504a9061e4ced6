"""The routes of turn-based play (issue 26, item 4): my tables (`my_tables.py`), the account's
e-mail notices (`notices.py`) and the one-click unsubscribe link every notice carries.

The unsubscribe link works without signing in: its token is the account's and unguessable. A
`GET` shows a page asking to confirm (so a mail scanner following links turns nothing off); a
`POST`, the confirm page's button or a mail client's RFC 8058 one-click request
(`List-Unsubscribe=One-Click`), turns every notice of the account off."""

from __future__ import annotations

import html
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, ConfigDict, Field

from pokerhall.engine.messages import LANGUAGES
from pokerhall.server.people import my_tables, notices
from pokerhall.server.people.notice_text import words
from pokerhall.server.people.signin import AccountDep
from pokerhall.server.tables.http import COMMON, HallDep, answers

router = APIRouter(prefix="/api", responses=COMMON)

SIGNED_IN = answers(**{"401": "Not signed in, or the session is over (code not_signed_in)."})
Token = Annotated[str, Query(min_length=1, max_length=100)]
ERROR_BODY = {"$ref": "#/components/schemas/ErrorBody"}
PAGES: dict[int | str, dict[str, Any]] = {
    # An HTML route's errors are still JSON (`{"detail": ...}`): FastAPI would document them
    # as the route's HTML unless told.
    **{code: {**answer, "content": {"application/json": {}}} for code, answer in COMMON.items()},
    404: {"description": "A token that is nobody's: a page says so (nothing changes)."},
}


@router.get(
    "/my/tables",
    summary="The unfinished tables where the signed-in account holds a seat, its turn first",
    responses=SIGNED_IN,
)
async def tables(player: AccountDep, hall: HallDep) -> list[my_tables.MyTable]:
    return await my_tables.my_tables(hall, player.id)


class NoticeSettings(BaseModel):
    """The account's e-mail notices, shown to its owner only."""

    email: str | None = Field(description="The address; never shown to anyone else.")
    mode: Literal["none", "turn", "digest"]
    lang: str = Field(description="The language of the mails (en, de, cs, el).")
    bounced: bool = Field(
        description="The mail server refused the address: nothing is sent until one is set again."
    )


class ChooseNotices(BaseModel):
    model_config = ConfigDict(extra="forbid")
    email: Annotated[str, Field(max_length=320)] | None = Field(
        default=None, description="The address notices go to (None or empty: none)."
    )
    mode: Literal["none", "turn", "digest"] = Field(
        description="none; turn: a mail when a turn-based table waits on you; digest: one a day."
    )
    lang: Literal["en", "de", "cs", "el"] = "en"


def _shown(choice: notices.NoticeChoice) -> NoticeSettings:
    return NoticeSettings(
        email=choice.email,
        mode=choice.mode,  # type: ignore[arg-type]
        lang=choice.lang,
        bounced=choice.bounced,
    )


@router.get(
    "/account/notices", summary="The account's e-mail address and notices", responses=SIGNED_IN
)
async def get_notices(player: AccountDep, hall: HallDep) -> NoticeSettings:
    return _shown(await notices.settings_of(hall.db, player.id))


@router.put(
    "/account/notices",
    summary="Set the account's e-mail address and notices (none, each turn, a daily digest)",
    responses={
        **SIGNED_IN,
        **answers(
            **{"422": "Not an address (code bad_email); notices without one (email_required)."}
        ),
    },
)
async def put_notices(body: ChooseNotices, player: AccountDep, hall: HallDep) -> NoticeSettings:
    """Setting an address lifts a bounce mark. A refused change changes nothing."""
    choice = await notices.choose(
        hall.db, player.id, email=body.email, mode=body.mode, lang=body.lang
    )
    return _shown(choice)


def _page(lang: str, text: str, *, token: str | None = None, status: int = 200) -> HTMLResponse:
    lang = lang if lang in LANGUAGES else "en"
    title = html.escape(words(lang, "page.title"))
    form = ""
    if token is not None:
        action = html.escape(f"{notices.UNSUBSCRIBE_PATH}?token={token}", quote=True)
        button = html.escape(words(lang, "page.button"))
        form = (
            f'<form method="post" action="{action}">'
            '<input type="hidden" name="List-Unsubscribe" value="One-Click">'
            f'<button type="submit">{button}</button></form>'
        )
    body = (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title}</title></head><body><main><h1>{title}</h1>"
        f"<p>{html.escape(text)}</p>{form}</main></body></html>"
    )
    return HTMLResponse(body, status_code=status)


def _answer(lang: str | None, key: str, *, token: str | None = None) -> HTMLResponse:
    """The page `key` in the account's language, or, for a token that is nobody's (`lang`
    None), the one page that says so, whichever way the link was used."""
    if lang is None:
        return _page("en", words("en", "page.unknown"), status=404)
    return _page(lang, words(lang, key), token=token)


@router.get(
    notices.UNSUBSCRIBE_PATH.removeprefix("/api"),
    summary="The unsubscribe link of a notice: a page asking to confirm",
    response_class=HTMLResponse,
    responses=PAGES,
)
async def confirm_unsubscribe(token: Token, hall: HallDep) -> HTMLResponse:
    return _answer(await notices.language_of(hall.db, token), "page.confirm", token=token)


@router.post(
    notices.UNSUBSCRIBE_PATH.removeprefix("/api"),
    summary="Turn the account's notices off in one click (RFC 8058)",
    response_class=HTMLResponse,
    responses=PAGES,
)
async def unsubscribe(token: Token, hall: HallDep) -> HTMLResponse:
    return _answer(await notices.unsubscribe(hall.db, token), "page.done")
