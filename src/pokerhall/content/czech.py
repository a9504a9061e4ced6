"""The Czech alphabet as Slovní poker sees it: which letters a word may use, and its base letters.

A game word is spelt from consonant cards, vowel dice and diacritic cards (W16, W17), so the
best-word search asks for the words whose letters *without* diacritics are a given multiset; the
diacritic cards are then checked against the letters that carry them. `letters_key` is that
multiset written as a string, the key of the lexicon's anagram index.
"""

from __future__ import annotations

import re
import unicodedata

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


def strip_diacritics(word: str) -> str:
    """`word` with each Czech diacritic letter replaced by its base letter (ř → r, ů → u)."""
    return word.translate(_BASE)


def letters_key(word: str) -> str:
    """The sorted base letters of `word`: "kočka" → "ackko"."""
    return "".join(sorted(strip_diacritics(word)))
