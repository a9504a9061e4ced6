"""Hand ranks: eval7 agrees with PokerKit on full hands; partial hands rank as poker ranks them;
a banner suit taken away (P10) never counts."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pokerkit import StandardHighHand

from pokerhall.cards import (
    CATEGORIES,
    FULL_DECK,
    SUITS,
    Card,
    HandRank,
    parse_cards,
    rank_hand,
    rank_without_suit,
    without_suit,
)
from pokerhall.cards.ranking import eval7  # imported there with its pyparsing noise hushed


def hands(low: int, high: int) -> st.SearchStrategy[list[Card]]:
    return st.lists(st.sampled_from(FULL_DECK), min_size=low, max_size=high, unique=True)


def rank(text: str) -> HandRank:
    return rank_hand(parse_cards(text))


def sign(x: int) -> int:
    return (x > 0) - (x < 0)


def pokerkit_rank(cards: list[Card]) -> StandardHighHand:
    return StandardHighHand.from_game("".join(map(str, cards)), "")


@given(st.lists(st.sampled_from(FULL_DECK), min_size=10, max_size=14, unique=True), st.data())
def test_orderings_agree_with_pokerkit_on_five_to_seven_cards(
    deal: list[Card], data: st.DataObject
) -> None:
    """Differential: both hands come from one deal, so they are as disjoint as at a table."""
    size_a = data.draw(st.integers(min_value=5, max_value=min(7, len(deal) - 5)))
    size_b = data.draw(st.integers(min_value=5, max_value=min(7, len(deal) - size_a)))
    a, b = deal[:size_a], deal[size_a : size_a + size_b]
    ours = sign((rank_hand(a) > rank_hand(b)) - (rank_hand(a) < rank_hand(b)))
    kit_a, kit_b = pokerkit_rank(a), pokerkit_rank(b)
    theirs = (kit_a > kit_b) - (kit_a < kit_b)
    assert ours == theirs, (a, b, kit_a, kit_b)


@pytest.mark.parametrize(
    ("worse", "better"),
    [
        ("", "2c"),  # a missing card is below a deuce
        ("3h", "3d 2c"),
        ("Ah Kd Qs Jc", "2c 2d"),  # a pair beats any high card
        ("2h 5h 9h Kh", "2c 2d"),  # four to a flush is no flush
        ("Ah Kd Qs Jc", "Ac Kc Qd Jd 2h"),  # four to a straight is no straight
        ("Ah Ad", "Ac As 3d"),  # the kicker plays
        ("Ah Ad 2c", "Ac As 3d"),
        ("Kh Kd Qc Qd", "2c 2d 2h"),  # trips in three cards beat two pair in four
        ("Kh Kd Kc Ks", "Ah Ad Ac As"),
        ("Kh Kd Kc Ks", "Kh Kd Kc Ks 2c"),
        ("Ah Ad Ac As", "2h 3h 4h 5h 6h"),
        ("Ah Ad Kc Kd", "Ah Ad Kc Kd 2c"),
        ("Ah Kd Qs Jc 9c", "Ah 2d 3s 4c 5c"),  # the wheel is a straight
        ("5h 4d 3s 2c Ac", "6h 5d 4s 3c 2c"),  # ... and the lowest one
    ],
)
def test_partial_and_edge_hands_rank_as_poker_ranks_them(worse: str, better: str) -> None:
    assert rank(worse) < rank(better)
    assert rank(better) > rank(worse)
    assert rank(worse) != rank(better)


def test_suits_are_unranked() -> None:
    assert rank("Ah Kd") == rank("As Kc")
    assert rank("Ah Kh Qh Jh 9h") == rank("As Ks Qs Js 9s")
    assert rank("") == rank("")


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("", "high card"),
        ("Ah", "high card"),
        ("Ah Ad", "pair"),
        ("Ah Ad Kc Kd", "two pair"),
        ("Ah Ad Ac", "three of a kind"),
        ("Ah Kd Qs Jc Tc", "straight"),
        ("2h 5h 9h Kh 3h", "flush"),
        ("Ah Ad Ac Kd Kc", "full house"),
        ("Ah Ad Ac As", "four of a kind"),
        ("Ah Kh Qh Jh Th 9h 2c 3c 4c", "straight flush"),
    ],
)
def test_categories_name_the_hand(text: str, category: str) -> None:
    assert rank(text).category == str(rank(text)) == category


@given(hands(0, 9))
def test_category_is_eval7s_hand_type_and_orders_ranks(cards: list[Card]) -> None:
    ranked = rank_hand(cards)
    name = eval7.handtype(eval7.evaluate([eval7.Card(str(c)) for c in cards]))
    assert ranked.category == {"Trips": "three of a kind", "Quads": "four of a kind"}.get(
        name, name.lower()
    )
    assert ranked.category in CATEGORIES


@given(hands(5, 9))
def test_the_best_five_of_up_to_nine_play(cards: list[Card]) -> None:
    assert rank_hand(cards) == max(map(rank_hand, itertools.combinations(cards, 5)))


@given(hands(0, 8), st.sampled_from(FULL_DECK))
def test_another_card_never_makes_a_hand_worse(cards: list[Card], extra: Card) -> None:
    if extra not in cards:
        assert rank_hand([*cards, extra]) >= rank_hand(cards)


@given(hands(0, 9), st.sampled_from(SUITS))
def test_removing_a_suit_leaves_no_card_of_it(cards: list[Card], suit: str) -> None:
    left = without_suit(cards, suit)
    assert all(card.suit != suit for card in left)
    assert [c for c in cards if c not in left] == [c for c in cards if c.suit == suit]
    assert rank_without_suit(cards, suit) == rank_hand(left)


@given(hands(0, 9), st.sampled_from(SUITS))
def test_cards_of_the_removed_suit_never_change_the_rank(cards: list[Card], suit: str) -> None:
    others = [card for card in cards if card.suit != suit]
    assert rank_without_suit(cards, suit) == rank_without_suit(others, suit)


def test_bad_hands_are_refused() -> None:
    with pytest.raises(ValueError, match="at most 9 cards, got 10"):
        rank_hand(FULL_DECK[:10])
    with pytest.raises(ValueError, match="each card once: Ah Ah"):
        rank("Ah Ah")
    with pytest.raises(ValueError, match="not a suit: 'H'"):
        rank_without_suit(parse_cards("Ah"), "H")


@given(hands(0, 9))
def test_hand_rank_repr_evaluates_back(cards: list[Card]) -> None:
    ranked = rank_hand(cards)
    again = eval(repr(ranked))
    assert again == ranked
    assert hash(again) == hash(ranked)
    assert again.category == ranked.category


def test_hand_ranks_compare_only_with_hand_ranks() -> None:
    with pytest.raises(TypeError):
        assert rank("Ah") < 5  # type: ignore[operator]
    assert rank("Ah") != rank("Ah").key
    with pytest.raises(ValueError, match="not a hand rank key"):
        HandRank(-1)
