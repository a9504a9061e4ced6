"""All games, found by name: `create("quizpoker", ["Ann", "Bob"], {"ruleset": "duell"}, seed=7)`.

Importing this package registers every game, so callers never import a game module directly.
"""

from pokerhall.engine.registry import (
    bot_kinds,
    create,
    info,
    infos,
    make_bot,
    make_bots,
    names,
    replay,
)
from pokerhall.games import quizpoker as quizpoker

__all__ = ["bot_kinds", "create", "info", "infos", "make_bot", "make_bots", "names", "replay"]
