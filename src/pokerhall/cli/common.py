"""What the commands share: consoles, failing with a message, games and their options from flags.

Errors a user can cause (a missing file, a bad option) end the command with one readable line on
stderr and a non-zero exit code, never a traceback: 1 for problems with input data, 2 for a
command line that cannot work (the code Typer uses for usage errors too).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, NoReturn

import typer
from rich.console import Console

from pokerhall import games as games
from pokerhall.content import library
from pokerhall.engine import registry
from pokerhall.engine.catalog import GameInfo
from pokerhall.engine.errors import IllegalMove, InvalidOptions, PokerhallError
from pokerhall.engine.events import Event
from pokerhall.engine.messages import LANGUAGES, UnknownLanguage, load_catalog, render
from pokerhall.engine.protocol import Game

DATA_ERROR = 1
USAGE_ERROR = 2


def make_console(*, stderr: bool = False) -> Console:
    """A console without automatic highlighting: numbers in hand histories stay plain."""
    return Console(stderr=stderr, highlight=False)


def fail(message: str, code: int = DATA_ERROR) -> NoReturn:
    """Print `message` to stderr and end the command with `code`."""
    make_console(stderr=True).print(f"Error: {message}", markup=False, soft_wrap=True)
    raise typer.Exit(code)


def parse_option_pairs(pairs: Sequence[str]) -> dict[str, Any]:
    """`KEY=VALUE` pairs from `--option`; VALUE is read as JSON when it is JSON, else as text,
    so `starting_stack=500`, `small_blinds=[25,50]` and `min_raise=standard` all work."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep or not key.strip():
            fail(f"--option expects KEY=VALUE, got {pair!r}", USAGE_ERROR)
        options[key.strip()] = json_or_text(raw)
    return options


def game_info(name: str) -> GameInfo:
    """The registered game (or alias) called `name`, or end the command saying which exist."""
    try:
        return registry.info(name)
    except PokerhallError as exc:
        fail(str(exc), USAGE_ERROR)


def game_options(
    info: GameInfo,
    name: str,
    *,
    ruleset: str | None,
    extra: Sequence[str],
    flags: Mapping[str, str],
    flag_value: Callable[[str, str], Any],
    args: Sequence[str],
    players: int,
) -> dict[str, Any]:
    """The options for `games.create` from the common flags (`--ruleset`, `-o KEY=VALUE`), and
    the game's own flags (`args`: what the command line left over, read by `flags`, the game's
    flag -> option table). They are checked here against the game's option specs and the
    ruleset's player range, so a bad one ends the command with the option's name. Unset flags
    keep the ruleset's defaults."""
    options: dict[str, Any] = {}
    if name in info.aliases:
        options["ruleset"] = info.aliases[name]
    if ruleset is not None:
        options["ruleset"] = ruleset
    options.update(game_flags(args, flags, flag_value))
    options.update(parse_option_pairs(extra))
    try:
        checked = info.parse_options(options)
        info.check_players(info.ruleset(checked["ruleset"]), players)
    except InvalidOptions as exc:
        fail(str(exc), USAGE_ERROR)
    return options


LANG_HELP = f"Language of the event lines: {', '.join(LANGUAGES)}."


class EventLines:
    """A game's events as lines in one language: the game's description of each event
    (`Game.describe`), rendered from the game's message catalog."""

    def __init__(self, state: Game[Any], lang: str) -> None:
        try:
            self.catalog = load_catalog(games.messages_folder(state.name), lang)
        except UnknownLanguage as exc:
            fail(f"--lang: {exc}", USAGE_ERROR)
        self.state = state
        self.lang = lang

    def __call__(self, event: Event) -> str | None:
        """The line of `event`, or None when the game leaves it out of the history."""
        message = self.state.describe(event)
        if message is None:
            return None
        return render(message, self.catalog, self.state.players, self.lang)

    def reason(self, refused: IllegalMove) -> str:
        """Why a move was refused, in this language when the game said it as a message."""
        if refused.message is None:
            return refused.reason
        return render(refused.message, self.catalog, self.state.players, self.lang)


def game_flags(
    args: Sequence[str], flags: Mapping[str, str], flag_value: Callable[[str, str], Any]
) -> dict[str, Any]:
    """`--flag VALUE` or `--flag=VALUE` pairs of the game's own flags, as options; the game's
    `flag_value` turns a flag's text into the option's value (it may register a file, say)."""
    options: dict[str, Any] = {}
    rest = list(args)
    while rest:
        word = rest.pop(0)
        flag, sep, value = word.partition("=")
        if flag not in flags:
            known = ", ".join(sorted(flags)) or "none"
            fail(f"no such option: {word} (this game's own flags: {known})", USAGE_ERROR)
        if not sep:
            if not rest:
                fail(f"{flag} needs a value", USAGE_ERROR)
            value = rest.pop(0)
        try:
            options[flags[flag]] = flag_value(flags[flag], value)
        except ValueError as exc:
            fail(f"{flag}: {exc}", USAGE_ERROR)
    return options


def json_or_text(raw: str) -> Any:
    """A command-line value as JSON when it reads as JSON (`3`, `true`, `[1,2]`), else text."""
    try:
        return json.loads(raw)
    except ValueError:
        return raw


def register_pack(path: Path) -> str:
    """Register the terminal user's own pack file in the content library; its id. Files are
    named by their content, so a record played with one replays once the file is given again."""
    try:
        return library.register_file(path).id
    except OSError as exc:
        fail(f"cannot read the question pack {path}: {exc.strerror or exc}")
    except ValueError as exc:  # PackError lists the problems
        fail(f"cannot load questions: {exc}")


def plural(count: int, noun: str) -> str:
    return f"{count:,} {noun}" if count == 1 else f"{count:,} {noun}s"
