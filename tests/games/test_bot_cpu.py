"""The bot CPU benchmark (`bench/bot_cpu.py`, issue 22 item 5) covers every game, ruleset, table
size and registered level, and prints one row each with its verdict. A smoke test with a few
decisions: the figures themselves are for `make bench`, never for tests."""

from __future__ import annotations

from pokerhall import games

from .test_ladder import load


def test_every_game_ruleset_table_and_level_has_a_row() -> None:
    bench = load("bot_cpu")
    rows = bench.rows(None, None)
    for name in {games.info(alias).name for alias in games.names()}:
        for kind in games.bot_kinds(name):
            assert any(r.game == name and r.level == kind for r in rows), (name, kind)
    detective = {(r.variant, r.players) for r in rows if r.game == "detective"}
    assert detective == {("detective", 3), ("detective", 4), ("expert", 3), ("expert", 4)}


def test_it_times_decisions_and_prints_p50_p99_and_the_verdict() -> None:
    bench = load("bot_cpu")
    lines: list[str] = []
    status = bench.main(
        ["--decisions", "20", "--game", "detective", "--level", "random"], lines.append
    )
    rows = [line for line in lines if line.strip().startswith("detective")]
    assert len(rows) == 4
    assert all(line.endswith("PASS") for line in rows)
    assert status == 0
