"""The stock: every card exactly once, order fixed by the seed, reshuffles under the stock."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerhall.cards import FULL_DECK, Card, Deck, parse_cards

seeds = st.integers(min_value=0, max_value=2**63 - 1)


def deal_out(deck: Deck) -> list[Card]:
    dealt = []
    while not deck.empty:
        dealt.append(deck.draw())
    return dealt


@given(seeds)
def test_a_shuffled_deck_deals_each_card_exactly_once(seed: int) -> None:
    deck = Deck.shuffled(random.Random(seed))
    assert len(deck) == 52
    dealt = deal_out(deck)
    assert sorted(dealt, key=lambda c: c.index) == list(FULL_DECK)
    assert len(deck) == 0
    with pytest.raises(IndexError, match="the stock is empty"):
        deck.draw()


@given(seeds)
def test_the_same_seed_deals_the_same_order(seed: int) -> None:
    assert deal_out(Deck.shuffled(random.Random(seed))) == deal_out(
        Deck.shuffled(random.Random(seed))
    )


def test_different_seeds_deal_differently() -> None:
    orders = {tuple(Deck.shuffled(random.Random(seed))) for seed in range(20)}
    assert len(orders) == 20


def test_a_deck_draws_from_the_top_in_the_order_given() -> None:
    deck = Deck(parse_cards("Ah Kd 2c"))
    assert list(deck) == list(parse_cards("Ah Kd 2c"))
    assert (deck.draw(), len(deck)) == (Card("Ah"), 2)


@given(seeds, st.integers(min_value=0, max_value=52))
def test_added_cards_go_under_the_stock_shuffled(seed: int, kept: int) -> None:
    """P7 / P4: the discard pile (or the rejected banners) becomes the rest of the stock."""
    rng = random.Random(seed)
    stock, pile = list(FULL_DECK[:kept]), list(FULL_DECK[kept:])
    deck = Deck(stock)
    deck.add_shuffled(pile, rng)
    dealt = deal_out(deck)
    assert dealt[:kept] == stock
    assert sorted(dealt[kept:], key=lambda c: c.index) == pile
    again = Deck(stock)
    again.add_shuffled(pile, random.Random(seed))
    assert deal_out(again) == dealt


def test_a_card_cannot_be_in_a_deck_twice() -> None:
    with pytest.raises(ValueError, match="only once: Ah"):
        Deck(parse_cards("Ah Kd Ah"))
    deck = Deck(parse_cards("Ah Kd"))
    with pytest.raises(ValueError, match="only once: Kd"):
        deck.add_shuffled(parse_cards("Kd 2c"), random.Random(1))
    assert list(deck) == list(parse_cards("Ah Kd"))
    with pytest.raises(TypeError, match="not a Card: 'Ah'"):
        Deck(["Ah"])  # type: ignore[list-item]


def test_shuffled_takes_the_cards_left_over() -> None:
    """P5: the cards left after the banner deal are gathered and shuffled."""
    rest = [c for c in FULL_DECK if c.suit != "s"]
    deck = Deck.shuffled(random.Random(3), rest)
    assert sorted(deck, key=lambda c: c.index) == rest


@given(seeds, st.integers(min_value=0, max_value=52))
def test_repr_evaluates_back(seed: int, drawn: int) -> None:
    deck = Deck.shuffled(random.Random(seed))
    for _ in range(drawn):
        deck.draw()
    assert eval(repr(deck)) == deck
    assert repr(Deck()) == "Deck([])"


def test_a_copy_is_dealt_on_its_own() -> None:
    deck = Deck.shuffled(random.Random(5))
    for clone in (deck.copy(), copy.copy(deck), copy.deepcopy(deck)):
        assert clone == deck
        clone.draw()
        assert len(clone) == 51
        assert len(deck) == 52
