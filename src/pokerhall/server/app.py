"""The web application: lobby (HTTP), live tables (WebSocket), and the browser client."""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pokerhall import __version__
from pokerhall.server import collector, reach
from pokerhall.server.league import routes as league_api
from pokerhall.server.league.leagues import Leagues
from pokerhall.server.lobby import packs
from pokerhall.server.lobby import routes as lobby
from pokerhall.server.lobby.feed import LobbyFeed
from pokerhall.server.people import (
    account_routes,
    friend_routes,
    hashing,
    invitation_routes,
    notice_routes,
    rating_routes,
    signin,
)
from pokerhall.server.people import routes as people_routes
from pokerhall.server.people.mail import MailSettings
from pokerhall.server.people.notices import Notices
from pokerhall.server.people.ratings import Ratings
from pokerhall.server.store.db import Database
from pokerhall.server.tables import routes as table_routes
from pokerhall.server.tables import socket as websocket
from pokerhall.server.tables.absence import GRACE_SECONDS
from pokerhall.server.tables.hall import Hall
from pokerhall.server.wire import retry
from pokerhall.server.wire.connection import Peer
from pokerhall.server.wire.ratelimit import ClientAddresses, Limits, RateLimits
from pokerhall.server.wire.refusal import LobbyError

WEB = Path(__file__).resolve().parent.parent / "web"
log = logging.getLogger("pokerhall.server")
MAX_BODY_BYTES = 65_536
"""The largest HTTP request body. Lobby bodies are a few hundred bytes; without a cap one
request could store megabytes of options that every lobby listing then sends again."""


def create_app(
    db_url: str,
    *,
    packs_dir: Path | None = None,
    dev: bool = False,
    listen_host: str | None = None,
    tune_gc: bool = False,
    redis_url: str | None = None,
    redis_prefix: str = "pokerhall",
    limits: Limits | None = None,
    addresses: ClientAddresses | None = None,
    remove_grace: float = GRACE_SECONDS,
    mail: MailSettings | None = None,
) -> FastAPI:
    """The app over a database; `packs_dir` is the operator's folder of content packs, and
    `dev` serves the interactive API page at /docs (its scripts come from a public CDN, so a
    production server keeps to /openapi.json). `listen_host` is the address the server listens
    on, which tells whether an invite link can work elsewhere (`server/reach.py`). `tune_gc`
    settles the garbage collector for a long-running server process (`server/collector.py`);
    only `serve` asks for it, since it changes the whole process. `redis_url` makes this one of
    several processes sharing the tables over a PostgreSQL `db_url` (`server/cluster/`);
    processes sharing a Redis share its `redis_prefix` too (tests give each hall its own).
    `limits` are the rate limits, counted per client as `addresses` tells clients apart
    (`server/wire/ratelimit.py`; in Redis too with `redis_url`, so the processes share them).
    `remove_grace` is how long a player must have been away before the creator can remove
    them (`server/tables/absence.py`). `mail` is the SMTP server the e-mail notices go through
    (`server/people/mail.py`); none, no e-mail (said at start-up)."""
    rate_limits = RateLimits(limits, addresses)
    hashing.configure(rate_limits.limits.hash_threads, rate_limits.limits.hash_queue)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        db = Database(db_url)
        await db.migrate()
        await packs.register_packs(db, packs_dir)
        frozen = None
        if tune_gc:
            collector.settle_after_start_up()
            frozen = asyncio.create_task(collector.keep_long_lived_frozen(), name="gc")
        hall = Hall(db)
        hall.absence.grace = remove_grace
        hall.access.signed_in = signin.account_id_of(db)  # a private table's history by account
        app.state.leagues = Leagues(hall)
        app.state.ratings = ratings = Ratings(hall)
        mail_settings = mail if mail is not None else MailSettings()
        log.info(mail_settings.describe())  # `serve` prints it too
        app.state.notices = notices = Notices(hall, mail_settings)
        notices.start()
        cluster = None
        if redis_url is not None:
            from pokerhall.server.cluster import Cluster  # Redis is loaded only when asked for

            async def handle(peer: Peer, table_id: str, text: str) -> None:
                await websocket.handle_message(peer, hall, table_id, text)

            cluster = Cluster(hall, db, redis_url, prefix=redis_prefix, handle=handle)
            rate_limits.use_redis(redis_url, redis_prefix)
            cluster.start()
        app.state.cluster = cluster
        hall.restore_in_background()
        ratings.catch_up_in_background()
        app.state.hall = hall
        app.state.lobby_feed = feed = LobbyFeed(hall)
        try:
            yield
        finally:
            if frozen is not None:
                frozen.cancel()
            await feed.close()
            await ratings.close()
            await notices.close()
            await hall.close()
            if cluster is not None:
                await cluster.close()
            await rate_limits.close()
            await db.close()

    app = FastAPI(
        title="pokerhall",
        version=__version__,
        summary="Lobby and live tables for poker-variant party games.",
        lifespan=lifespan,
        docs_url="/docs" if dev else None,
        redoc_url=None,
    )
    app.include_router(lobby.router)
    app.include_router(table_routes.router)
    app.include_router(invitation_routes.router)
    app.include_router(people_routes.router)
    app.include_router(rating_routes.router)
    app.include_router(account_routes.router)
    app.include_router(notice_routes.router)
    app.include_router(friend_routes.router)
    app.include_router(packs.router)
    app.include_router(reach.router)
    app.state.listen_host = listen_host
    app.state.rate_limits = rate_limits
    app.include_router(league_api.router)
    app.include_router(websocket.router)
    app.include_router(lobby.socket_router)
    app.include_router(league_api.socket_router)

    @app.get("/api/health")
    async def health(request: Request) -> dict[str, Any]:
        """Whether this process serves, and whether it reaches the other processes:
        `scale_out` is `off` (one process), `available`, or `unavailable` (Redis is away: the
        tables this process runs go on, tables run elsewhere cannot be reached from here)."""
        cluster = request.app.state.cluster
        return {"status": "ok", **(cluster.health() if cluster else {"scale_out": "off"})}

    @app.exception_handler(LobbyError)
    async def lobby_error(_request: Request, exc: LobbyError) -> JSONResponse:
        body: dict[str, Any] = {"detail": exc.reason}
        if exc.code is not None:
            body["code"] = exc.code
        if exc.params:
            body["params"] = exc.params
        return JSONResponse(body, status_code=exc.status)

    retry.answer_with_retry_after(app)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        headers = dict(exc.headers or {})
        if exc.status_code == 405:  # Starlette names the first route's methods only
            headers["Allow"] = ", ".join(_allowed_methods(app, request.scope))
        if exc.status_code in (204, 304):
            return Response(status_code=exc.status_code, headers=headers)
        return JSONResponse({"detail": exc.detail}, status_code=exc.status_code, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"detail": validation_reason(exc)}, status_code=422)

    app.add_middleware(BodyLimit)
    app.add_middleware(HiddenErrors)

    if WEB.is_dir():
        app.router.default = _web_files(app.router.default)
    return app


