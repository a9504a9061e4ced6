"""Cards: the one canonical spelling, reprs that evaluate back, one object per card."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerhall.cards import FULL_DECK, RANK_NAMES, SUIT_NAMES, SUITS, Card, parse_cards

cards = st.sampled_from(FULL_DECK)


def test_a_card_reads_rank_and_suit() -> None:
    ace = Card("Ah")
    assert (ace.rank, ace.suit, str(ace)) == (14, "h", "Ah")
    assert (Card("2c").rank, Card("Tc").rank, Card("Js").rank, Card("Kd").rank) == (2, 10, 11, 13)
    assert (ace.rank_name, ace.suit_name) == ("ace", "hearts")
    assert (Card("Ts").rank_name, Card("Ts").suit_name) == ("ten", "spades")


@pytest.mark.parametrize(
    "text", ["1h", "10h", "ah", "AH", "Ahh", "A", "h", "", " Ah", "Ah ", "Ax", "Zs", "11"]
)
def test_only_the_canonical_spelling_is_a_card(text: str) -> None:
    with pytest.raises(ValueError, match="not a card"):
        Card(text)


def test_a_non_string_is_not_a_card() -> None:
    with pytest.raises(ValueError, match="not a card"):
        Card(14)  # type: ignore[arg-type]


@given(cards)
def test_repr_evaluates_back_to_the_same_card(card: Card) -> None:
    assert eval(repr(card)) is card
    assert Card(str(card)) is card


@given(cards)
def test_copies_and_pickles_are_the_card_itself(card: Card) -> None:
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card


def test_the_full_deck_is_52_distinct_cards_in_a_fixed_order() -> None:
    assert len(FULL_DECK) == len(set(FULL_DECK)) == 52
    assert [card.index for card in FULL_DECK] == list(range(52))
    assert {(c.rank, c.suit) for c in FULL_DECK} == {(r, s) for r in range(2, 15) for s in SUITS}
    assert FULL_DECK[:2] == (Card("2s"), Card("3s"))
    assert FULL_DECK[-1] is Card("Ac")


def test_every_rank_and_suit_has_a_spoken_name() -> None:
    assert set(RANK_NAMES) == {c.rank for c in FULL_DECK}
    assert set(SUIT_NAMES) == set(SUITS)
    assert len({c.rank_name + " of " + c.suit_name for c in FULL_DECK}) == 52


def test_hashes_do_not_depend_on_memory_addresses() -> None:
    """Sets of cards iterate alike in every process, so replays make the same choices."""
    assert [hash(c) for c in FULL_DECK] == list(range(52))


def test_cards_are_read_only() -> None:
    with pytest.raises(AttributeError):
        Card("Ah").zoom = 1  # type: ignore[attr-defined]


def test_parse_cards_reads_a_spaced_list() -> None:
    assert parse_cards("Ah  Kd 2c") == (Card("Ah"), Card("Kd"), Card("2c"))
    assert parse_cards("") == ()
    with pytest.raises(ValueError, match="'10h'"):
        parse_cards("Ah 10h")
