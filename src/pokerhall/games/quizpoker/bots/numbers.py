"""Reading numbers out of question and hint texts, in English, German, Czech and Greek writing.

Bots see hints only as text ("Between 20 and 100 million.", "Zwischen 1.000 und 2.500,5 Metern"),
never the pack's machine-readable ranges, exactly like a person at the table. So the numbers are
parsed here: digit grouping and decimal marks by language (English 1,000.5, German and Greek
1.000,5, Czech 1 000,5), magnitude words (thousand/Tausend/tisíc/χιλιάδες, million/Millionen/
milionů/εκατομμύρια, billion/Milliarden/miliard/δισεκατομμύρια; German "Billion" and Czech
"bilion" are 10^12), signs (-, U+2212) without mistaking the dash in "60–100" for one, and the
shape of the hint (between / more than / less than / about).
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

_GROUP_SEP = ".,'’\u00a0\u202f\u2009 "
_NUMBER = re.compile(
    r"(?:(?P<minus>\bminus\s+)|(?<![\w.,])(?P<sign>[-\u2212\u2013]))?"
    r"(?<![\w.,])"
    rf"(?P<body>\d{{1,3}}(?:[{_GROUP_SEP}]\d{{3}}(?!\d))+(?:[.,]\d+)?|\d+(?:[.,]\d+)?)"
    r"(?:\s*(?:(?P<era>BCE?|B\.\s?C\.(?:E\.)?|v\.\s?Chr\.?|v\.\s?u\.\s?Z\.?|př\.\s?n\.\s?l\.?"
    r"|π\.\s?Χ\.?)(?![\w.])"
    r"|(?P<scale>[^\W\d_]+\.?)))?",
    re.IGNORECASE,
)

_SCALES_COMMON: dict[str, int] = {
    "hundred": 100,
    "hundert": 100,
    "thousand": 10**3,
    "thousands": 10**3,
    "tausend": 10**3,
    "tsd": 10**3,
    "tsd.": 10**3,
    "million": 10**6,
    "millions": 10**6,
    "millionen": 10**6,
    "mio": 10**6,
    "mio.": 10**6,
    "mn": 10**6,
    "milliarde": 10**9,
    "milliarden": 10**9,
    "mrd": 10**9,
    "mrd.": 10**9,
    "bn": 10**9,
    "billionen": 10**12,
}
_SCALES_EN = {**_SCALES_COMMON, "billion": 10**9, "billions": 10**9, "trillion": 10**12}
_SCALES_DE = {**_SCALES_COMMON, "billion": 10**12, "billiarde": 10**15, "trillion": 10**18}
_SCALES_CS = {
    **dict.fromkeys(("sto", "set"), 100),
    **dict.fromkeys(("tisíc", "tisíce", "tisícem", "tisíci", "tis", "tis."), 10**3),
    **dict.fromkeys(("milion", "miliony", "milionů", "milionech", "milionem", "mil"), 10**6),
    "mil.": 10**6,
    **dict.fromkeys(("miliarda", "miliardy", "miliard", "miliardami", "mld", "mld."), 10**9),
    **dict.fromkeys(("bilion", "biliony", "bilionů", "bil."), 10**12),
}
_SCALES_EL = {
    **dict.fromkeys(("εκατό", "εκατοντάδες"), 100),
    **dict.fromkeys(("χιλιάδες", "χιλιάδων", "χιλ", "χιλ."), 10**3),
    **dict.fromkeys(("εκατομμύριο", "εκατομμύρια", "εκατομμυρίων", "εκατ", "εκατ."), 10**6),
    **dict.fromkeys(("δισεκατομμύριο", "δισεκατομμύρια", "δισεκατομμυρίων", "δισ", "δισ."), 10**9),
    **dict.fromkeys(("τρισεκατομμύριο", "τρισεκατομμύρια", "τρισεκατομμυρίων"), 10**12),
}
SCALES = {"en": _SCALES_EN, "de": _SCALES_DE, "cs": _SCALES_CS, "el": _SCALES_EL}
GROUPING_MARK = {"en": ",", "de": ".", "el": ".", "cs": None}
"""The mark that groups thousands where it stands alone ("1,000"); Czech groups with spaces, so
a lone comma or point there is always the decimal mark."""

_GERMAN_WORDS = frozenset(
    {
        *("zwischen", "und", "bis", "mehr", "weniger", "als", "etwa", "ungefähr", "rund"),
        *("knapp", "über", "unter", "mindestens", "höchstens", "wie", "viele", "welchem"),
        *("jahr", "der", "die", "das", "ist", "liegt", "millionen", "milliarden", "tausend"),
    }
)
_ENGLISH_WORDS = frozenset(
    {
        *("between", "and", "to", "more", "less", "than", "about", "around", "roughly"),
        *("over", "under", "above", "below", "at", "least", "most", "how", "many", "which"),
        *("what", "year", "the", "is", "of", "in", "million", "billion", "thousand"),
    }
)
_WORD = re.compile(r"[^\W\d_]+")
_UMLAUT = re.compile(r"[äöüßÄÖÜ]")
_CZECH_LETTERS = re.compile(r"[ěščřžůťďňĚŠČŘŽŮŤĎŇ]")
_GREEK_LETTERS = re.compile(r"[\u0370-\u03ff\u1f00-\u1fff]")
_BETWEEN = re.compile(r"\b(between|from|zwischen|von|mezi|μεταξύ)\b", re.IGNORECASE)
_RANGE_JOIN = re.compile(r"\s*(?:and|to|und|bis|a|až|do|και|έως|ως|[–-])\s*", re.IGNORECASE)
"""What joins the two ends of a range ("40 to 80", "40 až 80", "40 έως 80", "40–80")."""
_ABOVE = re.compile(
    r"\b(more than|over|above|greater than|at least|exceeds?|mehr als|über|mindestens|"
    r"größer als|oberhalb|více než|víc než|přes|nad|alespoň|nejméně|"
    r"περισσότερ\w* από|πάνω από|τουλάχιστον)\b",
    re.IGNORECASE,
)
_BELOW = re.compile(
    r"\b(less than|fewer than|under|below|at most|smaller than|weniger als|unter|höchstens|"
    r"kleiner als|unterhalb|méně než|míň než|pod|nejvýše|nanejvýš|"
    r"λιγότερ\w* από|κάτω από|το πολύ)\b",
    re.IGNORECASE,
)


def detect_language(text: str) -> str:
    """The language to read the text's numbers in: "el" for Greek script, "cs" where Czech
    letters show, "de" if it reads as German, else "en"."""
    if _GREEK_LETTERS.search(text):
        return "el"
    if _CZECH_LETTERS.search(text):
        return "cs"
    words = _WORD.findall(text.lower())
    german = sum(word in _GERMAN_WORDS for word in words) + len(_UMLAUT.findall(text))
    english = sum(word in _ENGLISH_WORDS for word in words)
    return "de" if german > english else "en"


def _plain_digits(body: str, language: str) -> str:
    """Rewrite one matched number body as plain "1234.5" text."""
    body = re.sub(r"[\u00a0\u202f\u2009 '’]", "", body)
    has_dot, has_comma = "." in body, "," in body
    if has_dot and has_comma:  # the later mark is the decimal one: 1,000.5 or 1.000,5
        decimal_mark = "." if body.rfind(".") > body.rfind(",") else ","
    elif has_dot or has_comma:
        mark = "." if has_dot else ","
        parts = body.split(mark)
        grouped = len(parts) > 2 or (len(parts) == 2 and len(parts[1]) == 3)
        # A lone mark before exactly three digits groups thousands where that mark is the
        # grouping one of the language (English 1,000; German 1.000); otherwise it is decimal.
        grouping_mark = GROUPING_MARK.get(language, ",")
        decimal_mark = "" if grouped and (len(parts) > 2 or mark == grouping_mark) else mark
    else:
        decimal_mark = ""
    group_mark = {".": ",", ",": ".", "": ".,"}[decimal_mark]
    for ch in group_mark:
        body = body.replace(ch, "")
    return body.replace(",", ".") if decimal_mark == "," else body


@dataclass(frozen=True, slots=True)
class FoundNumber:
    value: Decimal
    scaled: bool
    """Whether a magnitude word (million, Tausend, ...) followed the number."""
    start: int
    end: int
    """Where the number (with its magnitude word, if any) ends in the text."""


def find_numbers(text: str, language: str | None = None) -> list[FoundNumber]:
    """Every number in `text` in reading order, with magnitude words applied.

    "between 20 and 100 million": the magnitude of the second number carries back to a first one
    written without its own (20 million, not 20), as people write ranges that way.
    """
    lang = language or detect_language(text)
    scales = SCALES.get(lang, _SCALES_EN)
    found: list[FoundNumber] = []
    for match in _NUMBER.finditer(text):
        try:
            value = Decimal(_plain_digits(match["body"], lang))
        except InvalidOperation:  # pragma: no cover - the pattern admits only digits and marks
            continue
        factor = scales.get((match["scale"] or "").lower())
        if factor is None and (match["scale"] or "").endswith("."):
            factor = scales.get(match["scale"][:-1].lower())
        if factor is not None:
            value *= factor
        if match["sign"] or match["minus"] or match["era"]:  # "-44", "minus 44", "44 BC"
            value = -value
        end = match.end() if factor is not None else match.end("body")
        found.append(FoundNumber(value, factor is not None, match.start(), end))
    for i in range(len(found) - 1):
        first, second = found[i], found[i + 1]
        if second.scaled and not first.scaled:
            factor = _scale_of(second, text, lang)
            if factor > 1 and abs(first.value) * factor <= abs(second.value) * 10:
                found[i] = FoundNumber(first.value * factor, True, first.start, first.end)
    return found


def _scale_of(number: FoundNumber, text: str, language: str) -> int:
    match = _NUMBER.match(text, number.start)
    word = (match["scale"] or "").lower() if match else ""
    scales = SCALES.get(language, _SCALES_EN)
    return scales.get(word) or scales.get(word.rstrip("."), 1)


def parse_numbers(text: str, language: str | None = None) -> list[Decimal]:
    """The numbers of a text, e.g. "Zwischen 1.000,5 und 2 Mio." -> [1000.5, 2000000]."""
    return [number.value for number in find_numbers(text, language)]


def unit_scale(unit: str, question: str = "", language: str | None = None) -> int:
    """How many ones one unit of the answer is: 10^6 for a unit "million" or a question asking
    "in millions", so hint numbers written out in full can be brought to the answer's scale."""
    lang = language or detect_language(f"{question} {unit}")
    scales = SCALES.get(lang, _SCALES_EN)
    for word in re.findall(r"[^\W\d_]+\.?", unit):
        factor = scales.get(word.lower()) or scales.get(word.lower().rstrip("."))
        if factor:
            return factor
    for asked in re.finditer(r"\b(?:in|v|σε)\s+([^\W\d_]+\.?)", question, re.IGNORECASE):
        word = asked[1].lower()
        factor = scales.get(word) or scales.get(word.rstrip("."))
        if factor:
            return factor
    return 1


