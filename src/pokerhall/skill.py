"""A player's skill at one game and ruleset: openskill's Plackett-Luce model over the places of
a table, with the number people are shown.

Every account starts at openskill's default (mu 25, sigma 25/3). A table is one free-for-all:
each seat a team of one, ranked by its place. The figure shown is `displayed`:
1000 + 40 * (mu - 3 sigma), rounded, so a newcomer shows 1000 and it grows as the model grows
sure of a good player (the cautious mu - 3 sigma, which the leaderboard sorts by).

Ties work around openskill 6.2's tie handling (upstream issue #155): given tied ranks, its
Plackett-Luce update can leave the tied seats below a seat that placed after them. So ties are
never passed to it: each tied group is broken into strict places in every rotation of the
group (as many runs as the least common multiple of the groups' sizes, so every tied seat
takes every place of its group equally often), and each seat's new mu and sigma are its means
over the runs. Two equal players who tie stay equal, and a tied seat never ends below a seat
that placed after it when the ratings before were equal.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

BASE = 1000
"""The displayed rating of a newcomer (mu - 3 sigma = 0)."""
SCALE = 40
"""Displayed points per unit of mu - 3 sigma."""

_MODEL = PlackettLuce()


@dataclass(frozen=True, slots=True)
class Skill:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The cautious estimate, mu - 3 sigma: what the leaderboard sorts by."""
        return self.mu - 3 * self.sigma


NEWCOMER = Skill(_MODEL.mu, _MODEL.sigma)


def displayed(skill: Skill) -> int:
    """The rating shown beside a name: 1000 + 40 * (mu - 3 sigma), rounded."""
    return round(BASE + SCALE * skill.ordinal)


def rate(skills: Sequence[Skill], places: Sequence[int]) -> list[Skill]:
    """Each seat's skill after a table where seat i held `skills[i]` and finished `places[i]`
    (1 is first; seats that tie share a place). A table needs two seats or more."""
    if len(skills) != len(places):
        raise ValueError("one place per seat")
    if len(skills) < 2:
        raise ValueError("a rated table has two seats or more")
    runs = [_strict(places, turn) for turn in range(_rotations(places))]
    totals: list[list[Skill]] = [[] for _ in skills]
    for ranks in runs:
        teams = [[_MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in skills]
        for seat, team in enumerate(_MODEL.rate(teams, ranks=[float(r) for r in ranks])):
            totals[seat].append(Skill(team[0].mu, team[0].sigma))
    return [
        Skill(statistics.fmean(s.mu for s in runs_of), statistics.fmean(s.sigma for s in runs_of))
        for runs_of in totals
    ]


def _groups(places: Sequence[int]) -> dict[int, list[int]]:
    """The seats of each place, in seat order."""
    groups: dict[int, list[int]] = {}
    for seat, place in enumerate(places):
        groups.setdefault(place, []).append(seat)
    return groups


def _rotations(places: Sequence[int]) -> int:
    return math.lcm(*(len(seats) for seats in _groups(places).values()))


def _strict(places: Sequence[int], turn: int) -> list[int]:
    """Strict ranks (1 first, no two equal) from places, each tied group rotated `turn` times."""
    ranks = [0] * len(places)
    rank = 1
    for _place, seats in sorted(_groups(places).items()):
        for offset in range(len(seats)):
            ranks[seats[(offset + turn) % len(seats)]] = rank + offset
        rank += len(seats)
    return ranks
