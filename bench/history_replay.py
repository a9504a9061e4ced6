"""The hand history's cost (`server/tables/history.py`): a request replays the table's record unless
its game is kept from an earlier request (`history.Replays`), then lists the rounds and builds
one round's events for the seat.

For each game: its default bots play every seat to the end (a bot that fails makes the prompt's
default move, as on the server), with the game's default options and its most players: a long
game as people play it. Then, timed over several runs: the first request (a fresh replay and
the last round), a later request for another round (the kept game), and the size of one round
against all rounds at once. Target: a later request under 100 ms; the first pays the replay once.

    python bench/history_replay.py [--runs 5] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

from pokerhall import games
from pokerhall.engine import MatchRecord, registry
from pokerhall.engine.bots import bot_move
from pokerhall.server.tables.history import Replays, history_of

TARGET_MS = 100.0
MAX_MOVES = 20_000


def long_record(name: str, seed: int) -> MatchRecord:
    info = registry.info(name)
    players = info.rulesets[0].max_players
    game = games.create(name, players, {}, seed=seed)
    bots = games.make_bots(name, dict.fromkeys(range(players), info.default_bot), seed)
    while not game.over and len(game.moves) < MAX_MOVES:
        pending = game.pending()
        seat = min(pending)  # in seat order: random order can keep a long Palace going
        try:
            move = bot_move(bots[seat], game, seat, pending[seat])
        except Exception:  # as the server does for a bot that fails: the prompt's default
            move = game.default_move(seat)
        game.act(seat, {**move, "prompt_id": pending[seat]["prompt_id"]})
    return game.record()


def ms(start: float) -> float:
    return (time.perf_counter() - start) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    worst_later = 0.0
    for info in registry.infos():
        record = long_record(info.name, args.seed)
        first, later = [], []
        out: dict[str, Any] = {}
        for run in range(args.runs):
            replays = Replays()
            start = time.perf_counter()
            out = history_of(replays.game("t", record), 0)
            first.append(ms(start))
            middle = out["rounds"][len(out["rounds"]) // 2]["round"]
            start = time.perf_counter()
            history_of(replays.game("t", record), None if run % 2 else 0, middle)
            later.append(ms(start))
        one = len(json.dumps(out))
        state = games.replay(record)
        every = sum(len(json.dumps(history_of(state, 0, r["round"]))) for r in out["rounds"])
        worst_later = max(worst_later, max(later))
        print(
            f"{info.name:10} {len(record.moves):6} moves {len(out['rounds']):4} rounds  "
            f"first {statistics.median(first):6.0f} ms  later {statistics.median(later):5.1f} ms "
            f"(worst {max(later):5.1f})  one round {one / 1024:5.0f} KB, all {every / 1024:6.0f} KB"
        )
    print(f"worst later request {worst_later:.1f} ms (target < {TARGET_MS:.0f} ms)")
    return 0 if worst_later < TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
