"""QuizPoker from a table's state (docs/rules/quizpoker.md QP6, QP7): per-seat stacks, the first
button and a set number of hands, as a tournament's table plays them."""

from __future__ import annotations

from typing import Any

import pytest

from pokerhall import games
from pokerhall.engine.bots import bot_move
from pokerhall.engine.errors import InvalidOptions
from pokerhall.engine.protocol import Game


def play_out(game: Game[Any], seed: int = 3) -> dict[str, Any]:
    bots = games.make_bots("quizpoker", dict.fromkeys(range(game.num_seats), "casual"), seed)
    while not game.over:
        seat, prompt = min(game.pending().items())
        game.act(seat, bot_move(bots[seat], game, seat, prompt))
    result = game.result
    assert result is not None
    return result


def first_round(game: Game[Any]) -> dict[str, Any]:
    return next(e.data for e in game.events if e.type == "round_started")


def test_qp6_stacks_give_each_seat_its_chips() -> None:
    game = games.create("quizpoker", 3, {"stacks": [300, 500, 700], "hands_per_session": 1}, 5)
    assert game.stacks == [300, 500, 700]  # type: ignore[attr-defined]
    result = play_out(game)
    assert sum(result["scores"]) == 1500


def test_qp6_button_names_the_first_button_and_the_blinds_follow_it() -> None:
    game = games.create("quizpoker", 4, {"button": 2}, 5)
    hand = game.hand  # type: ignore[attr-defined]
    assert hand.positions.button == 2
    assert hand.positions.small_blind == 3
    assert hand.positions.big_blind == 0
    assert first_round(game)["button"] == 2


def test_qp6_heads_up_the_button_posts_the_small_blind() -> None:
    game = games.create("quizpoker", 2, {"button": 1}, 5)
    positions = game.hand.positions  # type: ignore[attr-defined]
    assert (positions.button, positions.small_blind, positions.big_blind) == (1, 1, 0)


@pytest.mark.parametrize("hands", [1, 3])
def test_qp7_the_game_ends_after_its_hands_with_every_stack(hands: int) -> None:
    options = {"stacks": [1000, 1000, 1000, 1000], "hands_per_session": hands}
    result = play_out(games.create("quizpoker", 4, options, 9))
    assert result["rounds"] <= hands
    assert sum(result["scores"]) == 4000
    assert sorted(result["places"])[0] == 1


def test_qp7_equal_stacks_still_in_share_a_place() -> None:
    """Nobody has bet yet when the session is one hand of everyone folding to the big blind:
    two seats are left with equal chips when the game ends."""
    game = games.create("quizpoker", 3, {"stacks": [100, 100, 100], "hands_per_session": 1}, 2)
    while not game.over:
        seat, prompt = min(game.pending().items())
        moves = {m["type"] for m in prompt["moves"]}
        if "fold" in moves:
            game.act(seat, {"type": "fold", "prompt_id": prompt["prompt_id"]})
        else:
            bot = games.make_bot("quizpoker", "casual", 1)
            game.act(seat, bot_move(bot, game, seat, prompt))
    result = game.result
    assert result is not None
    scores = result["scores"]
    places = result["places"]
    for a in range(3):
        for b in range(3):
            if scores[a] == scores[b]:
                assert places[a] == places[b]


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"stacks": [100, 100]}, "stacks_count"),
        ({"stacks": [100, 100, 100, 100]}, "stacks_count"),
        ({"stacks": [100, 100, 150], "chip_unit": 100, "small_blinds": [100]}, "stacks_unit"),
        ({"button": 3}, "button_seat"),
        ({"hands_per_session": 2, "odd_chips": "carry"}, "hands_with_carry"),
        ({"stacks": [100, 0, 100]}, "option_int_list"),
        ({"stacks": [100, -5, 100]}, "option_int_list"),
        ({"stacks": [100, 10**13, 100]}, "option_int_list"),
        ({"stacks": "lots"}, "option_int_list"),
        ({"button": -2}, "option_int"),
        ({"hands_per_session": 10**30}, "option_int"),
    ],
)
def test_qp6_qp7_bad_table_states_are_refused_clearly(options: dict[str, Any], code: str) -> None:
    with pytest.raises(InvalidOptions) as refused:
        games.create("quizpoker", 3, options, 1)
    assert refused.value.code == code
    assert str(refused.value)


def test_qp6_the_options_round_trip_as_json() -> None:
    game = games.create("quizpoker", 2, {"stacks": [40, 60], "button": 1}, 1)
    again = games.create("quizpoker", 2, game.options_json, 1)
    assert again.options_json == game.options_json
    assert again.options_json["stacks"] == [40, 60]
