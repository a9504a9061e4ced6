"""Palace bot levels: how clearly each beats the one below and the simple habits a person might
try (`bench/palace_exploiters.py`), and what a decision costs.

Pairings: each level against the one below at `--players` (default 4); then the default level
and every level above it against every exploiter, heads-up and at `--players`. The two kinds of
a pairing alternate round the table (with four players: upper, lower, upper, lower), and from
game to game the pattern turns one seat, so each kind sits everywhere; the first dealer is drawn
by the game (P3). A game is a short session, `--session` hands (default 4; `hands_per_session`,
everyone starting with 500 chips), so games are independent samples, and its winner is the one
with the most chips at the end (the game's own result, P16). Per game the script records the
upper kind's win (1, 0, or its part of a tie for first) and its net chips per upper seat per
hand, and prints both means with 95 % intervals (normal, over games), the win rate beside the
fair share (the upper kind's share of the seats, one half here). Against an exploiter "beats
clearly" means the win rate's whole interval is above the fair share; between levels it means
the chip rate's interval is above 0 (the levels were built to win chips). The maniac raises the
pot, a no-limit bet (at a limit table it would be the min-raiser), so its pairings are played
no-limit; the rest at `--betting` (default limit, the game's default).

Every decision of every bot is timed around `choose`, by the wall clock and by the thread's CPU
time, and the mean and 99th percentile of each are printed per kind: the budget is 50 ms per
decision; on a busy machine the wall figure includes waiting for a core. A move the game refuses
stops the benchmark at once with exit status 2, naming the game (pairing, number, seed), the
seat and its kind, and the move; exit status 1 when some pairing is not won clearly.

    python bench/palace_bots.py [--games 1000] [--session 4] [--players 4] [--workers 2]
        [--seed 1] [--betting limit] [--part all|levels|exploiters] [--exploiters NAME ...]
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
from pokerhall.games.palace.bots import BOTS, DEFAULT_BOT

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script or module
from bench.palace_exploiters import EXPLOITERS
from bench.stats import mean_ci

KINDS = {**BOTS, **EXPLOITERS}

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
    session: int = 1
    """Hands per game (`hands_per_session`)."""


@dataclass(slots=True)
class HandOutcome:
    share: float
    """The upper level's share of the game's winners (1, 0, or a tie's part)."""
    chips: float
    """The upper level's net chips per upper seat."""
    times: dict[str, list[float]] = field(default_factory=dict)
    """Seconds per decision (wall clock), by level."""
    cpu: dict[str, list[float]] = field(default_factory=dict)
    """CPU seconds per decision (this thread's), by level: the figure a busy machine bends
    least."""
    fair: float = 0.5
    """The upper level's share of the seats: its share of the pots if it were no better."""
    illegal: str | None = None
    """What went wrong when a bot's move was refused (the benchmark then fails)."""


def seating(job: Job) -> list[str]:
    """Levels alternate round the table, turned one seat per hand."""
    return [job.upper if (seat + job.index) % 2 == 0 else job.lower for seat in range(job.players)]


def play_hand(job: Job) -> HandOutcome:
    levels = seating(job)
    seed = job.seed * 1_000_003 + job.index
    options = {"hands_per_session": job.session, **dict(job.options)}
    game = games.create("palace", job.players, options, seed=seed)
    bots = {seat: KINDS[level](seed * 16 + seat) for seat, level in enumerate(levels)}
    start = list(game.stacks)
    times: dict[str, list[float]] = {job.upper: [], job.lower: []}
    cpu: dict[str, list[float]] = {job.upper: [], job.lower: []}
    upper = [seat for seat, level in enumerate(levels) if level == job.upper]
    fair = len(upper) / job.players
    while not game.over:
        seat, asked = next(iter(game.pending().items()))
        view = game.view(seat)
        began, began_cpu = time.perf_counter(), time.thread_time()
        move = bots[seat].choose(view, asked)
        times[levels[seat]].append(time.perf_counter() - began)
        cpu[levels[seat]].append(time.thread_time() - began_cpu)
        try:
            game.act(seat, move)
        except IllegalMove as exc:  # a bot bug: the benchmark fails rather than skew figures
            where = f"game {job.upper} vs {job.lower} #{job.index} (seed {seed})"
            said = f"{where}: seat {seat} ({levels[seat]}) played {move}: {exc.reason}"
            return HandOutcome(0.0, 0.0, times, cpu, fair, said)
    winners = list(game.result["winners"]) if game.result else []
    share = sum(seat in upper for seat in winners) / len(winners) if winners else fair
    hands = max(int(game.view(None)["hands_played"]), 1)
    net = sum(game.stacks[seat] - start[seat] for seat in upper) / len(upper) / hands
    return HandOutcome(share, net, times, cpu, fair)


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


def report(
    upper: str, lower: str, players: int, outcomes: list[HandOutcome], *, by: str
) -> tuple[str, bool]:
    """The pairing's lines and whether `upper` beats `lower` clearly: `by` "chips" (the chip
    rate's interval above 0) or "wins" (the win rate's interval above the fair share)."""
    n = len(outcomes)
    fair = statistics.fmean(o.fair for o in outcomes) if outcomes else 0.5
    share, share_low, share_high = mean_ci([o.share for o in outcomes])
    chips, chips_low, chips_high = mean_ci([o.chips for o in outcomes])
    clear = chips_low > 0 if by == "chips" else share_low > fair
    lines = [
        f"{upper} vs {lower}: {n} games, {players} players",
        f"  {upper} win rate (share of the games won) {share:.1%}"
        f"  95% CI [{share_low:.1%}, {share_high:.1%}]"
        f"  (fair share {fair:.1%})",
        f"  {upper} chips per seat per hand {chips:+.2f}  95% CI [{chips_low:+.2f}, "
        f"{chips_high:+.2f}]  (break-even 0)",
    ]
    for level in (upper, lower):
        wall = [t for o in outcomes for t in o.times.get(level, [])]
        cpu = [t for o in outcomes for t in o.cpu.get(level, [])]
        lines.append(
            f"  {level:<9} decisions {len(wall):>6}  {_times('wall', wall)}  {_times('cpu', cpu)}"
        )
    measure = "on chips" if by == "chips" else "on wins"
    lines.append(f"  {upper} beats {lower} clearly {measure}: " + ("yes" if clear else "NO"))
    return "\n".join(lines), clear


def pairings(args: argparse.Namespace) -> list[tuple[str, str, int, str]]:
    """(upper, lower, players, measure): each level against the one below at `--players`, by
    chips; then the default level and every level above it against every exploiter, heads-up
    and at `--players`, by wins."""
    out: list[tuple[str, str, int, str]] = []
    if args.part in ("all", "levels"):
        out += [(u, lo, args.players, "chips") for lo, u in itertools.pairwise(LEVELS)]
    if args.part in ("all", "exploiters"):
        strong = LEVELS[LEVELS.index(DEFAULT_BOT) :]
        chosen = args.exploiters or list(EXPLOITERS)
        tables = sorted({2, args.players})
        out += [(u, e, n, "wins") for u in strong for e in chosen for n in tables]
    return out


def options_for(lower: str, betting: str) -> tuple[tuple[str, object], ...]:
    """The maniac raises the pot, a no-limit bet (at a limit table it would be `minraise`), so
    its pairings are played no-limit; every other pairing at `--betting`."""
    return (("betting", EXPLOITER_BETTING.get(lower, betting)),)


EXPLOITER_BETTING = {"maniac": "no_limit"}


def main(argv: list[str] | None = None, out: Callable[[str], None] = print) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games per pairing")
    parser.add_argument("--session", type=int, default=4, help="hands per game (default 4)")
    parser.add_argument("--players", type=int, default=4, help="seats per table (2-10)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--betting", choices=("limit", "no_limit"), default="limit")
    parser.add_argument("--part", choices=("all", "levels", "exploiters"), default="all")
    parser.add_argument(
        "--exploiters", nargs="*", choices=sorted(EXPLOITERS), help="default: every one"
    )
    args = parser.parse_args(argv)
    out(
        f"palace bots: {args.games} games of {args.session} hands per pairing, {args.players} "
        f"players (and 2 against exploiters), kinds alternating seats, {args.betting} (the "
        f"maniac no_limit), seed {args.seed}, {args.workers} worker(s)"
    )
    failed: list[str] = []
    for upper, lower, players, by in pairings(args):
        jobs = [
            Job(
                upper,
                lower,
                players,
                index,
                args.seed,
                options_for(lower, args.betting),
                args.session,
            )
            for index in range(args.games)
        ]
        began = time.perf_counter()
        outcomes = run(jobs, args.workers)
        illegal = [o.illegal for o in outcomes if o.illegal is not None]
        if illegal:
            out("ILLEGAL MOVE: " + illegal[0])
            return 2
        text, clear = report(upper, lower, players, outcomes, by=by)
        betting = dict(options_for(lower, args.betting))["betting"]
        text = text.replace(" players\n", f" players, {betting}\n", 1)
        out(f"{text}\n  {time.perf_counter() - began:.1f} s")
        if not clear:
            failed.append(f"{upper} vs {lower} at {players}")
    out("the ladder holds: " + ("yes" if not failed else "NO (" + "; ".join(failed) + ")"))
    return 0 if not failed else 1


if __name__ == "__main__":
    sys.exit(main())
