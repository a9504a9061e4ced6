"""pokerhall.rl is a layer above the games, beside the CLI (ARCHITECTURE.md): nothing else in
pokerhall imports it."""

from __future__ import annotations

import re
from pathlib import Path

SRC = Path(__file__).parents[2] / "src" / "pokerhall"


def test_no_other_layer_imports_rl() -> None:
    pattern = re.compile(r"^\s*(from|import)\s+pokerhall\.rl\b", re.MULTILINE)
    offenders = [
        str(path.relative_to(SRC))
        for path in SRC.rglob("*.py")
        if "rl" not in path.relative_to(SRC).parts[:1] and pattern.search(path.read_text("utf-8"))
    ]
    assert offenders == []
