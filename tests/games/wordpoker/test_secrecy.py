"""Sealed moves stay secret (docs/rules/wordpoker.md W6, W8, W9): whatever a seat declares,
answers or writes, every other seat and the spectators see exactly the same until the step's
reveal, and the prompt id does not move (a quiet move, like QuizPoker's Q2 guesses)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pokerhall import games
from pokerhall.games.wordpoker.state import WordPoker


def told(game: WordPoker, seat: int | None, since: int) -> str:
    events = [e.to_json() for e in game.events[since:] if e.visible_to(seat)]
    return json.dumps({"view": game.view(seat), "events": events}, sort_keys=True)


def reach(game: WordPoker, phase: str) -> None:
    steps = [{"type": "stay"}, {"type": "call"}] * 2
    while game.deal.phase != phase:
        step = steps.pop(0)
        for seat in list(game.pending()):
            game.act(seat, step)


def at(phase: str, seed: int) -> WordPoker:
    game = games.create("wordpoker", 3, {"lexicon": "mini"}, seed=seed)
    assert isinstance(game, WordPoker)
    reach(game, phase)
    return game


def word_of(game: WordPoker) -> dict[str, Any]:
    from pokerhall.games.wordpoker.best import best_word

    best = best_word(game.alphabet, game.words, game.deal.hands[0], game.deal.dice)
    return {"type": "word", "word": best.word} if best.word else {"type": "no_word"}


@pytest.mark.parametrize(
    ("phase", "one", "two"),
    [
        ("declare", {"type": "raise", "amount": 5}, {"type": "pass"}),
        ("respond", {"type": "call", "exchange": []}, {"type": "pass"}),
        ("word", None, {"type": "no_word"}),
    ],
)
def test_w6_w8_w9_a_sealed_move_changes_nothing_anyone_else_sees(
    phase: str, one: dict[str, Any] | None, two: dict[str, Any]
) -> None:
    seed = next(s for s in range(20, 200) if word_of(at(phase, s))["type"] == "word")
    games_ = []
    for move in (one, two):
        game = at(phase, seed)
        since, prompt_id = len(game.events), game.prompt_id
        game.act(0, move or word_of(game))
        assert game.prompt_id == prompt_id
        games_.append((game, since))
    (a, since_a), (b, since_b) = games_
    for seat in (None, 1, 2):
        assert told(a, seat, since_a) == told(b, seat, since_b)
        if seat is not None:
            assert a.pending()[seat] == b.pending()[seat]
    assert told(a, 0, since_a) != told(b, 0, since_b)
