"""What the terminal needs from a game, and what it uses for a game that brings nothing.

A game may bring a terminal module (named by `GameInfo.terminal`) exposing `TERMINAL`, an object
matching `TerminalGame`: how its table looks, how short typed commands become moves, how event
lines are styled. The module may import Rich but never `pokerhall.cli`, so the protocol is
structural and every answer is plain data or a Rich renderable. Any other registered game is
played through `GenericTerminal`, which knows only the one prompt shape (`engine/prompts.py`):
it lists the prompt's moves with their parameters and reads `type key=value ...`.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.pretty import Pretty
from rich.table import Table
from rich.text import Text

from pokerhall.cli.common import json_or_text
from pokerhall.engine.catalog import GameInfo
from pokerhall.engine.events import JSON, Event
from pokerhall.engine.protocol import Game


@runtime_checkable
class TerminalGame(Protocol):
    """A game's terminal module, as the CLI calls it."""

    flags: Mapping[str, str]
    """Extra command-line flags of `play` and `simulate` (`--lang`) -> the game option each sets
    (`language`); the value is read like a `-o` value and checked by the option's spec."""

    help_text: str
    """What `?` prints at a prompt, besides the CLI's own words (t, ?, q)."""

    table_shows: frozenset[str]
    """Event types the table shows in full (the question): their line is left out when the
    player is asked next, since the table is drawn right then and would say it twice."""

    def flag_value(self, option: str, text: str) -> Any:
        """The value of `option` that a flag's text stands for; ValueError says why none."""
        ...

    def render(self, view: JSON, labels: Mapping[int, str]) -> RenderableType:
        """The table as the view's seat sees it; `labels` adds a note per seat (the bot kind)."""
        ...

    def ask(self, prompt: JSON) -> tuple[str, RenderableType | None]:
        """The question to read a line with, and an optional menu printed above it."""
        ...

    def parse(self, text: str, prompt: JSON) -> JSON | str:
        """The move that `text` stands for, or (a str) why it stands for none. Whether the move
        is legal is left to the game, whose reason the player then reads."""
        ...

    def event_style(self, event: Event) -> str:
        """The Rich style of the event's line ("" for plain)."""
        ...

    def notice(self, event: Event, seat: int) -> str | None:
        """An extra line for `seat` after the event (you are out), or None."""
        ...

    def standings(self, game: Game[Any], labels: Mapping[int, str]) -> RenderableType:
        """Who stands where, at the end or where the match was left."""
        ...

    def round_facts(self, events: Sequence[Event]) -> tuple[set[int], Mapping[str, float]]:
        """For `simulate`: the seats that won a round, from the round's events, and numbers
        to average over rounds (by the name they get in the summary)."""
        ...


def terminal_for(info: GameInfo) -> TerminalGame:
    """The game's own terminal module, or the generic one when it has none."""
    if info.terminal is None:
        return GenericTerminal(info)
    module = importlib.import_module(info.terminal)
    terminal = getattr(module, "TERMINAL", None)
    if not isinstance(terminal, TerminalGame):
        raise TypeError(f"{info.terminal}.TERMINAL does not match pokerhall.cli.seam.TerminalGame")
    return terminal


# --- the fallback ----------------------------------------------------------------------------

GENERIC_HELP = """\
Type a move as its type followed by its parameters as key=value, e.g. `raise to=80` or
`pick cards=[1,2]`; a move without parameters is just its type. The moves and their
parameters are listed above the question."""


class GenericTerminal:
    """Plays any game from its views and prompts alone."""

    flags: Mapping[str, str] = {}
    help_text = GENERIC_HELP
    table_shows: frozenset[str] = frozenset()

    def __init__(self, info: GameInfo) -> None:
        self.info = info

    def flag_value(self, option: str, text: str) -> Any:
        return json_or_text(text)

    def render(self, view: JSON, labels: Mapping[int, str]) -> RenderableType:
        notes = Text(", ".join(f"seat {seat}: {note}" for seat, note in sorted(labels.items())))
        return Panel(Group(Pretty(view), notes), title=self.info.title, title_align="left")

    def ask(self, prompt: JSON) -> tuple[str, RenderableType | None]:
        lines = [describe_move(spec) for spec in prompt.get("moves", [])]
        return "Your move: ", Text("Moves: " + "  |  ".join(lines))

    def parse(self, text: str, prompt: JSON) -> JSON | str:
        return parse_generic(text, prompt)

    def event_style(self, event: Event) -> str:
        return "bold" if event.type == "game_over" else ""

    def notice(self, event: Event, seat: int) -> str | None:
        return None

    def standings(self, game: Game[Any], labels: Mapping[int, str]) -> RenderableType:
        return result_table(game, labels)

    def round_facts(self, events: Sequence[Event]) -> tuple[set[int], Mapping[str, float]]:
        return set(), {}


