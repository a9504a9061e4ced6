"""The real Czech lexicon (Debian's hunspell-cs) against the `hunspell` command itself.

`make test` installs both packages (the Makefile's `lexicon` target); elsewhere these tests are
skipped with the command to run, except under CI, where a missing dictionary is a failure.
The expansion (seconds) runs once per test run: the cache lives under pytest's temporary base,
shared by the xdist workers (the second waits on the cache lock and then loads).
"""

from __future__ import annotations

import itertools
import os
import random
import shutil
import subprocess
import time
from collections.abc import Iterable
from pathlib import Path

import pytest

from pokerhall.content.affixes import read_aff, read_dic
from pokerhall.content.czech import (
    BASE_LETTERS,
    DIACRITIC_LETTERS,
    abbreviations,
    letter_count,
    letters_key,
)
from pokerhall.content.lexicon import SYSTEM_DIR, SYSTEM_NAME, Lexicon

HUNSPELL = shutil.which("hunspell")
INSTALLED = (SYSTEM_DIR / "cs_CZ.dic").is_file() and HUNSPELL is not None
NOT_INSTALLED = "needs the Czech dictionary: sudo apt-get install -y hunspell-cs hunspell"
if not INSTALLED and os.environ.get("CI"):
    raise RuntimeError(f"CI {NOT_INSTALLED} (the Makefile's `lexicon` target installs it)")
pytestmark = pytest.mark.skipif(not INSTALLED, reason=NOT_INSTALLED)

LETTERS = BASE_LETTERS + DIACRITIC_LETTERS
RECALL_EXCEPTIONS: frozenset[str] = abbreviations()
"""Short words hunspell accepts that the lexicon leaves out on purpose: the abbreviations it
lists without a dot (W19). cs_CZ has no compound rules, and its forbidden words are left out by
both."""


class Built:
    def __init__(self, lexicon: Lexicon, seconds: float, cache: Path) -> None:
        self.lexicon = lexicon
        self.seconds = seconds
        self.cache = cache


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    cache = shared / "czech-lexicon-cache"
    started = time.perf_counter()
    lexicon = Lexicon.system(cache_dir=cache)
    return Built(lexicon, time.perf_counter() - started, cache)


def hunspell(option: str, words: Iterable[str]) -> list[str]:
    """The words that `hunspell -d cs_CZ <option>` prints: -l the unknown ones, -G the known."""
    assert HUNSPELL is not None
    result = subprocess.run(
        [HUNSPELL, "-i", "utf-8", "-d", "cs_CZ", option],
        input="".join(f"{word}\n" for word in words),
        capture_output=True,
        text=True,
        encoding="utf-8",
        env={**os.environ, "LC_ALL": "C.UTF-8"},
        check=True,
        timeout=300,
    )
    return result.stdout.split()


def test_at_least_a_million_forms_and_a_fast_reload(built: Built) -> None:
    lexicon = built.lexicon
    assert len(lexicon) >= 1_000_000
    size = sum(path.stat().st_size for path in built.cache.rglob("*.marisa"))
    started = time.perf_counter()
    again = Lexicon.system(cache_dir=built.cache)
    reload_seconds = time.perf_counter() - started
    print(
        f"lexicon: {len(lexicon)} forms; first use {built.seconds:.1f} s (expansion, or a load "
        f"after another worker's); reload {reload_seconds * 1000:.1f} ms; cache {size / 1e6:.1f} MB"
    )
    assert again.digest == lexicon.digest
    assert len(again) == len(lexicon)
    assert reload_seconds < 2  # a memory map and two digests, not an expansion
    assert size < 50_000_000


def test_everyday_words(built: Built) -> None:
    lexicon = built.lexicon
    for word in (
        "kočka",
        "kočkou",
        "pes",
        "psi",
        "žluťoučký",
        "nejlepší",
        "řeka",
        "dům",
    ):
        assert lexicon.contains(word), word
    for word in ("praha", "Praha", "kocka", "atd", "x", "nejnejlepší"):
        assert not lexicon.contains(word), word
    assert "kočka" in lexicon.by_letters(letters_key("kočka"))
    assert "dům" in lexicon.by_letters("dmu")


def test_precision_every_sampled_form_is_known_to_hunspell(built: Built) -> None:
    lexicon = built.lexicon
    rng = random.Random(19)
    chosen = set(rng.sample(range(len(lexicon)), 5000))
    sample = [word for index, word in enumerate(lexicon) if index in chosen]
    assert len(sample) == 5000
    assert hunspell("-l", sample) == []


def test_recall_every_short_word_hunspell_knows_is_in_the_lexicon(built: Built) -> None:
    """All 2- and 3-letter strings of Czech letters, and 100 000 random 4-letter ones."""
    rng = random.Random(17)
    candidates = [
        "".join(letters) for n in (2, 3) for letters in itertools.product(LETTERS, repeat=n)
    ]
    candidates += ["".join(rng.choices(LETTERS, k=4)) for _ in range(100_000)]
    known = set(hunspell("-G", candidates))
    assert len(known) > 1000  # the comparison has something to compare
    missing = sorted(
        word
        for word in known - RECALL_EXCEPTIONS
        if letter_count(word) >= 2 and not built.lexicon.contains(word)  # "ch" is one letter
    )
    assert missing == []


def test_w19_abbreviations_hunspell_accepts_are_not_words(built: Built) -> None:
    """adj, biol, cca, dpi, zool and the rest of the list: hunspell takes them for words, the
    lexicon does not; each is an entry of the dictionary without affix flags, so the list
    names what the dictionary holds and removing it takes no other word's form."""
    listed = sorted(abbreviations())
    assert {"adj", "biol", "cca", "dpi", "zool"} <= set(listed)
    assert sorted(hunspell("-G", listed)) == listed
    for word in listed:
        assert not built.lexicon.contains(word), word
    aff, dic = SYSTEM_DIR / f"{SYSTEM_NAME}.aff", SYSTEM_DIR / f"{SYSTEM_NAME}.dic"
    rules = read_aff(aff)
    entries: dict[str, list[frozenset[str]]] = {}
    for stem, flags in read_dic(dic, rules):
        if stem in abbreviations():
            entries.setdefault(stem, []).append(flags)
    assert entries == {word: [frozenset()] for word in listed}


def test_w16_words_with_ch_are_indexed_by_their_letters(built: Built) -> None:
    lexicon = built.lexicon
    assert lexicon.contains("chytrých")
    assert "chytrých" in lexicon.by_letters(letters_key("chytrých"))
    assert lexicon.contains("nezapíchala")  # 11 characters, 10 letters
