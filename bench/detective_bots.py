"""Detective Poker bot strength: each bot level against the level below it.

Each table seats one bot of the higher level and bots of the level below (`sampler` against
`random`, `expert` against `sampler`), the higher bot's seat rotating from game to game. A game
is the whole match (two rounds, X1). The higher bot's win rate (a shared victory, X8, counts as
a win) is printed with a 95% Wilson score interval beside its fair share, and its average
margin in points over the others' mean with a 95% normal interval; also the higher bot's time
per decision.

    python bench/detective_bots.py [--games 1000] [--players 3] [--workers 2]
"""

from __future__ import annotations

import argparse
import itertools
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pokerhall import games

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script or module
from bench.stats import Z95, wilson

LEVELS = ("random", "sampler", "expert")


@dataclass(frozen=True, slots=True)
class Outcome:
    won: bool
    shared: bool
    margin: float
    decisions: int
    seconds: float


def play_one(high: str, low: str, players: int, index: int) -> Outcome:
    hero = index % players
    seed = 7_000_003 * players + index
    state = games.create("detective", players, seed=seed)
    bots = {
        s: games.make_bot("detective", high if s == hero else low, seed + s) for s in range(players)
    }
    decisions, seconds = 0, 0.0
    while not state.over:
        seat, prompt = next(iter(state.pending().items()))
        view = state.view(seat)
        started = time.perf_counter()
        move = bots[seat].choose(view, prompt)
        if seat == hero:
            seconds += time.perf_counter() - started
            decisions += 1
        state.act(seat, move)
    result = state.result
    assert result is not None
    scores = result["scores"]
    others = [scores[s] for s in range(players) if s != hero]
    return Outcome(
        won=hero in result["winners"],
        shared=hero in result["winners"] and len(result["winners"]) > 1,
        margin=scores[hero] - sum(others) / len(others),
        decisions=decisions,
        seconds=seconds,
    )


def _job(args: tuple[str, str, int, int]) -> Outcome:
    return play_one(*args)


def run(high: str, low: str, players: int, n_games: int, workers: int) -> list[Outcome]:
    jobs = [(high, low, players, i) for i in range(n_games)]
    if workers <= 1:
        return [_job(job) for job in jobs]
    with multiprocessing.Pool(workers) as pool:
        return list(pool.imap(_job, jobs, chunksize=10))


def report(high: str, low: str, players: int, outcomes: list[Outcome], seconds: float) -> str:
    n = len(outcomes)
    wins = sum(o.won for o in outcomes)
    low_ci, high_ci = wilson(wins, n)
    margins = [o.margin for o in outcomes]
    mean = statistics.fmean(margins) if margins else 0.0
    half = Z95 * statistics.stdev(margins) / math.sqrt(n) if n > 1 else 0.0
    per = sum(o.seconds for o in outcomes) / max(sum(o.decisions for o in outcomes), 1)
    return "\n".join(
        [
            f"{high} vs {low}: {players} players (1 {high}, {players - 1} {low}), {n} games",
            f"  {high} wins {wins}/{n} = {wins / max(n, 1):.1%}  95% CI [{low_ci:.1%}, "
            f"{high_ci:.1%}]  (fair share {1 / players:.1%}; {sum(o.shared for o in outcomes)}"
            " shared)",
            f"  margin {mean:+.2f} points a game  95% CI [{mean - half:+.2f}, {mean + half:+.2f}]",
            f"  {high} decision {per * 1e3:.1f} ms on average, {seconds:.1f} s",
        ]
    )


def main(argv: list[str] | None = None, out: Callable[[str], None] = print) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games per pairing")
    parser.add_argument("--players", type=int, default=3, choices=(3, 4))
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    args = parser.parse_args(argv)
    out(f"detective bot strength: {args.games} games per pairing, {args.players} players")
    clear = True
    for low, high in itertools.pairwise(LEVELS):
        started = time.perf_counter()
        outcomes = run(high, low, args.players, args.games, args.workers)
        out(report(high, low, args.players, outcomes, time.perf_counter() - started))
        wins = sum(o.won for o in outcomes)
        clear = clear and wilson(wins, len(outcomes))[0] > 1 / args.players
    out("each level beats the one below: " + ("yes" if clear else "NOT CLEARLY"))
    return 0 if clear else 1


if __name__ == "__main__":
    sys.exit(main())
