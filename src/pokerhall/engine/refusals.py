"""Refused moves as catalog messages, so every player reads why in their own language.

A refusal is raised as `IllegalMove(english, message)`: `message` (`{"key", "params"}`) is what
clients render from the game's catalog (the browser, the terminal), and the English text is
rendered from the same entry, so the words of a reason live in one place. The reasons every game
shares (the move envelope of `engine.protocol`, and the table layer's betting, battles and
amounts) are in `engine/reasons/<lang>.json`, which `messages.load_catalog` lays under every
game's catalog; a game's own reasons are in its `messages/<lang>.json`.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from pokerhall.engine.errors import IllegalMove
from pokerhall.engine.messages import Catalog, load_catalog, message, render

_SHOWN_CHARS = 40
"""A refused value is quoted back at most this long: enough to recognise a typo, never a flood."""


@cache
def _english(folder: Path | None) -> Catalog:
    return load_catalog(folder, "en")


class Refusals:
    """Builds the refusals whose words are in one catalog folder (None: the shared reasons)."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder

    def __call__(self, key: str, /, **params: Any) -> IllegalMove:
        """`raise refuse("refuse.bet.no_call")`: the refusal `key` with its parameters."""
        said = message(key, **params)
        return IllegalMove(render(said, _english(self.folder), [], "en", grouped=False), said)


refuse = Refusals(None)
"""The refusals of the shared reasons (`engine/reasons/`), for the engine and the table layer."""


def shown(value: object) -> str:
    """A value a move sent, quoted back for a reason as Python writes it ('abc', 3, None), cut
    short when long."""
    try:
        text = repr(value)
    except RecursionError:
        text = "a value nested too deeply"
    return text if len(text) <= _SHOWN_CHARS else text[: _SHOWN_CHARS - 1] + "…"
