"""The `quizpoker` ruleset (seed 000): rules QP1-QP5 of docs/rules/quizpoker.md."""

from __future__ import annotations

from typing import Any

import pytest

from pokerhall import games
from pokerhall.engine.errors import IllegalMove, InvalidOptions

from .driver import (
    GameFactory,
    check_around,
    guess_all,
    legal,
    of_type,
    play,
    set_stacks,
    to_act,
    visible_json,
)

# --- QP1: players and stacks ---------------------------------------------------------------------


@pytest.mark.parametrize("count", [2, 3, 10])
def test_qp1_two_to_ten_players_with_1000_each(new_game: GameFactory, count: int) -> None:
    """QP1: 2-10 players, equal starting stacks of 1,000 by default."""
    game = new_game(count)
    assert [p["stack"] for p in game.view(None)["players"]] == [1000] * count
    assert sorted(game.pending()) == list(range(count))


@pytest.mark.parametrize("count", [1, 11])
def test_qp1_other_player_counts_are_refused(mini_pack: Any, count: int) -> None:
    """QP1: fewer than 2 or more than 10 players cannot start a game."""
    with pytest.raises(InvalidOptions, match="2 to 10 players"):
        games.create("quizpoker", count, {"questions": "mini.en"}, seed=1)


def test_qp1_starting_stack_is_an_option(new_game: GameFactory) -> None:
    """QP1: the equal starting stack can be set per table."""
    game = new_game(4, starting_stack=2500)
    assert {p["stack"] for p in game.view(None)["players"]} == {2500}


# --- QP2: minimum raise --------------------------------------------------------------------------


def betting_game(new_game: GameFactory, rule: str) -> Any:
    game = new_game(3, min_raise=rule)
    guess_all(game, {0: "1", 1: "2", 2: "3"})
    return game


@pytest.mark.parametrize(
    ("rule", "after_raise_to_100"),
    [("seed", 200), ("standard", 180)],
)
def test_qp2_minimum_raise_in_round_1(
    new_game: GameFactory, rule: str, after_raise_to_100: int
) -> None:
    """QP2: facing the big blind (20) a raise goes to at least 40 under both rules; after a raise
    to 100 the seed rule wants an increment of the highest bet (100, so to 200) while the
    standard rule wants the last raise again (80, so to 180)."""
    game = betting_game(new_game, rule)
    assert legal(game)["raise"]["min_to"] == 40
    with pytest.raises(IllegalMove, match="smallest raise is to 40"):
        game.act(0, {"type": "raise", "to": 39})
    play(game, (0, "raise", 100))
    assert legal(game)["raise"]["min_to"] == after_raise_to_100
    with pytest.raises(IllegalMove, match=f"smallest raise is to {after_raise_to_100}"):
        game.act(1, {"type": "raise", "to": after_raise_to_100 - 1})
    play(game, (1, "raise", after_raise_to_100))


@pytest.mark.parametrize(("rule", "minimum"), [("seed", 200), ("standard", 170)])
def test_qp2_minimum_raise_in_later_rounds(new_game: GameFactory, rule: str, minimum: int) -> None:
    """QP2: bet 30, raise to 100; the seed rule's next raise adds at least the highest bet (100),
    the standard rule at least the last raise (70)."""
    game = betting_game(new_game, rule)
    check_around(game)
    play(game, (1, "bet", 30))
    assert legal(game)["raise"]["min_to"] == 60  # max(big blind 20, bet 30) / last bet 30
    play(game, (2, "raise", 100))
    assert legal(game)["raise"]["min_to"] == minimum


def test_qp2_seed_is_the_default_rule(new_game: GameFactory) -> None:
    """QP2: the seed's reading is the ruleset default; `standard` is the option."""
    assert new_game(2).options.min_raise == "seed"


# --- QP3: who reveals at the showdown ------------------------------------------------------------

HIDDEN_0 = "95.0000123"
HIDDEN_1 = "80.0000456"


