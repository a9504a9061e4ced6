"""The engine benchmark (`bench/engine_speed.py`) still runs and prints every figure it promises.

A smoke test with a handful of hands: it checks the script's shape, never a speed (speed is for
`make bench`). OpenSpiel is a bench-only extra, so without it only PokerKit is compared.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench" / "engine_speed.py"


def load_bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("engine_speed", BENCH)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def test_engine_bench_prints_ratios_and_what_each_target_leaves(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bench = load_bench()
    assert bench.main(["--hands", "30", "--rounds", "2", "--warmup", "0", "--openspiel"]) == 0
    out = capsys.readouterr().out
    assert "pokerhall quizpoker" in out
    assert "pokerhall / pokerkit" in out
    assert "target >= 10x" in out
    assert "our random policy alone (no engine)" in out
    assert "10x pokerkit:" in out
    assert "us per decision" in out
    assert "one state mid-hand (tracemalloc)" in out


def test_the_random_policy_plays_only_legal_moves() -> None:
    """The policy is shared by all engines; an illegal move would stop our hands with an error."""
    bench = load_bench()
    player = bench.PokerhallHands(7, "builtin")
    assert sum(player.play_hand() for _ in range(200)) > 200
