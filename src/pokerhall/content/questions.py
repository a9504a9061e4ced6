"""QuizPoker questions and the JSON Lines question-pack format.

A pack is UTF-8 JSON Lines: one question object per line, blank lines ignored. Every rule about
what makes a question valid lives in `parse_question`, so the pack reader, the CSV importer and
`write_pack` cannot drift apart. Answers and hint ranges are kept as `Decimal` because guesses are
compared exactly (rule Q1); each question carries the date its facts hold for (rule DU10).
The format is described for pack authors in docs/question-packs.md.
"""

from __future__ import annotations

import datetime
import difflib
import json
import math
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any, TypeAlias

from pokerhall.content.text import code_point, refused_character

StrPath: TypeAlias = str | os.PathLike[str]
Range: TypeAlias = tuple[Decimal, Decimal]

BUILTIN = "builtin"
MAX_ID_LENGTH = 80
MAX_TEXT_LENGTH = 500
MAX_LABEL_LENGTH = 60
"""Topics and units are short labels shown beside a question."""
MAX_NUMBER_LENGTH = 40
MAX_LISTED_PROBLEMS = 20

REQUIRED_FIELDS = (
    "id",
    "language",
    "topic",
    "question",
    "hint1",
    "hint2",
    "answer",
    "unit",
    "source",
    "licence",
    "as_of",
)
RANGE_FIELDS = ("hint1_range", "hint2_range")
OPTIONAL_FIELDS = ("template", "difficulty")
FIELDS = REQUIRED_FIELDS + RANGE_FIELDS + OPTIONAL_FIELDS
DIFFICULTIES = (1, 2, 3)
"""`difficulty`, how well-known the answer is (docs/question-packs.md): 1 everybody knows it or
can work it out (π, a chessboard's squares), 2 some people know the figure (a famous event's
year, a common element's atomic number), 3 nobody knows it exactly, only estimates (a town's
population). A table may deal only the easier ones; the bots know an answer as well as it is
known (`games/quizpoker/bots/knowledge.py`). Every shipped question states it; an uploaded one
without it counts as `DEFAULT_DIFFICULTY`."""
DEFAULT_DIFFICULTY = 2

_ID_RE = re.compile(r"[a-z0-9][a-z0-9.-]*")
LANGUAGE_CODE = re.compile(r"[a-z]{2}")
# Plain notation only: exponents and '+' signs are legal for Decimal but confusing in a pack.
_NUMBER_RE = re.compile(r"-?[0-9]+(\.[0-9]+)?")
_DATE_RE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_PROSE = ("question", "hint1", "hint2")


@dataclass(frozen=True, slots=True)
class Question:
    """The content of one question round (Q1), dated because facts change (DU10).

    The constructor does not validate; build questions with `parse_question` (or a pack loader)
    to get one that obeys the pack rules.
    """

    id: str
    language: str
    topic: str
    question: str
    hint1: str
    hint2: str
    answer: Decimal
    unit: str
    source: str
    licence: str
    as_of: datetime.date
    hint1_range: Range | None = None
    hint2_range: Range | None = None
    template: str | None = None
    """The generator template a question was made from (`pop`, `element-boil`); None for a
    hand-written one. The deal spreads a game over templates (games/quizpoker/deck.py)."""
    difficulty: int = DEFAULT_DIFFICULTY

    def to_json(self, *, explicit_difficulty: bool = False) -> dict[str, Any]:
        """The pack-format object: numbers as strings so they survive JSON exactly.

        `difficulty` is left out at its default unless `explicit_difficulty` (the shipped
        packs state it for every question): this form is also what `questions_digest` hashes,
        so stored match records keep matching their questions."""
        obj: dict[str, Any] = {
            "id": self.id,
            "language": self.language,
            "topic": self.topic,
            "question": self.question,
            "hint1": self.hint1,
            "hint2": self.hint2,
            "answer": format_number(self.answer),
            "unit": self.unit,
            "source": self.source,
            "licence": self.licence,
            "as_of": self.as_of.isoformat(),
        }
        for name, bounds in (("hint1_range", self.hint1_range), ("hint2_range", self.hint2_range)):
            if bounds is not None:
                obj[name] = [format_number(bounds[0]), format_number(bounds[1])]
        if self.template is not None:
            obj["template"] = self.template
        if explicit_difficulty or self.difficulty != DEFAULT_DIFFICULTY:
            obj["difficulty"] = self.difficulty
        return obj


