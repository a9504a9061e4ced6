"""The arena's games as real tables on a server (`pokerhall arena ... --server URL`).

Each game is a table opened over the HTTP lobby (`POST /api/tables`: the game, its options,
one seat per player, no built-in bots, no turn clock unless asked for, no result pause), its
seats taken in order, so seat s goes to the bot `play.seating` gives it as in a local game,
and each seat played by a `botclient.BotClient` in this process (one asyncio task each). The
places come from the finished table's result (`GET /api/tables/{id}`), and feed the same
standings as local games.

A bot sees what a person at its seat sees (the server's view and prompt, `botclient.base`): no
briefing, so a level that a local game briefs (QuizPoker's, with the true answer) plays from
its view alone. The server's seed is its own, so the games are not those of a local run; the
seats and the bots' seeds are. A refusal by the server (a table or seat it will not give), a
client that cannot play (refused, or no connection), and a bot whose move the server refused
or that failed to answer (the client then sent the prompt's default) stop the arena naming
the game and seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pokerhall.arena.bots import ArenaError
from pokerhall.arena.play import IllegalBotMove, Job, Outcome, game_seed, seating
from pokerhall.botclient import lobby
from pokerhall.botclient.client import FAILED, REFUSED, THINK, BotClient, BotRefused, GaveUp
from pokerhall.botclient.lobby import LobbyRefused
from pokerhall.engine.bots import Bot
from pokerhall.engine.events import JSON
from pokerhall.engine.rng import derive_seed

LEAVE_TIMEOUT = 3.0
"""Seconds each seat's leave may take when the arena stops mid-game."""
MAX_NAME = 40
"""The longest seat name a server takes (`server.people.names.MAX_NAME_CHARS`)."""


class ServerRefused(ArenaError):
    """The server would not open a game's table or give one of its seats, or cannot be
    reached, or a seat's client could not play there."""


@dataclass(frozen=True, slots=True)
class Server:
    """Where and how the arena's tables are played."""

    url: str
    """The server's address, `http://host:port`."""
    turn_clock: float | None = None
    """Seconds per move at each table (None: no clock)."""
    parallel: int = 1
    """Tables played at once."""
    think: float = THINK
    """Seconds a bot may think before its client sends the prompt's default move."""


def run(
    jobs: Sequence[Job], server: Server, on_game: Callable[[Outcome], None] = lambda o: None
) -> list[Outcome]:
    """Every job played as a table on `server` (up to `server.parallel` at once); the outcomes
    in the jobs' order."""
    try:
        lobby.base_url(server.url)
    except ValueError as exc:
        raise ServerRefused(str(exc)) from None
    return asyncio.run(_run_all(jobs, server, on_game))


async def _run_all(
    jobs: Sequence[Job], server: Server, on_game: Callable[[Outcome], None]
) -> list[Outcome]:
    gate = asyncio.Semaphore(max(1, server.parallel))

    async def one(job: Job) -> Outcome:
        async with gate:
            outcome = await play_table(job, server)
        on_game(outcome)
        return outcome

    tasks = [asyncio.create_task(one(job)) for job in jobs]
    try:
        failed = await _first_failure(tasks)
    finally:
        await _cancel(tasks)
    if failed is not None:
        raise failed[1]
    return sorted((task.result() for task in tasks), key=lambda outcome: outcome.index)


async def play_table(job: Job, server: Server) -> Outcome:
    """One game as a table on the server, from its opening to its result."""
    seed = game_seed(job.seed, job.index)
    seats = seating(job.index, len(job.bots), job.players)
    game = f"game {job.index + 1}"

    def where(seat: int) -> str:
        return f"{game}, seat {seat + 1} ({job.labels[seats[seat]]})"

    body: JSON = {
        "game": job.game,
        "name": f"Arena {game}",
        "options": dict(job.options),
        "seats": job.players,
        "bots": 0,
        "turn_clock": server.turn_clock,
        "bot_delay": 0.0,
        "result_pause": 0.0,
    }
    try:
        table = await asyncio.to_thread(lobby.open_table, server.url, body)
    except LobbyRefused as exc:
        why = f"the server at {server.url} refused the table: {exc}" if exc.status else exc
        raise ServerRefused(f"{game}: {why}") from None
    table_id = str(table["id"])
    factories = [spec.factory() for spec in job.bots]
    socket = lobby.socket_url(server.url, table_id)
    clients: list[BotClient] = []
    watched: list[Watched] = []
    for seat, bot in enumerate(seats):
        name = seat_name(job.labels[bot], seat)
        try:
            taken = await asyncio.to_thread(lobby.join, server.url, table_id, name)
        except LobbyRefused as exc:
            _leave(server.url, table_id, clients)
            raise ServerRefused(
                f"{where(seat)}: the server refused the seat at table {table_id}: {exc}"
            ) from None
        if taken.seat != seat:
            raise ServerRefused(
                f"{where(seat)}: the server gave seat {taken.seat + 1} at table {table_id} "
                "(someone else sat down at the arena's table?)"
            )
        watched.append(Watched(factories[bot](derive_seed(seed, f"bot:{seat}"))))
        clients.append(BotClient(watched[-1], socket, taken.token, think=server.think))
    tasks = [asyncio.create_task(client.run()) for client in clients]
    try:
        failed = await _first_failure(tasks)
    except BaseException:  # interrupted (another table failed, Ctrl-C): give the seats up
        _leave(server.url, table_id, clients)
        raise
    finally:
        await _cancel(tasks)
    if failed is not None:
        _leave(server.url, table_id, clients)
        seat, error = failed
        raise ServerRefused(f"{where(seat)}: its bot client stopped: {_why(error)}") from error
    for seat, client in enumerate(clients):
        _check_moves(client, watched[seat], f"{where(seat)} at table {table_id}")
    return _outcome(job, seed, seats, table_id, await _result(server.url, table_id, game))


