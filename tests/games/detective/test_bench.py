"""The Detective bot benchmark (`bench/detective_bots.py`) runs and prints every figure it
promises. A smoke test with a few games: strength and speed are for `make bench`."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[3] / "bench" / "detective_bots.py"


def load_bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("detective_bots", BENCH)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def test_detective_bench_prints_each_pairing_with_intervals(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bench = load_bench()
    bench.main(["--games", "3", "--workers", "1"])
    out = capsys.readouterr().out
    assert "sampler vs random: 3 players (1 sampler, 2 random), 3 games" in out
    assert "expert vs sampler" in out
    assert out.count("95% CI") == 4
    assert "ms on average" in out
    assert "each level beats the one below:" in out


def test_the_wilson_interval_holds_the_rate() -> None:
    low, high = load_bench().wilson(60, 100)
    assert low < 0.6 < high
