"""All games, found by name: `create("quizpoker", ["Ann", "Bob"], {"ruleset": "duell"}, seed=7)`.

Importing this package registers every game, so callers never import a game module directly.
"""

from pathlib import Path

from pokerhall.engine.registry import bot_kinds, create, make_bot, make_bots, names, replay
from pokerhall.games import quizpoker as quizpoker

__all__ = ["bot_kinds", "create", "make_bot", "make_bots", "messages_folder", "names", "replay"]

_MESSAGES = {"quizpoker": Path(quizpoker.__file__).parent / "messages"}


def messages_folder(name: str) -> Path | None:
    """The folder of a game's `<lang>.json` message catalogs, None for a game without any.

    The one place that knows where catalogs are until games register `GameInfo.messages`
    (then this reads `registry.info(name).messages`)."""
    return _MESSAGES.get(name)
