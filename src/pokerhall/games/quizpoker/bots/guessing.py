"""Guesses made from the question alone: bots know no facts, only how quiz questions look.

A guess must be written before any hint (Q2), so all a bot has is the question text and its unit.
The heuristic reads the kind of answer asked for (a year, a percentage, a quantity in some unit)
and aims at a typical value of that kind; the random bot throws darts over a broad range.
"""

from __future__ import annotations

import math
import random
import re

from pokerhall.games.quizpoker.bots.numbers import find_numbers

MAX_ABS_GUESS = 1e15
"""Keeps a written guess within the game's 32-character limit."""

_YEAR_QUESTION = re.compile(
    r"\b(which|what)\s+year\b|\bwhen\b|\bin\s+welchem\s+jahr\b|\bwelches\s+jahr\b|\bwann\b"
    r"|\bjahr\s+(?:wurde|war|fand|begann|endete)\b",
    re.IGNORECASE,
)
_AFTER = re.compile(r"\b(after|since|nach|seit)\b", re.IGNORECASE)
_BEFORE = re.compile(r"\b(before|vor)\b", re.IGNORECASE)
_PERCENT = re.compile(r"%|\bper\s?cent\b|\bprozent\b|\bshare\b|\banteil\b", re.IGNORECASE)

TYPICAL_YEAR = 1900.0
"""Roughly the median year asked about in general-knowledge quizzes."""

_BC = re.compile(r"\bBCE?\b|\bv\.\s?Chr\b", re.IGNORECASE)
TYPICAL_BC_YEAR = -300.0
"""Where to aim when a question says how to write years BC: it is likely about antiquity."""

_UNIT_LOG10: dict[str, float] = {
    # common-sense orders of magnitude (log10) of answers in a unit, as a quiz player has them:
    # a country has some ten million people, a city a million, two cities are thousands of km
    # apart ... English and German unit words alike.
    "million": 1.0,
    "millionen": 1.0,
    "mio": 1.0,
    "billion": 0.5,
    "milliarden": 0.5,
    "thousand": 2.0,
    "tausend": 2.0,
    "inhabitants": 6.0,
    "einwohner": 6.0,
    "people": 6.0,
    "menschen": 6.0,
    "km²": 5.0,
    "km2": 5.0,
    "km": 3.5,
    "m": 2.5,
    "metres": 3.0,
    "meters": 3.0,
    "meter": 3.0,
    "cm": 2.0,
    "mm": 1.5,
    "kg": 2.0,
    "g": 2.0,
    "t": 3.0,
    "g/cm³": 0.8,
    "°c": 2.0,
    "degrees": 1.5,
    "grad": 1.5,
    "years": 1.8,
    "jahre": 1.8,
    "days": 1.5,
    "tage": 1.5,
    "seconds": 1.0,
    "sekunden": 1.0,
    "km/h": 2.0,
    "m/s": 1.5,
}
"""Typical order of magnitude (log10) of answers given in a unit; the first unit word that is
listed decides ("million people" -> million)."""


def _is_year(value: float) -> bool:
    return 1000 <= value <= 2100 and value == int(value)


def heuristic_guess(question: str, unit: str, rng: random.Random) -> float:
    """A typical value for the kind of answer the question asks for, with a little jitter."""
    numbers = [float(n.value) for n in find_numbers(question)]
    years = [n for n in numbers if _is_year(n)]
    asks_year = _YEAR_QUESTION.search(question) or unit.lower() in ("year", "jahr")
    if asks_year and not re.search(r"\bhow many\b|\bwie viele\b", question, re.IGNORECASE):
        if _BC.search(question):  # "Give years BC as negative numbers": antiquity is likely
            return TYPICAL_BC_YEAR + rng.gauss(0, 100)
        if years:
            anchor = max(years) if _AFTER.search(question) else min(years)
            step = 30.0 if _AFTER.search(question) else -30.0 if _BEFORE.search(question) else 0
            return anchor + step + rng.gauss(0, 10)
        return TYPICAL_YEAR + rng.gauss(0, 30)
    if _PERCENT.search(f"{question} {unit}"):
        return min(60.0, max(1.0, 10 ** rng.gauss(1.0, 0.2)))
    magnitude = _unit_magnitude(unit)
    if magnitude is not None:
        return 10 ** rng.gauss(magnitude, 0.3)
    others = [abs(n) for n in numbers if not _is_year(n) and n != 0]
    if others:  # a number in the question often sets the scale of the answer
        return max(others) * 10 ** rng.uniform(-0.5, 0.5)
    return 10 ** rng.gauss(2.0, 0.5)


def _unit_magnitude(unit: str) -> float | None:
    for word in re.findall(r"[^\s()]+", unit.lower()):
        magnitude = _UNIT_LOG10.get(word.rstrip("."))
        if magnitude is not None:
            return magnitude
    return None


def random_guess(question: str, rng: random.Random) -> float:
    """A dart over a broad range: near a number of the question (within a factor of ten) or
    log-uniform from 1 to a million, occasionally negative."""
    numbers = [abs(float(n.value)) for n in find_numbers(question) if n.value != 0]
    if numbers and rng.random() < 0.5:
        value = rng.choice(numbers) * 10 ** rng.uniform(-1, 1)
    else:
        value = 10 ** rng.uniform(0, 6)
    return -value if rng.random() < 0.05 else value


def format_guess(value: float) -> str:
    """Plain decimal text the game accepts ("1774", "-44", "83.25"): no exponent, at most
    three decimals, never longer than the game's limit."""
    if not math.isfinite(value):
        value = 0.0
    value = max(-MAX_ABS_GUESS, min(MAX_ABS_GUESS, value))
    if abs(value) >= 100:
        return str(round(value))
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text
