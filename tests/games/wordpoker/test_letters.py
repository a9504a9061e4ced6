"""The letters as data (docs/rules/wordpoker.md W15-W19): the deck, the dice, diacritics, word
scores and the reasons a word is refused."""

from __future__ import annotations

import pytest

from pokerhall.games.wordpoker.letters import (
    SCORINGS,
    Rejected,
    default_alphabet,
    normalize,
    stakes_table,
)

from .helpers import ALPHABET, cards


def test_w15_five_dice_with_the_six_vowels() -> None:
    assert len(ALPHABET.dice) == 5
    assert all(sorted(die) == list("AEIOUY") for die in ALPHABET.dice)


def test_w16_sixty_seven_cards_ch_is_one_card_of_its_own() -> None:
    deck = ALPHABET.deck()
    assert len(deck) == 67
    assert sum(not c.is_mark for c in deck) == 52
    assert sum(c.letter == "CH" for c in deck) == 2
    assert sum(c.letter == "hacek" for c in deck) == 8
    assert sum(c.letter == "carka" for c in deck) == 7
    assert len({c.id for c in deck}) == 67
    assert ALPHABET.spell("chyba").card_letters == {"CH": 1, "B": 1}
    assert ALPHABET.spell("chytrých").card_letters == {"CH": 2, "T": 1, "R": 1}


def test_w16_chytrych_is_laid_with_two_ch_cards() -> None:
    hand = cards("CH CH T R ´")
    spelt = ALPHABET.spell("chytrých")
    ALPHABET.check(spelt, hand, list("YYAEI"))
    assert spelt.letters == 6
    assert spelt.cards_used == 5
    assert spelt.dice_used == 2


def test_w16_a_c_card_and_an_h_card_do_not_make_ch() -> None:
    with pytest.raises(Rejected) as refused:
        ALPHABET.check(ALPHABET.spell("chyba"), cards("C H B K L"), list("YAEIO"))
    assert refused.value.reason["key"] == "reject.ch_from_c_h"
    with pytest.raises(Rejected) as refused:  # no C and H either: the plain missing card
        ALPHABET.check(ALPHABET.spell("chyba"), cards("B K L P S"), list("YAEIO"))
    assert refused.value.reason["key"] == "reject.card_missing"
    assert refused.value.reason["params"]["letter"] == "CH"


def test_w5_antes_and_raise_limits_by_deal() -> None:
    table = [(s.ante, s.raise_caps) for s in stakes_table()]
    assert table == [(5, (5, 10))] * 3 + [(10, (10, 20))] * 3 + [(20, (20, 40))] * 3 + [
        (30, (30, 60))
    ]


@pytest.mark.parametrize(
    ("word", "base", "marks"),
    [
        ("čaj", {"C": 1, "J": 1}, {"hacek": 1}),
        ("sůl", {"S": 1, "L": 1}, {"carka": 1}),  # W17: the čárka as a kroužek
        ("dům", {"D": 1, "M": 1}, {"carka": 1}),
        ("řeka", {"R": 1, "K": 1}, {"hacek": 1}),
        ("víno", {"V": 1, "N": 1}, {"carka": 1}),  # a diacritic on a die's letter
    ],
)
def test_w17_a_diacritic_card_marks_a_card_or_a_die(
    word: str, base: dict[str, int], marks: dict[str, int]
) -> None:
    spelt = ALPHABET.spell(word)
    assert dict(spelt.card_letters) == base
    assert dict(spelt.marks) == marks


@pytest.mark.parametrize(
    ("word", "key"),
    [
        ("müsli", "reject.bad_mark"),
        ("ǎno", "reject.bad_mark"),
        ("whisky", "reject.no_such_letter"),
        ("a-b", "reject.not_letters"),
    ],
)
def test_w17_letters_no_card_can_make_are_refused(word: str, key: str) -> None:
    with pytest.raises(Rejected) as refused:
        ALPHABET.spell(word)
    assert refused.value.reason["key"] == key


def test_w18_score_is_the_number_of_letters_ch_one_and_no_diacritic_card() -> None:
    assert ALPHABET.scoring == SCORINGS[0] == "length"
    assert ALPHABET.spell("kočka").score == 5
    assert ALPHABET.spell("sůl").score == 3
    assert ALPHABET.spell("pes").score == 3
    assert ALPHABET.spell("chytrých").score == 6
    assert ALPHABET.spell("ucho").score == 3


def test_w18_letter_values_are_an_option_of_ours() -> None:
    values = default_alphabet("values")
    assert values.spell("kočka").score == 1 + 1 + 2 + 3 + 1 + 1
    assert values.spell("sůl").score == 1 + 2 + 2 + 1
    assert values.spell("pes").score == 3
    assert values.spell("chyba").score == 4 + 2 + 3 + 1
    assert values.spell("kočka").letters == 5
    with pytest.raises(ValueError, match="scoring"):
        default_alphabet("scrabble")


@pytest.mark.parametrize(
    ("word", "hand", "dice", "key"),
    [
        ("pes", "P K L ´ T", "EUOAI", "reject.card_missing"),  # no S card
        ("kolo", "K L ´ T S", "EUOAI", "reject.die_missing"),  # one O die, used twice
        ("čaj", "C J K L T", "EUOAI", "reject.hacek_missing"),
        ("sůl", "S L K T P", "EUOAI", "reject.carka_missing"),
        ("ty", "P K L ´ S", "EUYAI", "reject.card_missing"),
        ("ˇ", "P K L ´ ˇ", "EUYAI", "reject.not_letters"),
    ],
)
def test_w9_w17_a_word_uses_only_held_cards_and_each_die_once(
    word: str, hand: str, dice: str, key: str
) -> None:
    with pytest.raises(Rejected) as refused:
        ALPHABET.check(ALPHABET.spell(word), cards(hand), list(dice))
    assert refused.value.reason["key"] == key


def test_w9_at_least_one_card_and_one_die() -> None:
    hand = cards("P S K ´ L")
    with pytest.raises(Rejected) as refused:
        ALPHABET.check(ALPHABET.spell("a"), hand, list("AEIOU"))
    assert refused.value.reason["key"] == "reject.no_card"
    with pytest.raises(Rejected) as refused:
        ALPHABET.check(ALPHABET.spell("psk"), hand, list("AEIOU"))
    assert refused.value.reason["key"] == "reject.no_die"
    ALPHABET.check(ALPHABET.spell("pes"), hand, list("AEIOU"))


def test_w19_words_are_compared_in_lower_case_composed_form() -> None:
    assert normalize("  KOČKA ") == "kočka"
    assert normalize("koc\u030cka") == "kočka"
