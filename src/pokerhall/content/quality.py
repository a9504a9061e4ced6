"""What makes a question fair to play, beyond being valid: hints that help, an as-of date that is
the fact's own, a question that does not say its answer.

One function, `check_quality`, used wherever a new pack is judged (`questions validate`, an
upload through the lobby: both through `PackCollector` with a `today`) and by the tests of the
shipped packs, so the rules cannot drift apart. A pack accepted once is not judged again (a
stored upload loads as it was). The rules are described in docs/question-packs.md.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from decimal import Decimal

from pokerhall.content.questions import YEAR_LIKE, Question, format_number

MAX_FACTOR = Decimal(10)
"""Hint 1 of a positive answer spans at most this factor (hi / lo)."""
FAR_FROM_ZERO = Decimal(5)
"""A positive answer at least this big, and above a quarter of hint 1's top, is far from 0: a
hint 1 starting at exactly 0 then tells nothing (a range below 0 is a signed scale, as
latitudes and degrees Celsius, where 0 is not the bottom)."""
NARROWER = Decimal("0.8")
"""Hint 2 is at most this share of hint 1's width: it must narrow, not trim."""

NUMBER_WORDS: dict[str, dict[int, tuple[str, ...]]] = {
    "en": {
        2: ("two", "twin", "pair"),
        3: ("three",),
        4: ("four",),
        5: ("five", "pent"),
        6: ("six", "hexa"),
        7: ("seven", "hepta"),
        8: ("eight", "octet", "octa", "octo"),
        9: ("nine",),
        10: ("ten", "deca"),
        12: ("twelve", "dozen", "dodeca"),
        16: ("sixteen", "hexadec"),
        20: ("twenty", "icosa"),
    },
    "de": {
        3: ("drei",),
        4: ("vier",),
        5: ("fünf",),
        6: ("sechs", "hexa"),
        7: ("sieben", "hepta", "siebenk"),
        8: ("acht", "oktett", "okta"),
        9: ("neun",),
        10: ("zehn", "deka"),
        12: ("zwölf", "dodeka", "dutzend"),
        16: ("sechzehn", "hexadez"),
        20: ("zwanzig", "ikosa"),
    },
    "cs": {
        3: ("tři", "troj"),
        4: ("čtyř", "čtyři"),
        5: ("pět", "pěti"),
        6: ("šest", "hexa"),
        7: ("sedm", "sedmi", "hepta"),
        8: ("osm", "okta", "oktet"),
        9: ("devět",),
        10: ("deset(?!in)", "deka"),
        12: ("dvanáct", "dodeka", "tucet"),
        16: ("šestnáct", "hexadec"),
        20: ("dvacet", "ikosa"),
    },
    "el": {
        3: ("τρία", "τρεις", "τρι"),
        4: ("τέσσερ", "τετρ"),
        5: ("πέντε", "πεντ", "πένταθλ"),
        6: ("έξι", "εξά"),
        7: ("επτά", "εφτά", "έπταθλ", "επτάθλ"),
        8: ("οκτώ", "οχτώ", "οκτάδ", "οκτά"),
        9: ("εννέα", "εννιά"),
        10: ("δέκα", "δέκαθλ", "δεκά"),
        12: ("δώδεκα", "δωδεκ"),
        16: ("δεκαέξι", "δεκαεξ"),
        20: ("είκοσι", "εικοσ"),
    },
}
"""Number words and the stems of their compounds (Zehnkampf, desetiboj, δέκαθλο, decathlon),
matched at the start of a word; English ones short enough to hide in other words (ten in
often) only as whole words or before a hyphen."""

_WHOLE_ONLY = {"ten", "six", "two", "pair", "twin", "pent", "octa", "octo", "τρι"}
_RELEASE_VERSION = re.compile(r"\bpackages?\s+[0-9][0-9.]*", re.IGNORECASE)


def check_quality(question: Question) -> None:
    """ValueError naming the first rule the question breaks; None if it is fair."""
    reason = hint_problem(question) or _as_of_problem(question) or _word_problem(question)
    if reason:
        raise ValueError(reason)


def hint_problem(q: Question) -> str | None:
    if q.hint1_range is None or q.hint2_range is None:
        return None
    (lo, hi), (lo2, hi2) = q.hint1_range, q.hint2_range
    answer = q.answer
    if answer > 0 and lo == 0 and answer >= FAR_FROM_ZERO and answer * 4 > hi:
        return (
            f"hint1_range starts at {format_number(lo)} although the answer"
            f" {format_number(answer)} is far from 0: start it near the answer"
        )
    if answer > 0 and lo > 0 and hi > MAX_FACTOR * lo:
        return (
            f"hint1_range [{format_number(lo)}, {format_number(hi)}] spans more than a factor"
            f" of {MAX_FACTOR}: narrow it"
        )
    if (hi2 - lo2) > NARROWER * (hi - lo):
        return "hint2_range is nearly as wide as hint1_range: hint 2 must narrow it further"
    return None


