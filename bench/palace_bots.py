"""Palace bot levels: how clearly each beats the one below, and what a decision costs.

Every hand is a game of its own (`hands_per_session` 1, everyone starting with the same stack),
so hands are independent samples. The two levels of a pairing alternate round the table (with
four players: upper, lower, upper, lower), and from hand to hand the pattern turns one seat, so
each level sits everywhere; the first dealer is drawn by the game (P3). Per hand the script
records the upper level's win rate (its share of the hand's pot: 1, 0, or a split's part;
break-even one half, its share of the seats) and its net chips per upper seat (break-even 0), and
prints both means with 95% confidence intervals (normal, over hands). The score of the game is
chips, so "beats clearly" means the chip rate's whole interval is above 0; the win rate can be
below one half for a level that wins on chips (it gives up small pots and wins big ones).
Every decision of every bot is timed around `choose`, by the wall clock and by the thread's CPU
time, and the mean and 99th percentile of each are printed per level: the budget is 50 ms per
decision; on a busy machine the wall figure includes waiting for a core.

    python bench/palace_bots.py [--hands 1000] [--players 4] [--workers 2] [--seed 1]
"""

from __future__ import annotations

import argparse
import itertools
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from pokerhall import games
from pokerhall.engine.errors import IllegalMove
from pokerhall.games.palace.bots import BOTS

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script or module
from bench.stats import mean_ci

LEVELS = list(BOTS)
"""Weakest first: each pairing is a level against the one before it."""


@dataclass(frozen=True, slots=True)
class Job:
    upper: str
    lower: str
    players: int
    index: int
    seed: int
    options: tuple[tuple[str, object], ...]


@dataclass(slots=True)
class HandOutcome:
    share: float
    """The upper level's share of the chips paid out by the pot."""
    chips: float
    """The upper level's net chips per upper seat."""
    times: dict[str, list[float]] = field(default_factory=dict)
    """Seconds per decision (wall clock), by level."""
    cpu: dict[str, list[float]] = field(default_factory=dict)
    """CPU seconds per decision (this thread's), by level: the figure a busy machine bends
    least."""


def seating(job: Job) -> list[str]:
    """Levels alternate round the table, turned one seat per hand."""
    return [job.upper if (seat + job.index) % 2 == 0 else job.lower for seat in range(job.players)]


def play_hand(job: Job) -> HandOutcome:
    levels = seating(job)
    seed = job.seed * 1_000_003 + job.index
    options = {"hands_per_session": 1, **dict(job.options)}
    game = games.create("palace", job.players, options, seed=seed)
    bots = {seat: BOTS[level](seed * 16 + seat) for seat, level in enumerate(levels)}
    start = list(game.stacks)
    times: dict[str, list[float]] = {job.upper: [], job.lower: []}
    cpu: dict[str, list[float]] = {job.upper: [], job.lower: []}
    while not game.over:
        seat, asked = next(iter(game.pending().items()))
        view = game.view(seat)
        began, began_cpu = time.perf_counter(), time.thread_time()
        move = bots[seat].choose(view, asked)
        times[levels[seat]].append(time.perf_counter() - began)
        cpu[levels[seat]].append(time.thread_time() - began_cpu)
        try:
            game.act(seat, move)
        except IllegalMove as exc:  # a bot bug: stop loudly rather than skew the figures
            raise RuntimeError(f"hand {job.index}: seat {seat} played {move}: {exc}") from exc
    upper = [seat for seat, level in enumerate(levels) if level == job.upper]
    paid: dict[int, int] = {}
    for award in game.view(None)["hand"]["awards"]:
        for seat, chips in award["shares"].items():
            paid[int(seat)] = paid.get(int(seat), 0) + int(chips)
    total = sum(paid.values())
    share = sum(paid.get(seat, 0) for seat in upper) / total if total else len(upper) / job.players
    net = sum(game.stacks[seat] - start[seat] for seat in upper) / len(upper)
    return HandOutcome(share, net, times, cpu)


def run(jobs: list[Job], workers: int) -> list[HandOutcome]:
    if workers <= 1:
        return [play_hand(job) for job in jobs]
    with multiprocessing.Pool(workers) as pool:
        results: Iterator[HandOutcome] = pool.imap(play_hand, jobs, chunksize=10)
        return list(results)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1)] if ordered else 0.0


def _times(label: str, seconds: list[float]) -> str:
    mean = statistics.fmean(seconds) if seconds else 0.0
    p99 = percentile(seconds, 0.99)
    return f"{label} mean {mean * 1e3:5.2f} ms p99 {p99 * 1e3:6.2f} ms"


def report(upper: str, lower: str, players: int, outcomes: list[HandOutcome]) -> tuple[str, bool]:
    n = len(outcomes)
    even = 0.5  # half the seats; with an odd table, more and fewer in turn
    share, share_low, share_high = mean_ci([o.share for o in outcomes])
    chips, chips_low, chips_high = mean_ci([o.chips for o in outcomes])
    clear = chips_low > 0
    lines = [
        f"{upper} vs {lower}: {n} hands, {players} players",
        f"  {upper} win rate (share of each pot) {share:.1%}"
        f"  95% CI [{share_low:.1%}, {share_high:.1%}]"
        f"  (break-even {even:.1%})",
        f"  {upper} chips per seat per hand {chips:+.2f}  95% CI [{chips_low:+.2f}, "
        f"{chips_high:+.2f}]  (break-even 0)",
    ]
    for level in (upper, lower):
        wall = [t for o in outcomes for t in o.times.get(level, [])]
        cpu = [t for o in outcomes for t in o.cpu.get(level, [])]
        lines.append(
            f"  {level:<9} decisions {len(wall):>6}  {_times('wall', wall)}  {_times('cpu', cpu)}"
        )
    lines.append(f"  {upper} beats {lower} clearly: " + ("yes" if clear else "NOT CLEARLY"))
    return "\n".join(lines), clear


def main(argv: list[str] | None = None, out: Callable[[str], None] = print) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=1000, help="hands per pairing")
    parser.add_argument("--players", type=int, default=4, help="seats per table (2-10)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--betting", choices=("limit", "no_limit"), default="limit")
    args = parser.parse_args(argv)
    options = (("betting", args.betting),)
    out(
        f"palace bots: {args.hands} hands per pairing, {args.players} players, levels "
        f"alternating seats, {args.betting}, seed {args.seed}, {args.workers} worker(s)"
    )
    every = True
    for lower, upper in itertools.pairwise(LEVELS):
        jobs = [
            Job(upper, lower, args.players, index, args.seed, options)
            for index in range(args.hands)
        ]
        began = time.perf_counter()
        outcomes = run(jobs, args.workers)
        text, clear = report(upper, lower, args.players, outcomes)
        out(f"{text}\n  {time.perf_counter() - began:.1f} s")
        every = every and clear
    out("every level beats the one below clearly: " + ("yes" if every else "NOT CLEARLY"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
