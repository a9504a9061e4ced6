"""The replay's cost (`server/tables/replay.py`): a
request for a hand not kept plays the record again
from the start up to that hand's end, building the seat's view after every move of the hand
it was told of; the answer is every frame's full view, as sent live.

For each game, the long bot-played match of `bench/history_replay.py` (its most players, its
default bots, to the end); timed over several runs: the first hand, the middle hand and the
last (the whole record is replayed), as a seat and as a spectator, with the frames' count and
size; then the hand after the middle one through `HandReplays`, which goes on from where the
middle hand's replay stopped. Target: the last hand under 1 s (it runs in a worker thread; a kept
hand costs nothing), the next hand of a table under 100 ms.

    python bench/hand_replay.py [--runs 3] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from bench.history_replay import long_record, ms
from pokerhall import games
from pokerhall.engine import registry
from pokerhall.server.tables.replay import HandReplays, replay_hand

TARGET_MS = 1000.0
NEXT_TARGET_MS = 100.0


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    worst = worst_next = 0.0
    for info in registry.infos():
        record = long_record(info.name, args.seed)
        state = games.replay(record)
        hands = max(int(e.data["round"]) for e in state.events if e.type == "round_started")
        for label, hand in (("first", 1), ("middle", max(1, hands // 2)), ("last", hands)):
            for seat in (0, None):
                times = []
                for _run in range(args.runs):
                    start = time.perf_counter()
                    replayed = replay_hand(record, seat, hand)
                    times.append(ms(start))
                size = len(json.dumps(replayed.to_json()))
                worst = max(worst, max(times))
                print(
                    f"{info.name:10} {len(record.moves):6} moves, hand {hand:4} ({label:6}) "
                    f"{'seat 0' if seat == 0 else 'watch ':6}  {statistics.median(times):6.0f} ms  "
                    f"{len(replayed.frames):4} frames  {size / 1024:6.0f} KB"
                )
        kept = HandReplays()
        middle = max(1, hands // 2)
        kept.get("t", record, 0, middle)
        start = time.perf_counter()
        kept.get("t", record, 0, middle + 1)
        after = ms(start)
        worst_next = max(worst_next, after)
        print(
            f"{info.name:10} hand {middle + 1:4}, after hand {middle} of the table: {after:6.1f} ms"
        )
    print(f"worst request {worst:.0f} ms (target < {TARGET_MS:.0f} ms)")
    print(f"worst next hand {worst_next:.1f} ms (target < {NEXT_TARGET_MS:.0f} ms)")
    return 0 if worst < TARGET_MS and worst_next < NEXT_TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
