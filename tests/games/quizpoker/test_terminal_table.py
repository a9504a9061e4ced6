"""QuizPoker's terminal table: what the pots line says (Q9)."""

from __future__ import annotations

from pokerhall.games.quizpoker.terminal.table import pots_line

NAMES = ["Ann", "Bob", "Cy"]


def test_q9_a_layer_only_one_player_can_win_is_not_a_side_pot() -> None:
    """Ann is all-in for 100 and Bob has raised to 300, uncalled: the 200 above Ann only Bob can
    win (it comes back unless Cy calls), so there is one pot, not a main and a side pot."""
    hand = {
        "pot": 400,
        "current_bet": 300,
        "pots": [
            {"amount": 200, "eligible": [0, 1]},
            {"amount": 200, "eligible": [1]},
        ],
    }
    assert pots_line(hand, NAMES, side_pots=True) == "Pot 400   (bet to match this round: 300)"


def test_q9_side_pots_are_listed_with_who_can_win_them() -> None:
    hand = {
        "pot": 500,
        "current_bet": 0,
        "pots": [
            {"amount": 300, "eligible": [0, 1, 2]},
            {"amount": 200, "eligible": [1, 2]},
        ],
    }
    assert pots_line(hand, NAMES, side_pots=True) == (
        "Pot 500 — main 300 (Ann, Bob, Cy) · side 1 200 (Bob, Cy)"
    )
