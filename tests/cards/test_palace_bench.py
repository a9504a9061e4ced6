"""The Palace evaluation benchmark (`bench/palace_eval.py`) runs, agrees with its peer and prints
its figures. A smoke test with a few battles: speed is for `make bench`, never for tests."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from pokerhall.cards import parse_cards
from pokerhall.games.palace.battle import judge

BENCH = Path(__file__).resolve().parents[2] / "bench" / "palace_eval.py"


def load_bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("palace_eval", BENCH)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def test_palace_bench_prints_both_rates_and_the_ratio(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_bench()
    argv = ["--battles", "40", "--rounds", "2", "--warmup", "0", "--deals", "300"]
    assert bench.main(argv) == 0
    out = capsys.readouterr().out
    assert "treys (pure Python) agrees with ours on 300 of 300 battles" in out
    rows = {line[:26].strip(): line[26:].split() for line in out.splitlines()}
    assert rows["pokerhall.cards (eval7)"][0] == rows["treys (pure Python)"][0] == "40"
    assert "pokerhall / treys (pure Python):" in out


def test_the_deals_are_legal_battles() -> None:
    """Banners (the first card) of different suits (P9), nine distinct cards a side."""
    bench = load_bench()
    for fight in bench.deal_fights(5, 200):
        assert fight.attacker_suit == fight.attacker[0].suit != fight.defender[0].suit
        assert len(set(fight.attacker + fight.defender)) == 18


@pytest.mark.parametrize(
    ("attacker", "defender", "outcome"),
    [
        ("Ah Ad 2c 3c", "Kc Kd 4c 5c", 1),  # aces against kings
        ("Ah 2c 3c 4c 5c", "Kc Kd", -1),  # the wheel needs the defender's suit: it does not count
        ("Ah Ad 2s 3s", "Ks Kd Kc 5s", -1),  # the attacker keeps two aces, the defender KKK
        ("Ah Kh 2d", "As Kc 2c", 1),  # equal ranks: two hearts (own suit) beat one spade
        ("Ah Kd", "As Kc", 0),  # one own-suit card each: still tied
    ],
)
def test_the_benchmarked_battle_is_p10(attacker: str, defender: str, outcome: int) -> None:
    """The attacker's banner is its first card, the defender's likewise."""
    bench = load_bench()
    assert bench.battle(parse_cards(attacker), parse_cards(defender)) == outcome


def test_the_benchmark_times_the_games_own_battle(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ours is the game's P10 path: with `battle.judge` replaced, the timed loop follows it."""
    bench = load_bench()
    fights = bench.deal_fights(3, 20)
    ours = bench.Ours(fights)
    calls: list[int] = []

    def counting(*args: object) -> object:
        calls.append(1)
        return judge(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(bench, "judge", counting)
    assert ours.run(0, 20) == sum(ours.outcomes())
    assert len(calls) == 40  # 20 timed, 20 for the outcomes
