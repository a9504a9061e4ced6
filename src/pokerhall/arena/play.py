"""Playing the arena's games: bots in rotating seats, each asked through `engine.bots.bot_move`
(its own seat's view and prompt, and the game's briefing), as the server and the CLI ask them.

Game k (from 0) has seed `seed + k` and seats bot `(s + k) mod B` in seat s (B bots), so over B
games every bot sits in every seat, and every bot's own seed is derived from the game's seed and
its seat: a run is determined by its bots, options, player count, game count and seed, whatever
the number of worker processes. A game is the game's whole match; QuizPoker plays until one
player has every chip, so at most `max_hands` hands (rounds) are played, after which the
biggest stacks (or the game's standings) decide the places.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pokerhall import games
from pokerhall.arena.bots import ArenaError, BotSpec
from pokerhall.engine.bots import Bot, bot_move
from pokerhall.engine.errors import IllegalMove
from pokerhall.engine.events import JSON, ROUND_STARTED
from pokerhall.engine.protocol import Game
from pokerhall.engine.results import places_from_standings
from pokerhall.engine.rng import MAX_SEED, derive_seed

MAX_WORKERS = 2
"""The machine's two cores are shared: never more processes than this."""


class IllegalBotMove(ArenaError):
    """A bot's move the game refused (or a bot that failed to move): the arena stops with the
    game, seat and move rather than skew its figures."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """One game: which bot (by index) sat where, each seat's place, the winners."""

    index: int
    seed: int
    seating: tuple[int, ...]
    """The bot (index into the arena's bots) in each seat."""
    places: tuple[int, ...]
    """Each seat's place (1 is first; ties share a place)."""
    winners: tuple[int, ...]
    """The winning seats."""
    hands: int
    capped: bool
    """The hand cap ended the game; the places are the stacks' (or standings') order."""
    table: str | None = None
    """The table's id on the server that played it (`--server`); None for a local game."""


@dataclass(frozen=True, slots=True)
class Job:
    game: str
    bots: tuple[BotSpec, ...]
    labels: tuple[str, ...]
    players: int
    options: tuple[tuple[str, Any], ...]
    seed: int
    index: int
    max_hands: int


def seating(index: int, bots: int, players: int) -> tuple[int, ...]:
    """The bots by seat in game `index`: bot (seat + index) mod bots, so seats rotate."""
    return tuple((seat + index) % bots for seat in range(players))


def game_seed(seed: int, index: int) -> int:
    return (seed + index) % (MAX_SEED + 1)


def play_game(job: Job) -> Outcome:
    """Play one game to its end (or the hand cap); raises IllegalBotMove naming the game, seed,
    seat, bot and move when the game refuses a bot's move."""
    seed = game_seed(job.seed, job.index)
    seats = seating(job.index, len(job.bots), job.players)
    names = [f"{job.labels[bot]} ({seat + 1})" for seat, bot in enumerate(seats)]
    state: Game[Any] = games.create(job.game, names, dict(job.options), seed)
    factories = [spec.factory() for spec in job.bots]
    players: dict[int, Bot] = {
        seat: factories[bot](derive_seed(seed, f"bot:{seat}")) for seat, bot in enumerate(seats)
    }
    hands = sum(event.type == ROUND_STARTED for event in state.events)
    capped = False
    while not state.over:
        if hands > job.max_hands:
            capped = True
            break
        seat, prompt = min(state.pending().items())
        where = f"game {job.index + 1} (seed {seed}), seat {seat + 1} ({job.labels[seats[seat]]})"
        try:
            move = bot_move(players[seat], state, seat, prompt)
        except Exception as exc:
            raise IllegalBotMove(
                f"{where} failed to choose a move for a {prompt.get('type')} prompt: "
                f"{type(exc).__name__}: {exc}"
            ) from exc
        try:
            events = state.act(seat, move)
        except IllegalMove as exc:
            raise IllegalBotMove(
                f"{where} played an illegal move {move!r} to a {prompt.get('type')} prompt: "
                f"{exc.reason}"
            ) from None
        hands += sum(event.type == ROUND_STARTED for event in events)
    places, winners = result_places(state)
    return Outcome(job.index, seed, seats, places, winners, min(hands, job.max_hands), capped)


