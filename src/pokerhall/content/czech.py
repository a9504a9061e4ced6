"""The Czech alphabet as Slovní poker sees it: which letters a word may use, and its base letters.

A game word is spelt from consonant cards, vowel dice and diacritic cards (W16, W17), so the
best-word search asks for the words whose letters *without* diacritics are a given multiset; the
diacritic cards are then checked against the letters that carry them. `letters_key` is that
multiset written as a string, the key of the lexicon's anagram index.

CH is one letter of the Czech alphabet (it comes between H and I), so "chytrých" has six letters
and is laid with CH cards (W16, W18); `split_letters` reads every "ch" of a word as that one
letter, and in an anagram key it is the one character `CH_KEY`. A word is also no abbreviation
(W19): `is_abbreviation` knows the ones the Czech dictionary lists without a dot
(`data/cs-abbreviations.txt`).
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from pathlib import Path

BASE_LETTERS = "abcdefghijklmnopqrstuvwxyz"
"""Latin letters, q, w and x included: Czech words such as *whisky* or *xylofon* use them."""
DIACRITIC_LETTERS = "áčďéěíňóřšťúůýž"
"""The 15 Czech letters with a háček, čárka or kroužek (W17)."""
LETTERS = frozenset(BASE_LETTERS + DIACRITIC_LETTERS)
"""Every lower-case letter a lexicon word may contain; anything else (digits, hyphens, dots,
capitals, foreign letters such as ä or ľ) keeps a form out of the lexicon."""

_BASE = str.maketrans(
    {letter: unicodedata.normalize("NFD", letter)[0] for letter in DIACRITIC_LETTERS}
)


_WORD = re.compile(f"[{BASE_LETTERS}{DIACRITIC_LETTERS}]+")


def is_czech_word(word: str) -> bool:
    """True when `word` is made of lower-case Czech letters only (it may still be no word)."""
    return _WORD.fullmatch(word) is not None


CH = "ch"
"""The Czech letter written with two characters (W16, W18)."""
CH_KEY = "ĥ"
"""How CH is written in an anagram key: one character that no Czech word contains."""
ABBREVIATIONS = Path(__file__).parent / "data" / "cs-abbreviations.txt"
_LETTER = re.compile(f"ch|[{BASE_LETTERS}{DIACRITIC_LETTERS}]|.", re.DOTALL)


def split_letters(word: str) -> list[str]:
    """The letters of the Czech alphabet in `word`, "ch" as one: "chytrých" → ch y t r ý ch.
    Lower case in, lower case out; any other character is a letter of its own here (the caller
    refuses it)."""
    return _LETTER.findall(word)


def letter_count(word: str) -> int:
    """How many letters of the Czech alphabet `word` has (CH one): what W18 scores."""
    return len(split_letters(word))


@cache
def abbreviations() -> frozenset[str]:
    """Abbreviations the Czech dictionary accepts as if they were words ("cca", "zool"): W19
    leaves them out. One a line, `#` comments; see the file for how they were found."""
    lines = ABBREVIATIONS.read_text(encoding="utf-8").splitlines()
    return frozenset(line.strip() for line in lines if line.strip() and not line.startswith("#"))


def is_abbreviation(word: str) -> bool:
    """Whether `word` (lower case) is one of `abbreviations()`."""
    return word in abbreviations()


def strip_diacritics(word: str) -> str:
    """`word` with each Czech diacritic letter replaced by its base letter (ř → r, ů → u)."""
    return word.translate(_BASE)


def letters_key(word: str) -> str:
    """The sorted base letters of `word`, CH as `CH_KEY`: "kočka" → "ackko", "chytrých" →
    "rtyyĥĥ"."""
    if CH not in word:  # most words: a "čh" is Č and H, so look before taking marks off
        return "".join(sorted(strip_diacritics(word)))
    return "".join(sorted(CH_KEY if x == CH else strip_diacritics(x) for x in split_letters(word)))