@dataclass(frozen=True, slots=True)
class PackProblem:
    """One thing wrong with a pack, located by its 1-based line so an author can fix it."""

    line: int
    reason: str
    code: str | None = None
    """For problems a client words in its reader's language: the reason's name, with
    `params` (`pack_character`: entry, field, char); `reason` stays the English text."""
    params: dict[str, str] | None = None

    def __str__(self) -> str:
        return f"line {self.line}: {self.reason}"


class TextCharacter(ValueError):
    """A text field holding a character no pack text may hold (`content/text.py`)."""

    def __init__(self, field: str, char: str) -> None:
        self.field = field
        self.char = code_point(char)
        super().__init__(
            f"{field} contains U+{self.char}, a control, invisible or bidirectional character,"
            " which pack texts may not hold"
        )


class PackError(ValueError):
    """A pack that cannot be used; lists every problem found, not just the first."""

    def __init__(self, source: str, problems: Iterable[PackProblem]) -> None:
        self.source = source
        self.problems = list(problems)
        super().__init__(source, self.problems)

    def __str__(self) -> str:
        count = len(self.problems)
        lines = [f"{self.source}: {count} problem{'' if count == 1 else 's'}"]
        lines += [f"  {problem}" for problem in self.problems[:MAX_LISTED_PROBLEMS]]
        if count > MAX_LISTED_PROBLEMS:
            lines.append(f"  ... and {count - MAX_LISTED_PROBLEMS} more")
        return "\n".join(lines)


def format_number(value: Decimal) -> str:
    """Plain decimal notation (never '1E+3'), the only notation a pack accepts."""
    return format(value, "f")


# --- one question ---------------------------------------------------------------------------


def parse_question(obj: object) -> Question:
    """Check one decoded pack entry and build its Question; ValueError(reason) if it is invalid."""
    fields = _check_keys(obj)
    ident = _identifier(fields["id"])
    language = _language(fields["language"])
    topic = _text(fields["topic"], "topic", max_length=MAX_LABEL_LENGTH)
    texts = [_text(fields[name], name, max_length=MAX_TEXT_LENGTH) for name in _PROSE]
    answer = _number(fields["answer"], "answer")
    unit = _text(fields["unit"], "unit", allow_empty=True, max_length=MAX_LABEL_LENGTH)
    source = _text(fields["source"], "source", max_length=MAX_TEXT_LENGTH)
    licence = _text(fields["licence"], "licence", max_length=MAX_TEXT_LENGTH)
    as_of = _date(fields["as_of"])
    _check_as_of_not_implied(answer, as_of)
    wide, narrow = _hint_ranges(fields, answer)
    template = _template(fields["template"]) if "template" in fields else None
    difficulty = _difficulty(fields.get("difficulty", DEFAULT_DIFFICULTY))
    question, hint1, hint2 = texts
    return Question(
        id=ident,
        language=language,
        topic=topic,
        question=question,
        hint1=hint1,
        hint2=hint2,
        answer=answer,
        unit=unit,
        source=source,
        licence=licence,
        as_of=as_of,
        hint1_range=wide,
        hint2_range=narrow,
        template=template,
        difficulty=difficulty,
    )


def _template(value: object) -> str:
    """Shaped like an id: a name to group by, never shown."""
    template = _text(value, "template", max_length=MAX_LABEL_LENGTH)
    if not _ID_RE.fullmatch(template):
        raise ValueError(
            f"template {quoted(template)} must be lowercase letters, digits, '.' and '-'"
        )
    return template


