"""Ratings of the arena's bots: openskill's Plackett-Luce model, fed each game's places.

Every bot starts at openskill's default (mu 25, sigma 25/3) and the games are rated in their
order, so a run's ratings are as reproducible as its games. Each seat is a team of one, ranked by
its place (ties share a rank); a bot with several seats in one game is rated as that many
players with its rating, and its new rating is their mean (mu and sigma). `ordinal` is
mu - 3 sigma, the cautious figure the arena sorts by.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from pokerhall.arena.play import Outcome


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


def rate(outcomes: Sequence[Outcome], bots: int) -> list[Rating]:
    """Each bot's rating after every game, in the outcomes' order."""
    model = PlackettLuce()
    first = model.rating()
    ratings = [Rating(first.mu, first.sigma) for _ in range(bots)]
    for outcome in outcomes:
        teams = [
            [model.rating(mu=ratings[bot].mu, sigma=ratings[bot].sigma)] for bot in outcome.seating
        ]
        rated = model.rate(teams, ranks=[float(place) for place in outcome.places])
        new: dict[int, list[Rating]] = {}
        for bot, team in zip(outcome.seating, rated, strict=True):
            new.setdefault(bot, []).append(Rating(team[0].mu, team[0].sigma))
        for bot, seats in new.items():
            ratings[bot] = Rating(
                statistics.fmean(r.mu for r in seats), statistics.fmean(r.sigma for r in seats)
            )
    return ratings
