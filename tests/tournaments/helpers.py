"""Configs and invariant checks shared by the tournament tests (docs/rules/tournaments.md)."""

from __future__ import annotations

from typing import Any

from pokerhall.tournaments import Director, GameSpec
from pokerhall.tournaments.places import are_competition_places
from pokerhall.tournaments.poker import PokerDirector

QUIZPOKER_MTT: dict[str, Any] = {
    "format": "multi_table",
    "game": "quizpoker",
    "table_size": 9,
    "capacity": 100,
    "starting_stack": 40,
    "levels": [5, 10, 20],
    "hands_per_level": 2,
    "seed": 1,
}
PALACE_MTT: dict[str, Any] = {
    "format": "multi_table",
    "game": "palace",
    "table_size": 9,
    "capacity": 100,
    "starting_stack": 40,
    "levels": [2, 4, 8],
    "hands_per_level": 2,
    "seed": 1,
}


def chips(director: PokerDirector) -> int:
    return sum(director.stacks.values())


def seated(director: PokerDirector) -> list[str]:
    return [name for table in director.tables if not table.broken for name in table.players()]


def check_poker(director: PokerDirector) -> None:
    """T8, T3, T5, T9: the invariants after every hand reported."""
    entrants = len(director.registered)
    assert chips(director) == entrants * director.config.starting_stack  # T8
    sitting = set(seated(director))
    assert len(sitting) == len(seated(director))
    for name in director.registered:  # at exactly one table, or with a place
        assert (name in sitting) != (name in director.places), name
        out = name in director.places and director.places[name] > 1
        assert (director.stacks[name] == 0) == out, name
    open_tables = [t for t in director.tables if not t.broken]
    if director.status == "running":
        fewest = min(t.size for t in open_tables)
        for table in open_tables:  # T3: a table between hands is balanced
            if table.playing is None:
                assert table.size <= fewest + 1, [t.size for t in open_tables]


def check_balanced(director: PokerDirector) -> None:
    """T3: with every table between hands (as `next_games` deals), sizes differ by one at most."""
    sizes = [t.size for t in director.tables if not t.broken]
    assert max(sizes) - min(sizes) <= 1, sizes


def check_finished(director: Director) -> None:
    """T11, T10: places 1..N for everyone, the whole pool paid."""
    assert director.status == "finished"
    assert set(director.places) == set(director.registered)
    assert are_competition_places(list(director.places.values()))
    assert sum(director.prizes.values()) == len(director.registered) * (
        director.config.points_per_entry
    )


class Watch:
    """Records what an `on_report` hook sees: levels never go down (T9), invariants hold."""

    def __init__(self) -> None:
        self.levels: list[int] = []
        self.hands = 0

    def __call__(self, director: Director, spec: GameSpec, result: Any) -> None:
        assert isinstance(director, PokerDirector)
        check_poker(director)
        self.levels.append(director.level)
        self.hands += 1
