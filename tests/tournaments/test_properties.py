"""Invariants of the poker formats under hypothesis (docs/rules/tournaments.md): chips are
conserved across every hand and move (T8), every registered player is seated at exactly one
table or has a place, tables between hands differ by one player at most (T3), levels never go
down (T9), and the places at the end form 1..N (T5, T11); with late players joining (T7).
Also the places of players out in one hand (T5) and the prize table (T10)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerhall.tournaments import new_director
from pokerhall.tournaments.places import are_competition_places, bust_places
from pokerhall.tournaments.play import fill, play_game
from pokerhall.tournaments.poker import PokerDirector
from pokerhall.tournaments.prizes import prize_points, shares
from pokerhall.tournaments.rounds import RoundsDirector

from .helpers import PALACE_MTT, check_balanced, check_finished, check_poker


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    entrants=st.integers(2, 40),
    table_size=st.integers(2, 10),
    stack=st.integers(4, 60),
    hands_per_level=st.integers(1, 4),
    late=st.integers(0, 3),
    late_players=st.integers(0, 8),
)
def test_t3_t5_t8_t9_invariants_hold_after_every_hand(
    seed: int,
    entrants: int,
    table_size: int,
    stack: int,
    hands_per_level: int,
    late: int,
    late_players: int,
) -> None:
    config = {
        **PALACE_MTT,
        "seed": seed,
        "table_size": table_size,
        "capacity": 60,
        "starting_stack": stack,
        "hands_per_level": hands_per_level,
        "late_registration_level": late,
    }
    director = new_director(config)
    assert isinstance(director, PokerDirector)
    fill(director, entrants)
    director.start()
    levels = [director.level]
    joined = 0
    while director.status == "running":
        specs = director.next_games()
        check_balanced(director)  # every table between hands, just balanced
        assert specs
        for spec in specs:
            director.report(spec.id, play_game(spec, {}.fromkeys(spec.players, "random")))
            check_poker(director)
            levels.append(director.level)
            if director.registration_open() and joined < late_players:
                joined += 1
                director.register(f"Late {joined}")
                check_poker(director)
    assert levels == sorted(levels)
    check_finished(director)


@given(st.dictionaries(st.text(min_size=1, max_size=3), st.integers(1, 50), min_size=1))
def test_t5_players_out_together_place_by_their_chips(started: dict[str, int]) -> None:
    remaining = len(started) + 5
    places = bust_places(started, remaining)
    assert set(places) == set(started)
    for a in started:
        for b in started:
            if started[a] > started[b]:
                assert places[a] < places[b]
            if started[a] == started[b]:
                assert places[a] == places[b]
    # together with the five still in (places 1..5 to come), the places form 1..N
    assert are_competition_places([1, 2, 3, 4, 5, *places.values()])


@given(st.lists(st.integers(1, 6), min_size=1, max_size=120))
def test_t10_the_whole_pool_is_paid_and_better_places_get_no_less(raw: list[int]) -> None:
    order = [f"p{i}" for i in range(len(raw))]
    ranked = sorted(raw)
    places: dict[str, int] = {}
    for index, name in enumerate(order):
        same = [o for o in order[:index] if ranked[order.index(o)] == ranked[index]]
        places[name] = places[same[0]] if same else index + 1
    prizes = prize_points(places, order, 100)
    assert sum(prizes.values()) == 100 * len(order)
    for a in order:
        for b in order:
            if places[a] < places[b]:
                assert prizes[a] >= prizes[b] - 1  # a split's odd point at most
    assert sum(shares(len(order))) == 100


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    entrants=st.integers(3, 23),
    table_size=st.integers(3, 4),
    swiss=st.booleans(),
    outcomes=st.randoms(use_true_random=False),
)
def test_t12_t15_every_round_seats_everyone_once_and_places_form_one_to_n(
    seed: int, entrants: int, table_size: int, swiss: bool, outcomes: random.Random
) -> None:
    """Round formats with results drawn at random (ties too): every round each player is in
    exactly one game or has a bye, games have 3 to `table_size` players, the points add up to
    what the games and byes gave, and the final places form 1..N."""
    director = new_director(
        {
            "format": "swiss" if swiss else "round_robin",
            "game": "detective",
            "table_size": table_size,
            "seed": seed,
        }
    )
    assert isinstance(director, RoundsDirector)
    fill(director, entrants)
    director.start()
    given_points = 0.0
    while director.status == "running":
        specs = director.next_games()
        assert specs
        seen = [name for spec in specs for name in spec.players]
        seen += [str(b["player"]) for b in director.byes if b["round"] == director.round]
        assert sorted(seen) == sorted(director.registered)
        for spec in specs:
            assert 3 <= len(spec.players) <= table_size
            places = [outcomes.randint(1, len(spec.players)) for _ in spec.players]
            places = [1 + sum(other < mine for other in places) for mine in places]
            director.report(spec.id, {"places": places})
            given_points += len(spec.players) * (len(spec.players) - 1) / 2
    given_points += sum(float(b["points"]) for b in director.byes)
    assert sum(director.points().values()) == given_points
    check_finished(director)
