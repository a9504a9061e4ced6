"""The QuizPoker bot ladder: each level against the level below and against the heuristic bot.

Pairings (A against B): novice–random, casual–novice, expert–casual, and each level against the
heuristic bot, under both rulesets:

* `quizpoker`: heads-up, the seats swapped from game to game;
* `duell`: four players, two of each kind seated alternately (ABAB, then BABA), so the game
  master (DU2) sits out as often for either kind.

A game runs until one player holds every chip, or to the hand cap, when the biggest stack wins
(a tie for it counts for neither). A's share of the games won is printed with a 95 % Wilson
interval; A beats B when the interval's lower end is above one half. Then a table of four
`casual` bots (and, for comparison, four `heuristic` bots) is played to its end under each
ruleset, and the median number of hands is printed with its quartiles. Last, for every kind, out
of the hands it was dealt into in all these games: how often it folded, how often it called
down (reached the showdown having called but never bet or raised), and how often it won at a
showdown it reached.

Questions: the built-in packs (English for quizpoker, German for the duell, as its default).
Bots are asked through `engine.bots.bot_move`, as on the server.

    python bench/quizpoker_ladder.py [--games 1000] [--tables 300] [--max-hands 300] [--workers 2]
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pokerhall import games
from pokerhall.engine.bots import bot_move
from pokerhall.engine.errors import IllegalMove
from pokerhall.engine.events import ROUND_STARTED
from pokerhall.engine.protocol import Game
from pokerhall.games.quizpoker import QuizPoker

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script or module
from bench.stats import wilson

PAIRINGS = (
    ("novice", "random"),
    ("casual", "novice"),
    ("expert", "casual"),
    ("novice", "heuristic"),
    ("casual", "heuristic"),
    ("expert", "heuristic"),
)
RULESETS = {
    "quizpoker": {"ruleset": "quizpoker", "questions": "builtin", "language": "en"},
    "duell": {"ruleset": "duell", "questions": "builtin", "language": "de"},
}
PLAYERS = {"quizpoker": 2, "duell": 4}
TABLE_KINDS = ("casual", "heuristic")
"""Kinds that fill a four-seat table for its length in hands."""


@dataclass
class Habits:
    """Counts of one kind's hands: dealt in, folded, called down, showdowns reached and won."""

    hands: int = 0
    folds: int = 0
    call_downs: int = 0
    showdowns: int = 0
    showdown_wins: int = 0

    def add(self, other: Habits) -> None:
        self.hands += other.hands
        self.folds += other.folds
        self.call_downs += other.call_downs
        self.showdowns += other.showdowns
        self.showdown_wins += other.showdown_wins


@dataclass
class Outcome:
    winner_kind: str | None
    hands: int
    habits: dict[str, Habits] = field(default_factory=dict)


class HandWatcher:
    """Reads each seat's habits from the public events of the hands, as a spectator would."""

    def __init__(self, kinds: list[str]) -> None:
        self.kinds = kinds
        self.habits = {kind: Habits() for kind in set(kinds)}
        self._reset([])

    def _reset(self, playing: list[int]) -> None:
        self.playing = playing
        self.folded: set[int] = set()
        self.called: set[int] = set()
        self.aggressive: set[int] = set()
        self.showdown: list[int] = []
        self.winners: set[int] = set()

    def _close(self) -> None:
        for seat in self.playing:
            habits = self.habits[self.kinds[seat]]
            habits.hands += 1
            habits.folds += seat in self.folded
            if seat in self.showdown:
                habits.showdowns += 1
                habits.showdown_wins += seat in self.winners
                habits.call_downs += seat in self.called and seat not in self.aggressive

    def see(self, event_type: str, data: dict[str, Any]) -> None:
        if event_type == ROUND_STARTED:
            self._close()
            self._reset(list(data["playing"]))
        elif event_type == "action":
            action, seat = data["action"], data["seat"]
            if action == "fold":
                self.folded.add(seat)
            elif action == "call":
                self.called.add(seat)
            elif action in ("bet", "raise", "all_in"):
                self.aggressive.add(seat)
        elif event_type == "showdown":
            self.showdown = list(data["order"])
        elif event_type == "pot_awarded" and self.showdown:
            self.winners |= {int(seat) for seat in data["shares"]}

    def finish(self) -> dict[str, Habits]:
        self._close()
        self._reset([])
        return self.habits


def seating(a: str, b: str, ruleset: str, index: int) -> list[str]:
    if PLAYERS[ruleset] == 2:
        return [a, b] if index % 2 == 0 else [b, a]
    return [a, b, a, b] if index % 2 == 0 else [b, a, b, a]


