"""The Slovní poker bot ladder: the default bot (`sampler`) against the exploiters and the
levels below it, heads-up and at a full table.

Opponents: the exploiters (`bench/wordpoker_exploiters.py`: `maxraise`, `neverraise`,
`folder`, fixed betting with the default bot's word skill) and the levels below the default,
`matcher` (never raises, always matches, keeps its cards) and `random` (the engine's uniform
legal-move bot). Each pairing is played at 2 seats (the sampler and one opponent) and at 5
(the sampler and four copies of the opponent), every game the full ten deals (W2) unless
bankruptcies end it. Games are played in duplicate: each seed (the deck's shuffle and the dice)
is played once with the sampler in every seat, so the luck of the deal cancels in part; the
games asked for are rounded up to whole sets.

The measure is the game's own (W2, W14): final points. A seat's fair share of a game is the
table's final points ÷ the seats (100 when no pot was left unawarded, W9); per pairing the
sampler's mean final points minus the fair share is printed with its 95% normal interval, and
the sampler beats the opponent when the whole interval is above 0. Also printed: its share of
games won (most final points, a tie shared) with a 95% Wilson interval against 1 ÷ seats, and
the CPU time of its moves (p50, p99; target p99 < 50 ms) and of the opponents'.

Every move is the engine's to judge: an illegal one stops the run with exit status 2, naming
the game (its seed and pairing), the seat, the bot and the move. Otherwise exit status 0 when
the sampler beats every opponent at every table size, else 1.

    python bench/wordpoker_bots.py [--games 1000] [--workers 2] [--lexicon system|mini]
        [--seats 2 5] [--opponents maxraise neverraise folder matcher random]
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from pokerhall import games
from pokerhall.engine.bots import Bot
from pokerhall.engine.errors import IllegalMove
from pokerhall.games.wordpoker.lexicons import lexicon
from pokerhall.games.wordpoker.state import WordPoker

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script or module
from bench.stats import mean_ci, wilson
from bench.wordpoker_exploiters import EXPLOITERS

HERO = "sampler"
OPPONENTS = ("maxraise", "neverraise", "folder", "matcher", "random")
SEATS = (2, 5)
TARGET_P99_MS = 50.0


@dataclass(slots=True)
class Outcome:
    points: int = 0
    fair: float = 0.0
    won: float = 0.0
    hero_cpu: list[float] = field(default_factory=list)
    other_cpu: list[float] = field(default_factory=list)
    illegal: str | None = None


def make(kind: str, seed: int) -> Bot:
    if kind in EXPLOITERS:
        return EXPLOITERS[kind](seed)
    return games.make_bot("wordpoker", kind, seed)


def play_one(opponent: str, seats: int, index: int, lexicon_name: str) -> Outcome:
    hero = index % seats
    seed = 9_000_011 + 10_000 * seats + index // seats
    state = games.create("wordpoker", seats, {"lexicon": lexicon_name}, seed=seed)
    assert isinstance(state, WordPoker)
    kinds = [HERO if s == hero else opponent for s in range(seats)]
    bots = [make(kinds[s], seed + s) for s in range(seats)]
    out = Outcome()
    while not state.over:
        for seat, prompt in sorted(state.pending().items()):
            view = state.view(seat)
            started = time.thread_time()
            move = bots[seat].choose(view, prompt)
            (out.hero_cpu if seat == hero else out.other_cpu).append(time.thread_time() - started)
            try:
                state.act(seat, move)
            except IllegalMove as exc:
                out.illegal = (
                    f"game seed {seed} ({HERO} vs {opponent}, {seats} seats): seat {seat} "
                    f"({kinds[seat]}) made the illegal move {move!r}: {exc}"
                )
                return out
    points = state.points
    out.points = points[hero]
    out.fair = sum(points) / seats
    top = max(points)
    out.won = (points[hero] == top) / points.count(top)
    return out


def _job(args: tuple[str, int, int, str]) -> Outcome:
    return play_one(*args)


def run(opponent: str, seats: int, count: int, workers: int, lexicon_name: str) -> list[Outcome]:
    count = -(-count // seats) * seats  # whole deals of duplicate: every seat of a seed
    jobs = [(opponent, seats, i, lexicon_name) for i in range(count)]
    if workers <= 1:
        return [_job(job) for job in jobs]
    with multiprocessing.Pool(workers) as pool:
        return list(pool.imap(_job, jobs, chunksize=4))


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ranked = sorted(values)
    return ranked[min(len(ranked) - 1, int(q * len(ranked)))]


def report(opponent: str, seats: int, outcomes: list[Outcome], seconds: float) -> tuple[str, bool]:
    n = len(outcomes)
    excess = [
        statistics.fmean(o.points - o.fair for o in outcomes[i : i + seats])
        for i in range(0, n, seats)
    ]
    mean, low, high = mean_ci(excess)
    points = statistics.fmean(o.points for o in outcomes)
    fair = statistics.fmean(o.fair for o in outcomes)
    wins = sum(o.won for o in outcomes)
    w_low, w_high = wilson(round(wins), n)
    hero_cpu = [t for o in outcomes for t in o.hero_cpu]
    other_cpu = [t for o in outcomes for t in o.other_cpu]
    ahead = low > 0
    text = "\n".join(
        [
            f"{HERO} vs {opponent}, {seats} seats: {n} games, {trials(n, seats)} seeds "
            f"({seconds:.0f} s)",
            f"  final points {points:.1f}, fair share {fair:.1f}: {mean:+.1f} over it, 95% CI "
            f"[{low:+.1f}, {high:+.1f}] " + ("above" if ahead else "NOT CLEARLY ABOVE"),
            f"  games won {wins:g}/{n} = {wins / max(n, 1):.1%}, 95% CI [{w_low:.1%}, "
            f"{w_high:.1%}], fair share {1 / seats:.1%}",
            f"  {HERO} move CPU p50 {percentile(hero_cpu, 0.5) * 1e3:.1f} ms, p99 "
            f"{percentile(hero_cpu, 0.99) * 1e3:.1f} ms ({len(hero_cpu)} moves); {opponent} p99 "
            f"{percentile(other_cpu, 0.99) * 1e3:.1f} ms",
        ]
    )
    return text, ahead


def trials(count: int, seats: int) -> int:
    """How many independent trials (seeds) `count` games are."""
    return -(-count // seats)


def pick_lexicon(name: str, out: Callable[[str], None]) -> str:
    if name == "system":
        try:
            lexicon("system")
        except (ImportError, OSError, ValueError) as exc:
            out(f"the system dictionary is not available ({exc}); using the small list instead")
            return "mini"
    return name


def main(argv: list[str] | None = None, out: Callable[[str], None] = print) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games per pairing")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--lexicon", choices=("system", "mini"), default="system")
    parser.add_argument("--seats", type=int, nargs="+", default=list(SEATS))
    parser.add_argument("--opponents", nargs="+", default=list(OPPONENTS), choices=OPPONENTS)
    args = parser.parse_args(argv)
    name = pick_lexicon(args.lexicon, out)
    out(f"wordpoker ladder: {args.games} games per pairing, lexicon {name}")
    beaten, cpu = True, []
    for seats in args.seats:
        for opponent in args.opponents:
            started = time.perf_counter()
            outcomes = run(opponent, seats, args.games, args.workers, name)
            illegal = next((o.illegal for o in outcomes if o.illegal), None)
            if illegal:
                out(f"ILLEGAL MOVE in wordpoker, {illegal}")
                return 2
            text, ahead = report(opponent, seats, outcomes, time.perf_counter() - started)
            out(text)
            beaten = beaten and ahead
            cpu += [t for o in outcomes for t in o.hero_cpu]
    p99 = percentile(cpu, 0.99) * 1e3
    out(
        f"{HERO} move CPU p99 over all pairings {p99:.1f} ms (target < {TARGET_P99_MS:.0f} ms: "
        + ("met" if p99 < TARGET_P99_MS else "MISSED")
        + ")"
    )
    out(f"{HERO} beats every opponent at every table: " + ("yes" if beaten else "NOT CLEARLY"))
    return 0 if beaten else 1


if __name__ == "__main__":
    sys.exit(main())
