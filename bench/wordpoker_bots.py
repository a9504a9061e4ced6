"""Slovní poker bot strength: the sampler bot against the random bot and the matcher bot.

Heads-up games (the sampler and one opponent, seats alternating from game to game, each game
seeded), as many as it takes to play at least `--deals` deals per pairing (a game ends early
when a player goes bankrupt). Per pairing it prints the sampler's share of deals won (a split
counts as won) with a 95% Wilson interval, its net points per deal (what it took from the pot
minus what it put in) with a 95% normal interval, and its time per decision by wall clock and
by CPU. `random` is the engine's uniform legal-move bot (with a random word); `matcher` never
raises and always matches. The dictionary is the system's Czech one when it loads, else the
packaged small list (it says which). Exit status 0 when the sampler's net gain per deal is
above 0 at 95% against both.

    python bench/wordpoker_bots.py [--deals 1000] [--workers 2] [--lexicon system|mini]
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from pokerhall import games
from pokerhall.games.wordpoker.lexicons import lexicon
from pokerhall.games.wordpoker.state import WordPoker

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script or module
from bench.stats import Z95, wilson

OPPONENTS = ("random", "matcher")


@dataclass(frozen=True, slots=True)
class Outcome:
    won: list[bool]
    net: list[int]
    decisions: int
    seconds: float
    cpu: float


def play_one(opponent: str, index: int, lexicon_name: str) -> Outcome:
    hero = index % 2
    seed = 9_000_011 + index
    state = games.create("wordpoker", 2, {"lexicon": lexicon_name}, seed=seed)
    assert isinstance(state, WordPoker)
    kinds = {hero: "sampler", 1 - hero: opponent}
    bots = {s: games.make_bot("wordpoker", kinds[s], seed + s) for s in (0, 1)}
    decisions, seconds, cpu = 0, 0.0, 0.0
    while not state.over:
        seat = min(state.pending())
        view, prompt = state.view(seat), state.pending()[seat]
        started, started_cpu = time.perf_counter(), time.thread_time()
        move = bots[seat].choose(view, prompt)
        if seat == hero:
            seconds += time.perf_counter() - started
            cpu += time.thread_time() - started_cpu
            decisions += 1
        state.act(seat, move)
    won, net = [], []
    for result in state.results:
        won.append(hero in result["winners"])
        net.append(_gain(result, hero))
    return Outcome(won, net, decisions, seconds, cpu)


def _gain(result: dict[str, object], seat: int) -> int:
    shares = result["shares"]
    put_in = result["put_in"]
    assert isinstance(shares, dict)
    assert isinstance(put_in, list)
    return int(shares.get(str(seat), 0)) - int(put_in[seat])


def _job(args: tuple[str, int, str]) -> Outcome:
    return play_one(*args)


def run(opponent: str, deals: int, workers: int, lexicon_name: str) -> list[Outcome]:
    """Games in seed order until they hold `deals` deals (so a run replays exactly); every game
    has a deal, so `deals` games always suffice."""
    jobs = [(opponent, i, lexicon_name) for i in range(deals)]
    outcomes: list[Outcome] = []
    if workers <= 1:
        return _until(map(_job, jobs), deals, outcomes)
    with multiprocessing.Pool(workers) as pool:
        return _until(pool.imap(_job, jobs, chunksize=1), deals, outcomes)


def _until(stream: Iterator[Outcome], deals: int, outcomes: list[Outcome]) -> list[Outcome]:
    played = 0
    for outcome in stream:
        outcomes.append(outcome)
        played += len(outcome.won)
        if played >= deals:
            break
    return outcomes


def report(opponent: str, outcomes: list[Outcome], seconds: float) -> tuple[str, float]:
    won = [w for o in outcomes for w in o.won]
    net = [x for o in outcomes for x in o.net]
    n = len(won)
    low, high = wilson(sum(won), n)
    mean = statistics.fmean(net) if net else 0.0
    half = Z95 * statistics.stdev(net) / math.sqrt(n) if n > 1 else 0.0
    decisions = max(sum(o.decisions for o in outcomes), 1)
    wall = sum(o.seconds for o in outcomes) / decisions
    cpu = sum(o.cpu for o in outcomes) / decisions
    text = "\n".join(
        [
            f"sampler vs {opponent}: {len(outcomes)} games, {n} deals",
            f"  sampler wins {sum(won)}/{n} deals = {sum(won) / max(n, 1):.1%}  95% CI "
            f"[{low:.1%}, {high:.1%}]",
            f"  net {mean:+.2f} points a deal  95% CI [{mean - half:+.2f}, {mean + half:+.2f}]",
            f"  sampler decision {wall * 1e3:.1f} ms wall, {cpu * 1e3:.1f} ms CPU on average; "
            f"{seconds:.1f} s",
        ]
    )
    return text, mean - half


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
    parser.add_argument("--deals", type=int, default=1000, help="deals per pairing (at least)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--lexicon", choices=("system", "mini"), default="system")
    args = parser.parse_args(argv)
    name = pick_lexicon(args.lexicon, out)
    out(f"wordpoker bot strength: at least {args.deals} heads-up deals per pairing, lexicon {name}")
    ahead = True
    for opponent in OPPONENTS:
        started = time.perf_counter()
        outcomes = run(opponent, args.deals, args.workers, name)
        text, low = report(opponent, outcomes, time.perf_counter() - started)
        out(text)
        ahead = ahead and low > 0
    out("the sampler gains points against both: " + ("yes" if ahead else "NOT CLEARLY"))
    return 0 if ahead else 1


if __name__ == "__main__":
    sys.exit(main())
