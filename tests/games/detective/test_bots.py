"""Detective Poker bots (docs/rules/detective.md X5-X7, X10): they play legal bets from their
own view, read only what the view shows, and the stronger ones find the best hand."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from pokerhall import games
from pokerhall.cards import Card
from pokerhall.games.detective.actions import NO_CARD
from pokerhall.games.detective.bots.estimate import chances, read_chances
from pokerhall.games.detective.bots.planner import plan
from pokerhall.games.detective.bots.reads import Reads, picks

from .helpers import new_hand, play_bets


@pytest.mark.parametrize("kind", ["random", "sampler", "expert"])
def test_every_bot_plays_legal_bets_to_the_end(kind: str) -> None:
    game = games.create("detective", 4, {"expert": kind == "expert"}, seed=3)
    bots = {s: games.make_bot("detective", kind, s) for s in range(4)}
    while not game.over:
        seat, prompt = next(iter(game.pending().items()))
        game.act(seat, bots[seat].choose(game.view(seat), prompt))  # IllegalMove would fail
    assert game.result is not None


def test_the_default_bot_decides_within_50_ms() -> None:
    """The default bot is the strongest that keeps a decision near 50 ms (bench/README.md)."""
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


def test_x10_the_expert_reads_its_forehead_card_from_the_others_bets() -> None:
    """The others see seat 0's forehead card (X10), so their bets on its board make a strong
    forehead likelier and their bets elsewhere a weak one; `chances` alone cannot tell."""
    game = games.create("detective", 3, seed=1)
    hand, _ = new_hand("7s 8h 9d", "Ac 8c 8d", "2s 5h Td Jc 3c")
    play_bets(hand, [(0, 1, NO_CARD), (0, 1, NO_CARD)])  # seats 1 and 2 bet on seat 0's board
    game.hand = hand  # type: ignore[attr-defined]
    on_me = game.view(0)
    plain, _ = chances(on_me, 2000, random.Random(2))
    read, _ = read_chances(on_me, 2000, random.Random(2), Reads())
    assert read[0] > plain[0] + 0.1
    hand, _ = new_hand("7s 8h 9d", "Ac 8c 8d", "2s 5h Td Jc 3c")
    play_bets(hand, [(1, 1, NO_CARD), (1, 1, NO_CARD)])  # both on seat 1's board instead
    game.hand = hand  # type: ignore[attr-defined]
    elsewhere, _ = read_chances(game.view(0), 2000, random.Random(2), Reads())
    assert elsewhere[0] < plain[0] - 0.05


def test_x10_a_player_who_always_bets_on_its_own_board_is_not_believed() -> None:
    """Seat 1 bets on the board that looks best from what it sees, seat 2 always on its own:
    after a few scored hands the expert believes seat 1's bets, and seat 2's hardly at all."""
    game = games.create("detective", 3, seed=4)
    reads = Reads()

    def follower(view: dict[str, Any]) -> int:
        me = view["seat"]
        cards = [
            Card(view["you"]["private"] if p["seat"] == me else p["forehead"])
            for p in view["players"]
        ]
        community = [Card(c) for c in view["hand"]["community"]]
        return min(picks(cards, community))

    while not game.over and game.view(None)["hand"]["number"] <= 6:
        seat, _ = next(iter(game.pending().items()))
        view = game.view(seat)
        if seat == 0:
            reads.observe(view)
        board = {0: 0, 1: follower(view), 2: 2}[seat]
        game.act(seat, {"type": "bet", "board": board, "chips": 1, "card": NO_CARD})
    assert reads.bets[1] >= 12
    assert reads.bets[2] >= 12
    assert reads.trust(1, 3) > 0.7
    assert reads.trust(2, 3) < 0.35
