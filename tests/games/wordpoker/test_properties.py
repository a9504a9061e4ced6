"""Properties of random legal play (hypothesis), docs/rules/wordpoker.md: points are conserved
(W9 pots, W12 penalties, odd points carried; a deal forfeited for not coming, W12, loses only
what went into its pot), the best word is the best of all playable words
(W18), and bad input changes nothing."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerhall import games
from pokerhall.content.czech import letter_count
from pokerhall.engine.errors import IllegalMove
from pokerhall.engine.prompts import random_move
from pokerhall.engine.protocol import TIMED_OUT
from pokerhall.games.wordpoker.best import best_word, candidates
from pokerhall.games.wordpoker.state import WordPoker

from .helpers import ALPHABET, WORDS


def a_word(game: WordPoker, seat: int, rng: random.Random) -> dict[str, Any]:
    found = candidates(ALPHABET, game.words, game.deal.hands[seat], game.deal.dice)
    if found and rng.random() < 0.8:
        return {"type": "word", "word": rng.choice(found).word}
    return {"type": "no_word"}


def play(
    game: WordPoker, rng: random.Random, resign: float = 0.0, asleep: float = 0.0
) -> dict[int, set[int]]:
    """Random play; in each deal every seat is asleep with probability `asleep` (the turn
    clock makes its moves, marked as time-outs). Returns the seats that moved of their own
    in each deal."""
    came: dict[int, set[int]] = {}
    sleeping: dict[int, set[int]] = {}
    while not game.over:
        pending = game.pending()
        seat = rng.choice(sorted(pending))
        number = game.deal.number
        if number not in sleeping:
            sleeping[number] = {s for s in range(game.num_seats) if rng.random() < asleep}
        if rng.random() < resign:
            game.act(seat, {"type": "resign"})
            continue
        if seat in sleeping[number]:
            game.act(seat, {**game.default_move(seat), TIMED_OUT: True})
            continue
        came.setdefault(number, set()).add(seat)
        move = a_word(game, seat, rng) if pending[seat]["type"] == "word" else None
        game.act(seat, move or random_move(pending[seat], rng))
    return came


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 2**32),
    st.integers(2, 5),
    st.sampled_from([0.0, 0.02]),
    st.sampled_from([0.0, 0.3]),
)
def test_w9_w12_points_are_conserved(seed: int, count: int, resign: float, asleep: float) -> None:
    game = games.create("wordpoker", count, {"lexicon": "mini", "deals": 4}, seed=seed)
    assert isinstance(game, WordPoker)
    came = play(game, random.Random(seed), resign, asleep)
    result = game.result
    assert result is not None
    total = sum(result["scores"]) + result["unawarded"] + sum(result["penalties"])
    assert total == 100 * count
    absent: set[int] = set()
    for event in game.events:
        if event.type == "absent":
            assert event.data["seat"] not in came.get(event.data["deal"], set())
            absent.add(event.data["seat"])
        if event.type == "deal_result":
            assert not absent & set(event.data["winners"])
            absent = set()
            d = event.data
            assert sum(d["shares"].values()) + d["carry"] == d["pot"]
            scored = [w["score"] for w in d["words"]]
            if scored:
                assert d["winners"] == [w["seat"] for w in d["words"] if w["score"] == max(scored)]
                assert all(w["best_score"] >= w["score"] for w in d["words"])


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False))
def test_w18_the_best_word_scores_at_least_every_playable_word(rng: random.Random) -> None:
    deck = ALPHABET.deck()
    hand = rng.sample(deck, 5)
    dice = [rng.choice(die) for die in ALPHABET.dice]
    best = best_word(ALPHABET, WORDS, hand, dice)
    playable = []
    for word in WORDS:
        try:
            spelt = ALPHABET.spell(word)
            ALPHABET.check(spelt, hand, dice)
        except Exception:
            continue
        playable.append(spelt)
    assert best.score == max((s.score for s in playable), default=0)
    if playable:
        assert best.longest is not None
        assert letter_count(best.longest) == max(s.letters for s in playable)  # CH one letter
        assert best.score == letter_count(best.longest)  # W18: the score is the length


def snapshot(game: WordPoker) -> str:
    seats: list[int | None] = [None, *range(game.num_seats)]
    return json.dumps([game.view(s) for s in seats] + [len(game.events)], sort_keys=True)


BAD: list[tuple[dict[str, Any], str]] = [
    ({"type": "fold"}, "not a move now"),
    ({"type": "raise", "amount": 0}, "raise by 1 to 5"),
    ({"type": "raise", "amount": "3"}, "raise by 1 to 5"),
    ({"type": "stay", "amount": 1}, r"unexpected field\(s\) amount in a stay move"),
    ({"type": "word", "word": "pes"}, "not a move now"),
]


@pytest.mark.parametrize(("move", "reason"), BAD)
def test_bad_declarations_are_refused_and_change_nothing(move: dict[str, Any], reason: str) -> None:
    game = games.create("wordpoker", 3, {"lexicon": "mini"}, seed=5)
    before = snapshot(game)
    with pytest.raises(IllegalMove, match=reason):
        game.act(0, move)
    assert snapshot(game) == before


def test_bad_exchanges_and_words_are_refused_and_change_nothing() -> None:
    game = games.create("wordpoker", 2, {"lexicon": "mini"}, seed=5)
    assert isinstance(game, WordPoker)
    for seat in (0, 1):
        game.act(seat, {"type": "stay"})
    other = game.deal.hands[1][0].id
    mine = game.deal.hands[0][0].id
    before = snapshot(game)
    for move, reason in [
        ({"type": "call", "exchange": [other]}, "do not hold the card"),
        ({"type": "call", "exchange": [mine, mine]}, "once"),
        ({"type": "call", "exchange": "all"}, "list of the ids"),
    ]:
        with pytest.raises(IllegalMove, match=reason):
            game.act(0, move)
        assert snapshot(game) == before
    for seat in (0, 1):
        game.act(seat, {"type": "call"})
    for step in ({"type": "stay"}, {"type": "call"}):
        for seat in (0, 1):
            game.act(seat, step)
    before = snapshot(game)
    refused = [
        ("", "write a word"),
        ("w" * 30, "at most 10 letters"),
        ("nejkrásnější", "at most 10 letters"),  # 12 letters, fewer than 20 characters
        ("qqq", "no card or die"),
    ]
    for word, reason in refused:
        with pytest.raises(IllegalMove, match=reason):
            game.act(0, {"type": "word", "word": word})
        assert snapshot(game) == before