def describe_move(spec: JSON) -> str:
    """`raise to=int 40..990`: a move of a prompt with its parameters' kinds and limits."""
    words = [str(spec.get("type"))]
    for name, param in dict(spec.get("params") or {}).items():
        words.append(f"{name}={_describe_param(param)}")
    extras = {k: v for k, v in spec.items() if k not in ("type", "params")}
    if extras:
        words.append("(" + ", ".join(f"{k} {v}" for k, v in extras.items()) + ")")
    return " ".join(words)


def _describe_param(param: JSON) -> str:
    kind = param.get("kind")
    if kind == "int":
        return f"int {param.get('min')}..{param.get('max')}"
    if kind in ("choice", "subset"):
        choices = "|".join(json.dumps(c) for c in param.get("choices", []))
        many = f" ({param.get('min')} to {param.get('max')})" if kind == "subset" else ""
        return f"{kind} of {choices}{many}"
    return str(kind)


def parse_generic(text: str, prompt: JSON) -> JSON | str:
    """`type key=value ...` for a prompt: the type must be listed, the keys its parameters, and
    each value is read for its parameter's kind (JSON where that fits, else the text itself)."""
    words = text.split()
    moves = {str(spec.get("type")): spec for spec in prompt.get("moves", [])}
    choices = ", ".join(moves)
    if not words:
        return f"type one of: {choices}"
    spec = moves.get(words[0])
    if spec is None:
        return f"{words[0]!r} is not a move here; type one of: {choices}"
    params: JSON = dict(spec.get("params") or {})
    move: JSON = {"type": words[0]}
    for word in words[1:]:
        key, sep, raw = word.partition("=")
        if not sep or key not in params:
            known = ", ".join(params) or "none"
            return f"{word!r} is not key=value for a parameter of {words[0]} (parameters: {known})"
        move[key] = _value(raw, params[key])
    missing = [name for name in params if name not in move]
    if missing:
        return f"{words[0]} needs {', '.join(f'{name}=...' for name in missing)}"
    return move


def _value(raw: str, param: JSON) -> Any:
    """Decimals stay text (exact, never a float); other kinds are JSON when they parse."""
    if param.get("kind") in ("decimal", "text"):
        return raw
    try:
        return json.loads(raw)
    except ValueError:
        if param.get("kind") == "subset":
            return [item for item in raw.split(",") if item]
        return raw


def result_table(game: Game[Any], labels: Mapping[int, str]) -> RenderableType:
    """The standings from the one result shape (`engine/results.py`), or the players while the
    match is not over (no game-neutral order exists before the result)."""
    result = game.result
    title = "Final standings" if result is not None else "Players (the match is not over)"
    table = Table(title=title, title_justify="left")
    table.add_column("#", justify="right")
    table.add_column("Player")
    if result is None:
        for seat, name in enumerate(game.players):
            table.add_row(str(seat + 1), _label(name, seat, labels))
        return table
    unit = str(result.get("unit", ""))
    table.add_column(unit.capitalize() or "Score", justify="right")
    places: list[int] = list(result.get("places") or [])
    scores: list[Any] = list(result.get("scores") or [])
    order: list[int] = list(result.get("standings") or range(len(game.players)))
    for rank, seat in enumerate(order, start=1):
        place = places[seat] if seat < len(places) else rank
        score = scores[seat] if seat < len(scores) else ""
        table.add_row(str(place), _label(game.players[seat], seat, labels), _number(score))
    return table


def _label(name: str, seat: int, labels: Mapping[int, str]) -> str:
    return f"{name} ({labels[seat]})" if seat in labels else name


def _number(value: object) -> str:
    return f"{value:,}" if isinstance(value, int) and not isinstance(value, bool) else str(value)
