"""The web application: lobby (HTTP), live tables (WebSocket), and the browser client."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pokerhall import __version__
from pokerhall.server import lobby, websocket
from pokerhall.server.db import Database
from pokerhall.server.hall import Hall, LobbyError

WEB = Path(__file__).resolve().parent.parent / "web"
log = logging.getLogger("pokerhall.server")


def create_app(db_url: str) -> FastAPI:
    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        db = Database(db_url)
        await db.migrate()
        hall = Hall(db)
        restored = await hall.restore()
        if restored:
            log.info("restored %d unfinished tables", restored)
        app.state.hall = hall
        try:
            yield
        finally:
            await hall.close()
            await db.close()

    app = FastAPI(
        title="pokerhall",
        version=__version__,
        summary="Lobby and live tables for poker-variant party games.",
        lifespan=lifespan,
    )
    app.include_router(lobby.router)
    app.include_router(websocket.router)

    @app.exception_handler(LobbyError)
    async def lobby_error(_request: Request, exc: LobbyError) -> JSONResponse:
        return JSONResponse({"detail": exc.reason}, status_code=exc.status)

    app.add_middleware(HiddenErrors)

    if WEB.is_dir():
        app.mount("/", StaticFiles(directory=WEB, html=True), name="web")
    return app


class HiddenErrors:
    """Answers a bug in an HTTP route with a plain 500 "internal server error"; the details go to
    the log. Unlike an exception handler for `Exception` (which Starlette re-raises after
    answering, so that uvicorn logs it again and drops the keep-alive connection), the error
    ends here and the client's connection stays usable."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
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
