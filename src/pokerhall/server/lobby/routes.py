"""The HTTP lobby: games, tables, seats. Documented by the OpenAPI page at /docs."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import (
    APIRouter,
    Query,
    Request,
    WebSocket,
    status,
)
from fastapi.responses import JSONResponse

from pokerhall import games
from pokerhall.cards import spoken
from pokerhall.engine import JSON, registry
from pokerhall.engine.messages import UnknownLanguage, load_catalog
from pokerhall.server.lobby.feed import LobbyFeed
from pokerhall.server.people import sessions
from pokerhall.server.people.signin import MaybeAccountDep
from pokerhall.server.tables.hall import Hall
from pokerhall.server.tables.http import (
    COMMON,
    CONFLICT,
    TOKEN,
    UNKNOWN,
    HallDep,
    TokenDep,
    ViewerDep,
    answers,
)
from pokerhall.server.wire import ratelimit
from pokerhall.server.wire.messages import (
    CreatedTable,
    CreateTable,
    JoinTable,
    SeatToken,
    TableInfo,
)
from pokerhall.server.wire.push import relay
from pokerhall.server.wire.refusal import LobbyError

NO_CATALOG = answers(**{"404": "No such game, or no messages in that language."})
PRIVATE = answers(**{"403": "A private table, and no code or not its code (code_required)."})

router = APIRouter(prefix="/api", responses=COMMON)
socket_router = APIRouter()


@router.get("/games", summary="Games: rulesets, options with their limits, bot kinds")
async def list_games() -> list[JSON]:
    return [info.to_json() for info in registry.infos()]


@router.get(
    "/cards/words/{lang}",
    summary="Playing cards' words in a language (rank, suit and card names, for screen readers)",
    responses=answers(**{"404": "No card words in that language (code unknown_language)."}),
)
async def card_words(lang: str) -> JSONResponse:
    """The one catalogue of card words (`pokerhall/cards/spoken.py`), which the browser's Palace
    and Detective Poker read their cards aloud with, as the e-mail notices write them."""
    if lang not in spoken.LANGUAGES:
        raise LobbyError(
            404, f"no card words in language {lang!r}", "unknown_language", {"lang": lang}
        )
    words = dict(spoken.words_of(lang))
    return JSONResponse(words, headers={"Cache-Control": "public, max-age=3600"})


@router.get(
    "/games/{name}/messages/{lang}",
    summary="A game's message catalog (event lines) in a language",
    responses=NO_CATALOG,
)
async def game_messages(name: str, lang: str) -> JSONResponse:
    """The catalog clients render event descriptions from (`Game.describe`); small, static JSON,
    with the engine's own entries (`_and`, `_seat`, `event`) merged in."""
    if name not in games.names():
        raise LobbyError(404, f"no game {name!r}", "unknown_game", {"game": name})
    try:
        catalog = load_catalog(games.messages_folder(name), lang)
    except UnknownLanguage as exc:
        raise LobbyError(404, str(exc), "unknown_language", {"lang": lang}) from None
    return JSONResponse(dict(catalog), headers={"Cache-Control": "public, max-age=3600"})


@router.post("/tables", status_code=status.HTTP_201_CREATED, summary="Open a new table")
async def create_table(body: CreateTable, hall: HallDep) -> CreatedTable:
    """The table, with the creator token (the creator's controls) and a private table's
    join code, which only this answer tells."""
    opened = await hall.opening.open_table(body)
    return CreatedTable(
        **opened.info.model_dump(),
        creator_token=opened.creator_token,
        join_code=opened.join_code,
    )


@router.get("/tables", summary="List tables that are open, running or finished")
async def list_tables(
    hall: HallDep,
    status_: Annotated[
        list[Literal["open", "running", "finished"]] | None, Query(alias="status")
    ] = None,
) -> list[TableInfo]:
    return await hall.book.list_tables(list(status_ or ["open", "running"]))


@router.get("/tables/{table_id}", summary="One table: seats, status, result", responses=UNKNOWN)
async def get_table(table_id: str, hall: HallDep, viewer: ViewerDep, request: Request) -> TableInfo:
    """A private table only to whom may see it (a token of it, an account that sat there, its
    `?code=`: `tables/access.py`); to anybody else it is an unknown table."""
    return await hall.book.info_of(*await hall.access.seen_table(request, table_id, viewer))


@router.post(
    "/tables/{table_id}/seats",
    status_code=status.HTTP_201_CREATED,
    summary="Take a seat (a private table's with its code); returns the secret seat token",
    responses={**UNKNOWN, **CONFLICT, **PRIVATE, **ratelimit.LIMITED},
)
async def join_table(
    table_id: str, body: JoinTable, hall: HallDep, request: Request, player: MaybeAccountDep
) -> SeatToken:
    """Signed in (the session cookie), the seat is the account's and takes its name; as a
    guest, the name given."""
    if body.code is not None:  # a guess at a private table's code: limited like a look-up
        await ratelimit.of(request).check(request, "codes")
    seat, token = await hall.seats.join(
        table_id, body.name, code=body.code, creator=body.creator, account=player
    )
    return SeatToken(seat=seat, token=token)


@router.post(
    "/tables/{table_id}/leave",
    status_code=status.HTTP_204_NO_CONTENT,
    summary="Give up your seat (a bot may take over a running game)",
    responses={**UNKNOWN, **TOKEN, **CONFLICT},
)
async def leave_table(table_id: str, token: TokenDep, hall: HallDep) -> None:
    await hall.seats.leave(table_id, token)


@router.post(
    "/tables/{table_id}/start",
    summary="The creator starts now; bots fill the empty seats",
    responses={
        **UNKNOWN,
        **TOKEN,
        **CONFLICT,
        **answers(**{"403": "A player who is not the table's creator (creator_starts)."}),
    },
)
async def start_table(table_id: str, token: TokenDep, hall: HallDep) -> TableInfo:
    await hall.seats.start(table_id, token)
    return await hall.book.info(table_id)


@router.get(
    "/tables/{table_id}/record",
    summary="The public match record, seed included, once over (never what nobody was shown)",
    responses={**UNKNOWN, **CONFLICT},
)
async def table_record(
    table_id: str, hall: HallDep, viewer: ViewerDep, request: Request
) -> dict[str, Any]:
    """A private table's only to whom may see it, as its history (`tables/access.py`)."""
    await hall.access.seen_table(request, table_id, viewer)
    return await hall.book.public_record(table_id)


@socket_router.websocket("/ws/lobby")
async def lobby_socket(ws: WebSocket) -> None:
    """The open and running tables as a `tables` message now and after every change, so a
    lobby page never polls (`lobby_feed.py`); to a signed-in person (the session cookie, read
    once: a lobby that signs in or out connects again), their invitations as an `invitations`
    message now and whenever they change. Read-only: nothing a client sends is acted on."""
    await ws.accept()
    feed: LobbyFeed = ws.app.state.lobby_feed
    hall: Hall = ws.app.state.hall
    player = await sessions.signed_in(hall.db, ws.cookies.get(sessions.COOKIE))
    queue = await feed.watch(None if player is None else (player.id, player.name))
    try:
        await relay(ws, queue)
    finally:
        feed.unwatch(queue)