@dataclass(frozen=True, slots=True)
class Span:
    """Where a hint says the answer lies; a bound is infinite when the hint leaves it open."""

    lo: float
    hi: float

    @property
    def bounded(self) -> bool:
        return math.isfinite(self.lo) and math.isfinite(self.hi)

    @property
    def width(self) -> float:
        return self.hi - self.lo

    def meet(self, other: Span) -> Span:
        """Both hints hold at once; if they seem to contradict, trust the later (`other`)."""
        lo, hi = max(self.lo, other.lo), min(self.hi, other.hi)
        return Span(lo, hi) if lo <= hi else other


@functools.lru_cache(maxsize=1024)
def hint_span(hint: str, *, unit: str = "", question: str = "") -> Span | None:
    """The range a hint states, in the answer's unit; None if the hint names no number."""
    language = detect_language(f"{question} {hint}")
    numbers = find_numbers(hint, language)
    # Hints often set the scene first ("It lies on the border between Switzerland and Italy and
    # was first climbed in 1865. It is between 3,500 and 5,000 metres high."): the range is the
    # last two numbers joined as one ("3,500 and 5,000", "40 až 80"), else the last
    # "between" that two numbers follow.
    joined = [
        i
        for i in range(len(numbers) - 1)
        if _RANGE_JOIN.fullmatch(hint, numbers[i].end, numbers[i + 1].start)
    ]
    if joined:
        numbers = numbers[joined[-1] :]
    else:
        for keyword in reversed(list(_BETWEEN.finditer(hint))):
            after = [n for n in numbers if n.start >= keyword.end()]
            if len(after) >= 2:
                numbers = after
                break
    if not numbers:
        return None
    scale = unit_scale(unit, question, language)
    values = [float(n.value / scale) if n.scaled else float(n.value) for n in numbers]
    if len(values) >= 2:
        lo, hi = sorted(values[:2])
        return Span(lo, hi)
    (value,) = values
    before = hint[: numbers[0].start]
    if _ABOVE.search(before):
        return Span(value, math.inf)
    if _BELOW.search(before):
        return Span(-math.inf, value)
    spread = abs(value) * 0.2 or 1.0  # "about 80": a fifth either side
    return Span(value - spread, value + spread)
