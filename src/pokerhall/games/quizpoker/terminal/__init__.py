"""QuizPoker's terminal module (`GameInfo.terminal`): the table, short commands and event styles
that `pokerhall play` uses. It matches the CLI's `TerminalGame` protocol structurally and never
imports `pokerhall.cli` (the CLI is the layer above the games)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from pokerhall.content import library
from pokerhall.engine.errors import InputProblem
from pokerhall.engine.events import JSON, ROUND_STARTED, Event
from pokerhall.engine.protocol import Game
from pokerhall.games.quizpoker.events import quizpoker_event
from pokerhall.games.quizpoker.terminal.commands import (
    HELP_TEXT,
    bet_options,
    parse_bet_command,
    parse_guess_command,
    parse_show_command,
)
from pokerhall.games.quizpoker.terminal.standings import hand_facts, standings_table
from pokerhall.games.quizpoker.terminal.table import render_table
from pokerhall.games.quizpoker.view_types import quizpoker_view

EVENT_STYLES = {
    ROUND_STARTED: "bold",
    "question": "bold",
    "hint": "cyan",
    "answer": "yellow",
    "pot_awarded": "green",
    "game_over": "bold green",
    "eliminated": "red",
}


class QuizPokerTerminal:
    flags: Mapping[str, str] = {"--lang": "language", "--questions": "questions"}
    help_text = HELP_TEXT
    table_shows = frozenset({"question"})

    def flag_value(self, option: str, text: str) -> Any:
        """`--questions` takes a pack id or the terminal user's own pack file, which is
        registered in the content library (named by its content) and then named by its id."""
        if option != "questions" or text in library.known_packs():
            return text
        try:
            return library.register_file(Path(text)).id
        except OSError as exc:
            raise ValueError(
                f"cannot read the question pack {text}: {exc.strerror or exc}"
            ) from None

    def render(self, view: JSON, labels: Mapping[int, str]) -> RenderableType:
        return render_table(quizpoker_view(view), labels)

    def ask(self, prompt: JSON) -> tuple[str, RenderableType | None]:
        kind = prompt["type"]
        if kind == "guess":
            return "Your guess (a number, or f to fold): ", None
        if kind == "show_folded":
            return "Show your folded guess to the table? [y/n]: ", None
        return "Your move: ", Text(bet_options(prompt))

    def parse(self, text: str, prompt: JSON) -> JSON | str:
        try:
            if prompt["type"] == "guess":
                return parse_guess_command(text)
            if prompt["type"] == "show_folded":
                return parse_show_command(text)
            return parse_bet_command(text, prompt)
        except InputProblem as exc:
            return exc.reason

    def event_style(self, event: Event) -> str:
        return EVENT_STYLES.get(event.type, "")

    def notice(self, event: Event, seat: int) -> str | None:
        payload = quizpoker_event(event)
        if payload["type"] == "eliminated" and payload["seat"] == seat:
            return "You are out of chips; the bots play on (Ctrl-C to stop)."
        return None

    def standings(self, game: Game[Any], labels: Mapping[int, str]) -> RenderableType:
        return standings_table(game, labels)

    def round_facts(self, events: Sequence[Event]) -> tuple[set[int], Mapping[str, float]]:
        return hand_facts(events)


TERMINAL = QuizPokerTerminal()

__all__ = ["TERMINAL", "QuizPokerTerminal"]
