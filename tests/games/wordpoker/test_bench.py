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


def test_bot_bench_prints_both_pairings_with_intervals(capsys: pytest.CaptureFixture[str]) -> None:
    load("wordpoker_bots").main(["--deals", "10", "--workers", "1", "--lexicon", "mini"])
    out = capsys.readouterr().out
    for opponent in ("random", "matcher"):
        line = next(x for x in out.splitlines() if x.startswith(f"sampler vs {opponent}:"))
        assert int(line.split(", ")[1].split()[0]) >= 10  # at least the deals asked for
    assert out.count("95% CI") == 4
    assert "ms CPU" in out
