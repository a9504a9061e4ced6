"""Slovní poker best-word search: how long finding the best word of a hand and the dice takes.

Draws random hands (five cards of the deck) and five dice, and times `best.search` on each
(the search itself: `best_word` also remembers recent hands), with the system's Czech
dictionary when it is installed (`pokerhall.content.lexicon`), else with the packaged small
list (and says so). The search's caches start empty, as in a fresh
server, so the first hands pay for spelling words never seen before. Prints p50, p99 and the
slowest call by wall clock and by the thread's CPU time, and the load average; target p99 < 1 ms
on both. On a machine with more runnable processes than cores the wall figures include waiting
for a core (a call of 0.2 ms preempted once takes several), so the exit status follows the CPU
time, what a call costs; on a quiet machine the two agree.

    python bench/wordpoker_best.py [--hands 10000] [--seed 1] [--lexicon system|mini]
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from pokerhall.games.wordpoker.best import search
from pokerhall.games.wordpoker.letters import default_alphabet
from pokerhall.games.wordpoker.lexicons import lexicon

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script or module
from bench.lexicon_choice import pick_lexicon

TARGET_MS = 1.0


def main(argv: list[str] | None = None, out: Callable[[str], None] = print) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lexicon", choices=("system", "mini"), default="system")
    args = parser.parse_args(argv)
    name = pick_lexicon(args.lexicon, out)
    words = lexicon(name)
    gc.collect()
    gc.freeze()  # the dictionary is long-lived: keep the collector from walking it per call
    alphabet = default_alphabet()
    deck = alphabet.deck()
    rng = random.Random(args.seed)
    wall: list[float] = []
    cpu: list[float] = []
    found = 0
    for _ in range(args.hands):
        hand = rng.sample(deck, 5)
        dice = [rng.choice(die) for die in alphabet.dice]
        started, started_cpu = time.perf_counter(), time.thread_time()
        best = search(alphabet, words, hand, dice)
        cpu.append((time.thread_time() - started_cpu) * 1e3)
        wall.append((time.perf_counter() - started) * 1e3)
        found += best.word is not None
    out(f"wordpoker best word: {args.hands} hands, lexicon {name} ({len(words)} words)")
    out(f"  a word found for {found / max(args.hands, 1):.1%} of hands")
    verdicts = {}
    for label, times in (("wall", wall), ("CPU", cpu)):
        times.sort()
        p50 = statistics.median(times)
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
        verdicts[label] = p99 < TARGET_MS
        out(f"  {label:>4}: p50 {p50:.3f} ms  p99 {p99:.3f} ms  max {times[-1]:.3f} ms")
    load = os.getloadavg()[0]
    out(f"  load average {load:.1f} on {os.cpu_count()} cores (above the cores, wall waits too)")
    for label, ok in verdicts.items():
        out(f"  target p99 < {TARGET_MS:g} ms by {label} time: {'PASS' if ok else 'MISS'}")
    return 0 if verdicts["CPU"] else 1


if __name__ == "__main__":
    sys.exit(main())
