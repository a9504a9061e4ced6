"""Multi-table tournaments of QuizPoker and Palace filled with 100 bots (docs/rules/
tournaments.md T1-T11): played to the end in-process, invariants checked after every hand."""

from __future__ import annotations

from typing import Any

import pytest

from pokerhall.tournaments import new_director
from pokerhall.tournaments.play import fill, play_tournament
from pokerhall.tournaments.poker import PokerDirector

from .helpers import PALACE_MTT, QUIZPOKER_MTT, Watch, check_balanced, check_finished

BOTS = {"palace": "random", "quizpoker": "casual"}
"""The registry's bots; Palace's random bot keeps 100 seats well under a few seconds."""


@pytest.mark.parametrize("config", [QUIZPOKER_MTT, PALACE_MTT], ids=["quizpoker", "palace"])
def test_t1_t11_a_hundred_bots_play_a_multi_table_tournament_to_the_end(
    config: dict[str, Any],
) -> None:
    director = new_director(config)
    assert isinstance(director, PokerDirector)
    names = fill(director, 100)
    director.start()
    assert len(director.tables) == 12  # T1: the fewest tables of nine
    check_balanced(director)
    watch = Watch()
    kinds = dict.fromkeys(names, BOTS[config["game"]])
    played = play_tournament(director, kinds, watch)
    check_finished(director)
    assert played == watch.hands
    assert watch.levels == sorted(watch.levels)  # T9: levels never go down
    assert watch.levels[-1] >= 2
    kinds_of_log = {entry["type"] for entry in director.log}
    assert {"moved", "broken", "final_table", "out", "level", "finished"} <= kinds_of_log
    final = [e for e in director.log if e["type"] == "final_table"]
    assert len(final) == 1  # T6: announced once
    winner = next(s for s in director.standings() if s["place"] == 1)
    assert winner["prize"] == max(director.prizes.values())


def test_t1_the_same_seed_plays_the_same_tournament_and_another_seed_another() -> None:
    def play(seed: int) -> dict[str, int]:
        director = new_director({**PALACE_MTT, "capacity": 30, "seed": seed})
        fill(director, 30)
        director.start()
        play_tournament(director, dict.fromkeys(director.registered, "random"))
        return director.places

    assert play(5) == play(5)
    assert play(5) != play(6)


def test_t6_a_sit_and_go_starts_when_full_and_plays_one_table() -> None:
    config = {**QUIZPOKER_MTT, "format": "sit_and_go", "table_size": 6, "capacity": 6}
    director = new_director(config)
    fill(director, 5)
    assert director.status == "registering"
    director.register("Last")
    assert director.status == "running"  # T1: a sit-and-go starts when full
    assert isinstance(director, PokerDirector)
    assert director.final_table == 1
    play_tournament(director)
    check_finished(director)
    assert sorted(director.prizes.values(), reverse=True)[:3] == [300, 180, 120]  # T10: 50/30/20