def four_player_showdown(
    new_game: GameFactory, guesses: dict[int, str], round_4: list[tuple[Any, ...]]
) -> tuple[Any, list[Any]]:
    """Four players (button 0; rounds 2-4 are acted 1, 2, 3, 0) check to round 4, then play
    `round_4`."""
    game = new_game(4)
    events = guess_all(game, guesses)
    for _ in range(3):
        events += check_around(game)
    events += play(game, *round_4)
    return game, events


def showdown_result(events: list[Any]) -> list[tuple[int, bool]]:
    return [
        (e.data["seat"], e.type == "guess_shown")
        for e in events
        if e.type in ("guess_shown", "guess_stays_hidden")
    ]


def test_qp3_last_bettor_first_then_only_equal_or_better(new_game: GameFactory) -> None:
    """QP3: the round-4 bettor (seat 2) shows first; clockwise, seat 3 shows an equally good
    guess; seats 0 and 1 are worse and stay face down."""
    guesses = {0: HIDDEN_0, 1: HIDDEN_1, 2: "97", 3: "103"}
    round_4 = [(1, "check"), (2, "bet", 20), (3, "call"), (0, "call"), (1, "call")]
    game, events = four_player_showdown(new_game, guesses, round_4)
    assert of_type(events, "showdown")[0].data["order"] == [2, 3, 0, 1]
    assert showdown_result(events) == [(2, True), (3, True), (0, False), (1, False)]
    summary = game.view(None)["previous_hand"]
    assert summary["shown"] == {"2": "97", "3": "103"}
    assert [a["shares"] for a in summary["awards"]] == [{"2": 80, "3": 80}]


def test_qp3_worse_guesses_are_never_shown_to_anyone(new_game: GameFactory) -> None:
    """QP3: a face-down guess stays secret for the rest of the game: no later view or event of
    another seat or a spectator ever holds it."""
    guesses = {0: HIDDEN_0, 1: HIDDEN_1, 2: "97", 3: "103"}
    round_4 = [(1, "check"), (2, "bet", 20), (3, "call"), (0, "call"), (1, "call")]
    game, _ = four_player_showdown(new_game, guesses, round_4)
    for _ in range(3):  # more hands, so the hidden guesses would have a chance to leak
        guess_all(game, dict.fromkeys(sorted(game.pending()), "50"))
        for _ in range(4):
            check_around(game)
    for seat in (None, 1, 2, 3):
        assert HIDDEN_0 not in visible_json(game, seat)
    for seat in (None, 0, 2, 3):
        assert HIDDEN_1 not in visible_json(game, seat)
    assert HIDDEN_0 in visible_json(game, 0)  # its owner still knows it


def test_qp3_the_last_raiser_reveals_first(new_game: GameFactory) -> None:
    """QP3: with a bet and a raise in round 4, the raiser shows first."""
    guesses = {0: "100", 1: "90", 2: "80", 3: "70"}
    round_4 = [(1, "bet", 20), (2, "call"), (3, "raise", 60), (0, "call"), (1, "call"), (2, "call")]
    _, events = four_player_showdown(new_game, guesses, round_4)
    assert showdown_result(events) == [(3, True), (0, True), (1, False), (2, False)]


def test_qp3_nobody_bet_first_active_left_of_button(new_game: GameFactory) -> None:
    """QP3 [ours]: with no bet in round 4 the first active player left of the button shows first;
    a folded seat there is skipped."""
    game = new_game(4)
    guess_all(game, {0: "100", 1: "90", 2: "80", 3: "110"})
    check_around(game)
    play(game, (1, "bet", 20), (2, "call"), (3, "call"), (0, "call"))
    play(game, (1, "check"), (2, "bet", 20), (3, "call"), (0, "call"), (1, "fold"))
    events = check_around(game)
    assert of_type(events, "showdown")[0].data["order"] == [2, 3, 0]
    assert showdown_result(events) == [(2, True), (3, True), (0, True)]


