"""`pokerhall simulate`: bots play each other for a number of hands, and we count what happened.

For benchmarking bots and the engine. A run is fully determined by its seed: game k (from 0)
uses seed + k, and every bot's seed is derived from its game's seed and seat.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from pokerhall import games
from pokerhall.cli.common import (
    USAGE_ERROR,
    fail,
    game_info,
    game_options,
    make_console,
    plural,
)
from pokerhall.cli.seam import TerminalGame, terminal_for
from pokerhall.cli.seating import BotFailure, bot_turn, seat_bots
from pokerhall.engine.errors import PokerhallError
from pokerhall.engine.events import JSON, ROUND_STARTED, Event
from pokerhall.engine.record import MatchRecord
from pokerhall.engine.rng import MAX_SEED


@dataclass
class Tally:
    """What the simulation counts; rounds are counted when they end."""

    seats: int
    rounds: int = 0
    games: int = 0
    games_finished: int = 0
    game_wins: list[int] = field(default_factory=list)
    round_wins: list[int] = field(default_factory=list)
    totals: dict[str, float] = field(default_factory=dict)
    """Sums over the rounds of the numbers the game's terminal module reports per round."""

    def __post_init__(self) -> None:
        self.game_wins = self.game_wins or [0] * self.seats
        self.round_wins = self.round_wins or [0] * self.seats


@dataclass
class RoundTracker:
    """Follows the event stream and closes a round at the next round start or the game's end;
    what a round's events mean (who won it, what to count) is the game's to say."""

    tally: Tally
    terminal: TerminalGame
    events: list[Event] | None = None
    """The open round's events, None before the first round starts."""

    def feed(self, events: Sequence[Event]) -> int:
        """Take in events; returns how many rounds they ended."""
        ended = 0
        for event in events:
            if event.type in (ROUND_STARTED, "game_over") and self.events is not None:
                self._close(self.events)
                ended += 1
            if event.type == ROUND_STARTED:
                self.events = []
            if self.events is not None:
                self.events.append(event)
        return ended

    def _close(self, events: list[Event]) -> None:
        t = self.tally
        winners, facts = self.terminal.round_facts(events)
        t.rounds += 1
        for seat in winners:
            t.round_wins[seat] += 1
        for key, value in facts.items():
            t.totals[key] = t.totals.get(key, 0.0) + value
        self.events = None


def run_simulation(
    *,
    game: str,
    kinds: Sequence[str],
    rounds: int,
    seed: int,
    options: JSON,
    terminal: TerminalGame,
    on_round: Callable[[int], None] = lambda ended: None,
) -> tuple[Tally, list[MatchRecord]]:
    """Play games until `rounds` rounds have ended; raises PokerhallError or BotFailure."""
    players = [f"{kind.capitalize()} {seat + 1}" for seat, kind in enumerate(kinds)]
    tally = Tally(len(players))
    records: list[MatchRecord] = []
    while tally.rounds < rounds:
        game_seed = (seed + tally.games) % (MAX_SEED + 1)
        state = games.create(game, players, options, game_seed)
        bots = seat_bots(state.name, dict(enumerate(kinds)), game_seed)
        tally.games += 1
        tracker = RoundTracker(tally, terminal)
        before = tally.rounds
        on_round(tracker.feed(state.events))
        while not state.over and tally.rounds < rounds:
            seat = min(state.pending())
            on_round(tracker.feed(bot_turn(state, seat, bots[seat])))
        if tally.rounds == before:  # else the next game would count none either, for ever
            raise PokerhallError(f"{game} played a match without a {ROUND_STARTED!r} event")
        result = state.result
        if result is not None:
            tally.games_finished += 1
            for winner in result.get("winners") or []:
                tally.game_wins[int(winner)] += 1
        records.append(state.record())
    return tally, records


def summary(tally: Tally, *, game: str, seed: int, kinds: Sequence[str], seconds: float) -> JSON:
    by_kind: dict[str, dict[str, int]] = {}
    for seat, kind in enumerate(kinds):
        entry = by_kind.setdefault(kind, {"seats": 0, "game_wins": 0, "round_wins": 0})
        entry["seats"] += 1
        entry["game_wins"] += tally.game_wins[seat]
        entry["round_wins"] += tally.round_wins[seat]
    rounds = tally.rounds
    return {
        "game": game,
        "seed": seed,
        "players": len(kinds),
        "bots": list(kinds),
        "rounds": rounds,
        "games": tally.games,
        "games_finished": tally.games_finished,
        "game_wins_by_seat": list(tally.game_wins),
        "round_wins_by_seat": list(tally.round_wins),
        "by_bot_kind": by_kind,
        "per_round": {
            key: round(total / rounds, 4) if rounds else 0.0
            for key, total in sorted(tally.totals.items())
        },
        "seconds": round(seconds, 3),
        "rounds_per_second": round(rounds / seconds, 1) if seconds > 0 else None,
    }


