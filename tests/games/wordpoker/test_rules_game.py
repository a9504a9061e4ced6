"""A game of Slovní poker at one table (docs/rules/wordpoker.md W1, W2, W11-W14)."""

from __future__ import annotations

from typing import Any

import pytest

from pokerhall import games
from pokerhall.engine.errors import IllegalMove, InvalidOptions
from pokerhall.games.wordpoker.state import WordPoker

MINI = {"lexicon": "mini"}


def start(count: int, **options: Any) -> WordPoker:
    game = games.create("wordpoker", count, {**MINI, **options}, seed=4)
    assert isinstance(game, WordPoker)
    return game


def answer_all(
    game: WordPoker, move: dict[str, Any], but: dict[int, dict[str, Any]] | None = None
) -> None:
    for seat in list(game.pending()):
        game.act(seat, (but or {}).get(seat, move))


@pytest.mark.parametrize("count", [1, 6])
def test_w1_two_to_five_players_at_a_table(count: int) -> None:
    with pytest.raises(InvalidOptions, match="2 to 5"):
        games.create("wordpoker", count, MINI, seed=1)
    for ok in (2, 5):
        assert start(ok).num_seats == ok


def test_w2_ten_deals_from_a_hundred_points() -> None:
    game = start(2)
    assert game.points == [100, 100]
    assert len(game.stakes) == 10
    view = game.view(0)
    assert view["deals"] == 10
    assert view["deal"]["number"] == 1
    for _ in range(10):
        for move in ({"type": "stay"}, {"type": "call", "exchange": []}) * 2:
            answer_all(game, move)
        answer_all(game, {"type": "no_word"})
    assert game.over
    result = game.result
    assert result is not None
    assert result["rounds"] == 10
    assert result["scores"] == [100, 100]


def test_w11_a_player_who_cannot_pay_the_ante_is_bankrupt() -> None:
    game = start(3, points=5)
    answer_all(game, {"type": "stay"}, {0: {"type": "pass"}})
    for move in ({"type": "call", "exchange": []}, {"type": "stay"}, {"type": "call"}):
        answer_all(game, move)
    answer_all(game, {"type": "no_word"})
    bankrupt = [e for e in game.events if e.type == "bankrupt"]
    assert [e.data["seat"] for e in bankrupt] == [0]
    assert game.deal.number == 2
    assert not game.deal.ledger.playing[0]
    assert game.view(None)["players"][0]["status"] == "bankrupt"
    assert not game.still_in(0)
    with pytest.raises(IllegalMove, match="out of the game"):
        game.act(0, {"type": "resign"})


def test_w12_who_leaves_forfeits_the_deals_left_and_their_antes() -> None:
    game = start(3)
    game.act(1, {"type": "raise", "amount": 2})  # sealed, then withdrawn
    events = game.act(1, {"type": "resign"})
    forfeited = next(e for e in events if e.type == "forfeited")
    later = 5 + 5 + 10 * 3 + 20 * 3 + 30
    assert forfeited.data == {"seat": 1, "deals": 9, "points": later}
    assert game.balance(1) == 95 - later
    assert sorted(game.pending()) == [0, 2]
    while not game.over:
        answer_all(
            game,
            {"type": "stay"}
            if game.deal.phase == "declare"
            else game.default_move(next(iter(game.pending()))),
        )
    result = game.result
    assert result is not None
    assert result["scores"][1] == 95 - later
    assert result["penalties"][1] == later
    assert result["places"][1] == 3
    assert sum(result["scores"]) + result["unawarded"] + later == 300


def test_w12_a_no_show_resigning_at_once_ends_a_heads_up_game() -> None:
    game = start(2)
    game.act(0, {"type": "resign"})
    assert game.over
    result = game.result
    assert result is not None
    assert result["winners"] == [1]
    assert result["scores"] == [95 - 130, 105]


def test_w13_every_game_at_a_table_starts_with_fresh_points() -> None:
    one, two = start(2, points=100), start(2, points=100)
    one.act(0, {"type": "resign"})
    assert two.points == [100, 100]
    assert two.view(0)["players"][0]["points"] == 95


def test_w14_the_result_gives_each_players_final_points_for_the_league_table() -> None:
    """W14 (the league is later work) sums each game's final points: the result's scores."""
    game = start(2, deals=1)
    for move in ({"type": "stay"}, {"type": "call"}) * 2:
        answer_all(game, move)
    answer_all(game, {"type": "no_word"})
    result = game.result
    assert result is not None
    assert result["unit"] == "points"
    assert result["scores"] == [p["points"] for p in game.view(None)["players"]]


def test_the_lexicon_and_letters_are_pinned_in_the_record() -> None:
    game = start(2)
    content = game.record().content
    assert content["lexicon"].startswith("sha256:")
    assert content["letters"].startswith("sha256:")
