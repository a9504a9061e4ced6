"""A bot's own knowledge of an answer: a declared, seeded noise model around the truth.

A person at a quiz table knows roughly: that Hastings was some time around 1050, that Abu Dhabi
has a million people or two. A levelled bot is given that kind of knowledge, explicitly: the game
master tells it the card's true answer (`QuizPoker.bot_briefing`), and `learn` turns it at once
into a `Knowledge`: one noisy estimate and how far the bot trusts it. The truth itself is not
kept: a `Knowledge` holds the estimate, its width and the question's plausible range, all of
which a person could have in mind, so the bot's later decisions can only depend on the truth
through this noise model.

The model, per kind of question (read from its unit and wording, like a person reads them):

* the error is normal, cut off at `CUTOFF` widths so no bot is ever wildly off (the issue's
  "95.2 years of life expectancy"), in log space for quantities (people, km², g/cm³: being off by
  a factor) and in plain numbers for years, latitudes, life expectancies and temperatures;
* its width is the kind's width for the bot's level (`Kind.widths`: a novice knows little more
  than the plausible range, a casual player is off by a fifth, an expert by a few per cent)
  times how well-known the answer is (`KNOWN`, by the question's `difficulty`, 1-3,
  docs/question-packs.md): an expert knows a difficulty-1 answer (π, a chessboard's squares)
  exactly, a difficulty-2 one (a famous year, a common element's atomic number) closely and a
  difficulty-3 one (a town's population) only roughly; a lower level knows each less well, and
  nobody knows a difficulty-3 answer to the person. Issue 22: with one noise per kind, experts
  guessed π = 3.29, a chessboard 62-69 squares and carbon's atomic number 7;
* the draw is seeded by the bot's seed and the question's id, so a bot knows a question the same
  way whatever happens at the table, and two bots of one level know it differently;
* a guess is the estimate kept within the question's plausible range (`Kind.low`..`Kind.high`)
  and written in the answer's unit and rounding (its decimals; three significant figures for a
  large quantity).
"""

from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal
from functools import lru_cache
from typing import Literal

Level = Literal["novice", "casual", "expert"]
LEVELS: tuple[Level, ...] = ("novice", "casual", "expert")
Space = Literal["log", "linear", "relative", "years"]
"""How a kind's error is measured: a factor (log), in the answer's unit (linear), in the
answer's unit as a share of its size (relative: temperatures, and answers at or below zero), or
for a year, growing with how long before the question's date it was (years: a film of 2013 is
known to a year or two, a battle of 1066 to some decades)."""

CUTOFF = 2.0
"""Errors are cut off at this many widths: nobody who knows roughly is off by more."""
RELATIVE_FLOOR = 20.0
"""Below this size a relative error is taken of this size instead (0 °C is not exact knowledge)."""
KNOWN: dict[Level, tuple[float, float, float]] = {
    "novice": (0.4, 0.9, 1.0),
    "casual": (0.05, 0.7, 1.2),
    "expert": (0.0, 0.4, 2.0),
}
"""Per level, the share of its kind's width it is off by for a question of difficulty 1, 2 and
3. 0 is exact knowledge: the truth itself, trusted to its rounding. Every level knows an easier
answer better, a higher level knows every difficulty better, and no share for difficulty 3 is
0 (nobody knows a population to the person). The difficulty-3 shares are above the old single
width for casual and expert (1), which had taken them to know a town's size within 6 %."""
YEARS_SCALE = 30.0
"""A year's error is its width times sqrt(YEARS_SCALE × years before the question's date), and
never narrower than for a year this many years back."""


@dataclass(frozen=True, slots=True)
class Kind:
    """A kind of question: how its answers are known and what is plausible for them."""

    name: str
    space: Space
    widths: tuple[float, float, float]
    """The error's width for novice, casual and expert (a factor's log, units, or a share)."""
    low: float = -math.inf
    high: float = math.inf


YEAR = Kind("year", "years", (0.6, 0.2, 0.05), -3000.0, 2100.0)
LATITUDE = Kind("latitude", "linear", (25.0, 8.0, 2.0), -90.0, 90.0)
LIFE_EXPECTANCY = Kind("life expectancy", "linear", (12.0, 5.0, 1.5), 20.0, 90.0)
PERCENT = Kind("percent", "log", (0.6, 0.22, 0.06), 0.0, 100.0)
CELSIUS = Kind("temperature", "relative", (0.5, 0.2, 0.05), -273.15)
FAHRENHEIT = Kind("temperature", "relative", (0.5, 0.2, 0.05), -459.67)
KELVIN = Kind("temperature", "relative", (0.5, 0.2, 0.05), 0.0)
QUANTITY = Kind("quantity", "log", (0.6, 0.22, 0.06), 0.0)
SIGNED = Kind("signed quantity", "relative", (0.6, 0.25, 0.06))
"""A quantity whose answer is zero or below (absolute zero, -40 degrees): people know the sign."""

