"""The Slovní poker best-word benchmark runs and prints what it promises (a smoke test with few
hands; speed is for `make bench`), docs/rules/wordpoker.md W18. The bot ladder's smoke test is
tests/games/test_ladder.py."""

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
