"""The `duell` ruleset ("Das Duell um die Geld", seed 003): rules DU1-DU10 of
docs/rules/quizpoker.md.

With four players and the default options seat 0 is the first game master, seat 1 posts the
small blind (50), seat 2 the big blind (100); round 1 is acted 3, 1, 2 and rounds 2-4 1, 2, 3.
"""

from __future__ import annotations

import datetime
from typing import Any

import pytest

from pokerhall import games
from pokerhall.content.packs import load_questions
from pokerhall.engine.errors import IllegalMove, InvalidOptions

from .driver import (
    GameFactory,
    RandomPlayer,
    check_around,
    guess_all,
    legal,
    of_type,
    play,
    positions,
    to_act,
    types,
    visible_json,
)

CHIP_FIELDS = ("amount", "added", "to", "stack", "pot", "carry", "current_bet")
"""Event fields that hold chips (pot_awarded's "pot" is an index, handled apart)."""


def duell(new_game: GameFactory, players: int = 4, answer: str = "100", **options: Any) -> Any:
    return new_game(players, answer, ruleset="duell", **options)


def finish_hand(game: Any, show: str = "muck") -> None:
    """Check or call to the end of the hand, then answer any show-or-muck prompts."""
    number = game.view(None)["hand"]["number"]
    while game.view(None)["hand"]["number"] == number and not game.over:
        pending = game.pending()
        if next(iter(pending.values()))["type"] == "show_folded":
            for seat in sorted(pending):
                game.act(seat, {"type": show})
        else:
            check_around(game)


def fold_to_big_blind(game: Any) -> None:
    """Everyone guesses, then folds until the big blind has won (a quick question round)."""
    number = game.view(None)["hand"]["number"]
    guess_all(game, dict.fromkeys(sorted(game.pending()), "1"))
    while game.view(None)["hand"]["number"] == number:
        pending = game.pending()
        for seat, prompt in sorted(pending.items()):
            game.act(seat, {"type": "muck" if prompt["type"] == "show_folded" else "fold"})


# --- DU1: players, stacks, chip unit -------------------------------------------------------------


@pytest.mark.parametrize("count", [3, 6])
def test_du1_three_to_six_players_with_10000_each(new_game: GameFactory, count: int) -> None:
    """DU1: 3-6 players, 10,000 each, chips in units of 50."""
    game = duell(new_game, count)
    assert [p["stack"] for p in game.view(None)["players"]][1:3] == [9950, 9900]  # blinds
    assert game.stack_history[0] == [10_000] * count
    assert game.view(None)["chip_unit"] == 50


@pytest.mark.parametrize("count", [2, 7])
def test_du1_other_player_counts_are_refused(mini_pack: Any, count: int) -> None:
    """DU1: the duell is for 3 to 6 players."""
    with pytest.raises(InvalidOptions, match="3 to 6 players"):
        games.create("duell", count, {"questions": "mini.en", "language": "en"}, seed=1)


def test_du1_off_unit_amounts_are_refused(new_game: GameFactory) -> None:
    """DU1: every amount is a multiple of 50; a raise to 175 or a bet of 120 is refused."""
    game = duell(new_game)
    guess_all(game, {1: "1", 2: "2", 3: "3"})
    assert legal(game)["raise"]["min_to"] == 150
    with pytest.raises(IllegalMove, match="multiple of the chip unit 50"):
        game.act(3, {"type": "raise", "to": 175})
    check_around(game)
    with pytest.raises(IllegalMove, match="multiple of the chip unit 50"):
        game.act(1, {"type": "bet", "to": 120})
    play(game, (1, "bet", 150))


def test_du1_every_amount_in_play_is_a_multiple_of_50(new_game: GameFactory) -> None:
    """DU1: in a whole random duell every stack, pot, bet and share is a multiple of 50."""
    game = duell(new_game, 5, starting_stack=2000)
    player = RandomPlayer(seed=3)
    amounts: list[int] = []
    while not game.over:
        seat, prompt = sorted(game.pending().items())[0]
        for event in game.act(seat, player.move(seat, prompt)):
            data = dict(event.data)
            amounts += [data[k] for k in CHIP_FIELDS if k in data and event.type != "pot_awarded"]
            amounts += (
                [data["amount"], data["carried"], *data["shares"].values()]
                if (event.type == "pot_awarded")
                else []
            )
        view = game.view(None)
        amounts += [p["stack"] for p in view["players"]] + [view["hand"]["pot"]]
    assert amounts
    assert all(amount % 50 == 0 for amount in amounts)


