"""`pokerhall play`: one person against bots in the terminal.

The person sits in seat 0 and sees exactly what seat 0 may see: the table is drawn from
`view(0)` and the hand history from the events visible to seat 0. Input is read through
`read_line`, which tests replace (or feed through stdin).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.text import Text

from pokerhall import games
from pokerhall.cli.common import (
    LANG_HELP,
    USAGE_ERROR,
    EventLines,
    fail,
    game_info,
    game_options,
    make_console,
)
from pokerhall.cli.seam import TerminalGame, terminal_for
from pokerhall.cli.seating import BotFailure, bot_turn, seat_bots
from pokerhall.engine import registry
from pokerhall.engine.bots import Bot
from pokerhall.engine.errors import IllegalMove, PokerhallError
from pokerhall.engine.events import JSON, ROUND_STARTED, Event
from pokerhall.engine.messages import DEFAULT_LANGUAGE
from pokerhall.engine.protocol import Game
from pokerhall.engine.rng import new_seed

HUMAN_SEAT = 0
BOT_NAMES = ("Ada", "Ben", "Cleo", "Dov", "Eli", "Fay", "Gus", "Hana", "Ivo", "Juno", "Kai")
QUIT_WORDS = frozenset({"q", "quit", "exit", "leave"})
HELP_WORDS = frozenset({"?", "h", "help"})
TABLE_WORDS = frozenset({"t", "table"})
ANY_TIME = "Any time: t redraws the table, ? shows this help, q leaves the game."
LineReader = Callable[[str], str]


class QuitGame(Exception):
    """The player asked to leave."""


def read_line(prompt: str) -> str:
    """One line from the player. Piped input is echoed, so a scripted session reads like a
    transcript; EOF (Ctrl-D, or the end of a script) raises EOFError."""
    text = input(prompt)
    if not sys.stdin.isatty():
        print(text)
    return text


class PlaySession:
    """Runs a match: bots move when asked, the person is prompted, new events are printed."""

    def __init__(
        self,
        state: Game[Any],
        *,
        bots: dict[int, Bot],
        labels: dict[int, str],
        console: Console,
        read: LineReader,
        terminal: TerminalGame,
        human: int = HUMAN_SEAT,
        lang: str = "en",
    ) -> None:
        self.state = state
        self.terminal = terminal
        self.bots = bots
        self.labels = labels
        self.console = console
        self.read = read
        self.human = human
        self.describe = EventLines(state, lang)
        self.shown = 0
        """How many of `state.events` have been looked at for printing."""

    def run(self) -> None:
        self.show_new_events()
        while not self.state.over:
            pending = self.state.pending()
            bot_seats = sorted(seat for seat in pending if seat in self.bots)
            if bot_seats:
                self.bot_turn(bot_seats[0])
            elif self.human in pending:
                self.human_turn(pending[self.human])
            else:  # pragma: no cover - a game always asks somebody while it is not over
                raise RuntimeError("the game is waiting for nobody")
            self.show_new_events()

    def bot_turn(self, seat: int) -> None:
        """A bot moves; if it breaks the rules, say so and make the default move for it, so a
        buggy bot does not end the person's game."""
        try:
            bot_turn(self.state, seat, self.bots[seat])
        except BotFailure as exc:
            warning = f"{exc}; the default move is made instead"
            self.console.print(Text(warning, style="red"))
            self.state.act(seat, self.state.default_move(seat))

    def show_new_events(self) -> None:
        events = self.state.events
        for event in events[self.shown :]:
            if event.visible_to(self.human):
                self.show_event(event)
        self.shown = len(events)

    def show_event(self, event: Event) -> None:
        line = self.describe(event)
        if line is None:
            return
        if event.type in self.terminal.table_shows and self.human in self.state.pending():
            return  # the table, drawn now for the player's turn, shows it
        if event.type == ROUND_STARTED:
            self.console.print()
        style = self.terminal.event_style(event)
        self.console.print(Text(line, style=style))
        notice = self.terminal.notice(event, self.human)
        if notice is not None:
            self.console.print(notice, markup=False)

    def show_table(self) -> None:
        self.console.print(self.terminal.render(self.state.view(self.human), self.labels))

    def human_turn(self, prompt: JSON) -> None:
        self.console.print()
        self.show_table()
        while True:
            question, menu = self.terminal.ask(prompt)
            if menu is not None:
                self.console.print(menu)
            text = self.read(question).strip()
            word = text.lower()
            if word in QUIT_WORDS:
                raise QuitGame
            if word in HELP_WORDS:
                self.console.print(f"{self.terminal.help_text}\n{ANY_TIME}", markup=False)
                continue
            if word in TABLE_WORDS:
                self.show_table()
                continue
            move = self.terminal.parse(text, prompt)
            if isinstance(move, str):  # the terminal could not read it: its own words
                self.console.print(Text(f"  ✗ {move}", style="red"))
                continue
            try:
                self.state.act(self.human, {**move, "prompt_id": prompt["prompt_id"]})
            except IllegalMove as exc:
                self.console.print(Text(f"  ✗ {self.describe.reason(exc)}", style="red"))
                continue
            return


