"""Bot strength: how often the QuizPoker heuristic bot wins against random bots.

Each table seats one `HeuristicBot` and random bots (`RandomBot`), the heuristic bot's seat
rotating from game to game; a game runs until one player holds all the chips or until the hand
cap, when the biggest stack wins (a tie for it counts as a loss for the heuristic bot).

Tables: `quizpoker` heads-up (fair share 1/2) and `duell` with three players, the ruleset's
minimum (fair share 1/3; the game master sits out every third question, DU2). Questions: the
built-in packs (English for quizpoker, the duell default German if shipped), else the test
fixture pack. The win rate is printed with a 95% Wilson score interval.

    python bench/bot_strength.py [--games 1000] [--max-hands 200] [--workers 2]
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pokerhall import games
from pokerhall.content.packs import builtin_questions
from pokerhall.engine.errors import IllegalMove
from pokerhall.engine.protocol import Game
from pokerhall.games.quizpoker.bots import HeuristicBot, RandomBot

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script or module
from bench.stats import wilson

FIXTURE = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "mini.en.jsonl"


@dataclass(frozen=True, slots=True)
class Table:
    ruleset: str
    players: int
    options: dict[str, Any]
    questions: str
    """How the questions were chosen, for the printout."""


@dataclass(frozen=True, slots=True)
class Outcome:
    won: bool
    finished: bool
    hands: int
    decisions: int
    seconds_deciding: float


def _has_builtin(language: str) -> bool:
    try:
        return len(builtin_questions(language)) > 0
    except ValueError:
        return False


def question_options(preferred: str) -> tuple[dict[str, Any], str]:
    """The built-in pack in `preferred` language, else English, else the fixture pack."""
    for language in dict.fromkeys([preferred, "en"]):
        if _has_builtin(language):
            return {"questions": "builtin", "language": language}, f"built-in ({language})"
    return {"questions": str(FIXTURE), "language": "en"}, f"fixture {FIXTURE.name}"


def tables() -> list[Table]:
    quiz, quiz_source = question_options("en")
    duell, duell_source = question_options("de")
    return [
        Table("quizpoker", 2, {"ruleset": "quizpoker", **quiz}, quiz_source),
        Table("duell", 3, {"ruleset": "duell", **duell}, duell_source),
    ]


def play_one(table: Table, index: int, max_hands: int) -> Outcome:
    """One seeded game; the heuristic bot sits in seat `index % players`."""
    hero = index % table.players
    seed = 1_000_003 * (table.players + 1) + index
    state: Game[Any] = games.create("quizpoker", table.players, table.options, seed=seed)
    bots = {
        seat: HeuristicBot(seed + seat) if seat == hero else RandomBot(seed + seat)
        for seat in range(table.players)
    }
    decisions, deciding = 0, 0.0
    while not state.over and state.view(None)["hands_played"] < max_hands:
        seat, prompt = next(iter(state.pending().items()))
        view = state.view(seat)
        started = time.perf_counter()
        move = bots[seat].choose(view, prompt)
        if seat == hero:
            deciding += time.perf_counter() - started
            decisions += 1
        try:
            state.act(seat, move)
        except IllegalMove as exc:  # a bot bug: report it loudly rather than skew the figures
            problem = f"game {index}: seat {seat} played {move} to {prompt}: {exc}"
            raise RuntimeError(problem) from exc
    return Outcome(
        won=winner(state) == hero,
        finished=state.over,
        hands=state.view(None)["hands_played"],
        decisions=decisions,
        seconds_deciding=deciding,
    )


def winner(state: Game[Any]) -> int | None:
    if state.result is not None:
        winners = state.result["winners"]
        return int(winners[0]) if len(winners) == 1 else None
    stacks = [p["stack"] for p in state.view(None)["players"]]
    best = max(stacks)
    leaders = [seat for seat, chips in enumerate(stacks) if chips == best]
    return leaders[0] if len(leaders) == 1 else None


def _job(args: tuple[Table, int, int]) -> Outcome:
    return play_one(*args)


def run(table: Table, n_games: int, max_hands: int, workers: int) -> list[Outcome]:
    jobs = [(table, i, max_hands) for i in range(n_games)]
    if workers <= 1:
        return [_job(job) for job in jobs]
    with multiprocessing.Pool(workers) as pool:
        results: Iterator[Outcome] = pool.imap(_job, jobs, chunksize=20)
        return list(results)


def report(table: Table, outcomes: list[Outcome], seconds: float) -> str:
    n = len(outcomes)
    wins = sum(o.won for o in outcomes)
    low, high = wilson(wins, n)
    finished = sum(o.finished for o in outcomes)
    hands = sum(o.hands for o in outcomes) / max(n, 1)
    decisions = sum(o.decisions for o in outcomes)
    per_decision = sum(o.seconds_deciding for o in outcomes) / max(decisions, 1)
    randoms = table.players - 1
    return "\n".join(
        [
            f"{table.ruleset}: {table.players} players (1 heuristic, {randoms} random), "
            f"questions {table.questions}",
            f"  heuristic wins {wins}/{n} = {wins / max(n, 1):.1%}  95% CI [{low:.1%}, {high:.1%}]"
            f"  (fair share {1 / table.players:.1%})",
            f"  finished {finished}/{n} games, {hands:.1f} hands per game on average, "
            f"heuristic decision {per_decision * 1e6:.0f} µs on average, {seconds:.1f} s",
        ]
    )


def main(argv: list[str] | None = None, out: Callable[[str], None] = print) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games per table (default 1000)")
    parser.add_argument("--max-hands", type=int, default=200, help="hand cap per game")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    args = parser.parse_args(argv)
    out(f"bot strength: {args.games} games per table, at most {args.max_hands} hands each")
    clear = True
    for table in tables():
        started = time.perf_counter()
        outcomes = run(table, args.games, args.max_hands, args.workers)
        out(report(table, outcomes, time.perf_counter() - started))
        wins = sum(o.won for o in outcomes)
        clear = clear and wilson(wins, len(outcomes))[0] > 1 / table.players
    out("heuristic beats random: " + ("yes" if clear else "NOT CLEARLY"))
    return 0 if clear else 1


if __name__ == "__main__":
    sys.exit(main())
