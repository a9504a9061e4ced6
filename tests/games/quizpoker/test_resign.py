"""Resigning (issue 8 item 5): `{"type": "resign"}` from any seat still in the game, in
turn or not; the seat is blinded out (the engine folds it at every guess, its blinds are still
posted), its chips stay on the table and its place is decided as usual (Q10)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerhall import games
from pokerhall.engine import IllegalMove, prompts

from .driver import GameFactory, guess_all, to_act

RESIGN = {"type": "resign"}


def total_chips(game: Any) -> int:
    view = game.view(None)
    return int(sum(p["stack"] for p in view["players"]) + view["hand"]["pot"] + game.carry)


def test_resign_out_of_turn_while_guessing(new_game: GameFactory) -> None:
    game = new_game(3)
    game.act(0, {"type": "guess", "value": "5"})
    events = game.act(0, RESIGN)  # seat 0 is no longer asked: it has guessed
    assert events[0].type == "resigned"
    assert events[0].is_public
    assert game.view(None)["players"][0]["resigned"]
    guess_all(game, {1: "6", 2: "7"})
    assert 0 not in game.pending()


def test_resign_out_of_turn_while_betting(new_game: GameFactory) -> None:
    game = new_game(3)
    guess_all(game, {0: "1", 1: "2", 2: "3"})
    actor = to_act(game)
    other = next(s for s in range(3) if s != actor)
    game.act(other, RESIGN)
    while game.hands_played < 3 and not game.over:
        pending = game.pending()
        assert other not in pending, "a resigned seat is never asked again"
        seat = min(pending)
        game.act(seat, prompts.random_move(pending[seat], random.Random(seat)))
    assert games.replay(game.record()).view(None) == game.view(None)


def test_resign_is_refused_twice_and_after_elimination(new_game: GameFactory) -> None:
    game = new_game(3)
    game.act(1, RESIGN)
    with pytest.raises(IllegalMove, match="resigned already"):
        game.act(1, RESIGN)
    with pytest.raises(IllegalMove, match="just"):
        game.act(2, {"type": "resign", "now": 1})


def test_when_all_but_one_resign_the_game_ends(new_game: GameFactory) -> None:
    game = new_game(4, starting_stack=200, small_blinds=[50])
    for seat in (0, 1, 3):
        game.act(seat, RESIGN)
    assert game.over
    assert game.result is not None
    assert game.result["winners"] == [2]
    assert game.result["scores"][2] == 800
    assert [m for _, m in game.record().moves] == [RESIGN] * 3
    assert games.replay(game.record()).result == game.result


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(0, 10_000), resigner=st.integers(0, 3), when=st.integers(0, 40))
def test_chips_are_conserved_when_a_seat_resigns(
    new_game: GameFactory, seed: int, resigner: int, when: int
) -> None:
    game = new_game(4, seed=seed, starting_stack=400, small_blinds=[20])
    rng = random.Random(seed)
    start = total_chips(game)
    for step in range(400):
        if game.over:
            break
        if step == when and game.still_in(resigner) and resigner not in game.resigned:
            game.act(resigner, RESIGN)
        else:
            pending = game.pending()
            seat = rng.choice(sorted(pending))
            game.act(seat, prompts.random_move(pending[seat], rng))
        assert total_chips(game) == start
        assert not set(game.pending()) & game.resigned
    assert games.replay(game.record()).view(None) == game.view(None)
