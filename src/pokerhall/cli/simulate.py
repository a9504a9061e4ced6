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
    game_options,
    make_console,
    plural,
)
from pokerhall.cli.seating import BotFailure, bot_turn, seat_bots
from pokerhall.engine.errors import PokerhallError
from pokerhall.engine.events import JSON, ROUND_STARTED, Event
from pokerhall.engine.record import MatchRecord
from pokerhall.engine.rng import MAX_SEED


@dataclass
class Tally:
    """What the simulation counts; hands are counted when they end."""

    seats: int
    hands: int = 0
    games: int = 0
    games_finished: int = 0
    game_wins: list[int] = field(default_factory=list)
    hand_wins: list[int] = field(default_factory=list)
    chips_awarded: int = 0
    showdowns: int = 0

    def __post_init__(self) -> None:
        self.game_wins = self.game_wins or [0] * self.seats
        self.hand_wins = self.hand_wins or [0] * self.seats


@dataclass
class HandTracker:
    """Follows the event stream and closes a hand at the next round_started or game_over."""

    tally: Tally
    open: bool = False
    pot: int = 0
    showdown: bool = False
    winners: set[int] = field(default_factory=set)

    def feed(self, events: Sequence[Event]) -> int:
        """Take in events; returns how many hands they ended."""
        ended = 0
        for event in events:
            if event.type in (ROUND_STARTED, "game_over") and self.open:
                self._close()
                ended += 1
            if event.type == ROUND_STARTED:
                self.open, self.pot, self.showdown, self.winners = True, 0, False, set()
            elif event.type == "showdown":
                self.showdown = True
            elif event.type == "pot_awarded":
                self.pot += int(event.data["amount"])
                self.winners |= {int(seat) for seat in event.data["shares"]}
        return ended

    def _close(self) -> None:
        t = self.tally
        t.hands += 1
        t.chips_awarded += self.pot
        t.showdowns += self.showdown
        for seat in self.winners:
            t.hand_wins[seat] += 1
        self.open = False


def run_simulation(
    *,
    game: str,
    kinds: Sequence[str],
    hands: int,
    seed: int,
    options: JSON,
    on_hand: Callable[[int], None] = lambda ended: None,
) -> tuple[Tally, list[MatchRecord]]:
    """Play games until `hands` hands have ended; raises PokerhallError or BotFailure."""
    players = [f"{kind.capitalize()} {seat + 1}" for seat, kind in enumerate(kinds)]
    tally = Tally(len(players))
    records: list[MatchRecord] = []
    while tally.hands < hands:
        game_seed = (seed + tally.games) % (MAX_SEED + 1)
        state = games.create(game, players, options, game_seed)
        bots = seat_bots(state.name, dict(enumerate(kinds)), game_seed)
        tally.games += 1
        tracker = HandTracker(tally)
        on_hand(tracker.feed(state.events))
        while not state.over and tally.hands < hands:
            seat = min(state.pending())
            on_hand(tracker.feed(bot_turn(state, seat, bots[seat])))
        result = state.result
        if result is not None:
            tally.games_finished += 1
            for winner in result["winners"]:
                tally.game_wins[winner] += 1
        records.append(state.record())
    return tally, records


def summary(tally: Tally, *, game: str, seed: int, kinds: Sequence[str], seconds: float) -> JSON:
    by_kind: dict[str, dict[str, int]] = {}
    for seat, kind in enumerate(kinds):
        entry = by_kind.setdefault(kind, {"seats": 0, "game_wins": 0, "hand_wins": 0})
        entry["seats"] += 1
        entry["game_wins"] += tally.game_wins[seat]
        entry["hand_wins"] += tally.hand_wins[seat]
    hands = tally.hands
    return {
        "game": game,
        "seed": seed,
        "players": len(kinds),
        "bots": list(kinds),
        "hands": hands,
        "games": tally.games,
        "games_finished": tally.games_finished,
        "game_wins_by_seat": list(tally.game_wins),
        "hand_wins_by_seat": list(tally.hand_wins),
        "by_bot_kind": by_kind,
        "average_pot": round(tally.chips_awarded / hands, 2) if hands else 0.0,
        "showdown_rate": round(tally.showdowns / hands, 4) if hands else 0.0,
        "seconds": round(seconds, 3),
        "hands_per_second": round(hands / seconds, 1) if seconds > 0 else None,
    }


