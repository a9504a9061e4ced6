"""The lexicon on the invented fixture: lookups, the anagram index, the cache and its digest."""

from __future__ import annotations

import shutil
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from pokerhall.content import lexicon as lexicon_module
from pokerhall.content.czech import (
    CH_KEY,
    is_abbreviation,
    is_czech_word,
    letter_count,
    letters_key,
    split_letters,
    strip_diacritics,
)
from pokerhall.content.lexicon import Lexicon, LexiconUnavailable, default_cache_dir

FIXTURE = Path(__file__).parent.parent / "fixtures" / "lexicon"

EXPECTED = {
    "žvanda", "žvandy", "nežvanda", "nežvandy", "nežvandou",
    "kulka", "kulky", "blat", "blatmi", "hrab", "hrabík", "nehrab",
    "šlův", "šlůvův", "šlůvova", "šlůvovy",
    "trnd", "trndův", "trndova", "trndovy", "netrnd", "netrndův", "netrndova", "netrndovy",
    "mrký", "mrkější", "nejmrkější", "pudmi", "nepud", "nepudmi", "drt", "drtový",
    "hnid", "prahnid", "prahnidek", "čul", "čulsa", "počul",
}  # fmt: skip
"""Every game form of mini.dic: no Brno (proper noun), ab1 (digit), supernadmrkavost (too long),
žvandou (forbidden) or fug (compound-only)."""


@pytest.fixture
def files(tmp_path: Path) -> tuple[Path, Path]:
    """A copy of the fixture that a test may change."""
    for name in ("mini.dic", "mini.aff"):
        shutil.copy(FIXTURE / name, tmp_path / name)
    return tmp_path / "mini.dic", tmp_path / "mini.aff"


def load(files: tuple[Path, Path], cache: Path) -> Lexicon:
    return Lexicon.load(files[0], files[1], cache_dir=cache)


def test_words_of_the_fixture(files: tuple[Path, Path], tmp_path: Path) -> None:
    lex = load(files, tmp_path / "cache")
    assert set(lex) == EXPECTED
    assert len(lex) == len(EXPECTED)
    assert lex.contains("nežvandy")
    assert "nežvandy" in lex
    assert not lex.contains("žvandou")
    assert not lex.contains("Brno")
    assert not lex.contains("zvandy")  # diacritics count


def test_by_letters(files: tuple[Path, Path], tmp_path: Path) -> None:
    lex = load(files, tmp_path / "cache")
    assert lex.by_letters(letters_key("blat")) == ["blat"]
    assert lex.by_letters("adnvyz") == ["žvandy"]
    assert lex.by_letters(letters_key("trndovy")) == ["trndovy"]
    assert lex.by_letters("aacdeeiijkmrt") == []
    assert lex.by_letters("xyz") == []
    for word in EXPECTED:
        assert word in lex.by_letters(letters_key(word))


def test_letter_keys_are_every_key_of_the_index_once(
    files: tuple[Path, Path], tmp_path: Path
) -> None:
    """The keys the best-word search indexes by their consonants (`best._Keys`): each word's
    key, each once, and nothing else."""
    lex = load(files, tmp_path / "cache")
    keys = list(lex.letter_keys())
    assert len(keys) == len(set(keys))
    assert set(keys) == {letters_key(word) for word in EXPECTED}
    assert all(lex.has_letters(key) for key in keys)
    memory = Lexicon.from_words(["kočka", "kočky", "ko", "ok"])
    assert sorted(memory.letter_keys()) == sorted({"ackko", "ckkoy", "ko"})


def test_czech_letters() -> None:
    assert strip_diacritics("žluťoučký kůň úpěl") == "zlutoucky kun upel"
    assert letters_key("kočka") == "ackko"
    assert is_czech_word("příšerně")
    assert not is_czech_word("Praha")
    assert not is_czech_word("mäso")
    assert not is_czech_word("")


