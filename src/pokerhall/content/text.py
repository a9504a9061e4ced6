"""Which characters a text people read may hold: one rule for question packs, names and chat.

Refused: controls (NUL, newline, ESC), format characters (bidirectional overrides such as
U+202E, zero-width spaces such as U+200B), surrogates (a lone one is not UTF-8 at all, so it
cannot be stored, hashed or sent), line and paragraph separators, private-use and unassigned
code points. They break storage (PostgreSQL refuses NUL), garble logs and screens, turn text
around, or let two texts that look the same differ. The one exception is the zero-width joiner
between two symbols, which emoji sequences need (👨‍👩‍👧); between letters it only hides a
difference, so it is refused there.

It lives here, in the lowest layer that needs it (packs are content); the server's names and
chat use it too.
"""

from __future__ import annotations

import unicodedata

REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp", "Co", "Cn"})
JOINER = "\u200d"
_EMOJI_TRAILERS = frozenset({"\ufe0f", *map(chr, range(0x1F3FB, 0x1F400))})
"""What may stand between an emoji and the joiner: the emoji presentation selector and the
skin tone modifiers."""


def refused_character(text: str) -> str | None:
    """The first character of `text` that the rule refuses, or None when there is none."""
    for index, char in enumerate(text):
        if unicodedata.category(char) in REFUSED_CATEGORIES and not (
            char == JOINER and _joins_symbols(text, index)
        ):
            return char
    return None


def shown(text: str) -> str:
    """`text` with each refused character replaced by U+FFFD, so a refusal may quote it."""
    refused = refused_character(text)
    while refused is not None:
        text = text.replace(refused, "\ufffd")
        refused = refused_character(text)
    return text


def code_point(char: str) -> str:
    """How a refusal names a character: its code point in hex ("202E"), since it may not
    show, or show as something else."""
    return f"{ord(char):04X}"


def _joins_symbols(text: str, index: int) -> bool:
    before = index - 1
    while before >= 0 and text[before] in _EMOJI_TRAILERS:
        before -= 1
    after = index + 1
    return (
        before >= 0
        and after < len(text)
        and unicodedata.category(text[before]) == "So"
        and unicodedata.category(text[after]) == "So"
    )
