"""Ratings of the arena's bots: the hall's rating model (`pokerhall.skill`: openskill's
Plackett-Luce over each game's places, ties worked around as for people's ratings), fed the
games in their order, so a run's ratings are as reproducible as its games.

Every bot starts as a newcomer (mu 25, sigma 25/3). A bot with several seats in one game is
rated as that many players with its rating, and its new rating is their mean (mu and sigma).
`ordinal` is mu - 3 sigma, the cautious figure the arena sorts by.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence

from pokerhall.arena.play import Outcome
from pokerhall.skill import NEWCOMER, Skill
from pokerhall.skill import rate as rate_table


def rate(outcomes: Sequence[Outcome], bots: int) -> list[Skill]:
    """Each bot's rating after every game, in the outcomes' order."""
    ratings = [NEWCOMER] * bots
    for outcome in outcomes:
        after = rate_table([ratings[bot] for bot in outcome.seating], outcome.places)
        seats: dict[int, list[Skill]] = {}
        for bot, skill in zip(outcome.seating, after, strict=True):
            seats.setdefault(bot, []).append(skill)
        for bot, rated in seats.items():
            ratings[bot] = Skill(
                statistics.fmean(s.mu for s in rated), statistics.fmean(s.sigma for s in rated)
            )
    return ratings
