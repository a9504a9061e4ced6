"""A table's asked questions (docs/rules/quizpoker.md QP8): a game told them never draws them
while its pool has others, deals on from them by Q1's rules, and hands the list on in its
result."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerhall import games
from pokerhall.content.library import pinned_questions
from pokerhall.engine.errors import InvalidOptions
from pokerhall.games.quizpoker.deck import QuestionDeck
from pokerhall.games.quizpoker.options import MAX_ASKED
from pokerhall.games.quizpoker.state import asked_after

from .test_deal import LANGUAGES, check_variety
from .test_table_state import play_out


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), data=st.data())
def test_qp8_a_deck_given_asked_questions_never_draws_them_before_the_others(
    seed: int, data: st.DataObject
) -> None:
    """Every question not listed comes up before any listed one does."""
    questions, _ = pinned_questions("builtin", "en", topics=("nature",))
    ids = [q.id for q in questions]
    asked = data.draw(st.lists(st.sampled_from(ids), max_size=len(ids) - 1, unique=True))
    deck = QuestionDeck(questions, random.Random(seed), asked)
    dealt = [deck.draw().id for _ in range(len(ids) - len(asked))]
    assert sorted(dealt) == sorted(set(ids) - set(asked))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), language=st.sampled_from(LANGUAGES))
def test_qp8_one_question_games_chained_by_their_asked_questions_keep_q1s_deal(
    seed: int, language: str
) -> None:
    """A table of one-question games, each told the questions before it, deals as one game
    would: no group twice in five, no template above its share, a third hand-written, no
    repeat."""
    questions, _ = pinned_questions("builtin", language)
    rng = random.Random(seed)
    asked: list[str] = []
    for _ in range(45):
        deck = QuestionDeck(questions, random.Random(rng.getrandbits(64)), asked)
        asked.append(deck.draw().id)
    by_id = {q.id: q for q in questions}
    check_variety([by_id[ident] for ident in asked])


def test_qp8_when_every_question_was_asked_the_oldest_comes_back() -> None:
    questions, _ = pinned_questions("builtin", "en", topics=("nature",))
    ids = [q.id for q in questions]
    order = random.Random(4).sample(ids, len(ids))
    for seed in range(5):
        assert QuestionDeck(questions, random.Random(seed), order).draw().id == order[0]
    again = [*order[1:], order[0]]  # an id listed twice counts where it was listed last
    assert QuestionDeck(questions, random.Random(0), [order[0], *again]).draw().id == order[1]


def test_qp8_ids_the_pool_does_not_hold_are_ignored() -> None:
    questions, _ = pinned_questions("builtin", "en")
    deck = QuestionDeck(questions, random.Random(9))
    plain = [deck.draw().id for _ in range(3)]
    odd = QuestionDeck(questions, random.Random(9), ["no-such-question", "x"])
    assert [odd.draw().id for _ in range(3)] == plain


def test_qp8_a_game_told_its_tables_questions_asks_none_of_them_and_hands_them_on() -> None:
    first = games.create("quizpoker", 3, {"hands_per_session": 3}, 21)
    before = play_out(first)["asked_questions"].split()
    assert len(before) == 3
    options = {"hands_per_session": 4, "asked_questions": " ".join(before)}
    game = games.create("quizpoker", 3, options, 21)
    result = play_out(game)
    asked = [e.data["id"] for e in game.events if e.type == "question"]
    assert not set(asked) & set(before)
    assert result["asked_questions"].split() == [*before, *asked]
    assert len(set(asked)) == len(asked)


def test_qp8_the_handed_on_list_keeps_the_newest_and_each_id_once() -> None:
    assert asked_after(["a", "b", "c"], ["b", "d"]) == "a c b d"
    many = [f"q{n}" for n in range(MAX_ASKED)]
    assert asked_after(many, ["new"]).split() == [*many[1:], "new"]


def test_qp8_more_than_the_most_asked_questions_is_refused() -> None:
    too_many = " ".join(f"q{n}" for n in range(MAX_ASKED + 1))
    with pytest.raises(InvalidOptions) as caught:
        games.create("quizpoker", 2, {"asked_questions": too_many}, 1)
    assert caught.value.code == "asked_count"
    games.create("quizpoker", 2, {"asked_questions": too_many.rsplit(" ", 1)[0]}, 1)
    with pytest.raises(InvalidOptions):
        games.create("quizpoker", 2, {"asked_questions": ["q1"]}, 1)