def _difficulty(value: object) -> int:
    """1, 2 or 3 as a JSON integer (see DIFFICULTIES)."""
    if type(value) is not int or value not in DIFFICULTIES:
        raise ValueError(f"difficulty {quoted(value)} must be the integer 1, 2 or 3")
    return value


def _check_keys(obj: object) -> dict[str, object]:
    """Reject non-objects, unknown keys (usually typos) and missing keys before looking closer."""
    if not isinstance(obj, dict):
        raise ValueError(f"expected a JSON object, got {_json_type(obj)}")
    for key in obj:
        if key not in FIELDS:
            raise ValueError(_unknown_field(key))
    missing = [name for name in REQUIRED_FIELDS if name not in obj]
    if missing:
        names = ", ".join(repr(name) for name in missing)
        raise ValueError(f"missing field{'s' if len(missing) > 1 else ''} {names}")
    if ("hint1_range" in obj) != ("hint2_range" in obj):
        raise ValueError("hint1_range and hint2_range must be given together")
    return obj


def _unknown_field(key: object) -> str:
    return f"unknown field {quoted(key)}{did_you_mean(str(key), FIELDS)}"


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """' (did you mean 'answer'?)' when `word` looks like a typo of one of `choices`, else ''."""
    close = difflib.get_close_matches(word, list(choices), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _text(value: object, name: str, *, max_length: int = 0, allow_empty: bool = False) -> str:
    """A string field; blank counts as empty because a blank hint is as useless as none. Every
    text field (ids, hints, source, licence alike) obeys the characters' rule of
    `content/text.py`, as names and chat do."""
    if not isinstance(value, str):
        raise ValueError(f"{name} must be a string, not {_json_type(value)}")
    refused = refused_character(value)
    if refused is not None:
        raise TextCharacter(name, refused)
    if not allow_empty and not value.strip():
        raise ValueError(f"{name} must not be empty")
    if max_length and len(value) > max_length:
        raise ValueError(f"{name} is too long ({len(value)} characters, at most {max_length})")
    return value


def _identifier(value: object) -> str:
    """Ids are stable names across languages and files, so keep them plain and short."""
    ident = _text(value, "id", max_length=MAX_ID_LENGTH)
    if not _ID_RE.fullmatch(ident):
        raise ValueError(
            f"id {quoted(ident)} must be lowercase letters, digits, '.' and '-', "
            "starting with a letter or digit"
        )
    return ident


def _language(value: object) -> str:
    """A two-letter lowercase code, matching the language part of pack file names."""
    language = _text(value, "language")
    if not LANGUAGE_CODE.fullmatch(language):
        raise ValueError(
            f"language {quoted(language)} must be a two-letter lowercase code like 'en'"
        )
    return language


def _date(value: object) -> datetime.date:
    """The as-of date (DU10), strictly YYYY-MM-DD so packs sort and diff well."""
    text = _text(value, "as_of")
    if not _DATE_RE.fullmatch(text):
        raise ValueError(f"as_of {quoted(text)} is not a date in the form YYYY-MM-DD")
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise ValueError(f"as_of {quoted(text)} is not a valid date") from None


YEAR_LIKE = (Decimal(1000), Decimal(9999))
"""Answers in this range may be years, so an as-of date in the same year would tell them."""


def _check_as_of_not_implied(answer: Decimal, as_of: datetime.date) -> None:
    """The as-of date is when the fact was checked or published, so it is the same for any
    answer; one in the answer's own year (a film of 1998 "as of 1998-12-31") gives it away."""
    low, high = YEAR_LIKE
    if low <= answer <= high and answer == as_of.year:
        raise ValueError(
            f"as_of {as_of.isoformat()} is implied by the answer {format_number(answer)}: "
            "give the date the fact was checked or published"
        )


def check_not_future(question: Question, today: datetime.date) -> None:
    """ValueError if the question claims a date still to come: nobody has checked it then.
    Separate from `parse_question` because only a caller that may read the clock knows today
    (a game replaying a stored pack must accept what it accepted before)."""
    if question.as_of > today:
        raise ValueError(
            f"as_of {question.as_of.isoformat()} is in the future (today is {today.isoformat()})"
        )


def _number(value: object, name: str) -> Decimal:
    """An exact number from a JSON string or integer (Q1).

    JSON floats are refused: the decoder has already rounded them to binary, so "0.1" would no
    longer be 0.1. Booleans are ints to Python but never a meaningful answer.
    """
    if isinstance(value, bool):
        raise ValueError(f"{name} must be a number, not a boolean")
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"{name} {json.dumps(value)} is not a finite number")
        raise ValueError(f'{name} {value!r} is a JSON float; write it as a string ("{value!r}")')
    if isinstance(value, int):
        if abs(value) >= 10**MAX_NUMBER_LENGTH:
            raise ValueError(f"{name} is too long (more than {MAX_NUMBER_LENGTH} digits)")
        value = str(value)
    if not isinstance(value, str):
        raise ValueError(f"{name} must be a decimal string or an integer, not {_json_type(value)}")
    if len(value) > MAX_NUMBER_LENGTH:
        raise ValueError(
            f"{name} is too long ({len(value)} characters, at most {MAX_NUMBER_LENGTH})"
        )
    if not _NUMBER_RE.fullmatch(value):
        raise ValueError(f"{name} {value!r} is not a finite number (write it like '-44' or '83.2')")
    return Decimal(value)