def _leave(url: str, table_id: str, clients: Sequence[BotClient]) -> None:
    """Give up the seats of a table the arena stops playing, so it is not left waiting for
    them: the game's bots take them over, or they resign (`POST .../leave`). Best effort, and
    quick: the arena is stopping anyway."""
    for client in clients:
        if client.result is None:
            with contextlib.suppress(LobbyRefused):
                lobby.leave(url, table_id, client.token, timeout=LEAVE_TIMEOUT)


def seat_name(label: str, seat: int) -> str:
    """The seat's name at the table: the bot's label and the seat, as in a local game."""
    suffix = f" ({seat + 1})"
    return label[: MAX_NAME - len(suffix)] + suffix


async def _first_failure(tasks: Sequence[asyncio.Task[Any]]) -> tuple[int, BaseException] | None:
    """Wait for every task, or for the first to fail: its index and exception (re-raised when
    it is the arena's own error, which already names its game and seat)."""
    if not tasks:
        return None
    done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_EXCEPTION)
    for index, task in enumerate(tasks):
        if task in done and not task.cancelled() and task.exception() is not None:
            exc = task.exception()
            assert exc is not None
            if isinstance(exc, ArenaError):
                raise exc
            return index, exc
    return None


async def _cancel(tasks: Sequence[asyncio.Task[Any]]) -> None:
    for task in tasks:
        task.cancel()
    for task in tasks:
        with contextlib.suppress(BaseException):
            await task


def _why(exc: BaseException) -> str:
    if isinstance(exc, BotRefused):
        return f"the server refused it: {exc}"
    if isinstance(exc, GaveUp):
        return str(exc)
    return f"{type(exc).__name__}: {exc}"


class Watched:
    """A seat's bot as its client sees it, keeping the first exception its `choose` raised
    (the client sends the prompt's default for it, and the arena stops after the game). Its
    other methods (`on_event`, `on_result`, ...) are the bot's own."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.error: str | None = None

    def choose(self, view: JSON, prompt: JSON) -> JSON:
        try:
            return self.bot.choose(view, prompt)
        except Exception as exc:
            if self.error is None:
                self.error = f"{type(exc).__name__}: {exc}"
            raise

    def __getattr__(self, name: str) -> Any:
        if name == "bot":  # not set yet (a copy being made): no recursion
            raise AttributeError(name)
        return getattr(self.bot, name)


def _check_moves(client: BotClient, bot: Watched, where: str) -> None:
    """A move the server refused, or a bot that failed to answer, stops the arena once the
    game is over, as an illegal move does in a local game: its figures would be the default
    move's."""
    moves = client.stats.moves
    refused = [index for index, move in enumerate(moves) if move.why == REFUSED]
    if refused and client.stats.refused:
        error = client.stats.refused[0]
        first = moves[refused[0] - 1].move if refused[0] else {}
        raise IllegalBotMove(
            f"{where}: the server refused its move {json.dumps(first)} ({error.get('reason')}); "
            f"the client sent the prompt's default instead {plural_times(len(refused))}"
        )
    failed = client.stats.defaults(FAILED)
    if failed:
        why = bot.error or "it answered something that is not a move"
        raise IllegalBotMove(
            f"{where}: the bot failed to choose a move ({why}) {plural_times(len(failed))}; "
            "the client sent the prompt's default instead"
        )


def plural_times(count: int) -> str:
    return "once" if count == 1 else f"{count} times"


async def _result(url: str, table_id: str, game: str) -> JSON:
    """The finished table's result, as the server tells it."""
    try:
        info = await asyncio.to_thread(lobby.table, url, table_id)
    except LobbyRefused as exc:
        raise ServerRefused(f"{game}: cannot read table {table_id}'s result: {exc}") from None
    result = info.get("result")
    if info.get("status") != "finished" or not isinstance(result, dict):
        raise ServerRefused(
            f"{game}: table {table_id} is {info.get('status')!r}, without a result, after its game"
        )
    return result


def _outcome(job: Job, seed: int, seats: tuple[int, ...], table: str, result: JSON) -> Outcome:
    places = tuple(int(place) for place in result["places"])
    winners = tuple(int(seat) for seat in result["winners"])
    rounds = result.get("rounds")
    hands = int(rounds) if isinstance(rounds, int) else 0
    return Outcome(job.index, seed, seats, places, winners, hands, capped=False, table=table)
