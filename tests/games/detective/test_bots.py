"""Detective Poker bots (docs/rules/detective.md X5-X7, X10): they play legal bets from their
own view, read only what the view shows, and the stronger ones find the best hand."""

from __future__ import annotations

import random
import time

import pytest

from pokerhall import games
from pokerhall.games.detective.bots.estimate import chances
from pokerhall.games.detective.bots.planner import plan

from .helpers import new_hand


@pytest.mark.parametrize("kind", ["random", "sampler", "expert"])
def test_every_bot_plays_legal_bets_to_the_end(kind: str) -> None:
    game = games.create("detective", 4, {"expert": kind == "expert"}, seed=3)
    bots = {s: games.make_bot("detective", kind, s) for s in range(4)}
    while not game.over:
        seat, prompt = next(iter(game.pending().items()))
        game.act(seat, bots[seat].choose(game.view(seat), prompt))  # IllegalMove would fail
    assert game.result is not None


def test_the_default_bot_decides_within_50_ms() -> None:
    """The default bot is the strongest that keeps a decision near 50 ms (docs/protocol.md)."""
    info = games.info("detective")
    assert info.default_bot == "expert"
    game = games.create("detective", 4, seed=8)
    bot = games.make_bot("detective", info.default_bot, 1)
    seat, prompt = next(iter(game.pending().items()))
    view = game.view(seat)
    started = time.process_time()
    for _ in range(5):
        bot.choose(view, prompt)
    assert (time.process_time() - started) / 5 < 0.2  # generous: a shared machine


def test_x7_the_chances_follow_the_cards_the_seat_sees() -> None:
    """Seat 0 sees seat 1's Ace and seat 2's deuce on the river board below: seat 1 is likelier
    best, seat 2 likelier worst. The bot's own forehead card is among the unknowns (X10)."""
    game = games.create("detective", 3, seed=1)
    hand, _ = new_hand("Ks Kh 3d", "Qd Ac 2c", "9s 5s 3h Jc 4s")
    game.hand = hand  # type: ignore[attr-defined]
    view = game.view(0)
    best, worst = chances(view, 400, random.Random(1))
    assert abs(sum(best) - 1) < 0.2  # ties count every tied seat
    assert best[1] > best[2]
    assert worst[2] > worst[1]


def test_the_planner_spends_extra_chips_on_a_near_certain_river_and_plays_plus_one() -> None:
    """X5/X6: on the river nothing is kept for later, so +1 and the spare chips go on."""
    choice = plan(
        seat=0,
        best=[0.05, 0.9, 0.05],
        worst=[0.5, 0.0, 0.5],
        street=3,
        chips_left=3,
        max_chips=3,
        cards=["+1", "bluff"],
        expert=False,
    )
    assert (choice.board, choice.chips, choice.card) == (1, 3, "+1")


def test_the_planner_bluffs_on_a_sure_worst_hand() -> None:
    choice = plan(
        seat=0,
        best=[0.34, 0.33, 0.33],
        worst=[0.0, 0.0, 1.0],
        street=3,
        chips_left=1,
        max_chips=1,
        cards=["bluff"],
        expert=True,
    )
    assert (choice.board, choice.card) == (2, "bluff")