def _hint_ranges(fields: dict[str, object], answer: Decimal) -> tuple[Range | None, Range | None]:
    """The machine-readable hint ranges, checked so that hints help without giving it away."""
    if "hint1_range" not in fields:
        return None, None
    wide = _range(fields["hint1_range"], "hint1_range")
    narrow = _range(fields["hint2_range"], "hint2_range")
    _check_ranges(answer, wide, narrow)
    return wide, narrow


def _range(value: object, name: str) -> Range:
    """[lo, hi] with lo < hi, each bound held to the same rules as the answer."""
    if not isinstance(value, list) or len(value) != 2:
        raise ValueError(f"{name} must be a list [lo, hi]")
    lo = _number(value[0], f"{name} lower bound")
    hi = _number(value[1], f"{name} upper bound")
    if not lo < hi:
        raise ValueError(f"{name} {_show_range((lo, hi))} must have lo < hi")
    return lo, hi


def _check_ranges(answer: Decimal, wide: Range, narrow: Range) -> None:
    """Each hint must contain the answer and hint 2 must add information (Q3's second betting
    round only matters if hint 1 leaves the answer open, the third only if hint 2 narrows it)."""
    for name, (lo, hi) in (("hint1_range", wide), ("hint2_range", narrow)):
        if not lo <= answer <= hi:
            raise ValueError(
                f"answer {format_number(answer)} is outside {name} {_show_range((lo, hi))}"
            )
    if not (wide[0] <= narrow[0] and narrow[1] <= wide[1]):
        raise ValueError(
            f"hint2_range {_show_range(narrow)} is not inside hint1_range {_show_range(wide)}"
        )
    if narrow == wide:
        raise ValueError(f"hint2_range {_show_range(narrow)} must be narrower than hint1_range")
    # Exact arithmetic: Decimal addition would round past 28 digits.
    if 2 * Fraction(answer) == Fraction(wide[0]) + Fraction(wide[1]):
        raise ValueError(
            f"answer {format_number(answer)} is the midpoint of hint1_range "
            f"{_show_range(wide)}, so hint 1 would give it away"
        )


def _show_range(bounds: Range) -> str:
    return f"[{format_number(bounds[0])}, {format_number(bounds[1])}]"


def quoted(value: object) -> str:
    """repr, shortened so a pasted paragraph does not flood the problem list."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _json_type(value: object) -> str:
    """Name a decoded value by its JSON type, the vocabulary a pack author knows."""
    names = {bool: "a boolean", int: "an integer", float: "a number", str: "a string"}
    names |= {list: "an array", dict: "an object", type(None): "null"}
    return names.get(type(value), type(value).__name__)
