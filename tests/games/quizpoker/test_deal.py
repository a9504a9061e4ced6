"""The deal's variety (Q1 [ours], games/quizpoker/deck.py), over many seeds and topic choices."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from pokerhall import games
from pokerhall.content.library import pinned_questions
from pokerhall.content.packs import builtin_topics
from pokerhall.content.questions import Question
from pokerhall.games.quizpoker.deck import (
    GAME_LENGTH,
    WINDOW,
    QuestionDeck,
    curated_floor,
    group_of,
    template_cap,
)

LANGUAGES = ("en", "de", "cs", "el")
TOPICS = ("geography", "history", "science", "population", "sport", "culture")


def deal(questions: tuple[Question, ...], seed: int, count: int) -> list[Question]:
    deck = QuestionDeck(questions, random.Random(seed))
    return [deck.draw() for _ in range(count)]


def check_variety(dealt: list[Question], window: int = WINDOW, capped: bool = True) -> None:
    groups = [group_of(q) for q in dealt]
    for start in range(len(groups)):
        chunk = groups[start : start + window]
        assert len(set(chunk)) == len(chunk), f"a group repeats within {window}: {chunk}"
    for n in range(1, len(dealt) + 1):
        prefix = dealt[:n]
        templates = Counter(q.template for q in prefix if q.template is not None)
        assert not capped or max(templates.values(), default=0) <= template_cap(n)
        assert sum(q.template is None for q in prefix) >= curated_floor(n)
    assert len({q.id for q in dealt}) == len(dealt), "a question came up twice"


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), language=st.sampled_from(LANGUAGES))
def test_q1_a_game_of_the_shipped_packs_deals_with_variety(seed: int, language: str) -> None:
    """No group twice in 5, no template above a tenth, a third hand-written, no repeat."""
    questions, _ = pinned_questions("builtin", language)
    dealt = deal(questions, seed, 2 * GAME_LENGTH)
    check_variety(dealt)
    assert sum(q.template is None for q in dealt[:GAME_LENGTH]) >= GAME_LENGTH // 3


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    language=st.sampled_from(LANGUAGES),
    topics=st.sets(
        st.sampled_from(("geography", "history", "science", "population", "sport", "culture")),
        min_size=3,
        max_size=5,
    ),
    difficulty=st.integers(2, 3),
)
def test_q1_chosen_topics_and_difficulty_keep_the_variety(
    seed: int, language: str, topics: set[str], difficulty: int
) -> None:
    """Only the chosen topics and difficulties come up, with the window and the hand-written
    share kept (a few topics may hold too few templates for the share cap)."""
    questions, _ = pinned_questions(
        "builtin", language, topics=tuple(topics), difficulty=difficulty
    )
    dealt = deal(questions, seed, GAME_LENGTH)
    assert {q.topic for q in dealt} <= topics
    assert all(q.difficulty <= difficulty for q in dealt)
    curated = len({group_of(q) for q in questions if q.template is None})
    generated = len({group_of(q) for q in questions if q.template is not None})
    window = WINDOW if min(curated, generated) >= WINDOW else 1  # too few groups: relaxed
    check_variety(dealt, window=window, capped=False)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_q1_a_small_pool_is_dealt_whole_before_any_repeat(seed: int) -> None:
    """One topic of few groups relaxes the rules but never repeats before the pool is used."""
    questions, _ = pinned_questions("builtin", "en", topics=("nature",))
    dealt = deal(questions, seed, len(questions))
    assert sorted(q.id for q in dealt) == sorted(q.id for q in questions)


def test_q1_the_deal_is_the_same_for_the_same_seed() -> None:
    questions, _ = pinned_questions("builtin", "de")
    assert [q.id for q in deal(questions, 7, 40)] == [q.id for q in deal(questions, 7, 40)]
    assert [q.id for q in deal(questions, 7, 40)] != [q.id for q in deal(questions, 8, 40)]


def test_q1_games_of_one_pack_deal_alike_with_the_grouping_shared() -> None:
    """Every deck of a pack shares its grouping (`deck.grouped`): a game drawing the whole pool
    changes nothing another game of the pack, or a deck grouped afresh, deals."""
    questions, _ = pinned_questions("builtin", "en", topics=("nature",))
    fresh = [q.id for q in deal(tuple(questions), 3, len(questions))]  # another tuple: regrouped
    first = QuestionDeck(questions, random.Random(3))
    second = QuestionDeck(questions, random.Random(3))
    assert [first.draw().id for _ in range(2 * len(questions))][: len(questions)] == fresh
    assert [second.draw().id for _ in range(len(questions))] == fresh


def test_q1_a_table_chooses_topics_and_a_difficulty() -> None:
    game = games.create("quizpoker", 3, {"topics": ["sport", "history"], "difficulty": 1}, seed=2)
    assert game.view(None)["hand"]["question"]["topic"] in {"sport", "history"}
    assert "sport" in builtin_topics()
