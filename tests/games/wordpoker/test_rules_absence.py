"""W12 for a seated player who does not come (docs/rules/wordpoker.md): the turn clock makes
every move of theirs in a whole deal (moves marked `timed_out`, `engine.protocol.TIMED_OUT`),
so they forfeit that deal; they keep what they had before, and are back with a move of their
own. An unmarked default move (the clock of an excused player) is a move like any other."""

from __future__ import annotations

from typing import Any

import pytest

from pokerhall import games
from pokerhall.engine.errors import IllegalMove
from pokerhall.engine.protocol import TIMED_OUT
from pokerhall.engine.registry import replay
from pokerhall.games.wordpoker.state import WordPoker

MINI = {"lexicon": "mini"}


def start(count: int, **options: Any) -> WordPoker:
    game = games.create("wordpoker", count, {**MINI, **options}, seed=4)
    assert isinstance(game, WordPoker)
    return game


def clock(game: WordPoker, seat: int) -> None:
    """What the server's turn clock sends for a player with no excuse."""
    game.act(seat, {**game.default_move(seat), TIMED_OUT: True})


def play_deal(game: WordPoker, absent: set[int], *, marked: bool = True) -> None:
    """One deal: the seats in `absent` leave every move to the clock, the others stay, call
    without exchanging and lay no word."""
    number = game.deal.number
    while not game.over and game.deal.number == number:
        seat = min(game.pending())
        if seat in absent and marked:
            clock(game, seat)
        elif seat in absent:
            game.act(seat, game.default_move(seat))
        else:
            kind = game.pending()[seat]["type"]
            game.act(
                seat,
                {"declare": {"type": "stay"}, "respond": {"type": "call"}}.get(
                    kind, {"type": "no_word"}
                ),
            )


def test_w12_who_lets_the_clock_play_a_whole_deal_forfeits_it() -> None:
    game = start(3)
    play_deal(game, {1})
    absent = [e for e in game.events if e.type == "absent"]
    assert [e.data for e in absent] == [{"seat": 1, "deal": 1, "points": 5}]
    result = game.results[0]
    assert 1 not in result["winners"]
    assert [w["seat"] for w in result["words"]] == [0, 2]
    # the two who came share the pot of all three antes; seat 1 lost its ante, no more
    assert result["pot"] == 15
    assert game.points == [100 + 2, 95, 100 + 2]
    assert game.carry == 1
    assert game.penalties == [0, 0, 0]


def test_w12_every_deal_missed_costs_its_ante_until_the_player_is_back() -> None:
    game = start(2)
    for _ in range(3):
        play_deal(game, {0})
    assert game.points == [85, 115]
    assert [e.data["deal"] for e in game.events if e.type == "absent"] == [1, 2, 3]
    play_deal(game, set())  # a move of their own: they came to deal 4
    assert [e.data["deal"] for e in game.events if e.type == "absent"] == [1, 2, 3]
    assert game.points == [85, 115]
    assert not game.over
    assert game.still_in(0)


def test_w12_one_move_of_their_own_in_a_deal_is_coming_to_it() -> None:
    game = start(2, deals=1)
    game.act(0, {"type": "stay"})  # their own move; the clock makes the rest
    game.act(1, {"type": "stay"})
    while not game.over:
        seat = min(game.pending())
        if seat == 0:
            clock(game, seat)
        else:
            game.act(seat, game.default_move(seat))
    assert not [e for e in game.events if e.type == "absent"]
    assert game.results[0]["winners"] == [0, 1]


def test_w12_an_excused_players_default_moves_forfeit_nothing() -> None:
    """The server leaves the mark off the clock's moves for an excused player."""
    game = start(2)
    play_deal(game, {0}, marked=False)
    assert not [e for e in game.events if e.type == "absent"]
    assert game.points == [100, 100]


def test_w12_an_absent_last_player_takes_no_pot() -> None:
    """The others all pass at once: the absent player is left, but did not come, so the pot
    nobody is left for goes to the next deal (W9)."""
    game = start(3, deals=2)
    game.act(0, {"type": "pass"})
    clock(game, 1)
    game.act(2, {"type": "pass"})
    assert game.results[0]["winners"] == []
    assert game.carry == 15
    assert game.points == [95, 95, 95]


def test_w12_an_absent_player_never_goes_below_nothing() -> None:
    """Unlike resigning, no later antes are deducted in advance: an absent player pays each
    deal's ante as it comes, and is bankrupt (W11) once they cannot."""
    game = start(2, points=12)
    play_deal(game, {1})
    play_deal(game, {1})
    assert game.points[1] == 2
    assert game.over
    assert game.result is not None
    assert game.result["bankrupt"] == [1]
    assert game.result["scores"] == [22, 2]


def test_w12_who_resigns_after_time_outs_forfeits_once_as_one_who_resigns() -> None:
    game = start(3, deals=2)
    clock(game, 1)
    game.act(1, {"type": "resign"})
    play_deal(game, set())
    assert not [e for e in game.events if e.type == "absent"]
    assert [e.data["seat"] for e in game.events if e.type == "forfeited"] == [1]


def test_w12_the_mark_is_recorded_and_replayed() -> None:
    game = start(2)
    play_deal(game, {1})
    record = game.record()
    assert any(move.get(TIMED_OUT) is True for _seat, move in record.moves)
    again = replay(record)
    assert isinstance(again, WordPoker)
    assert again.points == game.points
    assert [e.data for e in again.events if e.type == "absent"] == [
        e.data for e in game.events if e.type == "absent"
    ]


@pytest.mark.parametrize("flag", [False, 1, "yes", None])
def test_w12_a_mark_other_than_true_is_refused_and_changes_nothing(flag: object) -> None:
    game = start(2)
    before = game.view(None), game.state_id
    with pytest.raises(IllegalMove, match="timed_out"):
        game.act(0, {"type": "stay", TIMED_OUT: flag})
    assert (game.view(None), game.state_id) == before


def test_w12_a_resign_cannot_be_marked() -> None:
    game = start(2)
    with pytest.raises(IllegalMove, match="resign move is just"):
        game.act(0, {"type": "resign", TIMED_OUT: True})
