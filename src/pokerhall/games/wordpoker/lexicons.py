"""The dictionary a table checks words against (W19), chosen by the option `lexicon`.

A game needs three things of a dictionary: whether it holds a word, a digest naming its exact
contents (pinned in the match record, so a replay against another dictionary is refused), and
its anagram index, the words whose base letters (diacritics taken off, sorted) are a given
string, for the best-word search. `WordList` is that much; `pokerhall.content.lexicon.Lexicon`
(the system's hunspell-cs dictionary, expanded) and `SmallList` (a few words, for tests and
machines without the dictionary) both are one.
"""

from __future__ import annotations

import hashlib
import importlib
import unicodedata
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Protocol

from pokerhall.engine.errors import InvalidOptions

MINI = Path(__file__).parent / "data" / "mini-cs.txt"
LEXICONS = ("system", "mini")
"""The option's choices: the system dictionary, or the packaged small list."""


class WordList(Protocol):
    @property
    def digest(self) -> str: ...

    def contains(self, word: str) -> bool: ...

    def by_letters(self, letters: str) -> list[str]: ...

    def __len__(self) -> int: ...


def letters_key(word: str) -> str:
    """The anagram-index key: the word's base letters, sorted ("kočka" -> "acckk")."""
    base = "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))
    return "".join(sorted(base))


class SmallList:
    """A word list held in memory, with the same anagram index as the system dictionary."""

    def __init__(self, words: Iterable[str]) -> None:
        self._words = frozenset(unicodedata.normalize("NFC", w.strip()) for w in words if w.strip())
        self._index: dict[str, list[str]] = {}
        for word in sorted(self._words):
            self._index.setdefault(letters_key(word), []).append(word)
        text = "\n".join(sorted(self._words))
        self.digest = "sha256:" + hashlib.sha256(text.encode()).hexdigest()

    def contains(self, word: str) -> bool:
        return word in self._words

    def by_letters(self, letters: str) -> list[str]:
        return list(self._index.get(letters, ()))

    def __len__(self) -> int:
        return len(self._words)


@cache
def mini() -> SmallList:
    """The packaged list (`data/mini-cs.txt`): real Czech words, one a line, `#` comments."""
    lines = MINI.read_text(encoding="utf-8").splitlines()
    return SmallList(line for line in lines if not line.startswith("#"))


@cache
def system() -> WordList:
    """The system's Czech dictionary (Debian's hunspell-cs, expanded and cached)."""
    try:
        module = importlib.import_module("pokerhall.content.lexicon")
    except ImportError:
        raise InvalidOptions(
            "the system Czech dictionary is not available here; choose lexicon=mini"
        ) from None
    lexicon: WordList = module.Lexicon.system()
    return lexicon


def lexicon(name: str) -> WordList:
    """The dictionary an option value names (one of `LEXICONS`)."""
    if name == "mini":
        return mini()
    if name == "system":
        return system()
    raise ValueError(f"unknown lexicon {name!r}; choose one of {', '.join(LEXICONS)}")