_YEAR = re.compile(
    r"\b(which|what)\s+year\b|\bwhen\b|\bin\s+welchem\s+jahr\b|\bwelches\s+jahr\b|\bwann\b"
    r"|\bv(e)?\s+kter[ée]m\s+roce\b|\bv\s+jak[ée]m\s+roce\b|\bkter[ée]ho\s+roku\b|\bkdy\b"
    r"|\bποιο\s+έτος\b|\bποια\s+χρονιά\b|\bπότε\b",
    re.IGNORECASE,
)
_HOW_MANY = re.compile(
    r"\bhow\s+(many|long|old)\b|\bwie\s+(viele|lange|alt)\b|\bkolik\b|\bjak\s+(dlouh|star)"
    r"|\bπόσ[οαεηι]",
    re.IGNORECASE,
)
_LATITUDE = re.compile(
    r"\blatitude\b|\bbreitengrad|\bbreite\b|zeměpisné\s+šíř|γεωγραφικό\s+πλάτος", re.IGNORECASE
)
_LIFE = re.compile(
    r"\blife\s+expectancy\b|\blebenserwartung\b|naděj\w*\s+dožití|προσδόκιμο\s+ζωής",
    re.IGNORECASE,
)
_PERCENT = re.compile(
    r"%|\bper\s?cent\b|\bpercentage\b|\bprozent\b|\bprocent|τοις\s+εκατό|\bποσοστ",
    re.IGNORECASE,
)
_FAHRENHEIT = re.compile(r"°F|\bfahrenheit\b", re.IGNORECASE)
_KELVIN = re.compile(r"^K$|\bkelvin\b")
_CELSIUS = re.compile(
    r"°C|\bcelsius\b|\btemperature\b|\btemperatur\b|\bteplot|\bθερμοκρασ", re.IGNORECASE
)
YEAR_UNITS = ("year", "jahr", "rok", "έτος")
DEGREE_UNITS = ("degrees", "grad", "stupňů", "μοίρες")


