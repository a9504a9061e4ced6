"""The `pokerhall` command, driven through Typer's CliRunner as a user would type it."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from pokerhall import games
from pokerhall.cli import play
from pokerhall.engine.record import MatchRecord

from .conftest import Run


def play_args(pack: Path, *extra: str | Path) -> list[str | Path]:
    return ["play", "quizpoker", "--bot-kind", "caller", "--questions", pack, "--seed", "1", *extra]


# --- the command as a whole ------------------------------------------------------------------


def test_unknown_command_is_a_usage_error(cli: Run) -> None:
    result = cli("deal")
    assert result.exit_code == 2
    assert "No such command" in result.output


def test_python_dash_m_runs_the_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pokerhall", "--help"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0
    assert "simulate" in done.stdout


def test_serve_on_a_busy_port_says_so_and_fails_before_announcing(tmp_path: Path) -> None:
    """Issue 21: a port another program listens on is told as such, with a non-zero exit,
    and never after "pokerhall is running: open http://localhost:PORT/"."""
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        db = f"sqlite:///{tmp_path / 'hall.sqlite3'}"
        done = subprocess.run(
            [sys.executable, "-m", "pokerhall", "serve", "--port", str(port), "--db", db],
            capture_output=True,
            text=True,
            check=False,
            timeout=120,  # a guard against a server that started after all, not a speed test
        )
    assert done.returncode == 1
    assert "is running" not in done.stdout
    assert f"127.0.0.1:{port}: the port is already in use" in done.stderr
    assert f"--port {port + 1}" in done.stderr
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "hall.sqlite3").exists()  # nothing was opened


@pytest.mark.parametrize(
    "command", ["serve", "play", "simulate", "arena", "replay", "games", "bot"]
)
def test_help_shows_flags_without_a_value_type(cli: Run, command: str) -> None:
    """A flag takes no value, so help must not show one ("--help <bool>" was shown)."""
    result = cli(command, "--help")
    assert result.exit_code == 0
    assert "--help " in result.output
    assert "<bool>" not in result.output


def test_games_lists_games_rulesets_and_bots(cli: Run) -> None:
    """From the registry alone: every game, its aliases, rulesets, bots, options and flags."""
    result = cli("games")
    out = " ".join(result.output.split())
    assert result.exit_code == 0
    assert re.search(r"│ duell │ quizpoker │.*│ --ruleset duell │", out)  # an alias
    assert "heuristic" in out
    assert "(default)" in out
    assert "caller" in out
    assert "starting_stack=10,000" in out  # DU1: the duell starting stack
    assert "language (--lang)" in out  # a flag of QuizPoker's terminal module


# --- play ------------------------------------------------------------------------------------


def test_play_scripted_session_shows_history_and_re_asks_with_the_reason(
    cli: Run, mini_pack: Path
) -> None:
    script = "\n".join(["", "abc", "50", "c", "c", "r 10", "xyz", "b 100", "c", "q"]) + "\n"
    result = cli(*play_args(mini_pack, "--bots", "2"), input=script)
    out = result.output
    assert result.exit_code == 0, out
    assert "Hand 1 — Player has the button; blinds 10/20" in out
    assert "type your guess, e.g. 1774, or f to fold" in out
    assert "'abc' is not a finite number" in out
    assert "Player guesses 50" in out
    assert "[f]old  [c]all 20  [r]aise to 40–1,000  [a]ll-in 1,000" in out
    assert "Ada calls 10" in out  # bots' moves appear as they happen
    assert "Hint 1: Between 2 and 5." in out  # the deal (seed 1) asks pi first
    assert "✗ the smallest bet is to 20" in out
    assert "✗ 'xyz' is not a move" in out
    assert "Player bets 100" in out
    assert "Player and Ada split the main pot: 180 each" in out  # Q8: equal distances split
    assert "You leave the table." in out
    assert "Standings so far" in out
    # Private events of bots never reach the person in seat 0.
    assert "Ada guesses" not in out


def test_play_table_reads_cleanly_in_a_narrow_terminal(cli: Run, mini_pack: Path) -> None:
    """The question is shown once (in the table drawn for the guess, not also as a log line),
    every column has a header, and long lines wrap between words."""
    result = cli(*play_args(mini_pack, "--bots", "2"), input="50\nq\n")
    out = result.output
    assert result.exit_code == 0, out
    question = re.search(r"│ (.+?)\s*│", out)
    assert question is not None
    before_guess = out.split("Your guess")[0]
    assert before_guess.count(question.group(1).strip()) == 1
    assert not re.search(r"^Question", out, flags=re.MULTILINE)
    header = next(line for line in out.splitlines() if "Stack" in line)
    assert header.split() == ["Player", "Stack", "Bet", "Position", "Status", "Guess"]
    assert re.search(r"# \W+Player\W+Chips\W+Out\W", out)
    for line in out.splitlines():
        assert len(line) <= 80, line  # the test terminal is 80 wide: Rich wrapped it


def test_play_end_of_input_leaves_cleanly_and_saves(
    cli: Run, mini_pack: Path, tmp_path: Path
) -> None:
    record = tmp_path / "match.json"
    result = cli(*play_args(mini_pack, "--save", record), input="")
    assert result.exit_code == 0, result.output
    assert "You leave the table." in result.output
    moves = MatchRecord.load(record).moves
    assert moves  # the bots wrote their guesses before the person was asked
    assert all(seat != 0 for seat, _ in moves)


def test_play_ctrl_c_exits_cleanly_and_saves(
    cli: Run, mini_pack: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupt(prompt: str) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(play, "read_line", interrupt)
    record = tmp_path / "match.json"
    result = cli(*play_args(mini_pack, "--save", record))
    assert result.exit_code == 130
    assert "Interrupted" in result.output
    assert "Traceback" not in result.output
    assert record.exists()


def standings_rows(output: str) -> list[tuple[str, str, str]]:
    """(place, name, chips) from the final standings table."""
    table = output.split("Final standings")[1]
    return re.findall(r"│\s*(\d+) │ (\w+)[^│]*│\s*([\d,]+) │", table)


def scripted_player(answers: dict[str, str]) -> Callable[[str], str]:
    """Answers each prompt by the first key found in its text."""

    def read(prompt: str) -> str:
        return next(answer for key, answer in answers.items() if key in prompt)

    return read


def test_a_whole_game_then_replay_gives_the_same_final_stacks(
    cli: Run, mini_pack: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Q10: the game runs until one player holds every chip; the record rebuilds it exactly."""
    monkeypatch.setattr(play, "read_line", scripted_player({"guess": "42", "move": "a"}))
    record = tmp_path / "match.json"
    played = cli(*play_args(mini_pack, "--bots", "2", "-o", "starting_stack=200", "--save", record))
    assert played.exit_code == 0, played.output
    assert "Game over after" in played.output
    assert "Final standings" in played.output
    final = standings_rows(played.output)
    assert len(final) == 3

    replayed = cli("replay", record)
    assert replayed.exit_code == 0, replayed.output
    assert standings_rows(replayed.output) == final
    state = games.replay(MatchRecord.load(record))
    assert state.result is not None
    assert sum(state.result["scores"]) == 600