# --- DU2: the game master ------------------------------------------------------------------------


def test_du2_game_master_does_not_play(new_game: GameFactory) -> None:
    """DU2: the game master writes no guess, posts no blind, is never asked to bet."""
    game = duell(new_game)
    assert positions(game) == (0, 0, 1, 2)
    assert 0 not in game.pending()
    assert not game.view(None)["players"][0]["in_hand"]
    assert 0 not in [e.data["seat"] for e in of_type(game.events, "blind_posted")]
    with pytest.raises(IllegalMove):
        game.act(0, {"type": "guess", "value": "1"})
    guess_all(game, {1: "1", 2: "2", 3: "3"})
    for _ in range(4):
        assert 0 not in game.pending()
        check_around(game)
    assert game.stack_history[1][0] == 10_000


def test_du2_game_master_reads_the_card(new_game: GameFactory) -> None:
    """DU2: the game master (only) holds hints and answer from the start."""
    game = duell(new_game, answer="4711", hint1="Four digits.", hint2="Starts with 47.")
    card = {"hint1": "Four digits.", "hint2": "Starts with 47.", "answer": "4711"}
    assert game.view(0)["hand"]["card"] == card
    assert of_type(game.events, "game_master_card")[0].to == frozenset({0})
    for seat in (None, 1, 2, 3):
        assert "card" not in game.view(seat)["hand"]
        assert "4711" not in visible_json(game, seat)


def test_du2_button_moves_one_player_per_question(new_game: GameFactory) -> None:
    """DU2: after every question the game master role moves one player clockwise."""
    game = duell(new_game)
    seen = []
    for _ in range(5):
        seen.append(positions(game))
        fold_to_big_blind(game)
    assert seen == [(0, 0, 1, 2), (1, 1, 2, 3), (2, 2, 3, 0), (3, 3, 0, 1), (0, 0, 1, 2)]


def test_du2_first_game_master_is_the_oldest_player(new_game: GameFactory) -> None:
    """DU2: the oldest player (option `oldest_seat`, default the first seat) starts as game
    master."""
    game = duell(new_game, oldest_seat=2)
    assert positions(game) == (2, 2, 3, 0)
    assert sorted(game.pending()) == [0, 1, 3]


# --- DU3: blinds before the question -------------------------------------------------------------


def test_du3_blinds_left_of_the_game_master_before_the_question(new_game: GameFactory) -> None:
    """DU3: the small blind is left of the game master, the big blind next; both are posted
    before the question is read."""
    game = duell(new_game)
    assert types(game.events) == [
        "round_started",
        "blind_posted",
        "blind_posted",
        "question",
        "game_master_card",
    ]
    posted = [(e.data["seat"], e.data["blind"], e.data["amount"]) for e in game.events[1:3]]
    assert posted == [(1, "small", 50), (2, "big", 100)]
    assert game.view(1)["hand"]["pot"] == 150


# --- DU4: rounds (orbits) and rising blinds ------------------------------------------------------


def test_du4_blinds_rise_after_every_round(new_game: GameFactory) -> None:
    """DU4: one round = every player game master once; small blinds 50, 100, 150, 200, 250 in
    rounds 1-5, then +50 per round; the big blind is always twice the small blind."""
    game = duell(new_game, 3)
    smalls, orbits = [], []
    for _ in range(21):
        hand = game.view(None)["hand"]
        assert hand["blinds"]["big"] == 2 * hand["blinds"]["small"]
        smalls.append(hand["blinds"]["small"])
        orbits.append(game.view(None)["orbit"])
        fold_to_big_blind(game)
    assert smalls == [s for s in (50, 100, 150, 200, 250, 300, 350) for _ in range(3)]
    assert orbits == [o for o in range(1, 8) for _ in range(3)]


