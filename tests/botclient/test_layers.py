"""pokerhall.botclient is a layer above the games, below the CLI (ARCHITECTURE.md): only the
CLI and the arena (its games on a server, `arena/remote.py`) import it, and it speaks to a
server only through the public protocol, never importing the server's code (or the CLI's)."""

from __future__ import annotations

import re
from pathlib import Path

SRC = Path(__file__).parents[2] / "src" / "pokerhall"


def importers(module: str) -> list[str]:
    pattern = re.compile(rf"^\s*(from|import)\s+pokerhall\.{module}\b", re.MULTILINE)
    return sorted(
        str(path.relative_to(SRC))
        for path in SRC.rglob("*.py")
        if pattern.search(path.read_text("utf-8"))
    )


def test_only_the_cli_and_the_arena_import_the_bot_client() -> None:
    users = ("botclient", "cli", "arena")
    outside = [p for p in importers("botclient") if p.split("/")[0] not in users]
    assert outside == []


def test_the_bot_client_imports_neither_server_nor_cli() -> None:
    inside = [p for p in importers("server") + importers("cli") if p.startswith("botclient/")]
    assert inside == []
