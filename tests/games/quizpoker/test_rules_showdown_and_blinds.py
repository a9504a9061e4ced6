"""The shared QuizPoker rules Q6-Q12 (showdown, pots, eliminations, blinds) of
docs/rules/quizpoker.md.

Seats in the `quizpoker` ruleset with three players: button 0, small blind 1, big blind 2; round 1
is acted 0, 1, 2 and rounds 2-4 are acted 1, 2, 0. In the `duell` ruleset with four players seat 0
is the game master, 1 and 2 post the blinds, round 1 is acted 3, 1, 2 and rounds 2-4 1, 2, 3.
"""

from __future__ import annotations

from typing import Any

import pytest

from pokerhall.engine.errors import IllegalMove

from .driver import (
    GameFactory,
    big_blind,
    check_around,
    guess_all,
    legal,
    of_type,
    play,
    play_hand_all_in,
    players,
    positions,
    set_stacks,
    shares,
    shown,
    table,
    to_act,
    visible_json,
)

RULESETS = ["quizpoker", "duell"]


# --- Q6: everyone else folds ---------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_q6_last_player_wins_without_showing(new_game: GameFactory, ruleset: str) -> None:
    """Q6: if all but one fold, the last player takes the pot and shows no guess (a worse
    guess than the folders' does not matter)."""
    game = table(new_game, ruleset, offer_folded_show=False)
    first, second, third = players(game)
    events = guess_all(game, {first: "100", second: "100", third: "123456.789"})
    events += play(game, (first, "fold"), (second, "fold"))
    assert not of_type(events, "guess_shown")
    assert not of_type(events, "showdown")
    small = game.view(None)["hand"]["blinds"]["small"]
    assert game.view(None)["stack_history"][1][third] == game.options.starting_stack + small
    assert of_type(events, "pot_awarded")[0].data["shares"] == {str(third): 2 * small}
    for seat in [None, first, second]:
        assert "123456.789" not in visible_json(game, seat)


# --- Q7: all-in runout ---------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_q7_all_in_reveals_the_rest_without_betting(new_game: GameFactory, ruleset: str) -> None:
    """Q7: once at most one player can still act, hints and answer come out with no more betting
    and the hand goes to showdown."""
    game = table(new_game, ruleset, offer_folded_show=False)
    first, second, third = players(game)
    guess_all(game, {first: "90", second: "95", third: "130"})
    play(game, (first, "fold"), (second, "all_in"))
    events = play(game, (third, "call"))
    assert [e.data["number"] for e in of_type(events, "hint")] == [1, 2]
    assert len(of_type(events, "answer")) == 1
    assert len(of_type(events, "action")) == 1  # the call, and no betting after it
    assert of_type(events, "showdown")
    assert shown(events) == {second: "95", third: "130"}
    assert game.view(None)["hand"]["number"] == 2


def test_q7_the_one_who_can_act_still_answers_a_bet(new_game: GameFactory) -> None:
    """Q7: a player facing an all-in must still call or fold; only then the runout starts."""
    game = new_game(3)
    set_stacks(game, [1000, 500, 1000])
    guess_all(game, {0: "1", 1: "2", 2: "3"})
    play(game, (0, "fold"), (1, "all_in"))
    assert to_act(game) == 2
    assert legal(game)["call"] == 480


# --- Q8: distance decides ------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_q8_over_and_undershooting_tie(new_game: GameFactory, ruleset: str) -> None:
    """Q8: 90 and 110 are equally far from 100: they split; 130 loses."""
    game = table(new_game, ruleset)
    first, second, third = players(game)
    events = guess_all(game, {first: "90", second: "110", third: "130"})
    for _ in range(4):
        events += check_around(game)
    half = 3 * big_blind(game) // 2
    assert shares(events) == [{str(first): half, str(second): half}]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_q8_smaller_distance_wins(new_game: GameFactory, ruleset: str) -> None:
    """Q8: the guess closest to the answer takes the pot, whichever side it is on."""
    game = table(new_game, ruleset)
    first, second, third = players(game)
    events = guess_all(game, {first: "50", second: "149", third: "151"})
    for _ in range(4):
        events += check_around(game)
    assert shares(events) == [{str(second): 3 * big_blind(game)}]


# --- Q9: side pots -------------------------------------------------------------------------------


def seed_side_pot_game(new_game: GameFactory, guesses: dict[int, str]) -> tuple[Any, list[Any]]:
    """The seed's example with C first to act: seat 0 is C (1000), seat 1 A (250), seat 2 B (500);
    all go all-in."""
    game = new_game(3)
    set_stacks(game, [1000, 250, 500])
    events = guess_all(game, guesses)
    events += play(game, (0, "all_in"), (1, "all_in"), (2, "all_in"))
    return game, events


