"""The dictionary a table checks words against (W19), chosen by the option `lexicon`.

A game needs three things of a dictionary: whether it holds a word, a digest naming its exact
contents (pinned in the match record, so a replay against another dictionary is refused), and
its anagram index, the words whose base letters (diacritics taken off, CH one character,
sorted: `czech.letters_key`) are a given string, for the best-word search. `WordList` is that
much; `pokerhall.content.lexicon.Lexicon` is one, for the system's hunspell-cs dictionary
(expanded) and for a small list of words (tests, machines without the dictionary) alike.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Protocol

from pokerhall.content.lexicon import Lexicon, LexiconUnavailable
from pokerhall.engine.errors import InvalidOptions

MINI = Path(__file__).parent / "data" / "mini-cs.txt"
LEXICONS = ("system", "mini")
"""The option's choices: the system dictionary, or the packaged small list."""


class WordList(Protocol):
    @property
    def digest(self) -> str: ...

    def contains(self, word: str) -> bool: ...

    def has_letters(self, letters: str) -> bool: ...

    def by_letters(self, letters: str) -> list[str]: ...

    def letter_keys(self) -> Iterator[str]: ...

    def __len__(self) -> int: ...

    def __hash__(self) -> int: ...


@cache
def mini() -> Lexicon:
    """The packaged list (`data/mini-cs.txt`): real Czech words, one a line, `#` comments."""
    lines = MINI.read_text(encoding="utf-8").splitlines()
    return Lexicon.from_words(line.strip() for line in lines if not line.startswith("#"))


@cache
def system() -> Lexicon:
    """The system's Czech dictionary (Debian's hunspell-cs, expanded and cached)."""
    try:
        return Lexicon.system()
    except LexiconUnavailable as exc:
        raise InvalidOptions(f"{exc} (or choose lexicon=mini)") from None


def lexicon(name: str) -> WordList:
    """The dictionary an option value names (one of `LEXICONS`)."""
    if name == "mini":
        return mini()
    if name == "system":
        return system()
    raise ValueError(f"unknown lexicon {name!r}; choose one of {', '.join(LEXICONS)}")
