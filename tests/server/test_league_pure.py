"""The league's pure parts: the seeded drawing into tables (W1's table size) and the overall
table's arithmetic (W14)."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerhall.server.league.drawing import DrawingError, draw, table_sizes
from pokerhall.server.league.standings import GameScore, scores_of, standings

names = st.lists(st.text(min_size=1, max_size=6), min_size=2, max_size=60, unique=True)
seeds = st.integers(min_value=0, max_value=2**63 - 1)


@given(players=names, seed=seeds)
def test_every_signed_up_player_is_drawn_exactly_once_to_a_table_of_2_to_5(
    players: list[str], seed: int
) -> None:
    """W1: the drawing seats everyone once, at tables of 2 to 5 whose sizes differ by at most
    one, at as few tables as can hold them."""
    tables = draw(players, seed, smallest=2, largest=5, key=str)
    drawn = [p for table in tables for p in table]
    assert sorted(drawn) == sorted(players)
    sizes = [len(t) for t in tables]
    assert all(2 <= size <= 5 for size in sizes)
    assert max(sizes) - min(sizes) <= 1
    assert len(tables) == -(-len(players) // 5)


@given(players=names, seed=seeds)
def test_the_same_seed_gives_the_same_drawing_whatever_the_sign_up_order(
    players: list[str], seed: int
) -> None:
    first = draw(players, seed, smallest=2, largest=5, key=str)
    again = draw(list(reversed(players)), seed, smallest=2, largest=5, key=str)
    assert first == again


def test_different_seeds_draw_differently() -> None:
    players = [f"p{i}" for i in range(20)]
    drawings = {str(draw(players, seed, smallest=2, largest=5, key=str)) for seed in range(10)}
    assert len(drawings) > 1


def test_the_drawing_is_pinned_to_the_published_algorithm() -> None:
    """Anyone re-running the drawing from the seed gets this: sort by key, shuffle with
    random.Random(seed), deal into the sizes in order (docs/protocol.md)."""
    players = ["eva", "Adam", "dana", "Cyril", "bara", "Filip", "gita"]
    ordered = sorted(players, key=str.casefold)
    random.Random(42).shuffle(ordered)
    assert draw(players, 42, smallest=2, largest=5, key=str.casefold) == [ordered[:4], ordered[4:]]


@pytest.mark.parametrize(
    ("players", "smallest", "largest", "sizes"),
    [(2, 2, 5, [2]), (5, 2, 5, [5]), (6, 2, 5, [3, 3]), (11, 2, 5, [4, 4, 3]), (7, 3, 4, [4, 3])],
)
def test_table_sizes(players: int, smallest: int, largest: int, sizes: list[int]) -> None:
    assert table_sizes(players, smallest, largest) == sizes


def test_too_few_players_or_an_impossible_range_is_refused() -> None:
    with pytest.raises(DrawingError, match="at least 2 players"):
        table_sizes(1, 2, 5)
    with pytest.raises(DrawingError, match="cannot sit"):
        table_sizes(6, 4, 5)
    with pytest.raises(DrawingError, match="only once"):
        draw(["a", "A"], 1, smallest=2, largest=5, key=str.casefold)


def test_overall_is_the_sum_of_each_games_final_scores_with_games_and_average() -> None:
    """W14: total = sum of the games' final scores (a W12 debt below 0 counts too), games
    played, average; equal totals share a rank."""
    games = [
        scores_of({"scores": [130, 70], "unit": "points"}, [("a", "Ann"), ("b", "Bob")]),
        scores_of({"scores": [-20, 220, 0], "unit": "points"}, [("a", "Ann"), ("c", "Cyd"), None]),
        scores_of({"scores": [110, 90], "unit": "points"}, [("b", "Bob"), ("d", "Dan")]),
    ]
    table = [s.to_json() for s in standings(s for game in games for s in game)]
    assert table == [
        {"rank": 1, "player": "c", "name": "Cyd", "total": 220, "games": 1, "average": 220.0},
        {"rank": 2, "player": "b", "name": "Bob", "total": 180, "games": 2, "average": 90.0},
        {"rank": 3, "player": "a", "name": "Ann", "total": 110, "games": 2, "average": 55.0},
        {"rank": 4, "player": "d", "name": "Dan", "total": 90, "games": 1, "average": 90.0},
    ]


def test_equal_totals_share_a_rank_and_the_better_average_is_listed_first() -> None:
    rows = standings(
        [GameScore("a", "Ann", 100), GameScore("a", "Ann", 100), GameScore("b", "Bob", 200)]
    )
    assert [(r.rank, r.name, r.games) for r in rows] == [(1, "Bob", 1), (1, "Ann", 2)]


@given(
    st.lists(
        st.tuples(st.sampled_from("abcde"), st.integers(min_value=-500, max_value=500)), max_size=40
    )
)
def test_standings_add_up(entries: list[tuple[str, int]]) -> None:
    """W14: each player's total and games are the sums of their entries; ranks never fall."""
    rows = standings(GameScore(p, p.upper(), s) for p, s in entries)
    for row in rows:
        mine = [s for p, s in entries if p == row.player]
        assert (row.total, row.games) == (sum(mine), len(mine))
        assert row.average == pytest.approx(sum(mine) / len(mine))
    assert [r.rank for r in rows] == sorted(r.rank for r in rows)
    assert all(a.total >= b.total for a, b in itertools.pairwise(rows))