def test_q9_seed_example_pots(new_game: GameFactory) -> None:
    """Q9: A 250, B 500, C 1000 all-in: main pot 750 for all, side pot 500 for B and C, C's
    uncalled 500 returns to C."""
    game, events = seed_side_pot_game(new_game, {0: "50", 1: "100", 2: "90"})
    assert of_type(events, "uncalled_returned")[0].data == {"seat": 0, "amount": 500}
    assert of_type(events, "round_ended")[0].data["pots"] == [
        {"amount": 750, "eligible": [0, 1, 2]},
        {"amount": 500, "eligible": [0, 2]},
    ]
    # A is best and takes only the main pot; B beats C for the side pot.
    assert shares(events) == [{"1": 750}, {"2": 500}]
    assert [p["stack"] for p in game.view(None)["players"]] == [500, 750, 500]


def test_q9_side_pot_goes_to_the_best_of_its_contributors(new_game: GameFactory) -> None:
    """Q9: when C is best C wins both pots; A cannot win more than the main pot."""
    _, events = seed_side_pot_game(new_game, {0: "100", 1: "99", 2: "1"})
    assert shares(events) == [{"0": 750}, {"0": 500}]


def test_q9_folded_chips_stay_in_the_pot(new_game: GameFactory) -> None:
    """Q9: a folded player's chips go to the pot winner but make nobody eligible."""
    game = new_game(4)
    set_stacks(game, [1000, 1000, 1000, 100])
    guess_all(game, {0: "10", 1: "99", 2: "1", 3: "100"})
    events = play(game, (3, "all_in"), (0, "call"), (1, "raise", 300), (2, "fold"), (0, "fold"))
    assert of_type(events, "round_ended")[0].data["pots"] == [
        {"amount": 100 + 100 + 100 + 20, "eligible": [1, 3]},
    ]
    assert shares(events) == [{"3": 320}]


# --- Q10: elimination and the end of the game ----------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_q10_broke_players_are_out_and_the_last_one_wins(
    new_game: GameFactory, ruleset: str
) -> None:
    """Q10: a player with no chips is eliminated (never asked again); the game ends when one
    player holds all the chips."""
    game = new_game(3, ruleset=ruleset, starting_stack=1000, chip_unit=50, small_blinds=[50])
    best, loser = sorted(game.pending())[:2]
    play_hand_all_in(game, best, loser)
    assert game.view(None)["players"][loser]["in_game"] is False
    assert of_type(game.events, "eliminated")[0].data == {"seat": loser, "hand": 1}
    last = next(s for s in range(3) if s not in (best, loser))
    while not game.over:
        assert loser not in game.pending()
        play_hand_all_in(game, best, last)
    result = game.result
    assert result is not None
    assert result["winners"] == [best]
    assert result["scores"][best] == 3000
    assert sum(result["scores"]) == 3000
    assert result["standings"] == [best, last, loser]
    assert game.pending() == {}
    with pytest.raises(IllegalMove, match="over"):
        game.act(best, {"type": "fold"})


# --- Q11: blinds ---------------------------------------------------------------------------------


def test_q11_blinds_move_clockwise_each_question(new_game: GameFactory) -> None:
    """Q11: small blind half the big blind; both move one seat clockwise per question round."""
    game = new_game(4)
    seen = []
    for _ in range(5):
        hand = game.view(None)["hand"]
        seen.append((hand["button"], hand["small_blind"], hand["big_blind"]))
        assert hand["blinds"]["big"] == 2 * hand["blinds"]["small"]
        guess_all(game, dict.fromkeys(sorted(game.pending()), "5"))
        while game.view(None)["hand"]["number"] == len(seen):
            game.act(to_act(game), {"type": "fold"})
    assert seen == [(0, 1, 2), (1, 2, 3), (2, 3, 0), (3, 0, 1), (0, 1, 2)]


def test_q11_blinds_skip_eliminated_seats(new_game: GameFactory) -> None:
    """Q11: button and blinds move on to the next seat still in the game."""
    game = new_game(4)
    set_stacks(game, [1000, 1000, 1000, 60])
    guess_all(game, {0: "1", 1: "100", 2: "2", 3: "3"})
    play(game, (3, "all_in"), (0, "fold"), (1, "call"), (2, "fold"))
    assert game.view(None)["players"][3]["in_game"] is False
    hand = game.view(None)["hand"]
    assert (hand["button"], hand["small_blind"], hand["big_blind"]) == (1, 2, 0)
    guess_all(game, {0: "1", 1: "2", 2: "3"})
    play(game, (1, "fold"), (2, "fold"))
    hand = game.view(None)["hand"]
    assert (hand["button"], hand["small_blind"], hand["big_blind"]) == (2, 0, 1)


def test_q11_big_blind_moves_one_seat_when_the_small_blind_is_eliminated(
    new_game: GameFactory,
) -> None:
    """Q11: both blinds move one seat clockwise even when the small blind's player is out, so
    the next player still posts the big blind instead of skipping it (the button stays)."""
    game = new_game(4)
    set_stacks(game, [1000, 60, 1000, 1000])
    assert positions(game) == (0, None, 1, 2)
    guess_all(game, {0: "5", 1: "1", 2: "100", 3: "5"})
    play(game, (3, "fold"), (0, "fold"), (1, "all_in"), (2, "call"))
    assert game.view(None)["players"][1]["in_game"] is False
    assert positions(game) == (0, None, 2, 3)


