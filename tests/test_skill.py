"""The rating model (`pokerhall/skill.py`): openskill's Plackett-Luce over a table's
places, the figure shown, and the work-around for openskill 6.2's ties (issue #155)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from pokerhall import skill as model
from pokerhall.skill import NEWCOMER, Skill, displayed, rate


def test_a_newcomer_shows_1000_and_the_figure_is_mu_minus_three_sigma() -> None:
    assert displayed(NEWCOMER) == 1000
    assert displayed(Skill(30.0, 2.0)) == 1000 + 40 * 24


def test_the_winner_gains_and_the_last_loses() -> None:
    after = rate([NEWCOMER] * 3, [1, 2, 3])
    assert after[0].mu > NEWCOMER.mu > after[2].mu
    assert after[0].mu > after[1].mu > after[2].mu
    assert all(s.sigma < NEWCOMER.sigma for s in after)


def test_equal_players_who_tie_stay_equal() -> None:
    after = rate([NEWCOMER, NEWCOMER], [1, 1])
    assert after[0] == after[1]
    assert after[0].mu == pytest.approx(NEWCOMER.mu)


def test_tied_winners_never_end_below_a_seat_that_placed_after_them() -> None:
    """Upstream issue #155: openskill 6.2 given ranks [0, 0, 1, 2, 3] rates the third seat above
    the two tied winners; broken into rotated strict places, the winners stay on top."""
    after = rate([NEWCOMER] * 5, [1, 1, 3, 4, 5])
    assert after[0].mu == pytest.approx(after[1].mu)
    assert after[1].mu > after[2].mu > after[3].mu > after[4].mu
    middle = rate([NEWCOMER] * 4, [1, 2, 2, 4])
    assert middle[1].mu == pytest.approx(middle[2].mu)
    assert middle[0].mu > middle[1].mu > middle[3].mu


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError, match="one place per seat"):
        rate([NEWCOMER, NEWCOMER], [1])
    with pytest.raises(ValueError, match="two seats"):
        rate([NEWCOMER], [1])


def test_ratings_converge_on_the_players_known_order() -> None:
    """Eight simulated players of known skill (0 < 1 < ... < 7) play 1,200 tables of three or
    four seats; a seat's showing is its skill plus noise (sd 1.5, rounded, so ties happen) and
    the places follow the showings. The ratings end in the skills' order."""
    rng = random.Random(2026)
    true_skill = list(range(8))
    skills = [NEWCOMER] * len(true_skill)
    ties = 0
    for _ in range(1200):
        players = rng.sample(range(len(true_skill)), rng.choice((3, 4)))
        showing = [round(true_skill[p] + rng.gauss(0, 1.5)) for p in players]
        places = [1 + sum(other > mine for other in showing) for mine in showing]
        ties += len(set(places)) < len(places)
        after = rate([skills[p] for p in players], places)
        for player, skill in zip(players, after, strict=True):
            skills[player] = skill
    assert ties > 100  # the tie path is exercised
    by_rating = sorted(range(len(true_skill)), key=lambda p: skills[p].ordinal)
    assert by_rating == sorted(range(len(true_skill)), key=lambda p: true_skill[p])


def test_the_model_imports_nothing_of_ours() -> None:
    """Layer 3 (ARCHITECTURE.md): the server and the arena share it, so it needs neither."""
    source = Path(model.__file__).read_text("utf-8")
    assert re.findall(r"^\s*(?:from|import)\s+pokerhall\b.*$", source, re.MULTILINE) == []
