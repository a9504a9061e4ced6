"""Detective Poker at the terminal (`games/detective/terminal.py`): `play`, `simulate` and
`replay` for a game the CLI knows only through its registration (docs/rules/detective.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pokerhall import games
from pokerhall.engine.record import MatchRecord
from pokerhall.games.detective.terminal import TERMINAL, parse_bet_command

from .conftest import Run

PROMPT = {
    "type": "bet",
    "prompt_id": 0,
    "street": "flop",
    "chips_left": 6,
    "moves": [
        {
            "type": "bet",
            "params": {
                "board": {"kind": "choice", "choices": [0, 1, 2]},
                "chips": {"kind": "int", "min": 1, "max": 3},
                "card": {"kind": "choice", "choices": ["", "+1", "bluff"]},
            },
        }
    ],
    "default": {"type": "bet", "board": 0, "chips": 1, "card": ""},
}


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("b 2 3 +1", {"board": 2, "chips": 3, "card": "+1"}),
        ("b 0 1", {"board": 0, "chips": 1, "card": ""}),
        ("2 1 bl", {"board": 2, "chips": 1, "card": "bluff"}),
        ("bet 1 2 cw", {"board": 1, "chips": 2, "card": "clockwise"}),
        ("b ada 1 no", {"board": 1, "chips": 1, "card": "none"}),
    ],
)
def test_short_bet_commands(text: str, move: dict[str, object]) -> None:
    assert parse_bet_command(text, PROMPT, ["Me", "Ada", "Ben"]) == {"type": "bet", **move}


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("b 2", "type b BOARD CHIPS"),
        ("b x 1", "not a seat"),
        ("b 1 two", "not a number"),
        ("b 1 1 joker", "not an action card"),
    ],
)
def test_what_is_not_a_bet_says_what_to_type(text: str, reason: str) -> None:
    assert reason in str(TERMINAL.parse(text, PROMPT))


def test_play_shows_the_table_with_a_question_mark_on_ones_own_forehead(
    cli: Run, tmp_path: Path
) -> None:
    record = tmp_path / "match.json"
    script = "b 1 2 +1\nb 9 1\nb 0 1\nq\n"
    args = ["play", "detective", "--bots", "2", "--seed", "4", "--bot-kind", "sampler"]
    result = cli(*args, "--save", record, input=script)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Hand 1 of 6 (round 1, hand 1 of 3) — Player deals" in out
    assert "Your private card is" in out
    assert "forehead ?" in out
    assert "Player bets 2 chips on Ada's board with an action card face down" in out
    assert "You placed +1 face down under your bet (Preflop)" in out
    assert "board must be the seat (0 to 2)" in out  # the game's reason, re-asked
    assert "Standings so far" in out
    state = games.replay(MatchRecord.load(record))
    mine = [move for seat, move in state.record().moves if seat == 0]
    assert mine[0] == {"type": "bet", "board": 1, "chips": 2, "card": "+1"}


def test_a_whole_game_against_bots_then_replay(cli: Run, tmp_path: Path) -> None:
    record = tmp_path / "match.json"
    script = "b 0 1\n" * 24
    args = ["play", "detective", "--bots", "2", "--seed", "2", "--save", record]
    result = cli(*args, input=script)
    assert result.exit_code == 0, result.output
    assert "Final standings" in result.output
    assert "Action cards left" in result.output
    replayed = cli("replay", record)
    assert replayed.exit_code == 0, replayed.output
    assert "Cards shown:" in replayed.output
    assert "Points in hand 6:" in replayed.output
    assert "Your private card" not in replayed.output  # a private event: only with --all
    everything = cli("replay", record, "--all", "--lang", "de")
    assert "Deine private Karte ist" in everything.output


def test_simulate_detective_counts_hands_and_winners(cli: Run) -> None:
    args = ["simulate", "detective", "--players", "4", "--hands", "10", "--json"]
    result = cli(*args, "--bots", "sampler,random")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["rounds"] == 10
    assert summary["games"] == 2  # 8 hands a game with four players (X1)
    assert summary["games_finished"] == 1
    assert sum(summary["round_wins_by_seat"]) >= 10
    assert 0 <= summary["per_round"]["right_bet_rate"] <= 1
    assert summary["per_round"]["points_per_seat"] >= 0


def test_play_in_czech_says_why_a_move_is_refused_in_czech(cli: Run) -> None:
    """X5 and the move envelope: `--lang cs` words the game's refusal in Czech (issue 12)."""
    script = "b 9 1\nb 0 4\nq\n"
    args = ["play", "detective", "--bots", "2", "--seed", "4", "--bot-kind", "sampler"]
    result = cli(*args, "--lang", "cs", input=script)
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "✗ board musí být místo (0 až 2), na jehož pole sázíš, ne 9" in out
    assert "✗ vsaď 1 až" in out
    assert "board must be" not in out