def _web_files(not_found: ASGIApp) -> ASGIApp:
    """The browser client's files, for requests no route matches at all. Not a mount at "/":
    a mount matches every path, so a wrong method on an API route (`DELETE /api/tables`) would
    reach the static files instead of being answered 405 with the route's `Allow`."""
    files = StaticFiles(directory=WEB, html=True)

    async def web(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and not scope["path"].startswith(("/api/", "/ws/")):
            await files(scope, receive, send)
        else:
            await not_found(scope, receive, send)

    return web


_METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")


def _allowed_methods(app: FastAPI, scope: Scope) -> list[str]:
    """Every method some route answers at this path (several routes may share one path)."""
    return [
        method
        for method in _METHODS
        if any(route.matches({**scope, "method": method})[0] is Match.FULL for route in app.routes)
    ]


def validation_reason(exc: RequestValidationError) -> str:
    """The first problem as "<field>: <message>", in the `{"detail": reason}` form of every other
    error. FastAPI's own answer lists the rejected input, which fails to encode when it is NaN
    or Infinity (a 500 instead of a 422), and echoes whatever a client sent; this never does."""
    errors = exc.errors()
    if not errors:
        return "invalid request"
    first = errors[0]
    loc = [str(part) for part in first.get("loc", ())]
    if first.get("type") == "json_invalid":  # loc is ("body", offset)
        problem = first.get("ctx", {}).get("error", "")
        return f"body: JSON decode error: {problem} at character {loc[-1]}"
    where = ".".join(loc[1:] or loc) or "request"  # ("body", "seats") -> "seats"
    return f"{where}: {first.get('msg', 'invalid')}"


class HttpMiddleware:
    """An ASGI middleware that handles plain HTTP requests in `http` and passes everything else
    (WebSockets, lifespan) straight through."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            await self.http(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.app(scope, receive, send)


class BodyLimit(HttpMiddleware):
    """Answers 413 to an HTTP request whose body is over MAX_BODY_BYTES, before any route sees
    it. The body is read here, up to the limit, and handed on whole: a limit enforced while a
    route reads it would surface as FastAPI's generic 400. (FastAPI's own `max_body_size` needs a
    newer FastAPI than pyproject.toml asks for.) WebSockets have their own limits."""

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        declared = Headers(scope=scope).get("content-length", "")
        if declared.isascii() and declared.isdigit() and int(declared) > MAX_BODY_BYTES:
            await _too_large(scope, receive, send)
            return
        received: deque[Message] = deque()
        size, more = 0, True
        while more:
            message = await receive()
            received.append(message)
            if message["type"] != "http.request":  # the client went away
                break
            size += len(message.get("body", b""))
            if size > MAX_BODY_BYTES:
                await _too_large(scope, receive, send)
                return
            more = message.get("more_body", False)

        async def replay() -> Message:
            return received.popleft() if received else await receive()

        await self.app(scope, replay, send)


async def _too_large(scope: Scope, receive: Receive, send: Send) -> None:
    reason = f"the request body may be at most {MAX_BODY_BYTES} bytes"
    await JSONResponse({"detail": reason}, status_code=413)(scope, receive, send)


class HiddenErrors(HttpMiddleware):
    """Answers a bug in an HTTP route with a plain 500 "internal server error"; the details go to
    the log. Unlike an exception handler for `Exception` (which Starlette re-raises after
    answering, so that uvicorn logs it again and drops the keep-alive connection), the error
    ends here and the client's connection stays usable."""

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        started = False

        async def watched_send(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, watched_send)
        except Exception:
            log.exception("unhandled error in %s %s", scope.get("method"), scope.get("path"))
            if started:  # too late for a clean answer; let the server close the connection
                raise
            response = JSONResponse({"detail": "internal server error"}, status_code=500)
            await response(scope, receive, send)
