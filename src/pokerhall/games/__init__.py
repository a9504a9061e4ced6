"""All games, found by name: `create("quizpoker", ["Ann", "Bob"], {"ruleset": "duell"}, seed=7)`.

Importing this package registers every game, so callers never import a game module directly.
The first registered is the hall's default game (the lobby's and `pokerhall play`'s).
"""

from pathlib import Path

from pokerhall.engine.registry import (
    bot_kinds,
    create,
    info,
    infos,
    make_bot,
    make_bots,
    names,
    replay,
    set_default,
)
from pokerhall.games import detective as detective
from pokerhall.games import palace as palace
from pokerhall.games import quizpoker as quizpoker
from pokerhall.games import wordpoker as wordpoker

set_default("quizpoker")  # the hall's first game: new tables and `pokerhall play` start with it

__all__ = [
    "bot_kinds",
    "create",
    "info",
    "infos",
    "make_bot",
    "make_bots",
    "messages_folder",
    "names",
    "replay",
]


def messages_folder(name: str) -> Path | None:
    """The folder of a game's (or alias's) `<lang>.json` message catalogs, None without any."""
    return info(name).messages
