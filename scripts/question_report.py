"""Print, per language, what the shipped packs hold and what a game deals from them: questions
per topic and template, the share of a 30-question game each takes (averaged over seeds), and
how wide hint 1 is (hi / lo of a positive range: median and maximum factor).

Run with `python scripts/question_report.py [SEEDS]`; the output is in docs/question-packs.md.
"""

from __future__ import annotations

import random
import statistics
import sys
from collections import Counter
from decimal import Decimal

from pokerhall.content.packs import builtin_languages, builtin_questions
from pokerhall.content.questions import Question
from pokerhall.games.quizpoker.deck import GAME_LENGTH, QuestionDeck


def group(question: Question) -> str:
    return f"{question.topic}/{question.template or '-'}"


def dealt_shares(questions: tuple[Question, ...], seeds: int) -> Counter[str]:
    counts: Counter[str] = Counter()
    for seed in range(seeds):
        deck = QuestionDeck(questions, random.Random(seed))
        counts.update(group(deck.draw()) for _ in range(GAME_LENGTH))
    return counts


def factors(questions: tuple[Question, ...]) -> list[Decimal]:
    found = []
    for q in questions:
        if q.hint1_range is not None and q.hint1_range[0] > 0:
            found.append(q.hint1_range[1] / q.hint1_range[0])
    return found


def report(language: str, seeds: int) -> None:
    questions = builtin_questions(language)
    held = Counter(group(q) for q in questions)
    dealt = dealt_shares(questions, seeds)
    total = GAME_LENGTH * seeds
    ratio = factors(questions)
    print(f"## {language}: {len(questions)} questions")
    print()
    print(f"| topic/template | questions | share of a {GAME_LENGTH}-question game |")
    print("|---|---:|---:|")
    for name, count in sorted(held.items()):
        print(f"| {name} | {count} | {100 * dealt[name] / total:.1f} % |")
    print()
    median = statistics.median(ratio)
    print(
        f"Hint 1 factor (hi / lo, {len(ratio)} ranges above 0): median {median:.2f},"
        f" max {max(ratio):.2f}"
    )
    print()


def main() -> int:
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    print(f"Averaged over {seeds} seeds.")
    print()
    for language in builtin_languages():
        report(language, seeds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
