"""The move made when a seat's time runs out: check, else fold; no guess folds; a duell
show prompt mucks. The game and the bots use the same function."""

from __future__ import annotations

import pytest

from pokerhall.engine.events import JSON
from pokerhall.games.quizpoker.default_move import default_move

from .driver import GameFactory, guess_all, to_act


@pytest.mark.parametrize(
    ("prompt", "move"),
    [
        ({"type": "guess", "moves": ["guess", "fold"]}, {"type": "fold"}),
        ({"type": "bet", "legal": {"check": True, "call": None}}, {"type": "check"}),
        ({"type": "bet", "legal": {"check": False, "call": 20}}, {"type": "fold"}),
        ({"type": "show_folded", "moves": ["show", "muck"]}, {"type": "muck"}),
        ({"type": "something new"}, {"type": "fold"}),
    ],
)
def test_default_move_for_each_prompt(prompt: JSON, move: JSON) -> None:
    assert default_move(prompt) == move


def test_the_game_accepts_its_default_moves(new_game: GameFactory) -> None:
    """Every default move is legal where it is made: a whole hand on defaults alone."""
    game = new_game(3)
    while game.hands_played == 0:  # nobody writes a guess: they fold until one is left
        seat = min(game.pending())
        game.act(seat, game.default_move(seat))
    assert game.view(None)["previous_hand"]["awards"][0]["shares"] == {"2": 30}
    guess_all(game, dict.fromkeys(sorted(game.pending()), "5"))
    seat = to_act(game)
    assert game.default_move(seat) == {"type": "fold"}  # facing the big blind
