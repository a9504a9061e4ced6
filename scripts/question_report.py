"""Print, per language, what the shipped packs hold and what a game deals from them: questions
per topic, and per topic and template, the share of a 30-question game each takes (averaged over
seeds), the questions per difficulty, and how wide the hints are (hint 1: hi / lo of a range
above 0; hint 2: its width as a share of hint 1's), per template and over the whole language.

Run with `python scripts/question_report.py [SEEDS]`; the output is in docs/question-packs.md.
"""

from __future__ import annotations

import random
import statistics
import sys
from collections import Counter, defaultdict
from collections.abc import Iterable
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


def factor(question: Question) -> Decimal | None:
    """hi / lo of hint 1, for a range above 0 (a signed or 0-based range has no factor)."""
    if question.hint1_range is None or question.hint1_range[0] <= 0:
        return None
    lo, hi = question.hint1_range
    return hi / lo


def narrowing(question: Question) -> Decimal | None:
    """Hint 2's width as a share of hint 1's."""
    if question.hint1_range is None or question.hint2_range is None:
        return None
    (lo, hi), (lo2, hi2) = question.hint1_range, question.hint2_range
    return (hi2 - lo2) / (hi - lo)


def median(values: Iterable[Decimal | None]) -> str:
    found = [v for v in values if v is not None]
    return f"{statistics.median(found):.2f}" if found else "–"


def report(language: str, seeds: int) -> None:
    questions = builtin_questions(language)
    members: dict[str, list[Question]] = defaultdict(list)
    for q in questions:
        members[group(q)].append(q)
    dealt = dealt_shares(questions, seeds)
    total = GAME_LENGTH * seeds
    print(f"### {language}: {len(questions)} questions")
    print()
    topics = Counter(q.topic for q in questions)
    topic_dealt: Counter[str] = Counter()
    for name, count in dealt.items():
        topic_dealt[name.split("/")[0]] += count
    print(f"| topic | questions | share of a {GAME_LENGTH}-question game |")
    print("|---|---:|---:|")
    for topic, count in sorted(topics.items()):
        print(f"| {topic} | {count} | {100 * topic_dealt[topic] / total:.1f} % |")
    print()
    print(
        f"| topic/template | questions | share of a {GAME_LENGTH}-question game"
        " | hint 1 factor (median) | hint 2 / hint 1 width (median) |"
    )
    print("|---|---:|---:|---:|---:|")
    for name, found in sorted(members.items()):
        share = 100 * dealt[name] / total
        widths = median(factor(q) for q in found), median(narrowing(q) for q in found)
        print(f"| {name} | {len(found)} | {share:.1f} % | {widths[0]} | {widths[1]} |")
    print()
    levels = Counter(q.difficulty for q in questions)
    print(
        "Difficulty: "
        + ", ".join(f"{level}: {levels[level]}" for level in sorted(levels))
        + " questions."
    )
    ratios = [f for q in questions if (f := factor(q)) is not None]
    shares = [n for q in questions if (n := narrowing(q)) is not None]
    print(
        f"Hint 1 factor (hi / lo, {len(ratios)} ranges above 0): median"
        f" {statistics.median(ratios):.2f}, max {max(ratios):.2f}. Hint 2 / hint 1 width"
        f" ({len(shares)} questions): median {statistics.median(shares):.2f},"
        f" max {max(shares):.2f}."
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
