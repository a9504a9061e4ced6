"""The bot ladder (`bench/ladder.py`, issue 22) runs every game, prints each pairing beside its
fair share with pass or fail, every kind's behaviour and the game lengths, and stops naming the
game, seat and move when a bot plays an illegal move. Smoke tests with a few seeded games:
strength and speed are for `make bench`, never for tests."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from pokerhall.engine.events import JSON

ROOT = Path(__file__).resolve().parents[2]


def load(name: str) -> ModuleType:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    spec = importlib.util.spec_from_file_location(f"bench.{name}", ROOT / "bench" / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


class Cheat:
    """Bets one chip whenever it may bet: below every table's minimum, so always illegal."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: JSON, prompt: JSON) -> JSON:
        if prompt["type"] == "guess":
            return {"type": "guess", "value": "1"}
        if prompt["type"] == "bet":
            return {"type": "raise", "to": 1}
        return dict(prompt["default"])


def test_the_ladder_prints_rates_intervals_fair_shares_behaviour_and_lengths(
    capsys: pytest.CaptureFixture[str],
) -> None:
    ladder = load("ladder")
    argv = ["--games", "3", "--tables", "2", "--workers", "1", "--lexicon", "mini"]
    assert ladder.main([*argv, "--match", "2p   casual vs maniac"]) in (0, 1)
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if "quizpoker 2p   casual vs maniac" in x)
    assert "casual wins" in line
    assert "95% CI [" in line
    assert "fair 50.0%" in line
    assert line.split("fair 50.0%")[1].split()[0] in ("pass", "FAIL")
    behaviour = out.split("behaviour per kind")[1].split("game length")[0]
    for column in ("fold", "call-down", "bluff", "showdown win", "maniac", "casual"):
        assert column in behaviour
    lengths = out.split("game length")[1].split("CPU time per move")[0]
    for game, default in [
        ("quizpoker", "casual"),
        ("duell", "casual"),
        ("palace", "sampler"),
        ("wordpoker", "sampler"),
        ("detective", "expert"),
    ]:
        assert f"{game:<10} four {default} bots: median " in lengths
    assert "maniac" in out.split("CPU time per move")[1]
    assert "every pairing passes:" in out


def test_every_game_has_levels_against_each_other_and_the_default_against_every_exploiter() -> None:
    ladder = load("ladder")
    labels = {" ".join(p.label.split()) for p in ladder.pairings(["palace"])}
    for players in (2, 4):
        assert f"palace {players}p cautious vs random" in labels
        assert f"palace {players}p sampler vs cautious" in labels
        for exploiter in ("maniac", "station", "rock", "minraise", "attacker", "pacifist"):
            assert f"palace {players}p sampler vs {exploiter}" in labels
    quiz = {" ".join(p.label.split()) for p in ladder.pairings(["quizpoker"])}
    assert "quizpoker 6p expert vs minraiser" in quiz
    assert "quizpoker 2p novice vs heuristic" in quiz
    assert not any("novice vs maniac" in label for label in quiz)  # below the default


def test_seats_alternate_and_turn_and_the_fair_share_follows_them() -> None:
    ladder = load("ladder")
    levels = ladder.Pairing("palace", "sampler", "cautious", 4, False)
    assert levels.seating(0) == ("sampler", "cautious", "sampler", "cautious")
    assert levels.seating(1) == ("cautious", "sampler", "cautious", "sampler")
    assert levels.fair(10) == 0.5
    odd = ladder.Pairing("duell", "casual", "novice", 3, False)
    assert odd.fair(2) == pytest.approx((2 / 3 + 1 / 3) / 2)
    exploited = ladder.Pairing("quizpoker", "casual", "maniac", 6, True)
    assert [exploited.seating(i).index("maniac") for i in range(7)] == [0, 1, 2, 3, 4, 5, 0]
    assert exploited.fair(6) == pytest.approx(5 / 6)


def test_an_illegal_move_stops_the_ladder_naming_game_seat_and_move(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    ladder = load("ladder")
    monkeypatch.setitem(ladder.EXPLOITERS["quizpoker"], "cheat", Cheat)
    argv = ["--games", "2", "--workers", "1", "--only", "quizpoker"]
    assert ladder.main([*argv, "--match", "2p   casual vs cheat"]) == 2
    out = capsys.readouterr().out
    assert "ILLEGAL MOVE: quizpoker seed" in out
    assert "(cheat) played {'type': 'raise', 'to': 1} to bet prompt" in out
    assert "seat " in out


def test_the_habits_are_read_from_moves_and_showdowns() -> None:
    """A seat that called and was shown down without betting called down; one that raised and
    lost the showdown was caught bluffing; a fold is a fold."""
    ladder = load("ladder")
    watcher = ladder.HandWatcher("quizpoker", ("a", "b", "c"))
    watcher.see("round_started", {"playing": [0, 1, 2]})
    bet = {"type": "bet"}
    watcher.move(0, bet, {"type": "raise", "to": 40})
    watcher.move(1, bet, {"type": "call"})
    watcher.move(2, bet, {"type": "fold"})
    watcher.see("showdown", {"order": [0, 1]})
    watcher.see("pot_awarded", {"shares": {"1": 100}})
    habits = watcher.finish()
    assert (habits["a"].aggressive_shown, habits["a"].aggressive_lost) == (1, 1)
    assert (habits["b"].call_downs, habits["b"].showdown_wins) == (1, 1)
    assert (habits["c"].folds, habits["c"].showdowns) == (1, 0)
    assert all(h.hands == 1 for h in habits.values())


def test_every_exploiter_plays_only_legal_moves() -> None:
    """A few games of each exploiter against the default bot of its game."""
    ladder = load("ladder")
    for name, table in ladder.TABLES.items():
        options = tuple(
            {**table.pairing_options("x"), **ladder.lexicon_option(table, "mini")}.items()
        )
        for kind in ladder.EXPLOITERS[table.game]:
            players = table.seats[0]
            kinds = tuple(kind if s == 0 else table.default for s in range(players))
            ladder.play((name, kinds, 5, 30, options))


def test_the_wilson_interval_holds_the_rate() -> None:
    low, high = load("stats").wilson(60, 100)
    assert low < 0.6 < high


def test_the_ladder_without_length_tables_skips_the_game_lengths(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`--tables 0`: no four-bot tables, so no game-length section (once a median of nothing)."""
    ladder = load("ladder")
    argv = ["--games", "2", "--tables", "0", "--workers", "1", "--only", "palace"]
    assert ladder.main([*argv, "--match", "2p cautious vs random"]) in (0, 1)
    out = capsys.readouterr().out
    assert "cautious wins" in out
    assert "game length" not in out
    assert "every pairing passes:" in out
