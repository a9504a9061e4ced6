"""Guesses: parsed exactly (Decimal, never float, Q1) and compared by distance (Q8)."""

from __future__ import annotations

import re
from decimal import ROUND_HALF_EVEN, Context, Decimal, InvalidOperation

from pokerhall.content.questions import format_number
from pokerhall.engine.refusals import shown
from pokerhall.games.quizpoker.refusals import refuse

MAX_GUESS_CHARS = 32
_NUMBER = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)")
"""ASCII digits only, like the pack format: a Unicode digit class would also admit other scripts'
digits, which then show differently from what was typed."""


def parse_guess(value: object) -> Decimal:
    """A guess is a plain decimal number: "1774", "-44", "83.2"; integers are accepted too."""
    if isinstance(value, bool):
        raise refuse("reject.guess_bool")
    if isinstance(value, int):
        value = str(value)
    elif isinstance(value, float):
        value = repr(value)  # the shortest text that reads back as the same float
        if "e" in value:
            raise refuse("reject.guess_exponent", value=value)
    if not isinstance(value, str):
        raise refuse("reject.guess_type", got=type(value).__name__)
    text = value.strip()
    if len(text) > MAX_GUESS_CHARS:
        raise refuse("reject.guess_too_long", count=MAX_GUESS_CHARS)
    if not _NUMBER.fullmatch(text):
        raise refuse("reject.guess_not_number", text=shown(text))
    try:
        return Decimal(text)
    except InvalidOperation:  # pragma: no cover - the pattern admits only valid decimals
        raise refuse("reject.guess_not_number", text=shown(text)) from None


_EXACT = Context(prec=200, rounding=ROUND_HALF_EVEN)
"""Guesses have at most 32 characters and answers at most 40, written without exponents, so the
difference of two of them has well under 200 digits and this context computes it exactly."""


def distance(guess: Decimal, answer: Decimal) -> Decimal:
    """Q8: strength is the absolute distance to the answer; smaller is better.

    Computed exactly (Q1): the default decimal context keeps only 28 digits, which would make
    two long guesses that differ in their last digits tie.
    """
    return _EXACT.abs(_EXACT.subtract(guess, answer))


show = format_number
"""A guess or answer as people write it: plain decimal notation, the same as in packs."""