def test_q11_small_blind_is_dead_when_the_big_blinds_player_is_eliminated(
    new_game: GameFactory,
) -> None:
    """Q11: the small blind moves onto the seat the big blind left. When that player is out,
    nobody posts the small blind for one hand, instead of its last payer paying it twice running;
    the big blind still moves on to the next player still in."""
    game = new_game(5)
    set_stacks(game, [1000, 1000, 20, 1000, 1000])
    assert positions(game) == (0, None, 1, 2)
    guess_all(game, {0: "5", 1: "5", 2: "1", 3: "100", 4: "5"})  # seat 2 is all-in with its blind
    play(game, (3, "call"), (4, "fold"), (0, "fold"), (1, "fold"))
    assert game.view(None)["players"][2]["in_game"] is False
    assert positions(game) == (1, None, None, 3)
    started = of_type(game.events, "round_started")[-1]
    no_small_blind = {"msg": "no_small_blind", "params": {}}
    assert game.describe(started)["params"]["no_small_blind"] == no_small_blind
    guess_all(game, {0: "1", 1: "2", 3: "3", 4: "4"})
    posted = [e.data for e in of_type(game.events, "blind_posted")][-1:]
    assert [(b["seat"], b["blind"]) for b in posted] == [(3, "big")]
    assert to_act(game) == 4  # left of the big blind
    play(game, (4, "fold"), (0, "fold"), (1, "fold"))
    assert positions(game) == (1, None, 3, 4)  # both blinds live again


@pytest.mark.parametrize("ruleset", RULESETS)
def test_q11_a_short_blind_posts_everything_and_is_all_in(
    new_game: GameFactory, ruleset: str
) -> None:
    """Q11: a player who cannot cover the big blind posts what they have and is all-in."""
    unit = 50 if ruleset == "duell" else 1
    game = new_game(3, ruleset=ruleset, starting_stack=3 * unit, small_blinds=[2 * unit])
    guess_all(game, dict.fromkeys(sorted(game.pending()), "5"))
    posted = [e.data for e in of_type(game.events, "blind_posted")]
    assert [(b["blind"], b["amount"], b["all_in"]) for b in posted] == [
        ("small", 2 * unit, False),
        ("big", 3 * unit, True),
    ]
    big = game.view(None)["hand"]["big_blind"]
    assert game.view(None)["players"][big]["all_in"]
    assert big not in game.pending()


# --- Q12: heads-up -------------------------------------------------------------------------------


def test_q12_heads_up_button_posts_small_blind_first_then_last(new_game: GameFactory) -> None:
    """Q12: with two players the button posts the small blind, acts first in round 1 and last
    in rounds 2-4."""
    game = new_game(2)
    for button, other in ((0, 1), (1, 0)):
        assert positions(game) == (button, None, button, other)
        guess_all(game, {0: "1", 1: "2"})
        assert to_act(game) == button
        play(game, (button, "call"), (other, "check"))
        for _ in range(3):
            play(game, (other, "check"), (button, "check"))


def test_q12_applies_once_two_players_are_left(new_game: GameFactory) -> None:
    """Q12: a three-player game that is down to two plays heads-up order."""
    game = new_game(3, starting_stack=1000)
    play_hand_all_in(game, best=0, loser=1)  # seat 1 is out; seat 2 folded
    assert positions(game) == (2, None, 2, 0)
    guess_all(game, {0: "1", 2: "2"})
    assert to_act(game) == 2
    play(game, (2, "call"), (0, "check"), (0, "check"), (2, "check"))


def test_q12_duell_with_two_left_is_heads_up(new_game: GameFactory) -> None:
    """Q12 with DU8: two players left in the duell, nobody sits out, so the button plays, posts
    the small blind and acts first in round 1, last in rounds 2-4."""
    game = new_game(3, ruleset="duell", starting_stack=1000)
    assert positions(game) == (0, 0, 1, 2)
    play_hand_all_in(game, best=1, loser=2)
    assert positions(game) == (1, None, 1, 0)
    assert sorted(game.pending()) == [0, 1]
    guess_all(game, {0: "1", 1: "2"})
    assert to_act(game) == 1
    play(game, (1, "call"), (0, "check"), (0, "check"), (1, "check"))


def test_q12_does_not_apply_while_a_game_master_sits_out(new_game: GameFactory) -> None:
    """Q12 vs DU5: with three in the duell two play and the game master's left neighbour posts
    the small blind; DU5 has that small blind act first in round 1 (left of the big blind,
    skipping the game master) and in rounds 2-4 too."""
    game = new_game(3, ruleset="duell")
    assert positions(game) == (0, 0, 1, 2)
    guess_all(game, {1: "1", 2: "2"})
    assert to_act(game) == 1
    play(game, (1, "call"), (2, "check"))
    for _ in range(3):
        play(game, (1, "check"), (2, "check"))