def test_du4_new_round_starts_with_the_next_player_when_the_oldest_is_out(
    new_game: GameFactory,
) -> None:
    """DU4: a new round begins with the oldest player or, if eliminated, the next player to
    their left still in; the blinds rise then."""
    game = duell(new_game, 4, starting_stack=1000)
    fold_to_big_blind(game)  # hand 1, game master 0
    assert positions(game) == (1, 1, 2, 3)
    guess_all(game, {0: "1", 2: "100", 3: "2"})  # hand 2: seat 0 acts first and loses all
    play(game, (0, "all_in"), (2, "call"), (3, "fold"))
    finish_hand(game)
    assert not game.view(None)["players"][0]["in_game"]
    seen = []
    for _ in range(3):
        seen.append(
            (
                positions(game)[1],
                game.view(None)["orbit"],
                game.view(None)["hand"]["blinds"]["small"],
            )
        )
        fold_to_big_blind(game)
    assert seen == [(2, 1, 50), (3, 1, 50), (1, 2, 100)]


def test_du4_blinds_rise_every_orbit_without_a_game_master_too(new_game: GameFactory) -> None:
    """DU4 with the `game_master` option off (everyone plays every question): the button still
    goes round the table, and each orbit past the oldest player raises the blinds."""
    game = duell(new_game, 3, game_master=False)
    smalls = []
    for _ in range(7):
        smalls.append(game.view(None)["hand"]["blinds"]["small"])
        fold_to_big_blind(game)
    assert smalls == [50, 50, 50, 100, 100, 100, 150]


def test_du4_rounds_count_from_the_oldest_player(new_game: GameFactory) -> None:
    """DU4: with seat 2 the oldest, the second round starts when seat 2 is game master again."""
    game = duell(new_game, 3, oldest_seat=2)
    seen = []
    for _ in range(4):
        seen.append((positions(game)[1], game.view(None)["orbit"]))
        fold_to_big_blind(game)
    assert seen == [(2, 1), (0, 1), (1, 1), (2, 2)]


# --- DU5: betting order and minimum bets ---------------------------------------------------------


def test_du5_round_1_starts_left_of_the_big_blind(new_game: GameFactory) -> None:
    """DU5: round 1 starts left of the big blind: fold, call the big blind or raise (any amount
    above it, in 50s); no check, no bet."""
    game = duell(new_game)
    guess_all(game, {1: "1", 2: "2", 3: "3"})
    assert to_act(game) == 3
    options = legal(game)
    assert options["check"] is False
    assert options["bet"] is None
    assert options["call"] == 100
    assert options["raise"]["min_to"] == 150
    play(game, (3, "raise", 150))
    assert legal(game)["raise"]["min_to"] == 200  # raising again: more than 150


def test_du5_later_rounds_start_with_the_small_blind(new_game: GameFactory) -> None:
    """DU5: rounds 2-4 start with the small-blind seat left of the game master; a bet is at least
    the round-1 big blind, and so is a raise's increment."""
    game = duell(new_game)
    guess_all(game, {1: "1", 2: "2", 3: "3"})
    check_around(game)
    assert to_act(game) == 1
    options = legal(game)
    assert options["check"] is True
    assert options["bet"]["min_to"] == 100
    with pytest.raises(IllegalMove, match="smallest bet is to 100"):
        game.act(1, {"type": "bet", "to": 50})
    play(game, (1, "bet", 250))
    assert legal(game)["raise"]["min_to"] == 350
    with pytest.raises(IllegalMove, match="smallest raise is to 350"):
        game.act(2, {"type": "raise", "to": 300})


def test_du5_later_rounds_skip_a_folded_small_blind(new_game: GameFactory) -> None:
    """DU5: when the small blind has folded, the next player still in starts rounds 2-4."""
    game = duell(new_game)
    guess_all(game, {1: "1", 2: "2", 3: "3"})
    play(game, (3, "call"), (1, "fold"), (2, "check"))
    assert to_act(game) == 2


# --- DU6: showdown and folded players ------------------------------------------------------------


