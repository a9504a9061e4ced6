"""The tournaments package sits above the games and below the server (ARCHITECTURE.md): it
imports only the engine, table, content, cards, skill and games layers, and none of those
imports it."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "pokerhall"
BELOW = ("engine", "table", "content", "cards", "games", "skill", "tournaments")


def imported(path: Path) -> list[str]:
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
        elif isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
    return [name for name in names if name.startswith("pokerhall")]


def test_tournaments_import_only_lower_layers() -> None:
    for path in (SRC / "tournaments").rglob("*.py"):
        for name in imported(path):
            parts = name.split(".")
            assert name == "pokerhall" or (len(parts) > 1 and parts[1] in BELOW), (path, name)


def test_no_lower_layer_imports_the_tournaments() -> None:
    for layer in ("engine", "table", "content", "cards", "games"):
        for path in (SRC / layer).rglob("*.py"):
            for name in imported(path):
                assert not name.startswith("pokerhall.tournaments"), (path, name)
    for path in [SRC / "skill.py"]:
        assert not any(n.startswith("pokerhall.tournaments") for n in imported(path))