def play(ruleset: str, kinds: list[str], seed: int, max_hands: int) -> Outcome:
    state = games.create("quizpoker", len(kinds), RULESETS[ruleset], seed=seed)
    assert isinstance(state, QuizPoker)
    bots = games.make_bots("quizpoker", dict(enumerate(kinds)), seed)
    watcher = HandWatcher(kinds)
    for event in state.events:
        watcher.see(event.type, event.data)
    while not state.over and state.hands_played < max_hands:
        seat, prompt = next(iter(state.pending().items()))
        move = bot_move(bots[seat], state, seat, prompt)
        try:
            events = state.act(seat, move)
        except IllegalMove as exc:  # a bot bug: report it loudly rather than skew the figures
            raise RuntimeError(f"seed {seed}: {kinds[seat]} played {move} to {prompt}") from exc
        for event in events:
            if event.is_public:
                watcher.see(event.type, event.data)
    winner = leader(state)
    return Outcome(
        None if winner is None else kinds[winner],
        state.view(None)["hands_played"],
        watcher.finish(),
    )


def leader(state: Game[Any]) -> int | None:
    if state.result is not None:
        return int(state.result["winners"][0])
    stacks = [p["stack"] for p in state.view(None)["players"]]
    best = max(stacks)
    leaders = [seat for seat, chips in enumerate(stacks) if chips == best]
    return leaders[0] if len(leaders) == 1 else None


Job = tuple[str, tuple[str, ...], int, int]


def _job(job: Job) -> Outcome:
    ruleset, kinds, seed, max_hands = job
    return play(ruleset, list(kinds), seed, max_hands)


def run(jobs: list[Job], workers: int) -> list[Outcome]:
    if workers <= 1:
        return [_job(job) for job in jobs]
    with multiprocessing.Pool(workers) as pool:
        results: Iterator[Outcome] = pool.imap(_job, jobs, chunksize=10)
        return list(results)


def main(argv: list[str] | None = None, out: Callable[[str], None] = print) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games per pairing and ruleset")
    parser.add_argument("--tables", type=int, default=300, help="four-bot tables per kind")
    parser.add_argument("--max-hands", type=int, default=300, help="hand cap per game")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    args = parser.parse_args(argv)
    out(f"QuizPoker ladder: {args.games} games per pairing and ruleset, cap {args.max_hands} hands")
    habits: dict[str, Habits] = {}
    holds = True
    for ruleset in RULESETS:
        out(f"\n{ruleset} ({PLAYERS[ruleset]} players)")
        for a, b in PAIRINGS:
            started = time.perf_counter()
            jobs: list[Job] = [
                (ruleset, tuple(seating(a, b, ruleset, i)), 7_000_003 * (i + 1), args.max_hands)
                for i in range(args.games)
            ]
            outcomes = run(jobs, args.workers)
            wins = sum(o.winner_kind == a for o in outcomes)
            low, high = wilson(wins, len(outcomes))
            beats = low > 0.5
            holds = holds and beats
            for outcome in outcomes:
                for kind, counts in outcome.habits.items():
                    habits.setdefault(kind, Habits()).add(counts)
            hands = statistics.median(o.hands for o in outcomes)
            out(
                f"  {a:>6} vs {b:<9} {a} wins {wins / len(outcomes):6.1%}"
                f"  95% CI [{low:.1%}, {high:.1%}]  {'beats' if beats else 'DOES NOT BEAT'}"
                f"  (median {hands:g} hands, {time.perf_counter() - started:.0f} s)"
            )
        for kind in TABLE_KINDS:
            jobs = [
                (ruleset, (kind,) * 4, 9_000_011 * (i + 1), args.max_hands)
                for i in range(args.tables)
            ]
            outcomes = run(jobs, args.workers)
            lengths = [o.hands for o in outcomes]
            q1, _, q3 = statistics.quantiles(lengths, n=4)
            capped = sum(o.hands >= args.max_hands for o in outcomes)
            out(
                f"  four {kind} bots: median {statistics.median(lengths):g} hands "
                f"(quartiles {q1:g}-{q3:g}, fewest {min(lengths)}, {capped} capped) over "
                f"{len(lengths)} tables"
            )
    out("\nhabits, out of the hands each kind was dealt into (all games above)")
    out(
        f"  {'kind':<10}{'hands':>9}{'folds':>9}{'calls down':>12}"
        f"{'showdowns':>11}{'wins them':>11}"
    )
    for kind in ("random", "heuristic", "novice", "casual", "expert"):
        h = habits.get(kind)
        if h is None or h.hands == 0:
            continue
        out(
            f"  {kind:<10}{h.hands:>9}{h.folds / h.hands:>9.1%}{h.call_downs / h.hands:>12.1%}"
            f"{h.showdowns / h.hands:>11.1%}{h.showdown_wins / max(h.showdowns, 1):>11.1%}"
        )
    out("\nthe ladder holds: " + ("yes" if holds else "NO"))
    return 0 if holds else 1


if __name__ == "__main__":
    sys.exit(main())