def _as_of_problem(q: Question) -> str | None:
    """A source taken "via the X package 2.1" whose as-of date is neither a date nor a year the
    source states is most likely the package's release, not the date the fact holds."""
    if not _RELEASE_VERSION.search(q.source):
        return None
    stated = _RELEASE_VERSION.sub("", q.source)
    if q.as_of.isoformat() in stated or str(q.as_of.year) in stated:
        return None
    return (
        f"as_of {q.as_of.isoformat()} looks like the release date of the package the source"
        " names: give the date the fact holds (the data's own year or snapshot)"
    )


def answer_words(answer: Decimal, language: str) -> tuple[str, ...]:
    """The words and stems that say this answer in the language (none for most answers)."""
    if answer != answer.to_integral_value():
        return ()
    return NUMBER_WORDS.get(language, {}).get(int(answer), ())


def says_answer(text: str, answer: Decimal, language: str) -> str | None:
    """The digits or number word of the answer found in `text`, or None."""
    digits = format_number(answer)
    if re.search(rf"(?<![0-9.,]){re.escape(digits)}(?![0-9])", text):
        return digits
    lowered = text.lower()
    for word in answer_words(answer, language):
        tail = r"(?![\w])" if word in _WHOLE_ONLY else ""
        if re.search(rf"(?<![\w]){word}{tail}", lowered):  # stems are regex-safe words
            return word.split("(")[0]
    return None


def _word_problem(q: Question) -> str | None:
    found = says_answer(q.question, q.answer, q.language)
    if found is None:
        return None
    return f"the question says its answer {format_number(q.answer)} ({found!r}): reword it"


_SEPARATORS = {"en": (",", "."), "de": (".", ","), "el": (".", ","), "cs": (" \u00a0", ",")}
"""(thousands separators, decimal point) of the languages whose hints are checked for stated
values; any other language is read the English way."""
_ORDINAL_AFTER = re.compile(r"(?:st|nd|rd|th|s|ο|ου|ού|ος|ης|η|ή)\b|\.\s+\w", re.IGNORECASE)
"""What makes a number an ordinal or a decade, no value: 19th, 1920s, 19. Jahrhundert,
80. letech, 20ού."""


def stated_numbers(text: str, language: str) -> list[Decimal]:
    """The numbers a text states as values, read the language's way (`1,000.5`, `1.000,5`,
    `10 000`); ordinals and decades (19th century, 19. Jahrhundert, 20ού αιώνα) are left out."""
    thousands, point = _SEPARATORS.get(language, _SEPARATORS["en"])
    group = f"[{re.escape(thousands)}]"
    pattern = re.compile(
        rf"(?<![\w.,'])[-\u2212]?(?:\d{{1,3}}(?:{group}\d{{3}})+|\d+)"
        rf"(?:{re.escape(point)}\d+)?(?![\d\w])"
    )
    found = []
    for match in pattern.finditer(text):
        if _ORDINAL_AFTER.match(text, match.end()):
            continue
        token = match.group()
        plain = re.sub(group, "", token).replace(point, ".").replace("\u2212", "-")
        found.append(Decimal(plain))
    return found


def deal_group(question: Question) -> tuple[str, str | None]:
    """The questions a deal spreads a game over and a player compares within one game: same
    topic and template (None for a hand-written question; any two of a group can come up in one
    game, `games/quizpoker/deck.py` allows up to 3 of a template in 30)."""
    return (question.topic, question.template)


def quantity_kind(question: Question) -> tuple[str, bool]:
    """What a question's answer measures: its unit; a unitless answer is a year or a count."""
    low, high = YEAR_LIKE
    answer = question.answer
    year = not question.unit and answer == answer.to_integral_value() and low <= answer <= high
    return (question.unit.casefold(), year)


def hints_stating_answers(questions: Iterable[Question]) -> list[tuple[Question, str]]:
    """Questions whose hint states another question's answer, with the reason.

    Another question is at risk when a game can hold both (same language, `deal_group`) and its
    answer is the same kind of quantity (`quantity_kind`: °F and °F, years and years). A hint
    *states* a value when its text holds the number other than as a bound of its own hint range
    ("between 100 and 260" bounds, "water freezes at 32 degrees" states) and not as an ordinal
    ("the 19th century"). Such a hint gives the other question away to everyone who saw it."""
    chosen = list(questions)
    answers: dict[tuple[object, ...], dict[Decimal, Question]] = {}
    for question in chosen:
        key = (question.language, deal_group(question), quantity_kind(question))
        answers.setdefault(key, {}).setdefault(question.answer.normalize(), question)
    found = []
    for question in chosen:
        key = (question.language, deal_group(question), quantity_kind(question))
        others = {n: q for n, q in answers[key].items() if q.id != question.id}
        for text, bounds in (
            (question.hint1, question.hint1_range),
            (question.hint2, question.hint2_range),
        ):
            own = {b.normalize() for b in bounds or ()} | {-b.normalize() for b in bounds or ()}
            stated = {n.normalize() for n in stated_numbers(text, question.language)} - own
            hits = sorted(n for n in stated if n in others)
            if hits:
                other = others[hits[0]]
                found.append(
                    (
                        question,
                        f"a hint states {format_number(other.answer)}, the answer of"
                        f" {other.id!r} (same topic, template and unit): reword the hint",
                    )
                )
                break
    return found
