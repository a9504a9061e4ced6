"""What the commands share: consoles, failing with a message, and game options from flags.

Errors a user can cause (a missing file, a bad option) end the command with one readable line on
stderr and a non-zero exit code, never a traceback: 1 for problems with input data, 2 for a
command line that cannot work (the code Typer uses for usage errors too).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

import typer
from rich.console import Console

from pokerhall.content import library

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
        try:
            value: Any = json.loads(raw)
        except ValueError:
            value = raw
        options[key.strip()] = value
    return options


def game_options(
    *,
    ruleset: str | None,
    language: str | None,
    questions: Path | None,
    extra: Sequence[str],
) -> dict[str, Any]:
    """Options for `games.create` from the common flags; unset flags keep the ruleset defaults."""
    options: dict[str, Any] = {}
    if ruleset is not None:
        options["ruleset"] = ruleset
    if language is not None:
        options["language"] = language
    if questions is not None:  # the terminal user's own file: registered, then named by id
        options["questions"] = register_pack(questions)
    options.update(parse_option_pairs(extra))
    return options


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
