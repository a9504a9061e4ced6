"""pokerhall.rl: environment steps per second with random masked actions, for every game and
ruleset, beside PettingZoo's own `texas_holdem_no_limit_v6` (RLCard) in the same run.

Every environment is driven by the same loop, PettingZoo's usual one:
`for agent in env.agent_iter(): obs, reward, terminated, truncated, info = env.last()`, then a
uniform choice among the actions the mask allows (None for an agent that is done), and
`env.step(action)`; a finished episode is followed by `env.reset(seed=k)` with the next seed.
A step is one `env.step` call (a done agent's step counts too, for both). So each figure holds
the game itself, its view, our encoding of it (`pokerhall.rl.encoding`) and the mask. The
budgets are split into `--rounds` slices taken in turn after a warm-up, so a change in the
machine's load hits every environment alike, and the rates are per second of the thread's CPU
time (the wall-clock share is printed), so other processes on a busy machine count little.
Each game's ratio to Texas hold'em is printed;
the target is 2x.

    python bench/rl_throughput.py [--seconds 3] [--rounds 5] [--seats 2] [--lexicon system|mini]
"""

from __future__ import annotations

import argparse
import sys
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from pokerhall import rl
from pokerhall.engine import registry

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script or module
from bench.lexicon_choice import pick_lexicon

TARGET = 2.0
BASELINE = "texas_holdem_no_limit_v6"


@dataclass
class Runner:
    """One environment, kept between slices, with its step count and time so far."""

    name: str
    env: Any
    rng: np.random.Generator = field(default_factory=lambda: np.random.default_rng(1))
    steps: int = 0
    seconds: float = 0.0
    """CPU time of this thread: the machine's other load does not count."""
    wall: float = 0.0
    episodes: int = 0
    first: int = 0
    """Episodes played in the warm-up (seeds 0 .. first - 1)."""

    def __post_init__(self) -> None:
        self.env.reset(seed=0)

    def run(self, budget: float) -> None:
        env, rng = self.env, self.rng
        steps = 0
        start, cpu = time.perf_counter(), time.thread_time()
        deadline = start + budget
        while True:
            for _agent in env.agent_iter():
                obs, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    action = None
                else:
                    action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
                env.step(action)
                steps += 1
                if steps % 64 == 0 and time.perf_counter() >= deadline:
                    break
            else:
                self.episodes += 1
                env.reset(seed=self.episodes)
                if time.perf_counter() < deadline:
                    continue
            break
        self.seconds += time.thread_time() - cpu
        self.wall += time.perf_counter() - start
        self.steps += steps

    @property
    def rate(self) -> float:
        return self.steps / self.seconds if self.seconds else 0.0


def holdem() -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from pettingzoo.classic import texas_holdem_no_limit_v6

        return texas_holdem_no_limit_v6.env()


def our_envs(seats: int, lexicon: str) -> list[tuple[str, Callable[[], Any]]]:
    made = []
    for info in registry.infos():
        for ruleset in info.rulesets:
            count = min(max(seats, ruleset.min_players), ruleset.max_players)
            options: dict[str, Any] = {}
            if info.name == "wordpoker":
                options["lexicon"] = lexicon
            name = f"{info.name} {ruleset.name} ({count} seats)"

            def make(
                game: str = info.name, rules: str = ruleset.name, n: int = count, o: Any = options
            ) -> Any:
                return rl.env(game, rules, n, **o)

            made.append((name, make))
    return made


def main(argv: list[str] | None = None, out: Callable[[str], None] = print) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="budget per environment")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument(
        "--seats", type=int, default=2, help="as Texas hold'em (or the ruleset's fewest)"
    )
    parser.add_argument("--lexicon", choices=("system", "mini"), default="system")
    args = parser.parse_args(argv)
    lexicon = pick_lexicon(args.lexicon, out)
    runners = [Runner(f"pettingzoo {BASELINE} (2 seats)", holdem())]
    runners += [Runner(name, make()) for name, make in our_envs(args.seats, lexicon)]
    for runner in runners:  # warm-up: imports, caches, the lexicon
        runner.run(0.2)
        runner.steps, runner.seconds, runner.wall = 0, 0.0, 0.0
        runner.first = runner.episodes
    for _ in range(args.rounds):
        for runner in runners:
            runner.run(args.seconds / args.rounds)
    base = runners[0].rate
    width = max(len(r.name) for r in runners)
    cpu = sum(r.seconds for r in runners) / max(1e-9, sum(r.wall for r in runners))
    out(f"steps per second of CPU time (cpu/wall {cpu:.0%}: other processes took the rest)")
    out(f"{'environment':<{width}}  {'steps/s':>9}  {'episodes':>8}  ratio")
    below = []
    for runner in runners:
        ratio = runner.rate / base if base else 0.0
        mark = "" if runner is runners[0] else ("" if ratio >= TARGET else "  (below 2x)")
        out(
            f"{runner.name:<{width}}  {runner.rate:>9,.0f}  {runner.episodes - runner.first:>8}"
            f"  {ratio:>5.2f}x{mark}"
        )
        if runner is not runners[0] and ratio < TARGET:
            below.append(runner.name)
    out(f"target: every game at least {TARGET:g}x {BASELINE}; below: {', '.join(below) or 'none'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