def save_paths(path: Path, count: int) -> list[Path]:
    """Game 1 goes to `path`; later games of the run next to it as NAME-game2.json, ..."""
    return [path] + [
        path.with_name(f"{path.stem}-game{k}{path.suffix}") for k in range(2, count + 1)
    ]


def simulate(
    game: Annotated[str, typer.Argument(help="The game, e.g. quizpoker or duell.")],
    players: Annotated[int, typer.Option(min=2, help="Number of seats.")] = 6,
    hands: Annotated[int, typer.Option(min=1, help="Question rounds to play in all.")] = 100,
    seed: Annotated[int, typer.Option(min=0, help="Seed of the first game.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    bots: Annotated[
        str | None, typer.Option(help="Bot kinds by seat, comma separated, repeated to fill.")
    ] = None,
    ruleset: Annotated[str | None, typer.Option(help="quizpoker or duell.")] = None,
    lang: Annotated[str | None, typer.Option(help="Question language, e.g. en or de.")] = None,
    questions: Annotated[Path | None, typer.Option(help="A question pack (.jsonl).")] = None,
    save: Annotated[Path | None, typer.Option(help="Write the match records here.")] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="A game option as KEY=VALUE.")
    ] = None,
) -> None:
    """Let bots play each other and summarise the results."""
    options = game_options(ruleset=ruleset, language=lang, questions=questions, extra=option or [])
    kinds = _kinds_by_seat(game, bots, players)
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
            task = progress.add_task("hands", total=hands)
            tally, records = run_simulation(
                game=game,
                kinds=kinds,
                hands=hands,
                seed=seed,
                options=options,
                on_hand=lambda ended: progress.advance(task, ended),
            )
    except PokerhallError as exc:
        fail(str(exc), USAGE_ERROR)
    except BotFailure as exc:
        fail(str(exc), USAGE_ERROR)
    result = summary(tally, game=game, seed=seed, kinds=kinds, seconds=time.perf_counter() - start)
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
        f"{plural(result['hands'], 'hand')} in {plural(result['games'], 'game')} "
        f"({result['games_finished']} finished), seed {result['seed']}",
        markup=False,
    )
    table = Table(title="By seat", title_justify="left")
    for column in ("Seat", "Bot", "Games won", "Hands won"):
        table.add_column(column, justify="left" if column == "Bot" else "right")
    for seat, kind in enumerate(result["bots"]):
        table.add_row(
            str(seat + 1),
            kind,
            str(result["game_wins_by_seat"][seat]),
            str(result["hand_wins_by_seat"][seat]),
        )
    console.print(table)
    kinds = Table(title="By bot kind", title_justify="left")
    for column in ("Bot", "Seats", "Games won", "Hands won"):
        kinds.add_column(column, justify="left" if column == "Bot" else "right")
    for kind, entry in result["by_bot_kind"].items():
        kinds.add_row(kind, *(str(entry[k]) for k in ("seats", "game_wins", "hand_wins")))
    console.print(kinds)
    speed = result["hands_per_second"]
    console.print(
        f"Average pot {result['average_pot']:,.1f} · showdown rate "
        f"{result['showdown_rate']:.1%} · "
        + (f"{speed:,.0f} hands/second" if speed is not None else "too fast to time"),
        markup=False,
    )
    for path in result.get("saved", []):
        console.print(f"Saved {path}", markup=False, soft_wrap=True)
