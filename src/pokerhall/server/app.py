"""The web application: lobby (HTTP), live tables (WebSocket), and the browser client."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

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

    @app.exception_handler(Exception)
    async def hidden_error(_request: Request, exc: Exception) -> JSONResponse:
        log.exception("unhandled error", exc_info=exc)
        return JSONResponse({"detail": "internal server error"}, status_code=500)

    if WEB.is_dir():
        app.mount("/", StaticFiles(directory=WEB, html=True), name="web")
    return app
