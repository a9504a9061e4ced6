"""How likely a guess is to be the closest, judged from what the table has revealed so far.

The model is deliberately small, so a decision costs microseconds:

* the answer is uniform over the narrowest range the revealed hints state (or known exactly once
  it is read out);
* every opponent's guess misses the answer by a half-normal error whose scale is the width of
  the first hint's range: question writers make hint 1 about as wide as a fair guess is off.
  Opponents guessed before any hint, so the hints say nothing about their guesses;
* our chance is the average, over the possible answers, of the chance that every opponent is
  further away than we are.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from pokerhall.games.quizpoker.bots.numbers import Span

OPPONENT_SPREAD = 1.0
"""The opponents' typical miss, in widths of the first hint's range. Narrower (0.3, 0.5) made
the bot too timid against random guessers (bench/ladder.py, heuristic vs random), wider (1.5,
2) too bold."""
ANSWER_POINTS = 9
"""Possible answers averaged over (midpoints of equal slices of the range)."""


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What a seat has learnt about the answer: the hint ranges it could read, and the answer."""

    spans: Sequence[Span]
    answer: float | None = None


def opponent_scale(knowledge: Knowledge, guess: float) -> float:
    """The scale of an opponent's miss; from hint 1 if it could be read, else from magnitudes."""
    for span in knowledge.spans:
        if span.bounded and span.width > 0:
            return OPPONENT_SPREAD * span.width
        finite = [abs(b) for b in (span.lo, span.hi) if math.isfinite(b)]
        if finite:
            return OPPONENT_SPREAD * max(max(finite), 1.0)
    if knowledge.answer is not None:
        return OPPONENT_SPREAD * max(abs(knowledge.answer), 1.0)
    return OPPONENT_SPREAD * max(abs(guess), 1.0)


def possible_answers(knowledge: Knowledge, scale: float) -> list[float]:
    if knowledge.answer is not None:
        return [knowledge.answer]
    span = knowledge.spans[0]
    for later in knowledge.spans[1:]:
        span = span.meet(later)
    lo, hi = span.lo, span.hi
    if not math.isfinite(lo) and not math.isfinite(hi):
        return []
    if not math.isfinite(lo):
        lo = hi - 4 * scale
    if not math.isfinite(hi):
        hi = lo + 4 * scale
    step = (hi - lo) / ANSWER_POINTS
    return [lo + step * (i + 0.5) for i in range(ANSWER_POINTS)]


def win_chance(guess: float, knowledge: Knowledge, opponents: int) -> float | None:
    """Chance that `guess` beats every one of `opponents` guesses; None without any knowledge."""
    if opponents <= 0:
        return 1.0
    if knowledge.answer is None and not knowledge.spans:
        return None
    scale = max(opponent_scale(knowledge, guess), 1e-12)
    answers = possible_answers(knowledge, scale)
    if not answers:
        return None
    root2 = scale * math.sqrt(2.0)
    total = 0.0
    for answer in answers:
        further = 1.0 - math.erf(abs(guess - answer) / root2)
        total += further**opponents
    return total / len(answers)
