"""What a person types at the terminal table, turned into moves, and the menu of options."""

from __future__ import annotations

from typing import Any

import pytest

from pokerhall.engine.errors import InputProblem
from pokerhall.games.quizpoker.terminal.commands import (
    bet_options,
    parse_bet_command,
    parse_guess_command,
    parse_show_command,
)


def bet_prompt(**legal: Any) -> dict[str, Any]:
    """A betting prompt (the shape of `engine.prompts`) offering the given moves."""
    offered = {"check": False, "call": 40, "bet": None, "raise": None, "all_in": 1000, **legal}
    moves: list[dict[str, Any]] = [{"type": "fold", "params": {}}]
    if offered["check"]:
        moves.append({"type": "check", "params": {}})
    if offered["call"]:
        moves.append({"type": "call", "params": {}, "amount": offered["call"]})
    for kind in ("bet", "raise"):
        if offered[kind]:
            low, high = offered[kind]["min_to"], offered[kind]["max_to"]
            moves.append({"type": kind, "params": {"to": {"kind": "int", "min": low, "max": high}}})
    if offered["all_in"] is not None:
        moves.append({"type": "all_in", "params": {}, "to": offered["all_in"]})
    return {"type": "bet", "current_bet": 40, "moves": moves, "default": {"type": "fold"}}


def test_short_commands_make_moves() -> None:
    raising = bet_prompt(**{"raise": {"min_to": 80, "max_to": 1000}})
    assert parse_bet_command("c", raising) == {"type": "call"}
    assert parse_bet_command("f", raising) == {"type": "fold"}
    assert parse_bet_command("r 200", raising) == {"type": "raise", "to": 200}
    assert parse_bet_command("b 1,000", raising) == {"type": "raise", "to": 1000}
    assert parse_bet_command("raise to 90", raising) == {"type": "raise", "to": 90}
    assert parse_bet_command("r min", raising) == {"type": "raise", "to": 80}
    assert parse_bet_command("all in", raising) == {"type": "all_in"}
    opening = bet_prompt(check=True, call=None, bet={"min_to": 20, "max_to": 1000})
    assert parse_bet_command("c", opening) == {"type": "check"}
    assert parse_bet_command("50", opening) == {"type": "bet", "to": 50}
    assert parse_bet_command("r 50", opening) == {"type": "bet", "to": 50}


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("r", "say how much"),
        ("r lots", "not a whole number"),
        ("dance", "not a move"),
        ("", "choose one of"),
    ],
)
def test_unreadable_commands_say_why(text: str, reason: str) -> None:
    with pytest.raises(InputProblem, match=reason):
        parse_bet_command(text, bet_prompt())


def test_options_menu_shows_amounts() -> None:
    """Q4: all-in is offered as a call for less when the seat cannot cover the bet."""
    assert bet_options(bet_prompt(**{"raise": {"min_to": 80, "max_to": 1000}})) == (
        "[f]old  [c]all 40  [r]aise to 80–1,000  [a]ll-in 1,000"
    )
    short = bet_prompt(call=30, all_in=30)
    assert bet_options(short) == "[f]old  [c]all 30  [a]ll-in 30"
    assert bet_options(bet_prompt(all_in=None)) == "[f]old  [c]all 40"


def test_guess_and_show_commands() -> None:
    """Q2: a guess is passed on as typed (the game checks it); DU6: folded players may show."""
    assert parse_guess_command(" 1774 ") == {"type": "guess", "value": "1774"}
    assert parse_guess_command("F") == {"type": "fold"}
    assert parse_show_command("y") == {"type": "show"}
    assert parse_show_command("no") == {"type": "muck"}
    with pytest.raises(InputProblem, match="y to show"):
        parse_show_command("maybe")
