"""The Slovní poker benchmarks run and print what they promise (smoke tests with few hands and
deals; strength and speed are for `make bench`), docs/rules/wordpoker.md W9, W18."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[3] / "bench"


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_best_word_bench_prints_p50_and_p99(capsys: pytest.CaptureFixture[str]) -> None:
    load("wordpoker_best").main(["--hands", "200", "--lexicon", "mini"])
    out = capsys.readouterr().out
    assert "200 hands, lexicon mini" in out
    assert "p50" in out
    assert "p99" in out
    assert "target p99 < 1 ms by wall time" in out
    assert "target p99 < 1 ms by CPU time" in out


def test_bot_ladder_prints_each_pairing_with_its_interval_and_fair_share(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--games", "2", "--workers", "1", "--lexicon", "mini", "--seats", "2", "5"]
    code = load("wordpoker_bots").main([*argv, "--opponents", "maxraise", "folder"])
    out = capsys.readouterr().out
    for seats in (2, 5):
        for opponent in ("maxraise", "folder"):
            line = next(x for x in out.splitlines() if x.startswith(f"sampler vs {opponent}, "))
            assert line
            assert f"sampler vs {opponent}, {seats} seats: {seats} games, 1 seeds" in out
    assert out.count("95% CI") == 8
    assert out.count("fair share 100.0") == 4
    assert "fair share 20.0%" in out
    assert "move CPU p50" in out
    assert "p99 over all pairings" in out
    assert code in (0, 1)


class Cheat:
    """A bench bot that raises more than any deal allows: an illegal move the ladder must
    stop on."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: dict[str, object], prompt: dict[str, object]) -> dict[str, object]:
        return {"type": "raise", "amount": 1000}


def test_bot_ladder_fails_naming_game_seat_and_move_on_an_illegal_move(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    ladder = load("wordpoker_bots")
    monkeypatch.setitem(ladder.EXPLOITERS, "maxraise", Cheat)
    argv = ["--games", "1", "--workers", "1", "--lexicon", "mini", "--seats", "2"]
    assert ladder.main([*argv, "--opponents", "maxraise"]) == 2
    out = capsys.readouterr().out
    assert "ILLEGAL MOVE in wordpoker, game seed 9020011" in out
    assert "seat 1 (maxraise) made the illegal move {'type': 'raise', 'amount': 1000}" in out
