"""Round-robin and Swiss tournaments of whole games (docs/rules/tournaments.md T12-T16):
Slovní poker with the mini lexicon and Detective Poker, played out by the registry's bots."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from pokerhall.tournaments import GameSpec, new_director
from pokerhall.tournaments.pairing import byes, circle, group, table_sizes
from pokerhall.tournaments.play import fill, play_game, play_tournament
from pokerhall.tournaments.rounds import RoundsDirector, game_points

from .helpers import check_finished

WORDPOKER = {"game": "wordpoker", "options": {"deals": 2, "lexicon": "mini"}, "seed": 3}


def test_t13_heads_up_round_robin_every_pair_meets_once() -> None:
    director = new_director({**WORDPOKER, "format": "round_robin", "table_size": 2})
    assert isinstance(director, RoundsDirector)
    fill(director, 5)
    director.start()
    assert director.total_rounds == 5  # T13: an odd count plays N rounds
    play_tournament(director, dict.fromkeys(director.registered, "random"))
    check_finished(director)
    pairs = Counter(frozenset(g["players"]) for g in director.games)
    assert set(pairs) == {frozenset(p) for p in combinations(director.registered, 2)}
    assert set(pairs.values()) == {1}
    assert Counter(str(b["player"]) for b in director.byes) == dict.fromkeys(
        director.registered, 1
    )  # T15: each sits out once


def test_t14_swiss_detective_tables_of_three_and_four() -> None:
    config = {"format": "swiss", "game": "detective", "table_size": 4, "min_players": 3}
    director = new_director({**config, "seed": 4})
    assert isinstance(director, RoundsDirector)
    fill(director, 10)
    director.start()
    assert director.total_rounds == 4  # T14: log2(10) rounded up
    first = director.next_games()
    assert sorted(len(spec.players) for spec in first) == [3, 3, 4]  # T15: as even as can be
    bots = dict.fromkeys(director.registered, "random")
    for spec in first:
        director.report(spec.id, play_game(spec, bots))
    play_tournament(director, dict.fromkeys(director.registered, "random"))
    check_finished(director)
    standings = director.standings()
    points = [row["points"] for row in standings]
    assert points == sorted(points, reverse=True)  # T12: ranked by points first
    total = sum(points)
    assert total == sum(len(g["players"]) * (len(g["players"]) - 1) / 2 for g in director.games)


def test_t12_a_game_scores_opponents_beaten_and_half_the_ties() -> None:
    assert game_points([1, 2]) == [1.0, 0.0]
    assert game_points([1, 1]) == [0.5, 0.5]
    assert game_points([2, 1, 3, 4]) == [2.0, 3.0, 1.0, 0.0]
    assert game_points([1, 2, 2]) == [2.0, 0.5, 0.5]


def alphabet_wins(spec: GameSpec) -> dict[str, list[int]]:
    """The result of a heads-up game that the player first in the alphabet wins."""
    first = min(spec.players)
    return {"places": [1 if name == first else 2 for name in spec.players]}


def test_t12_tie_breaks_buchholz_then_sonneborn_berger() -> None:
    """A beats B, C beats D; then A beats C and B beats D (a Swiss of two rounds): A 2, C 1,
    B 1, D 0; C and B are equal on points, C met A (2) and D (0), B met A (2) and D (0): equal
    Buchholz; Sonneborn-Berger: C beat D (0), B beat D (0) - a shared place."""
    director = new_director({**WORDPOKER, "format": "swiss", "table_size": 2, "rounds": 2})
    assert isinstance(director, RoundsDirector)
    for name in "ABCD":
        director.register(name)
    director.start()
    director.order = list("ABCD")
    for spec in director.next_games():
        players = sorted(spec.players)
        director.report(
            spec.id, {"places": [1 if spec.players[i] == players[0] else 2 for i in (0, 1)]}
        )
    assert director.points() == {"A": 1.0, "B": 0.0, "C": 1.0, "D": 0.0}
    for spec in director.next_games():
        players = sorted(spec.players)
        director.report(
            spec.id, {"places": [1 if spec.players[i] == players[0] else 2 for i in (0, 1)]}
        )
    assert director.status == "finished"
    meetings = {frozenset(g["players"]) for g in director.games}
    assert meetings == {frozenset("AB"), frozenset("CD"), frozenset("AC"), frozenset("BD")}
    assert director.places == {"A": 1, "B": 2, "C": 2, "D": 4}


def test_t15_sizes_and_byes() -> None:
    assert table_sizes(5, 2, 2) == ([2, 2], 1)
    assert table_sizes(7, 4, 3) == ([4, 3], 0)
    assert table_sizes(5, 3, 3) == ([3], 2)
    assert table_sizes(10, 4, 3) == ([4, 3, 3], 0)
    had = Counter({"E": 1})
    assert byes(list("ABCDE"), 1, had) == ["D"]  # the lowest without a bye yet
    with pytest.raises(ValueError, match="cannot fill"):
        table_sizes(2, 4, 3)


def test_t14_filling_avoids_players_who_met() -> None:
    met = Counter({frozenset("AB"): 1})
    assert group(list("ABCD"), [2, 2], met) == [["A", "C"], ["B", "D"]]


def test_t13_circle_rounds_cover_every_pair() -> None:
    seen = Counter()
    for r in range(5):
        pairs, bye = circle(list("ABCDEF"), r)
        assert not bye
        seen.update(frozenset(p) for p in pairs)
    assert len(seen) == 15
    assert set(seen.values()) == {1}


def test_t16_a_round_games_seats_come_from_its_own_seed() -> None:
    director = new_director({**WORDPOKER, "format": "round_robin", "table_size": 3})
    fill(director, 6)
    director.start()
    specs = director.next_games()
    again = new_director({**WORDPOKER, "format": "round_robin", "table_size": 3})
    fill(again, 6)
    again.start()
    assert [s.to_json() for s in again.next_games()] == [s.to_json() for s in specs]
    assert len({s.seed for s in specs}) == len(specs)