@lru_cache(maxsize=8192)
def kind_of(question: str, unit: str, answer_sign: int) -> Kind:
    """The kind of a question from its unit and wording (English, German, Czech or Greek), and
    the sign of its answer (a person knows whether a temperature is below zero); remembered
    per question, since every hand's bots ask it again (a kind is one of the constants)."""
    text = f"{question} {unit}"
    if unit.lower() in YEAR_UNITS or (_YEAR.search(question) and not _HOW_MANY.search(question)):
        return YEAR
    if _LATITUDE.search(text):
        return LATITUDE
    if _LIFE.search(text):
        return LIFE_EXPECTANCY
    if _PERCENT.search(unit) or (not unit and _PERCENT.search(question)):
        return PERCENT if answer_sign > 0 else SIGNED
    if _FAHRENHEIT.search(unit):
        return FAHRENHEIT
    if _KELVIN.search(unit):
        return KELVIN
    if _CELSIUS.search(unit) or (unit.lower() in DEGREE_UNITS and _CELSIUS.search(text)):
        return CELSIUS
    return QUANTITY if answer_sign > 0 else SIGNED


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What one bot knows about one question: an estimate and its width in the kind's space.

    `centre` and `width` are in the space's own numbers (the log of the value for `log`), so the
    bot's belief about the answer is a normal curve around `centre`, cut off at `CUTOFF` widths.
    """

    question: str
    hand: int
    kind: Kind
    level: Level
    centre: float
    width: float
    decimals: int
    difficulty: int = 2
    """How well-known the answer is (1-3, the question's `difficulty`)."""
    as_of: int = 0
    """The year the question's facts hold for (a year's width grows with the years before)."""
    exact: bool = False
    """Whether the bot knows the answer itself (`KNOWN` 0): then it writes it as it is, not to
    three significant figures like a rough figure."""

    @property
    def space(self) -> Space:
        return self.kind.space

    def to_space(self, value: float) -> float:
        """A value as the kind measures it (its log for `log` kinds; -inf for 0 and below)."""
        if self.space == "log":
            return math.log(value) if value > 0 else -math.inf
        return value

    def from_space(self, x: float) -> float:
        return math.exp(x) if self.space == "log" else x

    @property
    def low(self) -> float:
        return self.kind.low

    @property
    def high(self) -> float:
        return self.kind.high

    def guess(self) -> str:
        """The bot's written guess: its estimate within the plausible range, rounded as the
        answer is written (a rough large quantity to three significant figures)."""
        value = min(self.high, max(self.low, self.from_space(self.centre)))
        rough = self.space == "log" and not self.exact
        return write(value, self.decimals, significant=rough, low=self.low)

    def width_for(self, level: Level) -> float:
        """The width a bot of `level` would have for this question, judged from this bot's
        estimate (the opponents' widths a bot assumes, and its own)."""
        return width(self.kind, level, self.difficulty, self.centre, self.as_of, self.decimals)


def share_of(kind: Kind, level: Level, difficulty: int) -> float:
    """The error's width for `level` in a question of `kind` and `difficulty`, in the kind's
    own measure (before a year's or a relative error's scaling); 0 for exact knowledge."""
    return kind.widths[LEVELS.index(level)] * KNOWN[level][difficulty - 1]


def width(
    kind: Kind, level: Level, difficulty: int, centre: float, as_of: int, decimals: int
) -> float:
    """The width of a level's belief around `centre` (in the kind's space), never narrower
    than the answer's rounding: exact knowledge is trusted to half its last digit."""
    share = share_of(kind, level, difficulty)
    rounding = 0.5 * 10.0**-decimals
    if kind.space == "log":
        return max(share, rounding / max(math.exp(centre), rounding))
    if kind.space == "linear":
        return max(share, rounding)
    if kind.space == "years":
        return max(share * _years_width(as_of - centre), rounding)
    return max(share * max(abs(centre), RELATIVE_FLOOR), rounding)


def learn(
    *,
    question_id: str,
    hand: int,
    question: str,
    unit: str,
    as_of: int,
    answer: str,
    difficulty: int,
    level: Level,
    seed: int,
) -> Knowledge:
    """The bot's knowledge of a question: the only place a levelled bot meets the true answer.

    `difficulty` is the question's (1-3): how well-known the answer is. The noise is drawn from
    a generator seeded by the bot's seed and the question, so it is the same however the table
    plays; the truth is not kept."""
    if difficulty not in (1, 2, 3):
        raise ValueError(f"difficulty {difficulty!r} must be 1, 2 or 3")
    truth = Decimal(answer)
    value = float(truth)
    kind = kind_of(question, unit, 1 if value > 0 else -1)
    share = share_of(kind, level, difficulty)
    rng = random.Random(f"{seed}:{question_id}")
    z = rng.gauss(0.0, 1.0)
    while abs(z) > CUTOFF:  # the cut-off normal, drawn by rejection (5 % of draws)
        z = rng.gauss(0.0, 1.0)
    if kind.space == "log":
        centre = math.log(value) + share * z
    elif kind.space == "linear":
        centre = value + share * z
    elif kind.space == "years":
        centre = value + share * _years_width(as_of - value) * z
    else:
        centre = value + share * max(abs(value), RELATIVE_FLOOR) * z
    decimals = max(0, -int(truth.as_tuple().exponent))
    spread = width(kind, level, difficulty, centre, as_of, decimals)  # from its own estimate
    exact = share == 0.0
    return Knowledge(
        question_id, hand, kind, level, centre, spread, decimals, difficulty, as_of, exact
    )


def _years_width(before: float) -> float:
    return math.sqrt(YEARS_SCALE * max(abs(before), YEARS_SCALE))


def write(value: float, decimals: int, *, significant: bool, low: float = -math.inf) -> str:
    """`value` in plain digits with the answer's decimals; a large quantity (`significant`) to
    three significant figures, as people say "1.56 million", never below `low` by rounding."""
    quantum = Decimal(1).scaleb(-decimals)
    if significant and abs(value) >= 1000:
        quantum = max(quantum, Decimal(1).scaleb(math.floor(math.log10(abs(value))) - 2))
    number = Decimal(repr(value))
    if quantum < 1:
        number = number.quantize(quantum, rounding=ROUND_HALF_EVEN)
    else:
        number = (number / quantum).to_integral_value(rounding=ROUND_HALF_EVEN) * quantum
    if float(number) < low:
        number += quantum
    if number == 0:
        number = abs(number)
    return format(number, "f")
