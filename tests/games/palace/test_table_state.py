"""Palace from a table's state (docs/rules/palace.md P17): per-seat stacks, the first dealer and
the stakes of a tournament level, for a set number of hands."""

from __future__ import annotations

from typing import Any

import pytest

from pokerhall import games
from pokerhall.engine.bots import bot_move
from pokerhall.engine.errors import InvalidOptions

from .helpers import new


def test_p17_stacks_and_dealer_set_the_table() -> None:
    game = new(3, stacks=[50, 120, 80], dealer=2, small_bet=4, big_bet=8)
    started = next(e.data for e in game.events if e.type == "round_started")
    assert started["stacks"] == [50, 120, 80]
    assert (started["small_bet"], started["big_bet"], started["ante"]) == (4, 8, 2)
    assert game.first_dealer == 2
    assert game.hand.dealer == 2
    assert not any(e.type == "first_dealer" for e in game.events)  # no cards drawn for it


def test_p17_without_a_dealer_it_is_drawn_by_high_card() -> None:
    game = new(3)
    assert any(e.type == "first_dealer" for e in game.events)


def test_p17_one_hand_session_keeps_every_chip_in_the_scores() -> None:
    game = new(4, stacks=[40, 60, 80, 100], dealer=1, hands_per_session=1, seed=4)
    bots = games.make_bots("palace", dict.fromkeys(range(4), "random"), 4)
    while not game.over:
        seat, prompt = min(game.pending().items())
        game.act(seat, bot_move(bots[seat], game, seat, prompt))
    result = game.result
    assert result is not None
    assert result["rounds"] == 1
    assert sum(result["scores"]) == 280


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"stacks": [10, 10]}, "stacks_count"),
        ({"dealer": 5}, "dealer_seat"),
        ({"stacks": [10, 0, 10]}, "option_int_list"),
        ({"stacks": [10, -1, 10]}, "option_int_list"),
        ({"stacks": [10, 10**15, 10]}, "option_int_list"),
        ({"dealer": -3}, "option_int"),
    ],
)
def test_p17_bad_table_states_are_refused_clearly(options: dict[str, Any], code: str) -> None:
    with pytest.raises(InvalidOptions) as refused:
        games.create("palace", 3, options, 1)
    assert refused.value.code == code
