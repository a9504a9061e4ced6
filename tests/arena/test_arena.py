"""`pokerhall arena` (issue 25 item 4): local bots (levels, exploiters, `module:Class`) in
rotating seats, win rates with Wilson intervals and openskill ratings. Few, short games: the
strength of the bots is the ladder's to measure (bench/ladder.py)."""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from pokerhall import games
from pokerhall.arena import ArenaError, resolve, run_arena
from pokerhall.arena.exploiters import EXPLOITERS
from pokerhall.arena.play import Outcome, seating
from pokerhall.arena.ratings import rate
from pokerhall.cli import app

ROOT = Path(__file__).resolve().parents[2]
CHEAT = Path(__file__).with_name("cheat_bot.py")
QUIZ = ["-o", "questions=builtin", "-o", "language=en"]
SHORT_PALACE = {"hands_per_session": 2, "betting": "limit"}
"""Palace sessions of two hands (a whole default session takes seconds)."""


def arena(*args: str | Path) -> Result:
    return CliRunner().invoke(app, ["arena", *(str(arg) for arg in args)])


def arena_json(*args: str | Path) -> dict[str, Any]:
    result = arena(*args, "--json")
    assert result.exit_code == 0, result.output
    summary: dict[str, Any] = json.loads(result.stdout)
    return summary


