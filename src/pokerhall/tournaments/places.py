"""Places: players out in the same hand (T5) and places from a final order with ties (T12).

Places are competition places: players who share a place take the best of the places they
cover and the next place is skipped (1, 2, 2, 4), so the places always form 1..N in that sense.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def bust_places(started_with: Mapping[str, int], remaining: int) -> dict[str, int]:
    """T5: the places of the players out in one hand, with `remaining` players in the
    tournament before it (them included): whoever started the hand with more chips places
    higher; equal chips share a place."""
    out = sorted(started_with, key=lambda name: -started_with[name])
    first = remaining - len(out) + 1
    places: dict[str, int] = {}
    for index, name in enumerate(out):
        before = [other for other in out[:index] if started_with[other] == started_with[name]]
        places[name] = places[before[0]] if before else first + index
    return places


def places_by_key(order: Sequence[str], key: Mapping[str, object]) -> dict[str, int]:
    """Competition places of `order` (best first): players with equal keys share a place."""
    places: dict[str, int] = {}
    for index, name in enumerate(order):
        if index and key[order[index - 1]] == key[name]:
            places[name] = places[order[index - 1]]
        else:
            places[name] = index + 1
    return places


def are_competition_places(places: Sequence[int]) -> bool:
    """Whether `places` are 1..N as competition places: a place p is held by players only when
    exactly p - 1 players hold better ones."""
    ordered = sorted(places)
    return all(place == ordered.index(place) + 1 for place in ordered)