def save_paths(path: Path, count: int) -> list[Path]:
    """Game 1 goes to `path`; later games of the run next to it as NAME-game2.json, ..."""
    return [path] + [
        path.with_name(f"{path.stem}-game{k}{path.suffix}") for k in range(2, count + 1)
    ]


def simulate(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="The game or one of its aliases.")],
    players: Annotated[int, typer.Option(min=2, help="Number of seats.")] = 6,
    rounds: Annotated[
        int, typer.Option("--rounds", "--hands", min=1, help="Rounds (hands) to play in all.")
    ] = 100,
    seed: Annotated[int, typer.Option(min=0, help="Seed of the first game.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    bots: Annotated[
        str | None, typer.Option(help="Bot kinds by seat, comma separated, repeated to fill.")
    ] = None,
    ruleset: Annotated[str | None, typer.Option(help="One of the game's rulesets.")] = None,
    save: Annotated[Path | None, typer.Option(help="Write the match records here.")] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="A game option as KEY=VALUE.")
    ] = None,
) -> None:
    """Let bots play each other and summarise the results.

    A game may add flags of its own (a question language, say); see `pokerhall games`.
    """
    info = game_info(game)
    terminal = terminal_for(info)
    options = game_options(
        info,
        game,
        ruleset=ruleset,
        extra=option or [],
        flags=terminal.flags,
        flag_value=terminal.flag_value,
        args=ctx.args,
        players=players,
    )
    kinds = _kinds_by_seat(info.name, bots, players)
    console = make_console(stderr=True)
    start = time.perf_counter()
    progress = Progress(
        TextColumn("Simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        disable=as_json,
        transient=True,
    )
    try:
        with progress:
            task = progress.add_task("rounds", total=rounds)
            tally, records = run_simulation(
                game=info.name,
                kinds=kinds,
                rounds=rounds,
                seed=seed,
                options=options,
                terminal=terminal,
                on_round=lambda ended: progress.advance(task, ended),
            )
    except PokerhallError as exc:
        fail(str(exc), USAGE_ERROR)
    except BotFailure as exc:
        fail(str(exc), USAGE_ERROR)
    result = summary(
        tally, game=info.name, seed=seed, kinds=kinds, seconds=time.perf_counter() - start
    )
    if save is not None:
        result["saved"] = _save(records, save)
    if as_json:
        typer.echo(json.dumps(result))
    else:
        _print_summary(result)


def _kinds_by_seat(game: str, bots: str | None, players: int) -> list[str]:
    try:
        available = games.bot_kinds(game)
    except PokerhallError as exc:
        fail(str(exc), USAGE_ERROR)
    wanted = [kind.strip() for kind in bots.split(",") if kind.strip()] if bots else available
    if not wanted:
        fail(f"{game} has no bots to simulate with", USAGE_ERROR)
    unknown = [kind for kind in wanted if kind not in available]
    if unknown:
        fail(
            f"{game} has no {unknown[0]!r} bot; choose from {', '.join(available) or 'none'}",
            USAGE_ERROR,
        )
    return [wanted[seat % len(wanted)] for seat in range(players)]


def _save(records: Sequence[MatchRecord], path: Path) -> list[str]:
    paths = save_paths(path, len(records))
    try:
        for record, target in zip(records, paths, strict=True):
            record.save(target)
    except OSError as exc:
        fail(f"cannot save the match records: {exc}")
    return [str(target) for target in paths]


def _print_summary(result: dict[str, Any]) -> None:
    console = make_console()
    console.print(
        f"{plural(result['rounds'], 'round')} in {plural(result['games'], 'game')} "
        f"({result['games_finished']} finished), seed {result['seed']}",
        markup=False,
    )
    table = Table(title="By seat", title_justify="left")
    for column in ("Seat", "Bot", "Games won", "Rounds won"):
        table.add_column(column, justify="left" if column == "Bot" else "right")
    for seat, kind in enumerate(result["bots"]):
        table.add_row(
            str(seat + 1),
            kind,
            str(result["game_wins_by_seat"][seat]),
            str(result["round_wins_by_seat"][seat]),
        )
    console.print(table)
    kinds = Table(title="By bot kind", title_justify="left")
    for column in ("Bot", "Seats", "Games won", "Rounds won"):
        kinds.add_column(column, justify="left" if column == "Bot" else "right")
    for kind, entry in result["by_bot_kind"].items():
        kinds.add_row(kind, *(str(entry[k]) for k in ("seats", "game_wins", "round_wins")))
    console.print(kinds)
    facts = [f"{key.replace('_', ' ')} {value:,}" for key, value in result["per_round"].items()]
    speed = result["rounds_per_second"]
    facts.append(f"{speed:,.0f} rounds/second" if speed is not None else "too fast to time")
    console.print(" · ".join(facts).capitalize(), markup=False)
    for path in result.get("saved", []):
        console.print(f"Saved {path}", markup=False, soft_wrap=True)
