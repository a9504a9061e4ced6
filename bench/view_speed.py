"""A move's views in process: what the server builds after every move, timed, early and late.

After each move of a three-seat QuizPoker game (the load's options and policy,
`bench/load_client.py`) the server builds one view per audience: the three seats and the
spectators. This plays such games and times those four views per move, split by how far the
game is (the stack history in every view grows a row a hand), so a change to the views can be
measured where the server spends it, without a server or the machine's other load in the way
(`min` of the rounds, CPU time).

`--hash` prints instead a digest of every view of every audience after every move of played
games of all four games (their testing options, the engine's random bot): the same digest before
and after a change to views says their JSON is unchanged.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.load_client import choose, table_options
from pokerhall import games
from pokerhall.engine import registry
from pokerhall.engine.bots import RandomBot

LATE_HAND = 10
"""Views from this hand on count as late-game (the load's games last ~15–25 hands)."""


def time_views(moves: int, seed: int) -> dict[str, tuple[float, int]]:
    """Seconds and moves of the four views per move, early and late in the game."""
    options = table_options() | {"questions": "builtin"}  # the packs are the server's, not here
    rng = random.Random(seed)
    spent = {"early": [0.0, 0], "late": [0.0, 0]}
    clock = time.process_time
    played = 0
    while played < moves:
        state = games.create("quizpoker", 3, options, seed=rng.randrange(2**32))
        while not state.over and played < moves:
            seat, prompt = next(iter(state.pending().items()))
            state.act(seat, state.check(seat, choose(rng, prompt)))
            t0 = clock()
            for audience in (0, 1, 2, None):
                state.view(audience)
            t1 = clock()
            bucket = spent["late" if getattr(state, "hands_played", 0) >= LATE_HAND else "early"]
            bucket[0] += t1 - t0
            bucket[1] += 1
            played += 1
    return {name: (s, int(n)) for name, (s, n) in spent.items()}


def views_digest(games_each: int, seed: int) -> dict[str, str]:
    """Per game, a sha256 of every audience's view (its JSON, keys in order) after every move."""
    out = {}
    for name in registry.names():
        info = registry.info(name)
        digest = hashlib.sha256()
        seats = 3
        for k in range(games_each):
            state = games.create(name, seats, dict(info.testing.options), seed=seed + k)
            bots = [RandomBot(seed + k * 10 + s) for s in range(seats)]
            for _ in range(5000):
                for audience in [*range(seats), None]:
                    view = state.view(audience)
                    digest.update(json.dumps(view).encode())
                if state.over:
                    break
                seat, prompt = next(iter(state.pending().items()))
                state.act(seat, state.check(seat, bots[seat].choose(state.view(seat), prompt)))
        out[name] = digest.hexdigest()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=3000, help="moves a round (default 3000)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds, the best kept (default 5)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hash", action="store_true", help="digest the views of played games")
    parser.add_argument("--games", type=int, default=3, help="games a game name for --hash")
    args = parser.parse_args(argv)
    if args.hash:
        for name, digest in views_digest(args.games, args.seed).items():
            print(f"{name:<10} {digest}")
        return 0
    best: dict[str, float] = {}
    counts: dict[str, int] = {}
    for _ in range(args.rounds):
        for name, (seconds, n) in time_views(args.moves, args.seed).items():
            if n:
                best[name] = min(best.get(name, float("inf")), 1e6 * seconds / n)
                counts[name] = n
    for name, us in best.items():
        print(f"4 views a move, {name:<5} ({counts[name]:>5} moves): {us:6.1f} µs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
