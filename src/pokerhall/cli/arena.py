"""`pokerhall arena`: bots play many games in rotating seats, here or (`--server URL`) as tables
on a server, each seat over the bot client; each bot's win rate with its 95 % interval, its fair
share and an openskill rating. The work is `pokerhall.arena`'s; this module reads the command
line and prints the table (docs/arena.md)."""

from __future__ import annotations

import json
import logging
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from pokerhall.arena import (
    ArenaError,
    ArenaRun,
    IllegalBotMove,
    Server,
    ServerRefused,
    resolve,
    run_arena,
)
from pokerhall.arena.play import MAX_WORKERS, summary_json
from pokerhall.botclient import lobby
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

MAX_PARALLEL = 8
"""Tables at once at most: each is one asyncio task per seat in this process, and the server's
work; more would mostly load the server."""


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
        int, typer.Option(min=1, help="Hands per local game at most; then the biggest stack wins.")
    ] = 300,
    workers: Annotated[
        int, typer.Option(min=1, max=MAX_WORKERS, help="Processes playing games.")
    ] = 1,
    server: Annotated[
        str | None,
        typer.Option(
            "--server",
            help="Play each game as a table on this server (http://host:port), each seat over "
            "the bot client.",
        ),
    ] = None,
    turn_clock: Annotated[
        float | None,
        typer.Option(min=1, help="With --server: seconds per move at each table (default: none)."),
    ] = None,
    parallel: Annotated[
        int, typer.Option(min=1, max=MAX_PARALLEL, help="With --server: tables played at once.")
    ] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Let bots play each other in rotating seats; print win rates, intervals and ratings.

    A bot is a level of the game (see `pokerhall games`), one of its exploiters, or a class of
    your own as module:Class or file.py:Class (docs/arena.md). The same seed gives the same
    games (on a server: the same seats and bots' seeds; the server deals). A game may add flags
    of its own (a question language, say).
    """
    remote = _server(server, turn_clock, parallel, workers)
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
    if remote is not None:
        # The clients' own log (a dropped line they came back from, a bot's exception) would
        # break the progress bar; what stops the arena is said by its error.
        logging.getLogger("pokerhall.botclient").setLevel(logging.CRITICAL)
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
                server=remote,
            )
    except KeyboardInterrupt:
        raise typer.Exit(130) from None
    except (IllegalBotMove, ServerRefused) as exc:
        fail(str(exc), DATA_ERROR)
    except (ArenaError, InvalidOptions) as exc:
        fail(str(exc), USAGE_ERROR)
    finally:
        logging.getLogger("pokerhall.botclient").setLevel(logging.NOTSET)
    if as_json:
        summary = _json(result, info.name, options, seats, seed)
        typer.echo(json.dumps({**summary, "server": remote.url} if remote else summary))
    else:
        ruleset = info.parse_options(options)["ruleset"]
        _print(result, info, ruleset, seats, seed, max_hands, remote)


def _server(
    url: str | None, turn_clock: float | None, parallel: int, workers: int
) -> Server | None:
    """The server the games are played on (`--server`), its address checked; None: here."""
    if url is None:
        if turn_clock is not None or parallel != 1:
            fail("--turn-clock and --parallel are for games on a server: --server URL", USAGE_ERROR)
        return None
    if workers != 1:
        fail("--workers is for local games; on a server use --parallel", USAGE_ERROR)
    try:
        base = lobby.base_url(url)
    except ValueError as exc:
        fail(str(exc), USAGE_ERROR)
    return Server(base, turn_clock=turn_clock, parallel=parallel)


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
    server: Server | None = None,
) -> None:
    console = make_console()
    rules = f" ({ruleset})" if ruleset else ""
    capped = sum(outcome.capped for outcome in result.outcomes)
    cap = f", {capped} ended at the cap of {plural(max_hands, 'hand')}" if capped else ""
    where = f", tables on {server.url}" if server else ""
    console.print(
        f"{info.title}{rules}: {plural(len(result.outcomes), 'game')} of {seats} seats{where}, "
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