def test_play_duell_human_is_the_first_game_master(cli: Run, mini_pack: Path) -> None:
    """DU2: the oldest player (seat 0 by default) is game master first and reads the card."""
    args = play_args(mini_pack, "--ruleset", "duell", "--lang", "en", "--bots", "3")
    result = cli(*args, input="")
    assert result.exit_code == 0, result.output
    assert "Hand 1 — Player is game master; blinds 50/100" in result.output
    assert "Player reads the card — hint 1:" in result.output
    assert "Hand 2 —" in result.output  # the bots played hand 1 without the game master


def test_play_refuses_unknown_bot_kind_and_bad_options(cli: Run, mini_pack: Path) -> None:
    result = cli("play", "quizpoker", "--bot-kind", "genius", "--questions", mini_pack)
    assert result.exit_code == 2
    assert "no 'genius' bot" in result.output
    result = cli(*play_args(mini_pack, "--ruleset", "duell", "--bots", "1"))
    assert result.exit_code == 2
    assert "duell needs 3 to 6 players" in result.output


def test_play_goes_on_past_a_bot_that_breaks_the_rules(cli: Run, mini_pack: Path) -> None:
    """A buggy bot is reported and its seat gets the default move (no guess: fold)."""
    args = ["play", "quizpoker", "--bots", "2", "--bot-kind", "cheat", "--questions", mini_pack]
    result = cli(*args, input="50\n")
    assert result.exit_code == 0, result.output
    assert "chose an illegal move {'type': 'dance'}" in result.output
    assert "the default move is made instead" in result.output
    assert "Ada folds" in result.output
    assert "Player wins" in result.output  # both bots folded
