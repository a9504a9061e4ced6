"""Palace Poker in the terminal (docs/rules/palace.md): its terminal module's commands and table,
`pokerhall play palace`, `simulate palace` and `replay` of a Palace record."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from pokerhall import games
from pokerhall.cli.seam import TerminalGame, terminal_for
from pokerhall.engine import registry
from pokerhall.engine.record import MatchRecord
from pokerhall.games.palace.terminal import TERMINAL, menu, parse_command

from .conftest import Run

NAMES = ["Ann", "Bob", "Cy", "Dee"]


def palace(seed: int = 3, players: int = 4, **options: Any) -> Any:
    return games.create("palace", NAMES[:players], options, seed)


def first_prompt(state: Any) -> tuple[int, dict[str, Any]]:
    ((seat, asked),) = state.pending().items()
    return seat, asked


def shown(renderable: Any) -> str:
    buffer = io.StringIO()
    Console(file=buffer, width=120, color_system=None).print(renderable)
    return buffer.getvalue()


def test_the_module_is_the_games_terminal() -> None:
    terminal = terminal_for(registry.info("palace"))
    assert terminal is TERMINAL
    assert isinstance(terminal, TerminalGame)


def test_turn_commands_become_moves() -> None:
    """P6-P12: the five actions, with seats as shown (from 1) and the least bet by default."""
    state = palace()
    _seat, asked = first_prompt(state)
    assert asked["type"] == "turn"
    names = list(state.players)
    least = next(m for m in asked["moves"] if m["type"] == "battle")["params"]["bet"]["min"]
    assert parse_command("b", asked, names) == {"type": "buy"}
    assert parse_command("s", asked, names) == {"type": "stay"}
    assert parse_command("FOLD", asked, names) == {"type": "fold"}
    assert parse_command("d 3c ah,10h", asked, names) == {
        "type": "discard",
        "cards": ["3c", "Ah", "Th"],
    }
    assert parse_command("a 2 30", asked, names) == {"type": "battle", "target": 1, "bet": 30}
    assert parse_command("a bob", asked, names) == {"type": "battle", "target": 1, "bet": least}


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "choose one of: [b]uy"),
        ("dance", "'dance' is not a move here"),
        ("d", "name the soldiers"),
        ("d 1x", "'1x' is not a card"),
        ("a", "say whom to battle"),
        ("a Zed", "'Zed' is neither a seat number nor a player's name"),
        ("a 2 lots", "'lots' is not a whole number of chips"),
        ("s now", "stay takes nothing after it"),
    ],
)
def test_text_that_is_no_move_says_why(text: str, reason: str) -> None:
    state = palace()
    _seat, asked = first_prompt(state)
    answer = TERMINAL.parse(text, asked)
    assert isinstance(answer, str)
    assert reason in answer


def battle_state() -> tuple[Any, int, dict[str, Any]]:
    """A hand where the first seat to act attacks and the defender is asked (P9, P10)."""
    state = palace()
    seat, asked = first_prompt(state)
    battle = next(m for m in asked["moves"] if m["type"] == "battle")["params"]
    target, bet = battle["target"]["choices"][0], battle["bet"]["min"]
    state.act(seat, {"type": "battle", "target": target, "bet": bet})
    defender, answer = first_prompt(state)
    assert defender == target
    return state, defender, answer


def test_battle_and_soldier_commands() -> None:
    state, defender, asked = battle_state()
    assert asked["type"] == "battle"
    raise_by = next(m for m in asked["moves"] if m["type"] == "raise")["params"]["by"]["min"]
    assert parse_command("c", asked) == {"type": "call"}
    assert parse_command("f", asked) == {"type": "fold"}
    assert parse_command("r", asked) == {"type": "raise", "by": raise_by}
    assert parse_command("r 40", asked) == {"type": "raise", "by": 40}
    assert "[f]old  [c]all" in menu(asked)
    assert "[r]aise by" in menu(asked)
    state.act(defender, {"type": "fold"})  # P10: the attacker wins and chooses soldiers
    _winner, keep = first_prompt(state)
    assert keep["type"] == "soldiers"
    assert parse_command("k", keep) == {"type": "keep"}
    card = keep["moves"][-1]["params"]["cards"]["choices"][0]
    assert parse_command(f"d {card}", keep) == {"type": "discard", "cards": [card]}
    assert "[k]eep all" in menu(keep)


def test_the_table_shows_only_what_the_seat_may_know() -> None:
    """P13: your palace, backs for the others; after a called battle, the palace the caller was
    handed."""
    state, defender, _asked = battle_state()
    attacker = state.view(None)["hand"]["battle"]["attacker"]
    view = state.view(attacker)
    out = shown(TERMINAL.render(view, {defender: "random"}))
    assert "Hand 1 · bets 10/20 · ante 5 · limit" in out
    assert " ".join(view["you"]["palace"]) in out
    assert "▮▮▮" in out
    assert "Battle: " in out
    assert "[random]" in out
    for other in range(state.num_seats):
        if other != attacker:
            hidden = state.hand.camps[other].palace
            assert " ".join(str(c) for c in hidden) not in out
    state.act(defender, {"type": "call"})  # the caller is handed the attacker's palace
    after = shown(TERMINAL.render(state.view(defender), {}))
    seen = " ".join(str(c) for c in state.hand.camps[attacker].palace)
    assert f"You saw {state.players[attacker]}'s palace: {seen}" in after


def test_play_palace_against_bots(cli: Run) -> None:
    """A scripted session: whatever the prompt, one of `s` (stay), `k` (keep) or `f` (fold)
    is a move, so the person plays until the input ends."""
    script = "t\n?\nxyz\n" + "s\nk\nf\n" * 60
    result = cli("play", "palace", "--bots", "3", "--seed", "5", input=script)
    out = result.output
    assert result.exit_code == 0, out
    assert "Hand 1 — " in out
    assert "Hand 1 · bets 10/20 · ante 5 · limit" in out
    assert "Player's palace: " in out
    assert "'xyz' is not a move here (type ? for help)" in out
    assert "a 2, a 2 30" in out  # the help text
    assert "Player stays" in out or "Player folds" in out
    assert "wins the pot" in out or "share the pot" in out
    assert "You leave the table." in out or "Final standings" in out
    for bot in ("Ada", "Ben", "Cleo"):
        assert f"{bot}'s palace" not in out  # P13: the bots' palace_cards events are private


def test_simulate_palace_counts_hands_and_battles(cli: Run) -> None:
    args = (
        "simulate",
        "palace",
        "--players",
        "5",
        "--hands",
        "12",
        "--bots",
        "random",
        "--seed",
        "8",
        "--json",
    )
    result = cli(*args)
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["rounds"] == 12
    assert summary["players"] == 5
    assert sum(summary["round_wins_by_seat"]) >= 12  # every hand has a winner (a split: more)
    assert set(summary["per_round"]) == {"average_pot", "battles", "showdown_rate"}
    assert summary["per_round"]["battles"] > 0
    table = cli(*args[:-1])
    assert "12 rounds in 1 game" in table.stdout


@pytest.fixture
def palace_record(tmp_path: Path) -> Path:
    """Two seats: the first attacks, the defender calls, so both see each other's palace."""
    state = palace(seed=11, players=2)
    seat, asked = first_prompt(state)
    battle = next(m for m in asked["moves"] if m["type"] == "battle")["params"]
    state.act(seat, {"type": "battle", "target": 1 - seat, "bet": battle["bet"]["min"]})
    state.act(1 - seat, {"type": "call"})
    path = tmp_path / "palace.json"
    state.record().save(path)
    return path


def test_replay_prints_a_palace_hand_history(cli: Run, palace_record: Path) -> None:
    result = cli("replay", palace_record)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "palace: Ann, Bob · seed 11 · 2 moves" in out
    assert "Hand 1 — " in out
    assert " deals; bets 10/20, ante 5" in out
    assert " attacks " in out
    assert " calls with " in out
    assert "'s palace: " not in out  # P13: private to the owner
    assert "who called last" not in out
    everything = cli("replay", palace_record, "--all").stdout
    assert "Ann's palace: " in everything
    assert "who called last" in everything
    MatchRecord.load(palace_record)  # the file is a record the replay command could read
