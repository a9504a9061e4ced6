"""The CLI plays any registered game: a game without a terminal module (the test-only Nim of
tests/cli/nim.py, rules N1-N3 there) is played from its prompts alone, through the fallback."""

from __future__ import annotations

import json

import pytest

from pokerhall.cli.seam import GenericTerminal, describe_move, parse_generic, terminal_for
from pokerhall.engine import registry
from pokerhall.engine.prompts import choice_param, decimal_param, int_param, move_spec, prompt

from . import nim
from .conftest import Run


@pytest.fixture(autouse=True)
def nim_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nim is known to the registry for this test only."""
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    registry.register(nim.INFO)


ASKED = prompt(
    "turn",
    3,
    [
        move_spec("pass"),
        move_spec("take", {"count": int_param(1, 3)}),
        move_spec("name", {"value": decimal_param(), "colour": choice_param(["red", "blue"])}),
    ],
    {"type": "pass"},
)


def test_the_fallback_reads_type_and_key_value_pairs() -> None:
    assert parse_generic("pass", ASKED) == {"type": "pass"}
    assert parse_generic("take count=2", ASKED) == {"type": "take", "count": 2}
    # a decimal stays the text typed (exact); a choice is JSON where it parses, else text
    assert parse_generic("name value=0.10 colour=red", ASKED) == {
        "type": "name",
        "value": "0.10",
        "colour": "red",
    }


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "type one of: pass, take, name"),
        ("dance", "'dance' is not a move here"),
        ("take", "take needs count=..."),
        ("take 2", "'2' is not key=value for a parameter of take (parameters: count)"),
        ("take stones=2", "not key=value for a parameter of take"),
    ],
)
def test_the_fallback_says_why_text_is_no_move(text: str, reason: str) -> None:
    answer = parse_generic(text, ASKED)
    assert isinstance(answer, str)
    assert reason in answer


def test_the_fallback_lists_moves_with_their_parameters() -> None:
    assert describe_move(ASKED["moves"][1]) == "take count=int 1..3"
    assert describe_move(ASKED["moves"][2]) == 'name value=decimal colour=choice of "red"|"blue"'


def test_a_game_without_terminal_module_gets_the_fallback() -> None:
    assert isinstance(terminal_for(registry.info("nim")), GenericTerminal)
    assert not isinstance(terminal_for(registry.info("quizpoker")), GenericTerminal)


def test_play_nim_to_the_end_through_the_fallback(cli: Run) -> None:
    """N1-N3: typed moves are checked by the game; whoever takes the last stone wins."""
    script = "take count=9\ndance\n" + "take count=1\n" * 10
    result = cli("play", "nim", "--bots", "1", "--seed", "4", "-o", "stones=5", input=script)
    out = result.output
    assert result.exit_code == 0, out
    assert "Moves: take count=int 1..3" in out
    assert "✗ take 1 to 3 stones, not 9" in out  # N2, the game's own reason
    assert "✗ 'dance' is not a move here; type one of: take" in out
    assert "Final standings" in out
    assert "Points" in out  # the result's unit


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["-o", "stones=0"], "option 'stones' must be a whole number from 1 up to 99, got 0"),
        (["-o", "colour=red"], "unknown option 'colour' for nim; options are stones"),
        (["--questions", "x"], "no such option: --questions (this game's own flags: none)"),
        (["--bots", "4"], "nim needs 2 to 4 players, got 5"),
        (["--ruleset", "chess"], "unknown ruleset 'chess'; choose one of nim"),
    ],
)
def test_bad_options_are_refused_naming_the_option(cli: Run, args: list[str], reason: str) -> None:
    result = cli("play", "nim", *args, input="")
    assert result.exit_code == 2
    assert reason in " ".join(result.output.split())


def test_simulate_nim_counts_rounds_and_winners(cli: Run) -> None:
    result = cli("simulate", "nim", "--players", "3", "--rounds", "6", "--json", "--seed", "2")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["rounds"] == summary["games"] == summary["games_finished"] == 6
    assert sum(summary["game_wins_by_seat"]) == 6  # N3: one winner a game
    assert summary["bots"] == ["random"] * 3  # the game's default bot


def test_games_lists_a_registered_game_from_its_info(cli: Run) -> None:
    out = " ".join(cli("games").output.split())
    assert "│ nim │ Nim │ 2–4 │ nim │ random" in out
    assert "Stones in the pile at the start (N1)." in out
