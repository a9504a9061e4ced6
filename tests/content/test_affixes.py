"""The affix expander on an invented fixture (tests/fixtures/lexicon), one feature per test."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from pokerhall.content.affixes import (
    AffixError,
    Expander,
    expand_dictionary,
    parse_condition,
    read_aff,
    read_dic,
)

FIXTURE = Path(__file__).parent.parent / "fixtures" / "lexicon"
AFF = FIXTURE / "mini.aff"
DIC = FIXTURE / "mini.dic"


@pytest.fixture(scope="module")
def expander() -> Expander:
    return Expander(read_aff(AFF))


def forms(expander: Expander, entry: str) -> set[str]:
    stem, _, flags = entry.partition("/")
    return expander.forms(stem, expander.rules.parse_flags(flags))


def test_conditions_letter_negated_class_class_and_two_letters(expander: Expander) -> None:
    assert forms(expander, "kulka/A") == {"kulka", "kulky"}  # -ou needs [^k]a
    assert forms(expander, "blat/A") == {"blat", "blatmi"}  # -mi needs [bdt]
    assert forms(expander, "čul/A") == {"čul", "čulsa"}  # -sa needs "ul"
    assert forms(expander, "čal/A") == {"čal"}


def test_strip_must_leave_a_letter(expander: Expander) -> None:
    assert forms(expander, "a/A") == {"a"}  # a → y would strip the whole stem


def test_prefix_with_cross_product(expander: Expander) -> None:
    assert forms(expander, "žvanda/AN") == {
        "žvanda",
        "žvandy",
        "žvandou",
        "nežvanda",
        "nežvandy",
        "nežvandou",
    }


def test_prefix_without_cross_product(expander: Expander) -> None:
    assert forms(expander, "čul/AO") == {"čul", "čulsa", "počul"}


def test_suffix_without_cross_product(expander: Expander) -> None:
    assert forms(expander, "hrab/DN") == {"hrab", "hrabík", "nehrab"}


def test_two_level_suffixes(expander: Expander) -> None:
    # the outer class C comes through -ův's continuation flags, not from the stem
    assert forms(expander, "šlův/B") == {"šlův", "šlůvův", "šlůvova", "šlůvovy"}


def test_prefix_on_two_level_suffixes(expander: Expander) -> None:
    assert forms(expander, "trnd/BN") == {
        "trnd",
        "trndův",
        "trndova",
        "trndovy",
        "netrnd",
        "netrndův",
        "netrndova",
        "netrndovy",
    }


def test_prefix_enabled_by_a_suffix_continuation(expander: Expander) -> None:
    assert forms(expander, "mrký/S") == {"mrký", "mrkější", "nejmrkější"}


def test_needaffix_on_a_stem(expander: Expander) -> None:
    assert forms(expander, "pud/?AN") == {"pudmi", "nepud", "nepudmi"}


def test_needaffix_on_an_affix(expander: Expander) -> None:
    assert forms(expander, "drt/G") == {"drt", "drtový"}


def test_circumfix(expander: Expander) -> None:
    # hunspell's checker takes the circumfix prefix alone on a stem, not the suffix alone
    assert forms(expander, "hnid/KL") == {"hnid", "prahnid", "prahnidek"}


def test_onlyincompound_and_forbidden_stems_have_no_forms(expander: Expander) -> None:
    assert forms(expander, "fug/_A") == set()
    assert forms(expander, "žvandou/!") == set()


def test_unknown_flags_are_ignored(expander: Expander) -> None:
    assert forms(expander, "blat/Z") == {"blat"}


def test_forbidden_spelling_is_removed_however_made() -> None:
    words = expand_dictionary(DIC, AFF)
    assert "žvandy" in words
    assert "žvandou" not in words  # made by -ou from žvanda, forbidden by its own entry
    assert "nežvandou" in words


def test_stem_and_form_filters() -> None:
    words = expand_dictionary(
        DIC, AFF, keep_stem=lambda stem: stem[:1].islower(), keep_form=lambda f: len(f) <= 10
    )
    assert "Brno" not in words
    assert "ab1" in words
    assert "supernadmrkavost" not in words


def test_parse_condition() -> None:
    pattern, width = parse_condition("[^aeo]k")
    assert width == 2
    assert pattern is not None
    assert pattern.fullmatch("rk")
    assert not pattern.fullmatch("ak")
    assert parse_condition("..") == (None, 2)
    with pytest.raises(AffixError):
        parse_condition("[ab")


def test_read_dic_entries() -> None:
    rules = read_aff(AFF)
    entries = dict(read_dic(DIC, rules))
    assert entries["žvanda"] == frozenset("AN")
    assert entries["ab1"] == frozenset()
    assert len(entries) == 16


NOT_WORDS = {
    "žvandou", "kulkou", "nehrabík", "šlova", "nejmrký", "pud", "drtov", "hnidek",
    "počulsa", "fug", "fugsa", "a", "y",
}  # fmt: skip
"""Strings the fixture's rules must not make (each the wrong side of one feature)."""


@pytest.mark.skipif(shutil.which("hunspell") is None, reason="needs the hunspell command")
def test_fixture_agrees_with_the_hunspell_command() -> None:
    """The fixture's rules mean to hunspell what they mean to us: the same words accepted."""
    ours = {word for word in expand_dictionary(DIC, AFF) if word.isalpha()}  # hunspell skips ab1
    result = subprocess.run(
        ["hunspell", "-i", "utf-8", "-d", str(DIC.with_suffix("")), "-G"],
        input="".join(f"{word}\n" for word in sorted(ours | NOT_WORDS)),
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=True,
    )
    assert set(result.stdout.split()) == ours
    assert not ours & NOT_WORDS


def _write(folder: Path, aff: str, dic: str, encoding: str = "utf-8") -> tuple[Path, Path]:
    (folder / "t.aff").write_bytes(aff.encode(encoding))
    (folder / "t.dic").write_bytes(dic.encode(encoding))
    return folder / "t.dic", folder / "t.aff"


def test_iso_8859_2_files_are_decoded(tmp_path: Path) -> None:
    dic, aff = _write(
        tmp_path,
        "SET ISO8859-2\nSFX A Y 1\nSFX A ka čce ka\n",
        "1\nřeka/A\n",
        encoding="iso8859-2",
    )
    assert expand_dictionary(dic, aff) == {"řeka", "řečce"}


def test_long_flags(tmp_path: Path) -> None:
    dic, aff = _write(
        tmp_path,
        "SET UTF-8\nFLAG long\nSFX Aa Y 1\nSFX Aa 0 y .\nSFX Bb Y 1\nSFX Bb 0 ům/Aa .\n",
        "1\nkost/AaBb\n",
    )
    assert expand_dictionary(dic, aff) == {"kost", "kosty", "kostům", "kostůmy"}


def test_numeric_flags_and_aliases(tmp_path: Path) -> None:
    dic, aff = _write(
        tmp_path,
        "SET UTF-8\nFLAG num\nAF 2\nAF 10,20\nAF 10\n"
        "SFX 10 Y 1\nSFX 10 0 y .\nPFX 20 Y 1\nPFX 20 0 ne .\n",
        "2\nkost/1\nmost/2\n",
    )
    assert expand_dictionary(dic, aff) == {"kost", "kosty", "nekost", "nekosty", "most", "mosty"}


def test_malformed_affix_header(tmp_path: Path) -> None:
    _dic, aff = _write(tmp_path, "SFX A X 1\nSFX A 0 y .\n", "1\nkost/A\n")
    with pytest.raises(AffixError, match="expected"):
        read_aff(aff)