def result_places(state: Game[Any]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each seat's place and the winners: the game's result, or at the hand cap the stacks'
    order (ties share), or else the standings the game shows."""
    result = state.result
    if result is not None:
        places = tuple(int(place) for place in result["places"])
        return places, tuple(int(seat) for seat in result["winners"])
    view = state.view(None)
    players = view.get("players") or []
    if players and all("stack" in player for player in players):
        stacks = [int(player["stack"]) for player in players]
        places = tuple(1 + sum(other > mine for other in stacks) for mine in stacks)
    else:
        standings = [int(seat) for seat in view.get("standings") or range(state.num_seats)]
        places = tuple(places_from_standings(standings))
    return places, tuple(seat for seat, place in enumerate(places) if place == 1)


def run(
    jobs: Sequence[Job], workers: int, on_game: Callable[[Outcome], None] = lambda o: None
) -> list[Outcome]:
    """Every job's outcome, in the jobs' order, with up to `MAX_WORKERS` processes."""
    workers = max(1, min(workers, MAX_WORKERS, len(jobs)))
    outcomes: list[Outcome] = []
    if workers == 1:
        for job in jobs:
            outcomes.append(play_game(job))
            on_game(outcomes[-1])
        return outcomes
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        results: Iterator[Outcome] = pool.imap(play_game, jobs, chunksize=2)
        for outcome in results:
            outcomes.append(outcome)
            on_game(outcome)
    return outcomes


@dataclass(frozen=True, slots=True)
class Standing:
    """One bot's figures over the arena's games."""

    label: str
    spec: str
    games: int
    """Games it had a seat in."""
    seats: int
    wins: float
    """Its share of each game's winners (1, 0, or its part of a tie), summed."""
    rate: float
    low: float
    high: float
    """The 95 % Wilson interval of the win rate."""
    fair: float
    """Its mean share of the seats per game: the win rate of an equally strong bot."""
    mu: float
    sigma: float
    ordinal: float


def labels_for(specs: Sequence[str]) -> tuple[str, ...]:
    """Each bot's label: its spec (a bot of your own by its class's name), with `#2`, `#3` on
    the repeats of one label."""
    seen: dict[str, int] = {}
    out: list[str] = []
    for spec in specs:
        label = spec.rpartition(":")[2] or spec
        seen[label] = seen.get(label, 0) + 1
        out.append(label if seen[label] == 1 else f"{label} #{seen[label]}")
    return tuple(out)


def make_jobs(
    game: str,
    bots: Sequence[BotSpec],
    *,
    players: int,
    options: Mapping[str, Any],
    games_count: int,
    seed: int,
    max_hands: int,
) -> list[Job]:
    labels = labels_for([bot.spec for bot in bots])
    frozen = tuple(sorted(options.items()))
    return [
        Job(game, tuple(bots), labels, players, frozen, seed, index, max_hands)
        for index in range(games_count)
    ]


def win_shares(outcome: Outcome, bots: int) -> list[float]:
    """Each bot's share of the game's winners."""
    shares = [0.0] * bots
    for seat in outcome.winners:
        shares[outcome.seating[seat]] += 1 / len(outcome.winners)
    return shares


def summary_json(standings: Sequence[Standing], outcomes: Sequence[Outcome]) -> JSON:
    return {
        "games": len(outcomes),
        "capped": sum(o.capped for o in outcomes),
        "bots": [
            {
                "bot": s.label,
                "spec": s.spec,
                "games": s.games,
                "seats": s.seats,
                "wins": s.wins,
                "win_rate": s.rate,
                "interval": [s.low, s.high],
                "fair_share": s.fair,
                "mu": s.mu,
                "sigma": s.sigma,
                "ordinal": s.ordinal,
            }
            for s in standings
        ],
    }
