"""CPU time of one bot move, per game, ruleset, table size and level (issue 22, item 5).

Every registered bot level of every game plays whole games at a table of its own kind (a table
of bots, as the hall seats them), heads-up or the game's least and at a full table, in every
ruleset (Palace: limit and no-limit; Slovní poker: both scorings), and each decision is timed
with `time.process_time` around the bot's briefing and `choose` (the seat's view, the engine's
cost, is built before the clock starts). Per row it prints the decisions timed, mean, p50, p99
and the slowest, and PASS when the p99 is under the budget, 50 ms: a table of bots is never
slow. A process's first decisions pay for cold caches (Slovní poker's best-word search, Palace's
rankings); they are counted, as a fresh server pays them too. The garbage collector is kept as
the server keeps it (`server/collector.py`): what survives a game (the caches, the dictionary)
is frozen after it, so a full collection walks only what became long-lived since;
`--plain-gc` leaves the collector at its defaults, whose full collections walk every cache
entry (tens to hundreds of milliseconds, counted in the move they interrupt).

    python bench/bot_cpu.py [--decisions 3000] [--game wordpoker] [--level sampler]

Exit 1 when some row's p99 is at or over the budget. Process CPU time counts only this
process's work, so the figures hold on a shared machine, but a busy one still slows the caches
and the collector a little; repeat for a steadier figure.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from pokerhall import games
from pokerhall.engine.bots import bot_move
from pokerhall.engine.protocol import Game

BUDGET_MS = 50.0


@dataclass(frozen=True, slots=True)
class Row:
    game: str
    variant: str
    """The ruleset or betting/scoring variant, as printed."""
    options: tuple[tuple[str, object], ...]
    players: int
    level: str

    @property
    def label(self) -> str:
        return f"{self.game:<10}{self.variant:<10}{self.players}p    {self.level:<10}"


VARIANTS: dict[str, list[tuple[str, dict[str, object], tuple[int, int]]]] = {
    "quizpoker": [
        ("quizpoker", {"ruleset": "quizpoker", "questions": "builtin", "language": "en"}, (2, 6)),
        ("duell", {"ruleset": "duell", "questions": "builtin", "language": "de"}, (3, 6)),
    ],
    "detective": [
        ("detective", {"ruleset": "detective"}, (3, 4)),
        ("expert", {"ruleset": "expert"}, (3, 4)),
    ],
    "palace": [
        ("limit", {"betting": "limit", "hands_per_session": 8}, (2, 6)),
        ("no_limit", {"betting": "no_limit", "hands_per_session": 8}, (2, 6)),
    ],
    "wordpoker": [
        ("length", {"scoring": "length"}, (2, 5)),
        ("values", {"scoring": "values"}, (2, 5)),
    ],
}
MAX_MOVES = 600
"""Moves a game at most before the next starts (QuizPoker and Palace can last long): more,
shorter games see more of the game's situations per decision timed."""


def rows(game: str | None, level: str | None) -> list[Row]:
    out = []
    for name, variants in VARIANTS.items():
        if game not in (None, name):
            continue
        for variant, options, sizes in variants:
            for players in sizes:
                for kind in games.bot_kinds(name):
                    if level in (None, kind):
                        out.append(Row(name, variant, tuple(options.items()), players, kind))
    return out


def decisions(row: Row, seed: int) -> Iterator[float]:
    """The CPU milliseconds of each bot decision of one game of `row`'s kind at every seat."""
    state: Game[Any] = games.create(row.game, row.players, dict(row.options), seed=seed)
    bots = {s: games.make_bot(row.game, row.level, seed * 31 + s) for s in range(row.players)}
    for _ in range(MAX_MOVES):
        if state.over:
            return
        seat, prompt = next(iter(state.pending().items()))
        started = time.process_time()  # the view too: a host builds it for the bot's move
        move = bot_move(bots[seat], state, seat, prompt)
        yield (time.process_time() - started) * 1e3
        state.act(seat, move)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(row: Row, wanted: int, server_gc: bool = True) -> list[float]:
    times: list[float] = []
    seed = 1
    while len(times) < wanted:
        times.extend(decisions(row, seed))
        seed += 1
        if server_gc:
            gc.collect()
            gc.freeze()
    return times


def main(argv: list[str] | None = None, out: Callable[[str], None] = print) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decisions", type=int, default=3000, help="decisions timed per row")
    parser.add_argument("--game", choices=sorted(VARIANTS), default=None)
    parser.add_argument("--level", default=None, help="only this bot kind")
    parser.add_argument("--plain-gc", action="store_true", help="the collector's defaults")
    args = parser.parse_args(argv)
    out(f"bot CPU per move (process_time, ms), >= {args.decisions} decisions a row")
    out(
        f"  {'game':<10}{'variant':<10}{'table':<6}{'level':<10}{'moves':>8}"
        f"{'mean':>9}{'p50':>9}{'p99':>9}{'max':>9}"
    )
    slow = []
    for row in rows(args.game, args.level):
        times = measure(row, args.decisions, server_gc=not args.plain_gc)
        p99 = percentile(times, 0.99)
        verdict = "PASS" if p99 < BUDGET_MS else "MISS"
        if p99 >= BUDGET_MS:
            slow.append(row.label.strip())
        out(
            f"  {row.label}{len(times):>8}{statistics.fmean(times):>9.3f}"
            f"{statistics.median(times):>9.3f}{p99:>9.3f}"
            f"{max(times):>9.2f}  {verdict}"
        )
    out(f"every p99 under {BUDGET_MS:g} ms: " + ("yes" if not slow else "NO: " + "; ".join(slow)))
    return 0 if not slow else 1


if __name__ == "__main__":
    sys.exit(main())
