"""bench/rl_throughput.py: every game and ruleset is measured beside PettingZoo's Texas hold'em
in one run, and each line says its ratio to it."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("rlcard")
pytest.importorskip("pygame")

from pokerhall.engine import registry

BENCH = Path(__file__).parents[2] / "bench" / "rl_throughput.py"


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rl_throughput", BENCH)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["rl_throughput"] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_bench_prints_every_game_with_its_ratio_to_holdem() -> None:
    lines: list[str] = []
    assert (
        load().main(["--seconds", "0.2", "--rounds", "1", "--lexicon", "mini"], lines.append) == 0
    )
    rows = [line for line in lines if line.endswith("x") or "(below 2x)" in line]
    assert rows[0].startswith("pettingzoo texas_holdem_no_limit_v6")
    assert rows[0].endswith("1.00x")
    named = {f"{info.name} {r.name}" for info in registry.infos() for r in info.rulesets}
    assert {" ".join(row.split()[:2]) for row in rows[1:]} == named
    assert lines[-1].startswith("target: every game at least 2x")