def test_du6_everyone_shows_last_bettor_first(new_game: GameFactory) -> None:
    """DU6: all remaining players show, starting with the round-4 bettor, then clockwise."""
    game = duell(new_game)
    guess_all(game, {1: "100", 2: "500", 3: "90"})
    for _ in range(3):
        check_around(game)
    events = play(game, (1, "check"), (2, "bet", 100), (3, "call"), (1, "call"))
    assert of_type(events, "showdown")[0].data["order"] == [2, 3, 1]
    shown = [(e.data["seat"], e.data["value"]) for e in of_type(events, "guess_shown")]
    assert shown == [(2, "500"), (3, "90"), (1, "100")]
    assert not of_type(events, "guess_stays_hidden")


def test_du6_folded_players_may_show_or_muck(new_game: GameFactory) -> None:
    """DU6: at the end, folded players are asked whether to show their guess; a shown guess is
    public, a mucked one stays secret for good."""
    game = duell(new_game)
    guess_all(game, {1: "11.111", 2: "22.222", 3: "100"})
    play(game, (3, "raise", 200), (1, "fold"), (2, "fold"))
    pending = game.pending()
    assert sorted(pending) == [1, 2]
    assert {p["type"] for p in pending.values()} == {"show_folded"}
    assert {tuple(m["type"] for m in p["moves"]) for p in pending.values()} == {("show", "muck")}
    events = game.act(1, {"type": "show"})
    assert [(e.type, e.data["value"], e.to) for e in events] == [("guess_shown", "11.111", None)]
    assert game.view(3)["players"][1]["guess"] == "11.111"
    game.act(2, {"type": "muck"})
    assert game.view(None)["hand"]["number"] == 2
    for seat in (None, 0, 1, 3):
        assert "22.222" not in visible_json(game, seat)
    assert "11.111" in visible_json(game, 0)


def test_du6_only_players_with_a_guess_are_asked(new_game: GameFactory) -> None:
    """DU6: a player who folded before guessing has nothing to show and is not asked."""
    game = duell(new_game)
    game.act(1, {"type": "fold"})
    guess_all(game, {2: "2", 3: "3"})
    play(game, (3, "fold"))
    assert sorted(game.pending()) == [3]


# --- DU7: split remainder stays in the pot -------------------------------------------------------


def test_du7_indivisible_split_is_carried_to_the_next_pot(new_game: GameFactory) -> None:
    """DU7: 350 split between two winners is 150 each; the 50 that cannot be divided stays in
    the pot and is won with the next question's pot."""
    game = duell(new_game)
    guess_all(game, {1: "1", 2: "90", 3: "110"})
    events = play(game, (3, "raise", 150), (1, "fold"), (2, "call"))
    for _ in range(3):
        events += check_around(game)
    events += game.act(1, {"type": "muck"})
    award = of_type(events, "pot_awarded")[0].data
    assert (award["amount"], award["shares"], award["carried"]) == (350, {"2": 150, "3": 150}, 50)
    started = of_type(events, "round_started")[0].data
    assert started["carry"] == 50
    assert game.view(None)["hand"]["pot"] == 50 + 150  # carry + the new blinds
    # hand 2: game master 1, blinds 2 and 3; seat 0 wins everything including the carry
    guess_all(game, {0: "100", 2: "1", 3: "1"})
    events = play(game, (0, "call"), (2, "call"), (3, "check"))
    for _ in range(3):
        events += check_around(game)
    award = of_type(events, "pot_awarded")[0].data
    assert (award["amount"], award["shares"], award["carried"]) == (350, {"0": 350}, 0)
    assert sum(game.stack_history[-1]) + game.carry == 40_000


# --- DU8: two players left -----------------------------------------------------------------------


def test_du8_nobody_sits_out_when_two_are_left(new_game: GameFactory) -> None:
    """DU8: with two players left (an eliminated player would be game master), both play."""
    game = duell(new_game, 3, starting_stack=1000)
    guess_all(game, {1: "100", 2: "1"})
    play(game, (1, "all_in"), (2, "call"))
    assert not game.view(None)["players"][2]["in_game"]
    assert game.view(None)["hand"]["game_master"] is None
    assert sorted(game.pending()) == [0, 1]
    hand_2 = max(i for i, e in enumerate(game.events) if e.type == "round_started")
    assert not of_type(game.events[hand_2:], "game_master_card")