def bot_names(human: str, count: int) -> list[str]:
    names = [name for name in BOT_NAMES if name.lower() != human.lower()]
    if count > len(names):
        fail(f"at most {len(names)} bots can play", USAGE_ERROR)
    return names[:count]


def play(
    ctx: typer.Context,
    game: Annotated[
        str | None,
        typer.Argument(help="The game or one of its aliases (see `pokerhall games`)."),
    ] = None,
    bots: Annotated[int, typer.Option(min=1, help="How many bots play against you.")] = 3,
    ruleset: Annotated[str | None, typer.Option(help="One of the game's rulesets.")] = None,
    lang: Annotated[
        str | None,
        typer.Option(help=f"{LANG_HELP} Also the game's own --lang flag if it has one."),
    ] = None,
    name: Annotated[str, typer.Option(help="Your name at the table.")] = "Player",
    seed: Annotated[int | None, typer.Option(help="Seed for a repeatable match.")] = None,
    bot_kind: Annotated[
        str | None, typer.Option(help="The kind of bot (default: the game's own choice).")
    ] = None,
    save: Annotated[
        Path | None, typer.Option(help="Write the match record (JSON) here at the end.")
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="A game option as KEY=VALUE.")
    ] = None,
) -> None:
    """Play a game in the terminal against bots.

    A game may add flags of its own (a question language, say); `pokerhall games` lists them
    with the game's options.
    """
    if not name.strip():
        fail("your name cannot be empty", USAGE_ERROR)
    game = game or registry.infos()[0].name
    info = game_info(game)
    terminal = terminal_for(info)
    players = [name.strip(), *bot_names(name.strip(), bots)]
    options = game_options(
        info,
        game,
        ruleset=ruleset,
        extra=option or [],
        flags=terminal.flags,
        flag_value=terminal.flag_value,
        args=[*ctx.args, f"--lang={lang}"] if lang and "--lang" in terminal.flags else ctx.args,
        players=len(players),
    )
    seed = new_seed() if seed is None else seed
    kind = bot_kind or info.default_bot
    try:
        state = games.create(info.name, players, options, seed)
        seated = seat_bots(state.name, dict.fromkeys(range(1, len(players)), kind), seed)
    except PokerhallError as exc:
        fail(str(exc), USAGE_ERROR)
    console = make_console()
    session = PlaySession(
        state,
        bots=seated,
        labels=dict.fromkeys(seated, kind),
        console=console,
        read=lambda prompt: read_line(prompt),
        lang=lang or DEFAULT_LANGUAGE,
        terminal=terminal,
    )
    _run(session, save)


def _run(session: PlaySession, save: Path | None) -> None:
    """Run the session; whatever ends it, save the record and show the standings."""
    console, code = session.console, 0
    try:
        session.run()
    except (EOFError, QuitGame):
        console.print("\nYou leave the table.")
    except KeyboardInterrupt:
        console.print("\nInterrupted; you leave the table.")
        code = 130
    finally:
        if save is not None:
            try:
                session.state.record().save(save)
                console.print(f"Match record saved to {save}", markup=False, soft_wrap=True)
            except OSError as exc:
                console.print(f"Could not save the match record: {exc}", markup=False)
                code = code or 1
    console.print()
    console.print(session.terminal.standings(session.state, session.labels))
    if code:
        raise typer.Exit(code)
