"""`pokerhall replay`: rebuild a match from its record and print its hand history."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.text import Text

from pokerhall import games
from pokerhall.cli.common import (
    LANG_HELP,
    USAGE_ERROR,
    EventLines,
    fail,
    game_info,
    make_console,
    plural,
    register_pack,
)
from pokerhall.cli.seam import terminal_for
from pokerhall.engine.errors import IllegalMove, PokerhallError
from pokerhall.engine.events import JSON, ROUND_STARTED, Event
from pokerhall.engine.protocol import Game
from pokerhall.engine.record import MatchRecord


def load_record(path: Path) -> MatchRecord:
    """The record in `path`, or exit with a message saying why it cannot be read."""
    try:
        return MatchRecord.load(path)
    except FileNotFoundError:
        fail(f"{path}: no such file")
    except OSError as exc:
        fail(f"{path}: cannot read it ({exc.strerror or exc})")
    except UnicodeDecodeError:
        fail(f"{path}: not a match record (not UTF-8 text)")
    except json.JSONDecodeError as exc:
        fail(f"{path}: not a match record (invalid JSON at line {exc.lineno}: {exc.msg})")
    except ValueError as exc:
        fail(f"{path}: {exc}")


def replay_record(path: Path, record: MatchRecord) -> Game[Any]:
    """Make every move of the record again; a move the rules refuse ends the command."""
    made = 0

    def count(seat: int, move: JSON, events: list[Event]) -> None:
        nonlocal made
        made += 1

    try:
        return games.replay(record, on_move=count)
    except IllegalMove as exc:
        seat, move = record.moves[made]
        fail(
            f"{path}: move {made + 1} of {len(record.moves)} (seat {seat}, {json.dumps(move)}) "
            f"is illegal on replay: {exc.reason}",
            USAGE_ERROR,
        )
    except PokerhallError as exc:
        fail(f"{path}: cannot start the match again: {exc}", USAGE_ERROR)


def replay(
    file: Annotated[Path, typer.Argument(help="A match record written by play or simulate.")],
    show_all: Annotated[
        bool, typer.Option("--all", help="Include private events, such as every guess.")
    ] = False,
    lang: Annotated[str, typer.Option(help=LANG_HELP)] = "en",
    pack: Annotated[
        list[Path] | None,
        typer.Option(help="A local content pack the match was played with (repeatable)."),
    ] = None,
) -> None:
    """Replay a saved match and print its hand history."""
    for path in pack or []:  # named by content, so it gets the id it had when played
        register_pack(path)
    record = load_record(file)
    state = replay_record(file, record)
    describe = EventLines(state, lang)
    console = make_console()
    ruleset = record.options.get("ruleset")
    header = record.game + (f" ({ruleset} rules)" if ruleset and ruleset != record.game else "")
    console.print(
        f"{header}: {', '.join(record.players)} · seed {record.seed} · "
        f"{plural(len(record.moves), 'move')}",
        markup=False,
        soft_wrap=True,
    )
    for event in state.events:
        if not (show_all or event.is_public):
            continue
        line = describe(event)
        if line is None:
            continue
        if event.type == ROUND_STARTED:
            console.print()
        private = "" if event.is_public else "  (seen by " + _audience(state, event) + ")"
        console.print(Text(line + private))
    console.print()
    if not state.over:
        console.print("The match was not finished when the record was written.")
    console.print(terminal_for(game_info(record.game)).standings(state, {}))


def _audience(state: Game[Any], event: Event) -> str:
    return ", ".join(state.players[seat] for seat in sorted(event.to or ()))