def test_du8_software_game_master_lets_everyone_play(new_game: GameFactory) -> None:
    """DU8 [ours]: with `software_game_master` nobody sits out: all guess, the blinds are left
    of the button, and no seat reads the card."""
    game = duell(new_game, software_game_master=True)
    assert positions(game) == (0, None, 1, 2)
    assert sorted(game.pending()) == [0, 1, 2, 3]
    assert not of_type(game.events, "game_master_card")
    assert all("card" not in game.view(seat)["hand"] for seat in range(4))
    guess_all(game, {0: "1", 1: "2", 2: "3", 3: "4"})
    assert to_act(game) == 3
    play(game, (3, "call"), (0, "call"), (1, "call"), (2, "check"))
    assert to_act(game) == 1


def test_du8_seed_behaviour_is_the_default(new_game: GameFactory) -> None:
    """DU8: the software game master is an option, off by default."""
    assert duell(new_game).options.software_game_master is False


# --- DU9: all-in players ------------------------------------------------------------------------


def test_du9_all_in_player_cannot_act_and_shows_only_at_showdown(new_game: GameFactory) -> None:
    """DU9: an all-in player is never asked again, and the guess stays secret until the
    showdown, while the others play on for the side pot."""
    game = duell(new_game, starting_stack=1000)
    guess_all(game, {1: "1", 2: "2", 3: "100"})  # hand 1 leaves seat 2 with 850
    play(game, (3, "raise", 150), (1, "fold"), (2, "call"))
    finish_hand(game)
    assert positions(game) == (1, 1, 2, 3)
    secret = "77.0707"
    guess_all(game, {0: "70", 2: secret, 3: "60"})
    play(game, (0, "call"), (2, "all_in"), (3, "call"), (0, "call"))
    start = len(game.events)
    for _ in range(3):
        assert 2 not in game.pending()
        for seat in (None, 0, 1, 3):
            assert secret not in visible_json(game, seat)
        play(game, (3, "check"), (0, "check"))
    shown = {e.data["seat"]: e.data["value"] for e in of_type(game.events[start:], "guess_shown")}
    assert shown == {0: "70", 2: secret, 3: "60"}


# --- DU10: questions are dated -------------------------------------------------------------------


def test_du10_questions_carry_an_as_of_date(mini_pack: Any) -> None:
    """DU10: every question of a pack has the date its facts hold for."""
    questions = load_questions(str(mini_pack), "en")
    assert questions
    assert all(isinstance(q.as_of, datetime.date) for q in questions)


def test_du10_players_are_told_the_as_of_date(new_game: GameFactory) -> None:
    """DU10: the question event and every view say as of when the answer is true."""
    game = duell(new_game)
    assert of_type(game.events, "question")[0].data["as_of"] == "2016-05-01"
    for seat in (None, 0, 1):
        assert game.view(seat)["hand"]["question"]["as_of"] == "2016-05-01"


# --- duell rules as options of either ruleset -----------------------------------------------


def test_du3_blinds_before_the_question_also_in_the_quizpoker_ruleset(
    new_game: GameFactory,
) -> None:
    """DU3 is the `blinds_before_question` option: the blinds come before the question."""
    game = new_game(3, blinds_before_question=True)
    assert types(game.events)[:4] == ["round_started", "blind_posted", "blind_posted", "question"]
    assert types(new_game(3).events)[:2] == ["round_started", "question"]  # QP: after the guesses


def test_du4_blinds_per_orbit_also_in_the_quizpoker_ruleset(new_game: GameFactory) -> None:
    """DU4 is the `blinds_per_orbit` option: with it, four players keep the first level for a
    whole orbit, and the listed levels follow orbit by orbit."""
    game = new_game(4, blinds_per_orbit=True, small_blinds=[10, 30], hands_per_level=1)
    smalls = []
    for _ in range(5):
        smalls.append(game.view(None)["hand"]["blinds"]["small"])
        fold_to_big_blind(game)
    assert smalls == [10, 10, 10, 10, 30]