def test_cache_is_built_once_and_reloaded(
    files: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "cache"
    first = load(files, cache)
    built = list((cache / "lexicon").glob(f"{first.digest}.v*"))  # not the .lock
    assert len(built) == 1

    def no_expansion(*args: object, **kwargs: object) -> set[str]:
        raise AssertionError("the cache should have been used")

    monkeypatch.setattr(lexicon_module, "expand_dictionary", no_expansion)
    again = load(files, cache)
    assert again.digest == first.digest
    assert set(again) == set(first)


def test_concurrent_first_uses_expand_once(
    files: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = lexicon_module.expand_dictionary
    calls: list[int] = []

    def slow_expansion(*args: Any, **kwargs: Any) -> set[str]:
        calls.append(1)
        time.sleep(0.2)  # long enough for the other loader to reach the lock
        return real(*args, **kwargs)

    monkeypatch.setattr(lexicon_module, "expand_dictionary", slow_expansion)
    with ThreadPoolExecutor(2) as pool:
        loaded = list(pool.map(lambda _: load(files, tmp_path / "cache"), range(2)))
    assert calls == [1]
    assert set(loaded[0]) == set(loaded[1]) == EXPECTED


def test_changed_dictionary_changes_digest_and_rebuilds(
    files: tuple[Path, Path], tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    before = load(files, cache)
    dic = files[0]
    lines = dic.read_text("utf-8").splitlines()
    lines[0] = str(int(lines[0]) + 1)
    dic.write_text("\n".join([*lines, "vrkot/A"]) + "\n", "utf-8")
    after = load(files, cache)
    assert after.digest != before.digest
    assert after.contains("vrkot")
    assert not before.contains("vrkot")
    assert len(list((cache / "lexicon").glob("*.v*"))) == 2


def test_digest_is_of_both_files(files: tuple[Path, Path], tmp_path: Path) -> None:
    before = load(files, tmp_path / "cache").digest
    files[1].write_text(files[1].read_text("utf-8") + "\n# a comment\n", "utf-8")
    assert load(files, tmp_path / "cache").digest != before
    assert len(before) == 64


def test_cache_dir_from_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("POKERHALL_CACHE", str(tmp_path / "mine"))
    assert default_cache_dir() == tmp_path / "mine"
    monkeypatch.delenv("POKERHALL_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert default_cache_dir() == tmp_path / "xdg" / "pokerhall"


def test_default_cache_dir_is_used(
    files: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("POKERHALL_CACHE", str(tmp_path / "env-cache"))
    lex = Lexicon.load(*files)
    assert (tmp_path / "env-cache" / "lexicon").is_dir()
    assert len(lex) == len(EXPECTED)


def test_missing_files(tmp_path: Path) -> None:
    with pytest.raises(LexiconUnavailable, match=r"no dictionary file"):
        Lexicon.load(tmp_path / "x.dic", tmp_path / "x.aff", cache_dir=tmp_path)


def test_system_names_the_install_command(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(lexicon_module, "SYSTEM_DIR", tmp_path / "nothing")
    with pytest.raises(LexiconUnavailable, match=r"apt-get install -y hunspell-cs"):
        Lexicon.system(cache_dir=tmp_path)


def test_from_words() -> None:
    lex = Lexicon.from_words(["kočka", "kočky", "Praha", "a", "kočka"])
    assert sorted(lex) == ["kočka", "kočky"]
    assert lex.by_letters("ackko") == ["kočka"]
    assert lex.digest == Lexicon.from_words(["kočky", "kočka"]).digest


def test_w16_w18_ch_is_one_letter_of_the_czech_alphabet() -> None:
    assert split_letters("chytrých") == ["ch", "y", "t", "r", "ý", "ch"]
    assert letter_count("chytrých") == 6
    assert letter_count("kočka") == 5
    assert split_letters("čh") == ["č", "h"]  # Č and H: a háček is no part of CH
    assert letters_key("chytrých") == "".join(sorted("rtyy" + CH_KEY * 2))
    assert letters_key("ucho") == letters_key("ochu") != letters_key("couh")
    lex = Lexicon.from_words(["ucho", "chata", "nezapíchala"])  # 11 characters, 10 letters
    assert lex.by_letters(letters_key("ucho")) == ["ucho"]
    assert "nezapíchala" in lex
    assert len(Lexicon.from_words(["nejkrásnějšími"])) == 0  # 14 letters: more than W9 allows


def test_w19_abbreviations_are_no_forms() -> None:
    for word in ("adj", "biol", "cca", "dpi", "zool"):
        assert is_abbreviation(word)
    assert not is_abbreviation("bio")
    assert sorted(Lexicon.from_words(["cca", "zool", "kočka"])) == ["kočka"]
