"""A levelled bot's chance of holding the closest guess, from its knowledge and what is out.

* The answer: the bot's belief (its knowledge's normal curve, cut off at `CUTOFF` widths),
  narrowed to the question's plausible range and to the ranges the revealed hints state; once
  the answer is read out, that answer alone. It is taken at `POINTS` equally likely quantiles
  rather than random draws, so a decision is cheap and repeatable.
* The opponents: each guessed before any hint from knowledge like the bot's own (the same noise
  model around the answer), so the hints say nothing about their guesses. An opponent who has
  bet or raised into the bot is taken to know better: its width is multiplied by a factor below
  one (the bot's `reads`).
* The chance is the mean, over the possible answers, of the chance that every opponent is
  further from it than the bot's guess.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import NormalDist

from pokerhall.games.quizpoker.bots.knowledge import CUTOFF, Knowledge
from pokerhall.games.quizpoker.bots.numbers import Span

POINTS = 15
"""Possible answers averaged over; 9 moved the bots' win rates by less than their error bars,
but made folds after a narrow hint jumpier."""
_NORMAL = NormalDist()
_ROOT2 = math.sqrt(2.0)
_MASS = math.erf(CUTOFF / _ROOT2)
"""The share of a normal curve within the cut-off."""


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / _ROOT2))


def possible_answers(
    knowledge: Knowledge, spans: Sequence[Span], answer: float | None
) -> list[float]:
    """Equally likely answers as the bot sees them now (the answer alone once it is out)."""
    if answer is not None:
        return [answer]
    to_space = knowledge.to_space
    centre, width = knowledge.centre, knowledge.width
    hint_lo, hint_hi = -math.inf, math.inf
    for span in spans:
        lo, hi = to_space(span.lo), to_space(span.hi)
        if max(hint_lo, lo) <= min(hint_hi, hi):
            hint_lo, hint_hi = max(hint_lo, lo), min(hint_hi, hi)
        else:  # hints that seem to contradict: trust the later one
            hint_lo, hint_hi = lo, hi
    floor = max(to_space(knowledge.low), hint_lo)
    ceiling = min(to_space(knowledge.high), hint_hi)
    lo, hi = max(centre - CUTOFF * width, floor), min(centre + CUTOFF * width, ceiling)
    if lo >= hi:  # the hints say the bot's knowledge was wrong: believe the hints alone
        lo, hi = floor, ceiling
        if not (math.isfinite(lo) and math.isfinite(hi)) or lo >= hi:
            return [knowledge.from_space(min(max(centre, floor), ceiling))]
        step = (hi - lo) / POINTS
        return [knowledge.from_space(lo + step * (i + 0.5)) for i in range(POINTS)]
    below, above = _phi((lo - centre) / width), _phi((hi - centre) / width)
    mass = above - below
    if mass < 1e-9:
        step = (hi - lo) / POINTS
        return [knowledge.from_space(lo + step * (i + 0.5)) for i in range(POINTS)]
    return [
        knowledge.from_space(centre + width * _NORMAL.inv_cdf(below + mass * (i + 0.5) / POINTS))
        for i in range(POINTS)
    ]


def closer_chance(knowledge: Knowledge, answer: float, gap: float, factor: float) -> float:
    """The chance that an opponent's guess lands within `gap` of `answer`, beating ours."""
    if gap <= 0:
        return 0.0
    to_space = knowledge.to_space
    width = knowledge.width * factor
    centre = to_space(answer)
    low = max(-CUTOFF, (to_space(answer - gap) - centre) / width)
    high = min(CUTOFF, (to_space(answer + gap) - centre) / width)
    if low >= high:
        return 0.0
    return min(1.0, (_phi(high) - _phi(low)) / _MASS)


def win_chance(
    knowledge: Knowledge,
    guess: float,
    opponents: Sequence[float],
    spans: Sequence[Span],
    answer: float | None,
) -> float:
    """The chance that `guess` is the closest; `opponents` holds each live opponent's width
    factor (1: knows like us, below 1: has shown it knows better)."""
    if not opponents:
        return 1.0
    answers = possible_answers(knowledge, spans, answer)
    total = 0.0
    for possible in answers:
        gap = abs(guess - possible)
        chance = 1.0
        for factor in opponents:
            chance *= 1.0 - closer_chance(knowledge, possible, gap, factor)
        total += chance
    return total / len(answers)
