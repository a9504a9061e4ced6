"""Slovní poker bot strength: the sampler bot against the random bot and the matcher bot.

Heads-up games (two players: the sampler and one opponent, seats alternating from game to game),
counted per deal: the sampler's share of deals won (a split counts as won) with a 95% Wilson
interval, and its net points per deal with a 95% normal interval; also its time per decision.

    python bench/wordpoker_bots.py [--deals 1000] [--workers 2] [--lexicon mini|system]
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from pokerhall import games
from pokerhall.games.wordpoker.state import WordPoker

OPPONENTS = ("random", "matcher")


@dataclass(frozen=True, slots=True)
class Outcome:
    won: list[bool]
    net: list[int]
    decisions: int
    seconds: float


def play_one(opponent: str, index: int, lexicon: str) -> Outcome:
    hero = index % 2
    seed = 9_000_011 + index
    state = games.create("wordpoker", 2, {"lexicon": lexicon}, seed=seed)
    assert isinstance(state, WordPoker)
    kinds = {hero: "sampler", 1 - hero: opponent}
    bots = {s: games.make_bot("wordpoker", kinds[s], seed + s) for s in (0, 1)}
    decisions, seconds = 0, 0.0
    while not state.over:
        seat = min(state.pending())
        view, prompt = state.view(seat), state.pending()[seat]
        started = time.perf_counter()
        move = bots[seat].choose(view, prompt)
        if seat == hero:
            seconds += time.perf_counter() - started
            decisions += 1
        state.act(seat, move)
    won, net = [], []
    for result in state.results:
        won.append(hero in result["winners"])
        net.append(_gain(result, hero))
    return Outcome(won, net, decisions, seconds)


def _gain(result: dict[str, object], seat: int) -> int:
    shares = result["shares"]
    put_in = result["put_in"]
    assert isinstance(shares, dict)
    assert isinstance(put_in, list)
    return int(shares.get(str(seat), 0)) - int(put_in[seat])


def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def _job(args: tuple[str, int, str]) -> Outcome:
    return play_one(*args)


def run(opponent: str, games_: int, workers: int, lexicon: str) -> list[Outcome]:
    jobs = [(opponent, i, lexicon) for i in range(games_)]
    if workers <= 1:
        return [_job(job) for job in jobs]
    with multiprocessing.Pool(workers) as pool:
        return list(pool.imap(_job, jobs, chunksize=4))


def report(opponent: str, outcomes: list[Outcome], seconds: float) -> tuple[str, float]:
    won = [w for o in outcomes for w in o.won]
    net = [x for o in outcomes for x in o.net]
    n = len(won)
    low, high = wilson(sum(won), n)
    mean = statistics.fmean(net) if net else 0.0
    half = 1.959964 * statistics.stdev(net) / math.sqrt(n) if n > 1 else 0.0
    per = sum(o.seconds for o in outcomes) / max(sum(o.decisions for o in outcomes), 1)
    text = "\n".join(
        [
            f"sampler vs {opponent}: {len(outcomes)} games, {n} deals",
            f"  sampler wins {sum(won)}/{n} deals = {sum(won) / max(n, 1):.1%}  95% CI "
            f"[{low:.1%}, {high:.1%}]",
            f"  net {mean:+.2f} points a deal  95% CI [{mean - half:+.2f}, {mean + half:+.2f}]",
            f"  sampler decision {per * 1e3:.1f} ms on average, {seconds:.1f} s",
        ]
    )
    return text, mean - half


def main(argv: list[str] | None = None, out: Callable[[str], None] = print) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1000, help="deals per pairing (at least)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--lexicon", choices=("mini", "system"), default="mini")
    args = parser.parse_args(argv)
    n_games = max(1, math.ceil(args.deals / 10))
    out(f"wordpoker bot strength: {n_games} heads-up games per pairing, lexicon {args.lexicon}")
    ahead = True
    for opponent in OPPONENTS:
        started = time.perf_counter()
        outcomes = run(opponent, n_games, args.workers, args.lexicon)
        text, low = report(opponent, outcomes, time.perf_counter() - started)
        out(text)
        ahead = ahead and low > 0
    out("the sampler gains points against both: " + ("yes" if ahead else "NOT CLEARLY"))
    return 0 if ahead else 1


if __name__ == "__main__":
    sys.exit(main())
