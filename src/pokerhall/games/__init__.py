"""All games, found by name: `create("quizpoker", ["Ann", "Bob"], {"ruleset": "duell"}, seed=7)`.

Importing this package registers every game, so callers never import a game module directly.
"""

from pathlib import Path

from pokerhall.engine.registry import bot_kinds, create, make_bot, make_bots, names, replay
from pokerhall.games import quizpoker as quizpoker

__all__ = ["bot_kinds", "create", "make_bot", "make_bots", "messages_folder", "names", "replay"]

_QUIZPOKER_MESSAGES = Path(quizpoker.__file__).parent / "messages"
_MESSAGES = {"quizpoker": _QUIZPOKER_MESSAGES, "duell": _QUIZPOKER_MESSAGES}


def messages_folder(name: str) -> Path | None:
    """The folder of a game's (or alias's) `<lang>.json` message catalogs, None without any.

    The one place that knows where catalogs are until games register `GameInfo.messages`
    (then this reads `registry.info(name).messages`)."""
    return _MESSAGES.get(name)
