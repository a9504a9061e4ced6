"""The lexicon benchmark (`bench/lexicon_build.py`) runs and prints its figures, on the invented
fixture: the real dictionary's figures are for `make bench`, never for tests."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "bench" / "lexicon_build.py"
FIXTURE = ROOT / "tests" / "fixtures" / "lexicon"


def load_bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("lexicon_build", BENCH)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_bench_prints_every_figure(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bench = load_bench()
    argv = ["--dic", str(FIXTURE / "mini.dic"), "--aff", str(FIXTURE / "mini.aff")]
    argv += ["--lookups", "30", "--loads", "2", "--cache-dir", str(tmp_path)]
    assert bench.main(argv) == 0
    out = capsys.readouterr().out
    assert "forms (2-10 lower-case Czech letters)            38" in out
    for label in ("expansion", "cache size", "load from cache", "contains()", "by_letters()"):
        assert label in out
    if shutil.which("hunspell"):
        assert "hunspell agrees with ours on 30 of 30 words" in out
        assert "ours / hunspell (lookups per second):" in out


def test_bench_names_the_install_command(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bench = load_bench()
    assert bench.main(["--dic", str(tmp_path / "no.dic"), "--aff", str(tmp_path / "no.aff")]) == 1
    assert "apt-get install -y hunspell-cs" in capsys.readouterr().out
