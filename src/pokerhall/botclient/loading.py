"""Which bot plays: a class (or factory) named `module:Name`, or a built-in level of the game.

`module` is an importable module (the current folder is searched first, as `python -m` does)
or a path to a `.py` file: `my_bot:MyBot`, `examples/palace_bot.py:PalaceBot`. The class is
made with `seed=` when its constructor takes a `seed` (as `RemoteBot` and every built-in bot
do), else with no arguments.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import os
import sys
from pathlib import Path
from typing import Any

from pokerhall import games
from pokerhall.engine.bots import Bot


class BadBot(Exception):
    """The bot named cannot be loaded or made (the message says why)."""


def load_bot(spec: str, seed: int) -> Bot:
    """The bot `module:Name` names, made with `seed` when it takes one."""
    module_name, sep, attr = spec.rpartition(":")
    if not sep or not module_name or not attr:
        raise BadBot(f"name the bot as module:Class (e.g. my_bot:MyBot), not {spec!r}")
    module = _module(module_name)
    target: Any = module
    for part in attr.split("."):
        target = getattr(target, part, None)
        if target is None:
            raise BadBot(f"{module_name} has no {attr}")
    if not callable(target):
        raise BadBot(f"{spec} is not a class or a function that makes a bot")
    try:
        bot = target(seed=seed) if _takes_seed(target) else target()
    except Exception as exc:
        raise BadBot(f"{spec} could not be made: {exc}") from exc
    if not callable(getattr(bot, "choose", None)):
        raise BadBot(f"{spec} made {bot!r}, which has no choose(view, prompt) method")
    made: Bot = bot
    return made


def level_bot(game: str, level: str, seed: int) -> Bot:
    """The game's built-in bot of that kind (`pokerhall games` lists them)."""
    try:
        return games.make_bot(game, level, seed)
    except Exception as exc:
        raise BadBot(str(exc)) from None


def _module(name: str) -> Any:
    if name.endswith(".py") or os.sep in name or "/" in name:
        path = Path(name)
        if not path.is_file():
            raise BadBot(f"no such file: {name}")
        spec = importlib.util.spec_from_file_location(path.stem, path)
        if spec is None or spec.loader is None:
            raise BadBot(f"cannot load {name}")
        module = importlib.util.module_from_spec(spec)
        sys.modules[path.stem] = module
        try:
            spec.loader.exec_module(module)
        except Exception as exc:
            raise BadBot(f"{name} failed to load: {exc}") from exc
        return module
    if "" not in sys.path and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        raise BadBot(f"cannot import {name}: {exc}") from exc


def _takes_seed(target: Any) -> bool:
    try:
        parameters = inspect.signature(target).parameters
    except (TypeError, ValueError):
        return False
    return "seed" in parameters or any(
        p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values()
    )
