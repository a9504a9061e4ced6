"""The `pokerhall` command: serve, play, simulate, replay, questions, games.

Each command lives in its own module and is registered here, so adding one is a new module
and one line below. The modules stay importable by their
names (`pokerhall.cli.play`), so tests can replace what a command reads.
"""

from __future__ import annotations

import typer

from pokerhall.cli import catalog, play, questions, replay, serve, simulate

app = typer.Typer(
    name="pokerhall",
    help="Poker-variant party games: play in the terminal, simulate bots, replay matches.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.command("play")(play.play)
app.command("simulate")(simulate.simulate)
app.command("replay")(replay.replay)
app.command("games")(catalog.games_command)
app.command("serve")(serve.serve_command)
app.add_typer(questions.questions_app, name="questions")

__all__ = ["app"]
