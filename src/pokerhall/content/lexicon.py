"""The Czech lexicon of Slovní poker (W19): every lower-case word form of a real Czech dictionary.

The dictionary is Debian's `hunspell-cs` (GPL-2 data), installed on the user's machine and never
shipped with pokerhall (see NOTICE). Its stems are expanded by our affix expander
(`content.affixes`) into the forms a game can use, 2-10 letters of the Czech alphabet (CH one),
no proper nouns (stems with a capital), no abbreviations (the dotted ones, and the undotted ones
of `czech.abbreviations`), nothing with digits, dots or hyphens. Expanding takes tens of
seconds, so the result is kept in the user's cache folder as two marisa tries keyed by the
dictionary's digest: the words, and an anagram index from sorted base letters (diacritics
removed, CH one character, `czech.letters_key`) to word ids, which is what the best-word search
asks. Loading them is a memory map, a few milliseconds.

This is the one content module that reads files outside the package and writes any: the
dictionary is the user's, and so is the cache. A match pins `Lexicon.digest`, the SHA-256 of the
two dictionary files, so a replay with another dictionary is refused.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

import marisa_trie

from pokerhall.content.affixes import StrPath, expand_dictionary
from pokerhall.content.czech import is_abbreviation, is_czech_word, letter_count, letters_key

MIN_LETTERS = 2
MAX_LETTERS = 10
"""A game word uses 1-5 cards and 1-5 dice (W9), so 2-10 letters (CH one, `czech.letter_count`)."""
SYSTEM_DIR = Path("/usr/share/hunspell")
SYSTEM_NAME = "cs_CZ"
INSTALL_COMMAND = "sudo apt-get install -y hunspell-cs"
CACHE_ENV = "POKERHALL_CACHE"
CACHE_FORMAT = 2
"""Bumped whenever the expansion or the files change, so an old cache is never read. 2: CH is
one letter (the key's `CH_KEY`, lengths counted in letters), abbreviations left out."""
_WORDS = "words.marisa"
_ANAGRAMS = "anagrams.marisa"
_ID = "<I"


class LexiconUnavailable(FileNotFoundError):
    """The dictionary files are not there; the message says what to install."""


def default_cache_dir() -> Path:
    """`$POKERHALL_CACHE`, else `$XDG_CACHE_HOME/pokerhall`, else `~/.cache/pokerhall`."""
    explicit = os.environ.get(CACHE_ENV)
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "pokerhall"


def dictionary_digest(dic: StrPath, aff: StrPath) -> str:
    """Hex SHA-256 over both files (each with its length first, so no two pairs collide)."""
    digest = hashlib.sha256()
    for path in (aff, dic):
        data = Path(path).read_bytes()
        digest.update(len(data).to_bytes(8, "big"))
        digest.update(data)
    return digest.hexdigest()


def is_game_form(form: str) -> bool:
    """A form the game can use: 2-10 lower-case Czech letters (CH one), no abbreviation."""
    return (
        MIN_LETTERS <= len(form) <= 2 * MAX_LETTERS
        and is_czech_word(form)
        and MIN_LETTERS <= letter_count(form) <= MAX_LETTERS
        and not is_abbreviation(form)
    )


def is_common_stem(stem: str) -> bool:
    """Stems with a capital are proper nouns or abbreviations, and so are the lower-case stems
    of `czech.abbreviations`; W19 leaves them all out."""
    return stem[:1].islower() and not is_abbreviation(stem)


class Lexicon:
    """A set of words with an index by sorted base letters; see the module docstring."""

    def __init__(self, words: marisa_trie.Trie, anagrams: marisa_trie.RecordTrie, digest: str):
        self._words = words
        self._anagrams = anagrams
        self.digest = digest
        """What a match pins: the dictionary files' SHA-256 (or the word list's, `from_words`)."""

    @classmethod
    def load(cls, dic: StrPath, aff: StrPath, cache_dir: StrPath | None = None) -> Lexicon:
        """The lexicon of a hunspell dictionary, expanded at first use and cached afterwards."""
        for path in (dic, aff):
            if not Path(path).is_file():
                raise LexiconUnavailable(f"no dictionary file {path}")
        digest = dictionary_digest(dic, aff)
        root = Path(cache_dir) if cache_dir is not None else default_cache_dir()
        folder = root / "lexicon" / f"{digest}.v{CACHE_FORMAT}"
        if not (folder / _ANAGRAMS).is_file():
            root.joinpath("lexicon").mkdir(parents=True, exist_ok=True)
            with _locked(folder.parent / f"{digest}.lock"):
                if not (folder / _ANAGRAMS).is_file():
                    words = expand_dictionary(
                        dic, aff, keep_stem=is_common_stem, keep_form=is_game_form
                    )
                    _write(folder, words)
        return cls._open(folder, digest)

    @classmethod
    def system(cls, cache_dir: StrPath | None = None) -> Lexicon:
        """The lexicon of the Czech dictionary installed by Debian's `hunspell-cs`."""
        dic = SYSTEM_DIR / f"{SYSTEM_NAME}.dic"
        aff = SYSTEM_DIR / f"{SYSTEM_NAME}.aff"
        if not (dic.is_file() and aff.is_file()):
            raise LexiconUnavailable(
                f"the Czech dictionary is not installed ({dic}); install it with: {INSTALL_COMMAND}"
            )
        return cls.load(dic, aff, cache_dir)

    @classmethod
    def from_words(cls, words: Iterable[str]) -> Lexicon:
        """A lexicon of the given words kept in memory (tests, small custom lists); its digest
        is the SHA-256 of the sorted words, one per line."""
        chosen = sorted({word for word in words if is_game_form(word)})
        trie, anagrams = _tries(chosen)
        text = "".join(f"{word}\n" for word in chosen)
        return cls(trie, anagrams, hashlib.sha256(text.encode("utf-8")).hexdigest())

    @classmethod
    def _open(cls, folder: Path, digest: str) -> Lexicon:
        words = marisa_trie.Trie().mmap(str(folder / _WORDS))
        anagrams = marisa_trie.RecordTrie(_ID).mmap(str(folder / _ANAGRAMS))
        return cls(words, anagrams, digest)

    def contains(self, word: str) -> bool:
        """Whether `word` (exactly as spelt: lower case, with its diacritics) is a word."""
        return word in self._words

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and word in self._words

    def has_letters(self, key: str) -> bool:
        """Whether some word's sorted base letters are `key`: a membership test, no words
        restored, for searches that try many keys and read few."""
        return key in self._anagrams

    def letter_keys(self) -> Iterator[str]:
        """Every key of the anagram index once, in the index's order: for a search that
        indexes the keys its own way (the best-word search, by their consonants)."""
        last = None
        for key in self._anagrams.iterkeys():
            if key != last:  # a key of several words comes once a word, one after another
                yield key
                last = key

    def by_letters(self, key: str) -> list[str]:
        """Every word whose base letters, sorted, are `key` (see `czech.letters_key`), sorted."""
        restore = self._words.restore_key
        return sorted(restore(ident) for (ident,) in self._anagrams.get(key, ()))

    def __len__(self) -> int:
        return len(self._words)

    def __iter__(self) -> Iterator[str]:
        return iter(self._words.iterkeys())

    def __repr__(self) -> str:
        return f"Lexicon({len(self)} words, digest {self.digest[:12]})"


def _tries(words: Iterable[str]) -> tuple[marisa_trie.Trie, marisa_trie.RecordTrie]:
    trie = marisa_trie.Trie(words)
    anagrams = marisa_trie.RecordTrie(
        _ID, ((letters_key(word), (ident,)) for word, ident in trie.iteritems())
    )
    return trie, anagrams


def _write(folder: Path, words: Iterable[str]) -> None:
    """Write both tries into a fresh folder and rename it into place, so a reader never sees a
    half-written cache."""
    trie, anagrams = _tries(words)
    staging = Path(tempfile.mkdtemp(prefix=".build-", dir=folder.parent))
    try:
        trie.save(str(staging / _WORDS))
        anagrams.save(str(staging / _ANAGRAMS))
        if folder.exists():
            shutil.rmtree(folder)
        staging.rename(folder)
    finally:
        shutil.rmtree(staging, ignore_errors=True)


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    """One builder at a time per cache (parallel test workers, two servers starting at once)."""
    if sys.platform == "win32":  # pragma: no cover - no flock; a race only repeats the build
        yield
        return
    import fcntl

    with path.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
