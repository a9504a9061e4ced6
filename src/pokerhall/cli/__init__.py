"""The `pokerhall` command: serve, play, simulate, arena, replay, questions, games, bot.

Each command lives in its own module and is registered here, so adding one is a new module
and one line below. The modules stay importable by their
names (`pokerhall.cli.play`), so tests can replace what a command reads.
"""

from __future__ import annotations

import typer

from pokerhall.cli import arena, bot, catalog, play, questions, replay, serve, simulate

GAME_FLAGS = {"allow_extra_args": True, "ignore_unknown_options": True}
"""`play`, `simulate` and `arena` pass flags they do not know to the game's terminal module."""

app = typer.Typer(
    name="pokerhall",
    help="Poker-variant party games: play in the terminal, simulate bots, replay matches.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # Typer's boxed help lists every flag with a type, "--help <bool>"
)
app.command("play", context_settings=GAME_FLAGS)(play.play)
app.command("simulate", context_settings=GAME_FLAGS)(simulate.simulate)
app.command("arena", context_settings=GAME_FLAGS)(arena.arena)
app.command("replay")(replay.replay)
app.command("games")(catalog.games_command)
app.command("serve")(serve.serve_command)
app.command("bot")(bot.bot_command)
app.add_typer(questions.questions_app, name="questions")

__all__ = ["app"]
