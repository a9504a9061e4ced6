"""One result shape for every game: winners (one or several), places, scores and their unit.

    {"winners": [2], "standings": [2, 0, 1], "places": [2, 3, 1],
     "scores": [0, 0, 3000], "unit": "chips", "rounds": 14, ...game extras}

`standings` lists seats from first to last; `places` gives each seat its place (1 is first;
seats that tie share a place, as in a shared victory). `rounds` counts the rounds (hands, deals)
played. Clients show results from these keys alone; a game may add keys of its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, TypedDict

from pokerhall.engine.events import JSON


def game_result(
    *,
    places: Sequence[int],
    scores: Sequence[int | float],
    unit: str,
    rounds: int,
    **extra: Any,
) -> JSON:
    """Build the result from each seat's place (1 = first, ties share); winners hold place 1."""
    if not places or min(places) != 1:
        raise ValueError("somebody must be first")
    standings = sorted(range(len(places)), key=lambda seat: (places[seat], seat))
    return {
        "winners": [seat for seat in standings if places[seat] == 1],
        "standings": standings,
        "places": list(places),
        "scores": list(scores),
        "unit": unit,
        "rounds": rounds,
        **extra,
    }


def places_from_standings(
    standings: Sequence[int], tied: Sequence[Sequence[int]] = ()
) -> list[int]:
    """Each seat's place from an order of seats; seats in one group of `tied` share a place."""
    place = [0] * len(standings)
    group_of = {seat: tuple(group) for group in tied for seat in group}
    for index, seat in enumerate(standings):
        group = group_of.get(seat)
        first = min(standings.index(s) for s in group) if group else index
        place[seat] = first + 1
    return place


RESULT_KEYS = ("winners", "standings", "places", "scores", "unit", "rounds")


class GameOver(TypedDict):
    """The public `game_over` event: the result (`game_result`). A game whose result has keys of
    its own declares its `game_over` as a subclass with them."""

    type: Literal["game_over"]
    winners: list[int]
    standings: list[int]
    places: list[int]
    scores: list[int | float]
    unit: str
    rounds: int
