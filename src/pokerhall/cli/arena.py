"""`pokerhall arena`: local bots play many games in rotating seats; each bot's win rate with its
95 % interval, its fair share and an openskill rating. The work is `pokerhall.arena`'s; this
module reads the command line and prints the table (docs/arena.md)."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from pokerhall.arena import ArenaError, ArenaRun, IllegalBotMove, resolve, run_arena
from pokerhall.arena.play import MAX_WORKERS, summary_json
from pokerhall.cli.common import (
    DATA_ERROR,
    USAGE_ERROR,
    fail,
    game_info,
    game_options,
    make_console,
    parse_option_pairs,
    plural,
)
from pokerhall.cli.seam import terminal_for
from pokerhall.engine.catalog import GameInfo
from pokerhall.engine.errors import InvalidOptions
from pokerhall.engine.events import JSON
from pokerhall.engine.rng import MAX_SEED


def arena(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="The game or one of its aliases.")],
    bots: Annotated[
        list[str],
        typer.Argument(
            help="Bots: the game's levels, its exploiters, or module:Class of your own.",
            show_default=False,
        ),
    ],
    games_count: Annotated[
        int, typer.Option("--games", "-n", min=1, help="Games to play in all.")
    ] = 100,
    players: Annotated[
        int | None,
        typer.Option(min=2, help="Seats per game (default: one per bot, within the ruleset's)."),
    ] = None,
    seed: Annotated[int, typer.Option(min=0, max=MAX_SEED, help="Seed of the first game.")] = 0,
    ruleset: Annotated[str | None, typer.Option(help="One of the game's rulesets.")] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="A game option as KEY=VALUE.")
    ] = None,
    max_hands: Annotated[
        int, typer.Option(min=1, help="Hands per game at most; then the biggest stack wins.")
    ] = 300,
    workers: Annotated[
        int, typer.Option(min=1, max=MAX_WORKERS, help="Processes playing games.")
    ] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Let bots play each other in rotating seats; print win rates, intervals and ratings.

    A bot is a level of the game (see `pokerhall games`), one of its exploiters, or a class of
    your own as module:Class or file.py:Class (docs/arena.md). The same seed gives the same
    games. A game may add flags of its own (a question language, say).
    """
    info = game_info(game)
    terminal = terminal_for(info)
    bots, flags = _split_flags(bots)
    if not bots:
        fail("name at least one bot", USAGE_ERROR)
    for spec in bots:
        try:
            resolve(info.name, spec)
        except ArenaError as exc:
            fail(str(exc), USAGE_ERROR)
    seats = players or _default_players(info, game, ruleset, option or [], len(bots))
    options = game_options(
        info,
        game,
        ruleset=ruleset,
        extra=option or [],
        flags=terminal.flags,
        flag_value=terminal.flag_value,
        args=[*flags, *ctx.args],
        players=seats,
    )
    progress = Progress(
        TextColumn("Arena"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=make_console(stderr=True),
        disable=as_json,
        transient=True,
    )
    try:
        with progress:
            task = progress.add_task("games", total=games_count)
            result = run_arena(
                info.name,
                bots,
                players=seats,
                options=options,
                games_count=games_count,
                seed=seed,
                max_hands=max_hands,
                workers=workers,
                on_game=lambda outcome: progress.advance(task),
            )
    except IllegalBotMove as exc:
        fail(str(exc), DATA_ERROR)
    except (ArenaError, InvalidOptions) as exc:
        fail(str(exc), USAGE_ERROR)
    if as_json:
        typer.echo(json.dumps(_json(result, info.name, options, seats, seed)))
    else:
        _print(result, info, info.parse_options(options)["ruleset"], seats, seed, max_hands)


def _split_flags(words: list[str]) -> tuple[list[str], list[str]]:
    """The bots, and the game's own flags (`--lang de`, `--lang=de`) that the bots' argument
    took in: unknown flags are passed on, and a list argument keeps them with their values."""
    bots: list[str] = []
    flags: list[str] = []
    rest = list(words)
    while rest:
        word = rest.pop(0)
        if word.startswith("-"):
            flags.append(word)
            if "=" not in word and rest:
                flags.append(rest.pop(0))
        else:
            bots.append(word)
    return bots, flags


def _default_players(
    info: GameInfo, game: str, ruleset: str | None, extra: list[str], bots: int
) -> int:
    """One seat per bot, kept within the ruleset's player range."""
    chosen: dict[str, object] = {}
    if game in info.aliases:
        chosen["ruleset"] = info.aliases[game]
    if ruleset is not None:
        chosen["ruleset"] = ruleset
    chosen.update(parse_option_pairs(extra))
    try:
        rules = info.ruleset(info.parse_options(chosen)["ruleset"])
    except InvalidOptions as exc:
        fail(str(exc), USAGE_ERROR)
    return min(max(bots, rules.min_players), rules.max_players)


def _json(result: ArenaRun, game: str, options: JSON, seats: int, seed: int) -> JSON:
    return {
        "game": game,
        "options": options,
        "players": seats,
        "seed": seed,
        **summary_json(result.standings, result.outcomes),
    }


def _print(
    result: ArenaRun,
    info: GameInfo,
    ruleset: object,
    seats: int,
    seed: int,
    max_hands: int,
) -> None:
    console = make_console()
    rules = f" ({ruleset})" if ruleset else ""
    capped = sum(outcome.capped for outcome in result.outcomes)
    cap = f", {capped} ended at the cap of {plural(max_hands, 'hand')}" if capped else ""
    console.print(
        f"{info.title}{rules}: {plural(len(result.outcomes), 'game')} of {seats} seats, "
        f"seats rotating, seed {seed}{cap}",
        markup=False,
    )
    table = Table(title="Arena", title_justify="left")
    columns = ("Bot", "Games", "Wins", "Win rate", "95 % interval", "Fair", "Rating")
    for column in columns:
        table.add_column(column, justify="left" if column == "Bot" else "right", no_wrap=True)
    for s in result.standings:
        table.add_row(
            s.label,
            str(s.games),
            f"{s.wins:g}",
            f"{s.rate:.1%}",
            f"{s.low:.1%}–{s.high:.1%}",
            f"{s.fair:.1%}",
            f"{s.mu:.1f} ± {s.sigma:.1f}",
        )
    console.print(table)
    console.print(
        "Wins: each game's winners share it. Fair: the win rate of equally strong bots (the "
        "bot's share of the seats). "
        "Rating: openskill Plackett-Luce mu ± sigma from each game's places, best (mu - 3 sigma) "
        "first.",
        markup=False,
    )