def test_seats_rotate_so_every_bot_sits_in_every_seat() -> None:
    assert [seating(k, 3, 3) for k in range(3)] == [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
    assert seating(1, 2, 4) == (1, 0, 1, 0)  # fewer bots than seats: they repeat round
    run = run_arena(
        "palace",
        ["sampler", "cautious", "random"],
        players=3,
        options=SHORT_PALACE,
        games_count=3,
        seed=4,
    )
    seats = {(bot, seat) for o in run.outcomes for seat, bot in enumerate(o.seating)}
    assert seats == {(bot, seat) for bot in range(3) for seat in range(3)}
    assert all(s.games == 3 and s.fair == pytest.approx(1 / 3) for s in run.standings)


def test_the_table_shows_win_rates_intervals_fair_shares_and_ratings() -> None:
    result = arena("quizpoker", "expert", "random", "--games", "4", *QUIZ)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "QuizPoker (quizpoker): 4 games of 2 seats, seats rotating, seed 0" in out
    for column in ("Bot", "Games", "Wins", "Win rate", "95 % interval", "Fair", "Rating"):
        assert column in out
    assert "50.0%" in out  # the fair share of two bots
    assert " ± " in out


def test_the_same_seed_plays_the_same_games_and_another_seed_others() -> None:
    short = [f"-o{key}={value}" for key, value in SHORT_PALACE.items()]
    args = ("palace", "sampler", "maniac", "cautious", "--games", "6", *short)
    first = arena_json(*args, "--seed", "11")
    assert arena_json(*args, "--seed", "11") == first
    assert arena_json(*args, "--seed", "11", "--workers", "2") == first
    assert arena_json(*args, "--seed", "12") != first
    assert first["games"] == 6
    assert {b["bot"] for b in first["bots"]} == {"sampler", "maniac", "cautious"}


def test_ratings_put_the_expert_above_the_random_bot() -> None:
    """openskill's Plackett-Luce from each game's places: 30 heads-up QuizPoker games."""
    summary = arena_json("quizpoker", "random", "expert", "--games", "30", *QUIZ)
    best, worst = summary["bots"]
    assert (best["bot"], worst["bot"]) == ("expert", "random")
    assert best["mu"] > worst["mu"]
    assert best["ordinal"] > worst["ordinal"]
    assert best["win_rate"] > best["fair_share"] == 0.5
    low, high = best["interval"]
    assert low <= best["win_rate"] <= high


def test_at_the_hand_cap_the_biggest_stacks_take_the_places() -> None:
    """QuizPoker plays until one player has every chip (Q10): the arena stops at `max_hands`
    and places the seats by their stacks, ties sharing a place."""
    run = run_arena(
        "quizpoker",
        ["casual", "station", "novice"],
        players=3,
        options={"questions": "builtin", "language": "en"},
        games_count=3,
        seed=2,
        max_hands=2,
    )
    for outcome in run.outcomes:
        assert outcome.capped
        assert outcome.hands == 2
        assert min(outcome.places) == 1
        assert outcome.winners == tuple(s for s, p in enumerate(outcome.places) if p == 1)
    assert sum(s.wins for s in run.standings) == pytest.approx(3)


def test_an_illegal_move_stops_the_arena_naming_game_seat_and_move() -> None:
    result = arena("quizpoker", "casual", f"{CHEAT}:Cheat", "--games", "3", *QUIZ)
    assert result.exit_code == 1
    error = result.stderr
    assert "Error: game 1 (seed 0), seat " in error
    assert "(Cheat) played an illegal move {'type': 'raise', 'to': 1} to a bet prompt" in error


def test_a_bot_that_fails_to_choose_stops_the_arena_naming_game_and_seat() -> None:
    result = arena("quizpoker", "casual", f"{CHEAT}:Crash", "--games", "2", *QUIZ)
    assert result.exit_code == 1
    error = " ".join(result.stderr.split())
    assert "(Crash) failed to choose a move for a bet prompt: RuntimeError: no idea" in error


def test_an_unknown_bot_is_refused_listing_the_known_ones() -> None:
    result = arena("quizpoker", "casual", "grandmaster")
    assert result.exit_code == 2
    error = " ".join(result.stderr.split())
    assert "quizpoker has no bot 'grandmaster'" in error
    assert "its levels: casual, expert, heuristic, novice, random" in error
    assert "its exploiters: maniac, minraiser, rock, station" in error
    assert "module:Class" in error
    with pytest.raises(ArenaError, match="no bot 'leader'"):
        resolve("palace", "leader")  # Detective's exploiter is no Palace bot


def test_a_bot_of_ones_own_that_cannot_be_loaded_says_why() -> None:
    for spec, why in [
        ("no_such_module_here:Bot", "cannot import the bot module no_such_module_here"),
        (f"{CHEAT}:Nobody", "has no 'Nobody'"),
        ("missing/file.py:Bot", "no such file"),
    ]:
        result = arena("quizpoker", "casual", spec, "--games", "1")
        assert result.exit_code == 2, spec
        assert why in " ".join(result.stderr.split()), spec
    result = arena("quizpoker", "casual", f"{CHEAT}:Chooseless", "--games", "1", *QUIZ)
    assert result.exit_code == 2
    assert "no choose(view, prompt) method" in result.stderr


def test_the_example_bot_runs_by_module_name_from_the_project_folder(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(ROOT)
    summary = arena_json(
        "quizpoker", "casual", "examples.arena_bot:AlwaysCall", "--games", "4", *QUIZ
    )
    assert {b["bot"] for b in summary["bots"]} == {"casual", "AlwaysCall"}
    assert [b["spec"] for b in summary["bots"] if b["bot"] == "AlwaysCall"] == [
        "examples.arena_bot:AlwaysCall"
    ]
    assert sum(b["wins"] for b in summary["bots"]) == 4


def test_game_options_rulesets_and_the_games_own_flags_reach_the_games() -> None:
    summary = arena_json(
        "quizpoker", "casual", "station", "novice", "--ruleset", "duell", "--lang", "de",
        "--games", "1",
    )  # fmt: skip
    assert summary["options"] == {"ruleset": "duell", "language": "de"}
    assert summary["players"] == 3
    detective = arena_json("detective", "expert", "leader", "--games", "1")
    assert detective["players"] == 3  # two bots, but Detective seats three at least
    result = arena("detective", "expert", "--players", "5", "--games", "1")
    assert result.exit_code == 2
    assert "players" in result.stderr


def test_exploiters_stay_out_of_the_lobby() -> None:
    """The games never register them: only the arena and the ladder seat them."""
    for game, tricks in EXPLOITERS.items():
        assert tricks
        assert not set(tricks) & set(games.bot_kinds(game)), game


def test_no_lower_layer_imports_the_arena() -> None:
    """The arena sits above the games (like the CLI): engine, table, content, cards, games
    and server never import it."""
    src = ROOT / "src" / "pokerhall"
    for layer in ("engine", "table", "content", "cards", "games", "server"):
        for path in (src / layer).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                names = (
                    [node.module or ""]
                    if isinstance(node, ast.ImportFrom)
                    else [a.name for a in node.names]
                    if isinstance(node, ast.Import)
                    else []
                )
                assert not any(n.startswith("pokerhall.arena") for n in names), path


def test_bots_that_tie_for_first_stay_above_the_bot_that_came_third() -> None:
    """The arena rates with the hall's model (`pokerhall.skill`), ties worked around: passed
    to openskill 6.2 as they are, two tied winners of five end below the third (#155)."""
    tied = Outcome(
        index=0,
        seed=0,
        seating=(0, 1, 2, 3, 4),
        places=(1, 1, 3, 4, 5),
        winners=(0, 1),
        hands=300,
        capped=True,
    )
    first, second, third, *_ = rate([tied], bots=5)
    assert first == second
    assert first.mu > third.mu
    assert first.ordinal > third.ordinal
