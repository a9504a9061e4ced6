"""`pokerhall serve`: the web server with lobby, live tables and the browser client."""

from __future__ import annotations

from typing import Annotated

import typer

from pokerhall.server.serve import DEFAULT_DB, serve


def serve_command(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[
        str,
        typer.Option(help="Database URL: a SQLite file (default) or postgresql://user@host/db."),
    ] = DEFAULT_DB,
) -> None:
    """Run the server; open the printed address in a browser to play."""
    serve(host=host, port=port, db=db)
