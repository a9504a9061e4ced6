"""Properties of random legal play (hypothesis), docs/rules/detective.md: the points add up
(X7, X6, X9 recomputed here from the cards, independently of the game's scoring code), every
hand spends 4 to 7 chips per seat (X5), and bad input changes nothing."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerhall import games
from pokerhall.cards import Card, rank_hand
from pokerhall.engine.errors import IllegalMove
from pokerhall.engine.prompts import random_move
from pokerhall.engine.protocol import Game

SIZES = {"preflop": 0, "flop": 3, "turn": 4, "river": 5}


def expected_points(
    data: dict[str, Any], hands: list[dict[str, Any]], community: list[str], n: int, expert: bool
) -> list[int]:
    """X7/X6/X9 by hand: rank every seat's cards, then each bet of the street."""
    board = [Card(c) for c in community[: SIZES[data["street"]]]]
    ranks = [rank_hand([Card(h["private"]), Card(h["forehead"]), *board]) for h in hands]
    out = [0] * n
    for bet in data["bets"]:
        target = (bet["board"] + 1) % n if bet["card"] == "clockwise" else bet["board"]
        if bet["card"] == "bluff":
            right = all(ranks[target] <= r for r in ranks)
        else:
            right = all(ranks[target] >= r for r in ranks)
        if right:
            out[bet["seat"]] += bet["chips"] + (bet["card"] == "+1")
        elif expert and bet["card"] == "+1":
            out[bet["seat"]] -= 1
    return out


def play_randomly(game: Game[Any], rng: random.Random) -> None:
    while not game.over:
        seat, prompt = next(iter(game.pending().items()))
        game.act(seat, random_move(prompt, rng))


@settings(max_examples=60)
@given(st.integers(0, 2**32), st.sampled_from([3, 4]), st.booleans())
def test_points_add_up(seed: int, count: int, expert: bool) -> None:
    game = games.create("detective", count, {"expert": expert}, seed=seed)
    play_randomly(game, random.Random(seed))
    totals = [0] * count
    hands: list[dict[str, Any]] = []
    community: list[str] = []
    spent = [0] * count
    for event in game.events:
        d = dict(event.data)
        if event.type == "street_started":
            community = d["community"]
        elif event.type == "bet":
            spent[d["seat"]] += d["chips"]
        elif event.type == "cards_revealed":
            hands = d["hands"]
        elif event.type == "street_scored":
            points = expected_points(d, hands, community, count, expert)
            scored = [0] * count
            for bet in d["bets"]:
                scored[bet["seat"]] += bet["points"]
            assert scored == points
            totals = [t + p for t, p in zip(totals, points, strict=True)]
        elif event.type == "hand_scored":
            assert all(4 <= s <= 7 for s in spent)  # X5
            spent = [0] * count
    assert game.result is not None
    assert game.result["scores"] == totals
    order = sorted(range(count), key=lambda s: -totals[s])
    assert totals[game.result["standings"][0]] == totals[order[0]]  # X8: most points first


def snapshot(game: Game[Any]) -> str:
    seats: list[int | None] = [None, *range(game.num_seats)]
    return json.dumps([game.view(s) for s in seats] + [len(game.events)], sort_keys=True)


BAD_MOVES: list[tuple[Any, str]] = [
    ({"type": "fold"}, "every turn is a bet"),
    ({"type": "bet", "board": 0}, "bet 1 to 3 chips"),
    ({"type": "bet", "board": 0, "chips": 1, "card": 7}, "card must be"),
    ({"type": "bet", "board": 0, "chips": 1, "extra": 1}, "not extra"),
    ({"type": "bet", "chips": 1}, "board must be the seat"),
]


@pytest.mark.parametrize(("move", "reason"), BAD_MOVES)
def test_bad_bets_are_refused_with_a_reason_and_change_nothing(move: Any, reason: str) -> None:
    """X5 at the boundary: IllegalMove names what is wrong; the state stays as it was."""
    game = games.create("detective", 3, seed=5)
    seat = next(iter(game.pending()))
    before = snapshot(game)
    with pytest.raises(IllegalMove, match=reason):
        game.act(seat, move)
    with pytest.raises(IllegalMove, match="not seat"):
        game.act((seat + 1) % 3, {"type": "bet", "board": 0, "chips": 1})
    assert snapshot(game) == before


def test_the_default_move_is_one_chip_on_ones_own_board_without_a_card() -> None:
    """The time-out move (docs/games/detective.md): the smallest legal bet, own board, no card."""
    game = games.create("detective", 4, seed=5)
    for _ in range(16):
        seat = next(iter(game.pending()))
        assert game.default_move(seat) == {"type": "bet", "board": seat, "chips": 1, "card": ""}
        game.act(seat, random_move(game.pending()[seat], random.Random(seat)))
