"""Playing cards in words (`pokerhall.cards.spoken`), as the e-mail notices write them: the face
as printed and the card's name in the reader's language, for every card in en, de, cs and el
(a Palace Poker turn notice using them: tests/server/test_notice_words.py)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerhall.cards import FULL_DECK
from pokerhall.cards.spoken import LANGUAGES, card_words, face, spoken
from pokerhall.engine.messages import message, seat

QUEEN_OF_DIAMONDS = {
    "en": "Q♦ (queen of diamonds)",
    "de": "Q♦ (Karo-Dame)",
    "cs": "Q♦ (dáma, barva káry)",
    "el": "Q♦ (ντάμα καρό)",
}
TEN_OF_CLUBS = {
    "en": "10♣ (ten of clubs)",
    "de": "10♣ (Kreuz-Zehn)",
    "cs": "10♣ (desítka, barva kříže)",
    "el": "10♣ (δεκάρι σπαθί)",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_card_is_its_face_and_its_name_in_each_language(lang: str) -> None:
    assert card_words("Qd", lang) == QUEEN_OF_DIAMONDS[lang]
    assert card_words("Tc", lang) == TEN_OF_CLUBS[lang]  # a ten is 10, as the face prints it
    assert card_words("Qx", lang) == "Qx"  # no card: as it is
    said = {card_words(card.text, lang) for card in FULL_DECK}
    assert len(said) == 52  # every card its own words
    for card in FULL_DECK:
        words = card_words(card.text, lang)
        assert words.startswith(face(card) + " (")
        assert words.endswith(")")
        assert not re.search(rf"\b{card.text}\b", words)  # never "Qd" in the words


def test_a_language_without_words_reads_english() -> None:
    assert card_words("Qd", "fr") == QUEEN_OF_DIAMONDS["en"]


@given(st.lists(st.sampled_from([c.text for c in FULL_DECK]), min_size=1, max_size=5))
def test_cards_in_a_message_are_all_said_and_nothing_else_changes(texts: list[str]) -> None:
    """Cards as one text apart by spaces, as a list, or nested: each in words; the message's
    keys, numbers and other texts untouched."""
    original = message(
        "x", hand=" ".join(texts), cards={"list": texts}, word="AS", count=3, who=seat(1)
    )
    said = spoken(original, "en")
    expected = [card_words(t, "en") for t in texts]
    assert said["params"]["hand"] == ", ".join(expected)
    assert said["params"]["cards"] == {"list": expected}
    assert (said["key"], said["params"]["word"], said["params"]["count"]) == ("x", "AS", 3)
    assert said["params"]["who"] == {"seat": 1}
