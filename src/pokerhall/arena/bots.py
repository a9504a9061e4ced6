"""Which bot a name on the arena's command line means.

A bot spec is one of, tried in this order:

* a level the game registers (`casual`, `expert`, ... : `pokerhall games` lists them);
* one of the game's exploiters (`arena.exploiters`: `maniac`, `station`, ...), never offered in
  the lobby;
* a class (or any callable) of your own, `module:Name` (`examples.arena_bot:AlwaysCall`, the
  module imported from the current folder too) or `path/to/file.py:Name`.

A bot of your own is built as `Name(seed)` with the game's seed for that seat (or `Name()` when
it takes no argument) and must have `choose(view, prompt) -> move` (`engine.bots.Bot`; and
`brief(briefing)` to be briefed, `engine.bots.BriefedBot`). docs/arena.md shows one.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from pokerhall import games
from pokerhall.arena.exploiters import exploiters
from pokerhall.engine.bots import Bot

LEVEL = "level"
EXPLOITER = "exploiter"
OWN = "own"


class ArenaError(Exception):
    """Something the arena cannot do as asked: an unknown bot, a bot that breaks the rules."""


@dataclass(frozen=True, slots=True)
class BotSpec:
    """A resolved bot spec: what was asked for and what kind of bot it is."""

    game: str
    spec: str
    kind: str
    """`LEVEL`, `EXPLOITER` or `OWN`."""

    def factory(self) -> Callable[[int], Bot]:
        """What builds this bot from a seed."""
        if self.kind == LEVEL:
            game, spec = self.game, self.spec
            return lambda seed: games.make_bot(game, spec, seed)
        if self.kind == EXPLOITER:
            return exploiters(self.game)[self.spec]
        return own_factory(self.spec)


def resolve(game: str, spec: str) -> BotSpec:
    """The bot `spec` means for `game` (its registered name); raises ArenaError naming the bots
    the game has when it means none, or why a `module:Name` cannot be loaded."""
    name = games.info(game).name
    spec = spec.strip()
    if ":" in spec:
        own_factory(spec)  # fails now, with the reason, rather than in a game
        return BotSpec(name, spec, OWN)
    if spec in games.bot_kinds(name):
        return BotSpec(name, spec, LEVEL)
    if spec in exploiters(name):
        return BotSpec(name, spec, EXPLOITER)
    raise ArenaError(unknown_message(name, spec))


def unknown_message(game: str, spec: str) -> str:
    levels = ", ".join(games.bot_kinds(game)) or "none"
    tricks = ", ".join(sorted(exploiters(game))) or "none"
    return (
        f"{game} has no bot {spec!r}; its levels: {levels}; its exploiters: {tricks}; "
        "or a bot of your own as module:Class (docs/arena.md)"
    )


def known_bots(game: str) -> dict[str, list[str]]:
    """The names a spec may use for `game`: its levels and its exploiters."""
    name = games.info(game).name
    return {LEVEL: games.bot_kinds(name), EXPLOITER: sorted(exploiters(name))}


def own_factory(spec: str) -> Callable[[int], Bot]:
    """`module:Name` or `file.py:Name` as a bot factory taking a seed."""
    where, _, attr = spec.rpartition(":")
    if not where or not attr:
        raise ArenaError(f"a bot of your own is given as module:Class, got {spec!r}")
    module = _load_module(where)
    target: Any = module
    for part in attr.split("."):
        try:
            target = getattr(target, part)
        except AttributeError:
            raise ArenaError(f"{where} has no {attr!r} (bot {spec!r})") from None
    if not callable(target):
        raise ArenaError(f"{spec!r} is not a class or function that makes a bot")
    return _seeded(target, spec)


def _load_module(where: str) -> ModuleType:
    if where.endswith(".py"):
        path = Path(where)
        name = f"pokerhall_arena_bot_{path.stem}"
        if name in sys.modules:
            return sys.modules[name]
        loader = importlib.util.spec_from_file_location(name, path)
        if loader is None or loader.loader is None or not path.is_file():
            raise ArenaError(f"cannot load the bot file {where}: no such file")
        module = importlib.util.module_from_spec(loader)
        sys.modules[name] = module
        try:
            loader.loader.exec_module(module)
        except Exception as exc:
            del sys.modules[name]
            raise ArenaError(f"cannot load the bot file {where}: {exc}") from exc
        return module
    here = os.getcwd()
    if here not in sys.path:  # a module of the folder the arena is run in, like `python -m`
        sys.path.insert(0, here)
    try:
        return importlib.import_module(where)
    except ImportError as exc:
        raise ArenaError(f"cannot import the bot module {where}: {exc}") from exc


def _seeded(target: Callable[..., Any], spec: str) -> Callable[[int], Bot]:
    """`target(seed)`, or `target()` when it takes no argument; the result must choose."""
    try:
        takes_seed = bool(inspect.signature(target).parameters)
    except (TypeError, ValueError):  # a builtin without a signature: give it the seed
        takes_seed = True

    def make(seed: int) -> Bot:
        bot = target(seed) if takes_seed else target()
        if not callable(getattr(bot, "choose", None)):
            raise ArenaError(f"{spec!r} made {bot!r}, which has no choose(view, prompt) method")
        chooser: Bot = bot
        return chooser

    return make
