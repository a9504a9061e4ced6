"""The move made when a seat's time runs out (the prompt's "default", read by the engine's
`Game.default_move`): check if free, else fold; an unwritten guess folds; a duell show prompt
mucks (issue 3)."""

from __future__ import annotations

from .driver import GameFactory, check_around, guess_all, play, to_act


def test_the_game_accepts_its_default_moves(new_game: GameFactory) -> None:
    """Every default move is legal where it is made: a whole hand on defaults alone."""
    game = new_game(3)
    while game.hands_played == 0:  # nobody writes a guess: they fold until one is left
        seat = min(game.pending())
        assert game.default_move(seat) == {"type": "fold"}
        game.act(seat, game.default_move(seat))
    assert game.view(None)["previous_hand"]["awards"][0]["shares"] == {"2": 30}
    guess_all(game, dict.fromkeys(sorted(game.pending()), "5"))
    seat = to_act(game)
    assert game.default_move(seat) == {"type": "fold"}  # facing the big blind


def test_a_free_check_is_the_default(new_game: GameFactory) -> None:
    game = new_game(3)
    guess_all(game, {0: "1", 1: "2", 2: "3"})
    check_around(game)  # round 1: calls, then the big blind checks
    seat = to_act(game)
    assert game.default_move(seat) == {"type": "check"}
    play(game, (seat, "check"))


def test_a_folded_show_prompt_mucks_by_default(new_game: GameFactory) -> None:
    game = new_game(4, ruleset="duell", language="en")
    players = sorted(game.pending())
    guess_all(game, dict.fromkeys(players, "1"))
    folder = to_act(game)
    game.act(folder, {"type": "fold"})
    while game.pending() and game.pending().get(folder, {}).get("type") != "show_folded":
        seat = min(game.pending())
        game.act(
            seat,
            {"type": "check"} if game.default_move(seat)["type"] == "check" else {"type": "call"},
        )
    assert game.default_move(folder) == {"type": "muck"}
