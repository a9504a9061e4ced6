"""`pokerhall simulate`: bots against bots, counted, and the same every time for a seed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pokerhall import games
from pokerhall.engine.record import MatchRecord

from .conftest import Run


def simulate_json(cli: Run, pack: Path, args: str, *more: str | Path) -> dict[str, Any]:
    """The --json summary of `pokerhall simulate quizpoker ARGS MORE` with the test pack."""
    result = cli("simulate", "quizpoker", "--json", "--questions", pack, *args.split(), *more)
    assert result.exit_code == 0, result.output
    summary: dict[str, Any] = json.loads(result.stdout)
    return summary


def test_json_summary_counts_the_hands_asked_for(cli: Run, mini_pack: Path) -> None:
    summary = simulate_json(cli, mini_pack, "--players 3 --hands 7 --bots caller")
    assert summary["rounds"] == 7
    assert summary["games"] == 1
    assert summary["bots"] == ["caller"] * 3
    assert summary["per_round"]["showdown_rate"] == 1.0  # callers always reach the showdown
    assert sum(summary["round_wins_by_seat"]) >= 7  # a tie gives every winner the hand


def test_new_games_start_until_enough_hands_are_played(cli: Run, mini_pack: Path) -> None:
    """Q10: a game ends when one player has every chip; the next starts with the next seed."""
    args = "--players 3 --hands 40 --bots caller -o starting_stack=60 -o small_blinds=[10]"
    summary = simulate_json(cli, mini_pack, args)
    assert summary["rounds"] == 40
    assert summary["games"] > 1
    assert summary["games_finished"] >= summary["games"] - 1
    assert sum(summary["game_wins_by_seat"]) == summary["games_finished"]
    assert summary["by_bot_kind"]["caller"]["game_wins"] == summary["games_finished"]


def test_same_seed_same_summary(cli: Run, mini_pack: Path) -> None:
    args = "--players 4 --hands 25 --bots caller --seed"
    first = simulate_json(cli, mini_pack, args, "11")
    second = simulate_json(cli, mini_pack, args, "11")
    for timing in ("seconds", "rounds_per_second"):
        first.pop(timing)
        second.pop(timing)
    assert first == second
    other = simulate_json(cli, mini_pack, args, "12")
    assert other["round_wins_by_seat"] != first["round_wins_by_seat"]


def test_saved_records_replay(cli: Run, mini_pack: Path, tmp_path: Path) -> None:
    record = tmp_path / "run.json"
    args = "--players 3 --hands 30 --bots caller -o starting_stack=60 --save"
    summary = simulate_json(cli, mini_pack, args, record)
    assert summary["games"] > 1
    assert len(summary["saved"]) == summary["games"]
    assert summary["saved"][:2] == [str(record), str(tmp_path / "run-game2.json")]
    for path in summary["saved"]:
        state = games.replay(MatchRecord.load(path))
        assert state.num_seats == 3


def test_a_record_that_cannot_be_saved_is_a_data_error(cli: Run, mini_pack: Path) -> None:
    target = mini_pack.parent / "no-such-folder" / "run.json"
    args = ["simulate", "quizpoker", "--questions", mini_pack, "--bots", "caller"]
    args += ["--hands", "3", "--save", target]
    result = cli(*args)
    assert result.exit_code == 1, result.output
    assert "cannot save the match records" in result.output


@pytest.mark.parametrize("pair", ["starting_stack", "=500", " =500"])
def test_an_option_without_key_and_value_is_a_usage_error(
    cli: Run, mini_pack: Path, pair: str
) -> None:
    result = cli("simulate", "quizpoker", "--questions", mini_pack, "--hands", "3", "-o", pair)
    assert result.exit_code == 2
    assert "--option expects KEY=VALUE" in result.output


def test_table_summary_and_duell(cli: Run, mini_pack: Path) -> None:
    """DU1: the duell needs 3-6 players; its summary reads like the quizpoker one."""
    args = ["--players", "4", "--hands", "5", "--bots", "caller", "--lang", "en", "--questions"]
    result = cli("simulate", "duell", *args, mini_pack)
    assert result.exit_code == 0, result.output
    assert "5 rounds in 1 game" in result.stdout
    assert "By bot kind" in result.stdout
    assert "showdown rate 1.0" in result.stdout


def test_unknown_bot_kind_and_unknown_game_are_usage_errors(cli: Run, mini_pack: Path) -> None:
    result = cli("simulate", "quizpoker", "--bots", "caller,genius", "--questions", mini_pack)
    assert result.exit_code == 2
    assert "no 'genius' bot" in result.output
    result = cli("simulate", "chess")
    assert result.exit_code == 2
    assert "unknown game 'chess'" in result.output


def test_a_bot_breaking_the_rules_is_reported(cli: Run, mini_pack: Path) -> None:
    result = cli("simulate", "quizpoker", "--bots", "cheat", "--questions", mini_pack, "--json")
    assert result.exit_code == 2
    assert "chose an illegal move" in result.output


def test_with_the_registered_bots(cli: Run, mini_pack: Path) -> None:
    """The game's own bot kinds (novice, casual, expert, heuristic, random), seated in turn."""
    kinds = [kind for kind in games.bot_kinds("quizpoker") if kind not in ("caller", "cheat")]
    if not kinds:
        pytest.skip("no bots registered for quizpoker yet")
    players = f"--players {max(4, len(kinds))} --hands 10 --bots"
    summary = simulate_json(cli, mini_pack, players, ",".join(kinds))
    assert summary["rounds"] == 10
    assert set(summary["bots"]) == set(kinds)