def test_qp3_everyone_shows_when_someone_is_all_in(new_game: GameFactory) -> None:
    """QP3 [ours]: if anyone is all-in, all guesses still in the hand are shown, worse or not."""
    game = new_game(3)
    set_stacks(game, [1000, 1000, 300])
    guess_all(game, {0: "100", 1: "150", 2: "200"})
    check_around(game)
    play(game, (1, "check"), (2, "all_in"), (0, "call"), (1, "call"))
    events = check_around(game) + check_around(game)
    assert showdown_result(events) == [(1, True), (2, True), (0, True)]
    assert {e.data["seat"]: e.data["value"] for e in of_type(events, "guess_shown")} == {
        0: "100",
        1: "150",
        2: "200",
    }


# --- QP4: odd chips ------------------------------------------------------------------------------


def test_qp4_odd_chips_go_left_of_the_button_first(new_game: GameFactory) -> None:
    """QP4: a 143-chip pot split three ways is 47 each plus 2 odd chips, which go one at a time to
    the tied winners in seat order from the button's left: seats 2 and 3, not 0."""
    game = new_game(4)
    guess_all(game, {0: "90", 1: "50", 2: "110", 3: "90"})
    check_around(game)
    play(game, (1, "check"), (2, "bet", 21), (3, "call"), (0, "call"), (1, "fold"))
    events = check_around(game) + check_around(game)
    award = of_type(events, "pot_awarded")[0].data
    assert award["amount"] == 143
    assert award["shares"] == {"0": 47, "2": 48, "3": 48}
    assert award["carried"] == 0


# --- QP5: blind schedule -------------------------------------------------------------------------


def blinds_per_hand(game: Any, hands: int) -> list[int]:
    """Small blind of each of the next `hands` hands; every hand is folded to the big blind."""
    seen = []
    for _ in range(hands):
        hand = game.view(None)["hand"]
        seen.append(hand["blinds"]["small"])
        assert hand["blinds"]["big"] == 2 * hand["blinds"]["small"]
        guess_all(game, dict.fromkeys(sorted(game.pending()), "1"))
        while game.view(None)["hand"]["number"] == hand["number"]:
            game.act(to_act(game), {"type": "fold"})
    return seen


def test_qp5_blinds_rise_every_n_hands_by_half(new_game: GameFactory) -> None:
    """QP5: 10/20, one level up every N question rounds (N = 2 starting players), each level
    x1.5 rounded to the chip unit: 10, 15, 22.5 -> 23, 33.75 -> 34."""
    game = new_game(2)
    assert blinds_per_hand(game, 8) == [10, 10, 15, 15, 23, 23, 34, 34]


def test_qp5_n_is_the_number_of_starting_players(new_game: GameFactory) -> None:
    """QP5: with three players each level lasts three question rounds."""
    game = new_game(3)
    assert blinds_per_hand(game, 7) == [10, 10, 10, 15, 15, 15, 23]


def test_qp5_rounding_to_the_chip_unit(new_game: GameFactory) -> None:
    """QP5: with a chip unit of 5 the levels are 10, 15, 22.5 -> 25, 33.75 -> 35."""
    game = new_game(2, chip_unit=5, starting_stack=5000)
    assert blinds_per_hand(game, 8) == [10, 10, 15, 15, 25, 25, 35, 35]


def test_qp5_the_schedule_is_data(new_game: GameFactory) -> None:
    """QP5: listed levels and the pace are options; past the list the factor applies."""
    game = new_game(2, small_blinds=[5, 20, 40], hands_per_level=1, blind_factor=2)
    assert blinds_per_hand(game, 5) == [5, 20, 40, 80, 160]


def test_qp5_blinds_rise_although_players_are_out(new_game: GameFactory) -> None:
    """QP5: N stays the number of *starting* players after eliminations."""
    game = new_game(3)
    set_stacks(game, [1000, 1000, 40])
    guess_all(game, {0: "1", 1: "100", 2: "2"})
    play(game, (0, "fold"), (1, "call"), (2, "all_in"), (1, "call"))
    assert not game.view(None)["players"][2]["in_game"]
    assert blinds_per_hand(game, 4) == [10, 10, 15, 15]
