"""The arena (`pokerhall arena`): local bots play many games of one game in rotating seats, and
each gets its win rate with a 95 % Wilson interval, its fair share and an openskill rating.

Layer: above the games (like the CLI, which is its only caller besides the benchmarks); nothing
below imports it. `bots` resolves a bot spec (a level, an exploiter, `module:Class`), `play`
plays the games from each seat's own view, `remote` plays them as tables on a server through
the bot client (`--server`), `ratings` rates them, `exploiters` holds the
one-trick bots the lobby never offers. docs/arena.md is the user's guide.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pokerhall.arena import remote
from pokerhall.arena.bots import ArenaError, BotSpec, known_bots, resolve
from pokerhall.arena.play import (
    IllegalBotMove,
    Outcome,
    Standing,
    labels_for,
    make_jobs,
    run,
    win_shares,
)
from pokerhall.arena.ratings import rate
from pokerhall.arena.remote import Server, ServerRefused
from pokerhall.arena.stats import wilson

__all__ = [
    "ArenaError",
    "ArenaRun",
    "BotSpec",
    "IllegalBotMove",
    "Server",
    "ServerRefused",
    "known_bots",
    "resolve",
    "run_arena",
]


@dataclass(frozen=True, slots=True)
class ArenaRun:
    outcomes: list[Outcome]
    standings: list[Standing]
    """Best first: by rating (ordinal), then win rate."""


def run_arena(
    game: str,
    specs: Sequence[str],
    *,
    players: int,
    options: Mapping[str, Any],
    games_count: int,
    seed: int,
    max_hands: int = 300,
    workers: int = 1,
    on_game: Callable[[Outcome], None] = lambda outcome: None,
    server: Server | None = None,
) -> ArenaRun:
    """Play `games_count` games of `game` between the bots of `specs`, here or (with `server`)
    as tables on a server; raises ArenaError for a bot spec that means nothing,
    IllegalBotMove for a move the game refused and ServerRefused for a table or seat the
    server would not give, or a seat's client that could not play."""
    if not specs:
        raise ArenaError("the arena needs at least one bot")
    bots = [resolve(game, spec) for spec in specs]
    name = bots[0].game
    jobs = make_jobs(
        name,
        bots,
        players=players,
        options=options,
        games_count=games_count,
        seed=seed,
        max_hands=max_hands,
    )
    played = run(jobs, workers, on_game) if server is None else remote.run(jobs, server, on_game)
    return ArenaRun(played, standings(played, [bot.spec for bot in bots]))


def standings(outcomes: Sequence[Outcome], specs: Sequence[str]) -> list[Standing]:
    """Each bot's figures over the games it sat in (all of them unless there were more bots
    than seats)."""
    count = len(specs)
    labels = labels_for(specs)
    ratings = rate(outcomes, count)
    wins = [0.0] * count
    fair = [0.0] * count
    played = [0] * count
    seats = [0] * count
    for outcome in outcomes:
        for bot, share in enumerate(win_shares(outcome, count)):
            wins[bot] += share
        for bot in set(outcome.seating):
            played[bot] += 1
        for bot in outcome.seating:
            seats[bot] += 1
            fair[bot] += 1 / len(outcome.seating)
    out = []
    for bot in range(count):
        n = played[bot]
        low, high = wilson(round(wins[bot]), n)
        out.append(
            Standing(
                label=labels[bot],
                spec=specs[bot],
                games=played[bot],
                seats=seats[bot],
                wins=wins[bot],
                rate=wins[bot] / n if n else 0.0,
                low=low,
                high=high,
                fair=fair[bot] / n if n else 0.0,
                mu=ratings[bot].mu,
                sigma=ratings[bot].sigma,
                ordinal=ratings[bot].ordinal,
            )
        )
    return sorted(out, key=lambda s: (-s.ordinal, -s.rate, s.label))
