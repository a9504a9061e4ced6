"""`pokerhall bot`: a bot plays one seat at a table on any pokerhall server (docs/botclient.md).

    pokerhall bot http://127.0.0.1:8000 --table TABLE_ID --module my_bot:MyBot --name Robo
    pokerhall bot http://127.0.0.1:8000 --table TABLE_ID --level casual

It takes a seat by name (a private table's with `--code`), or plays the seat a `--token`
holds, and plays until the game is over; the seat's token is logged so a stopped bot can take
its seat back. The result is printed at the end.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
from collections.abc import Iterator
from typing import Annotated, Any

import typer

from pokerhall.botclient import (
    BadBot,
    BotClient,
    BotRefused,
    GaveUp,
    LobbyRefused,
    level_bot,
    load_bot,
    lobby,
    take_seat,
)
from pokerhall.botclient.client import MARGIN, THINK
from pokerhall.cli.common import DATA_ERROR, USAGE_ERROR, fail, make_console
from pokerhall.engine.bots import Bot
from pokerhall.engine.events import JSON
from pokerhall.engine.rng import new_seed


def bot_command(
    url: Annotated[
        str,
        typer.Argument(
            help="The server, e.g. http://127.0.0.1:8000, or a table's link"
            " (http://127.0.0.1:8000/table.html?id=ID, with a private table's code)."
        ),
    ],
    table: Annotated[
        str | None, typer.Option("--table", help="The table's id (in its link).")
    ] = None,
    module: Annotated[
        str | None,
        typer.Option(
            "--module",
            help="Your bot, as module:Class or path/to/file.py:Class (a class with"
            " choose(view, prompt), e.g. a pokerhall.botclient.RemoteBot).",
        ),
    ] = None,
    level: Annotated[
        str | None,
        typer.Option(
            "--level", help="A built-in bot of the table's game instead (`pokerhall games`)."
        ),
    ] = None,
    name: Annotated[
        str | None, typer.Option("--name", help="The name to sit down as (default: the bot's).")
    ] = None,
    token: Annotated[
        str | None,
        typer.Option("--token", help="Play the seat this token holds instead of taking one."),
    ] = None,
    code: Annotated[str | None, typer.Option("--code", help="A private table's join code.")] = None,
    think: Annotated[
        float,
        typer.Option(
            "--think",
            min=0.05,
            help="Seconds the bot may think per move at most; past it (or past the turn"
            " clock) the prompt's default move is sent.",
        ),
    ] = THINK,
    margin: Annotated[
        float,
        typer.Option("--margin", min=0, help="Seconds of the turn clock left unused."),
    ] = MARGIN,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed for the bot (default: drawn).")
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Log only problems.")] = False,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Log every move.")] = False,
) -> None:
    """A bot plays a seat at a table on a pokerhall server until the game is over."""
    if (module is None) == (level is None):
        fail("give either --module module:Class or --level LEVEL", USAGE_ERROR)
    with _logging(logging.WARNING if quiet else logging.DEBUG if verbose else logging.INFO):
        _run(url, table, module, level, name, token, code, think, margin, seed)


def _run(
    url: str,
    table: str | None,
    module: str | None,
    level: str | None,
    name: str | None,
    token: str | None,
    code: str | None,
    think: float,
    margin: float,
    seed: int | None,
) -> None:
    try:
        base, linked, linked_code = lobby.parse_link(url)
    except ValueError as exc:
        fail(str(exc), USAGE_ERROR)
    table = table or linked
    code = code or linked_code
    if table is None:
        fail("give the table: --table ID, or the table's link as URL", USAGE_ERROR)
    try:
        info = lobby.table(base, table, code=code, token=token)
    except LobbyRefused as exc:
        fail(f"table {table}: {exc.detail}")
    seed = new_seed() if seed is None else seed
    try:
        bot: Bot = (
            level_bot(str(info["game"]), level, seed)
            if level is not None
            else load_bot(str(module), seed)
        )
    except BadBot as exc:
        fail(str(exc), USAGE_ERROR)
    try:
        result, names = asyncio.run(_play(bot, base, table, token, name, code, think, margin))
    except KeyboardInterrupt:
        raise typer.Exit(130) from None
    except LobbyRefused as exc:
        fail(f"cannot take a seat: {exc.detail}")
    except (BotRefused, GaveUp) as exc:
        fail(str(exc), DATA_ERROR)
    _print_result(result, names)


async def _play(
    bot: Bot,
    base: str,
    table: str,
    token: str | None,
    name: str | None,
    code: str | None,
    think: float,
    margin: float,
) -> tuple[JSON, list[str]]:
    if token is None:
        token = (await take_seat(base, table, name or type(bot).__name__, code)).token
    client = BotClient(bot, lobby.socket_url(base, table), token, think=think, margin=margin)
    result = await client.run()
    seats = (client.table or {}).get("seats") or []
    return result, [str(s.get("name") or f"Seat {s.get('seat', 0) + 1}") for s in seats]


class _Stderr(logging.StreamHandler):  # type: ignore[type-arg]
    """Log lines to whatever `sys.stderr` is when they are written."""

    def emit(self, record: logging.LogRecord) -> None:
        self.stream = sys.stderr
        super().emit(record)


@contextlib.contextmanager
def _logging(level: int) -> Iterator[None]:
    """The client's log lines on stderr, `HH:MM:SS message`, while the command runs."""
    logger = logging.getLogger("pokerhall.botclient")
    kept = logger.handlers[:], logger.level, logger.propagate
    handler = _Stderr()
    handler.setFormatter(logging.Formatter("%(asctime)s %(message)s", "%H:%M:%S"))
    logger.handlers[:] = [handler]
    logger.setLevel(level)
    logger.propagate = False
    try:
        yield
    finally:
        logger.handlers[:], level, logger.propagate = kept
        logger.setLevel(level)


def _print_result(result: JSON, names: list[str]) -> None:
    console = make_console()
    scores: Any = result.get("scores") or []
    unit = result.get("unit") or ""
    console.print("Game over.", markup=False)
    places: Any = result.get("places") or []
    for seat in result.get("standings") or []:
        place = places[seat] if isinstance(places, list) and seat < len(places) else ""
        who = names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"
        score = scores[seat] if isinstance(scores, list) and seat < len(scores) else ""
        console.print(f"{place}. {who} {score} {unit}".rstrip(), markup=False)
