"""The shared QuizPoker rules Q1-Q5 (guessing and betting) of docs/rules/quizpoker.md.

Seats in the `quizpoker` ruleset with three players: button 0, small blind 1, big blind 2; round 1
is acted 0, 1, 2 and rounds 2-4 are acted 1, 2, 0. In the `duell` ruleset with four players seat 0
is the game master, 1 and 2 post the blinds, round 1 is acted 3, 1, 2 and rounds 2-4 1, 2, 3.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from pokerhall.engine.errors import IllegalMove

from .driver import (
    GameFactory,
    big_blind,
    check_around,
    guess_all,
    later_order,
    legal,
    of_type,
    play,
    players,
    set_stacks,
    shares,
    snapshot,
    table,
    to_act,
    visible_json,
)

RULESETS = ["quizpoker", "duell"]


# --- Q1: exact numbers ---------------------------------------------------------------------------


def test_q1_guesses_are_kept_exactly_as_written(new_game: GameFactory) -> None:
    """Q1: a guess is stored as an exact decimal (no float rounding, no exponent notation)."""
    game = new_game(3, "3.14")
    guess_all(game, {0: "3.10", 1: 3.1400000000000001, 2: "-0.000000000000000000001"})
    assert game.view(0)["you"]["guess"] == "3.10"
    assert game.view(1)["you"]["guess"] == "3.14"  # the JSON number 3.14, not 3.140000000000000124
    assert game.view(2)["you"]["guess"] == "-0.000000000000000000001"
    assert game.hand.guesses[2] == Decimal("-1E-21")  # type: ignore[attr-defined]


def test_q1_long_guesses_are_compared_exactly(new_game: GameFactory) -> None:
    """Q1/Q8: two 31-digit guesses one apart are not a tie (28-digit decimal arithmetic would
    round both distances to the same number and split the pot)."""
    game = new_game(2, "0.5")
    guess_all(game, {0: "1234567890123456789012345678902", 1: "1234567890123456789012345678901"})
    events = play(game, (0, "call"), (1, "check"))
    for _ in range(3):
        events += check_around(game)
    assert shares(events) == [{"1": 40}]


def test_q1_negative_and_decimal_answers(new_game: GameFactory) -> None:
    """Q1: answers may be negative decimals; the distance is exact."""
    game = new_game(2, "-273.15")
    guess_all(game, {0: "-273.1", 1: "-273.2"})
    events = play(game, (0, "call"), (1, "check"))
    for _ in range(3):
        events += check_around(game)
    assert of_type(events, "answer")[0].data["value"] == "-273.15"
    assert {e.data["seat"]: e.data["distance"] for e in of_type(events, "guess_shown")} == {
        1: "0.05",
        0: "0.05",
    }
    assert shares(events) == [{"0": 20, "1": 20}]


# --- Q2: simultaneous secret guesses -------------------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_q2_every_player_is_asked_to_guess_at_once(new_game: GameFactory, ruleset: str) -> None:
    """Q2: all players in the hand are prompted together, before any betting."""
    game = table(new_game, ruleset)
    pending = game.pending()
    assert sorted(pending) == sorted(players(game))
    assert {p["type"] for p in pending.values()} == {"guess"}
    assert len({p["prompt_id"] for p in pending.values()}) == 1


@pytest.mark.parametrize("ruleset", RULESETS)
def test_q2_guesses_sent_for_the_same_prompt_are_all_accepted(
    new_game: GameFactory, ruleset: str
) -> None:
    """Q2: simultaneous means every seat may answer the prompt it was given, in any order; one
    seat's guess does not make the other seats' prompts stale."""
    game = table(new_game, ruleset)
    prompts = game.pending()
    for seat in reversed(players(game)):
        game.act(seat, {"type": "guess", "value": "50", "prompt_id": prompts[seat]["prompt_id"]})
    assert game.pending()
    assert next(iter(game.pending().values()))["type"] == "bet"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_q2_a_guess_is_final(new_game: GameFactory, ruleset: str) -> None:
    """Q2: a seat that has guessed cannot guess again (or change its guess)."""
    game = table(new_game, ruleset)
    seat = players(game)[0]
    game.act(seat, {"type": "guess", "value": "42"})
    before = snapshot(game)
    with pytest.raises(IllegalMove):
        game.act(seat, {"type": "guess", "value": "43"})
    assert snapshot(game) == before
    assert game.view(seat)["you"]["guess"] == "42"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_q2_nobody_learns_whether_another_seat_has_guessed(
    new_game: GameFactory, ruleset: str
) -> None:
    """Q2: a guess changes nothing that another seat or a spectator can see: not their view (not
    even its state id), not their prompt, and no event reaches them."""
    game = table(new_game, ruleset)
    seats = players(game)
    observers: list[int | None] = [None, *range(game.num_seats)]
    for number, mover in enumerate(seats[:-1]):
        before = {seat: visible_json(game, seat) for seat in observers}
        pending_before = game.pending()
        events = game.act(mover, {"type": "guess", "value": f"77.{number}123"})
        assert all(event.to == frozenset({mover}) for event in events)
        for seat in observers:
            if seat != mover:
                assert visible_json(game, seat) == before[seat], seat
                if seat in pending_before:
                    assert game.pending()[seat] == pending_before[seat]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_q2_the_state_id_does_not_count_earlier_secret_guesses(
    new_game: GameFactory, ruleset: str
) -> None:
    """Q2: when a seat folds during the guessing, the state id everyone sees moves on by one,
    whether or not others have already guessed, so it does not tell how many have."""
    seen = []
    for quiet_guess in (False, True):
        game = table(new_game, ruleset)
        guesser, watcher, folder = players(game)
        before = game.view(watcher)["prompt_id"], game.view(None)["prompt_id"]
        if quiet_guess:
            game.act(guesser, {"type": "guess", "value": "5"})
        game.act(folder, {"type": "fold"})
        after = game.view(watcher)["prompt_id"], game.view(None)["prompt_id"]
        seen.append((after[0] - before[0], after[1] - before[1]))
    assert seen == [(1, 1), (1, 1)]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_q2_guesses_stay_secret_until_the_showdown(new_game: GameFactory, ruleset: str) -> None:
    """Q2: during all four betting rounds no other seat sees a guess."""
    game = table(new_game, ruleset)
    seats = players(game)
    values = {seat: f"1{seat}.98765{seat}" for seat in seats}
    guess_all(game, values)
    for _ in range(4):
        for seat in [None, *range(game.num_seats)]:
            text = visible_json(game, seat)
            for owner, value in values.items():
                assert (value in text) == (owner == seat), (seat, owner)
        check_around(game)


# --- Q3: four betting rounds with reveals between ------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_q3_hint_1_hint_2_and_answer_come_between_the_four_rounds(
    new_game: GameFactory, ruleset: str
) -> None:
    """Q3: round 1 after the guesses, round 2 after hint 1, round 3 after hint 2, round 4 after
    the answer; each reveal only once the previous round is over."""
    game = table(new_game, ruleset, hint1="Between 10 and 1000.", hint2="Between 90 and 110.")
    events = guess_all(game, dict.fromkeys(players(game), "99"))
    for _ in range(4):
        events += check_around(game)
    reveals = [
        e.type if e.type != "hint" else f"hint {e.data['number']}"
        for e in events
        if e.type in ("betting_round", "round_ended", "hint", "answer", "showdown")
    ]
    assert reveals == [
        "betting_round",
        "round_ended",
        "hint 1",
        "betting_round",
        "round_ended",
        "hint 2",
        "betting_round",
        "round_ended",
        "answer",
        "betting_round",
        "round_ended",
        "showdown",
    ]
    assert [e.data["round"] for e in of_type(events, "betting_round")] == [1, 2, 3, 4]
    assert of_type(events, "hint")[0].data["text"] == "Between 10 and 1000."


@pytest.mark.parametrize("ruleset", RULESETS)
def test_q3_views_show_only_what_has_been_read_out(new_game: GameFactory, ruleset: str) -> None:
    """Q3: hints and answer appear in player and spectator views only after their round."""
    game = table(new_game, ruleset, "123", hint1="Between 1 and 1000.", hint2="Close to 120.")
    guess_all(game, dict.fromkeys(players(game), "99"))
    expected = [
        ([], None),
        (["Between 1 and 1000."], None),
        (["Between 1 and 1000.", "Close to 120."], None),
        (["Between 1 and 1000.", "Close to 120."], "123"),
    ]
    for round_number, (hints, answer) in enumerate(expected, start=1):
        for seat in (None, *players(game)):
            hand = game.view(seat)["hand"]
            assert (hand["round"], hand["hints"], hand["answer"]) == (round_number, hints, answer)
            assert "Close to 120." not in visible_json(game, seat) or len(hints) == 2
        check_around(game)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_q3_a_hand_that_ends_early_reads_the_answer_but_no_hints(
    new_game: GameFactory, ruleset: str
) -> None:
    """Q3: when everyone folds in round 1 the answer is read out, but hints that were never
    reached stay unread, in views exactly as in events (the duell's show-or-muck phase shows the
    finished hand's view)."""
    game = table(new_game, ruleset, "123", hint1="Between 1 and 1000.", hint2="Close to 120.")
    first, second, third = players(game)
    guess_all(game, {first: "1", second: "2", third: "3"})
    events = play(game, (first, "fold"), (second, "fold"))
    assert not of_type(events, "hint")
    assert [e.data["value"] for e in of_type(events, "answer")] == ["123"]
    if ruleset == "duell":  # still in the hand, asking the folded players
        hand = game.view(None)["hand"]
        assert (hand["phase"], hand["hints"], hand["answer"]) == ("show", [], "123")
    for seat in (None, first, second, third):
        assert "Close to 120." not in visible_json(game, seat)


# --- Q4: actions ---------------------------------------------------------------------------------


def test_q4_check_only_when_nothing_is_bet(new_game: GameFactory) -> None:
    """Q4: in a round with no bet a player may check; facing a bet, check is refused."""
    game = new_game(3)
    guess_all(game, {0: "1", 1: "2", 2: "3"})
    assert not legal(game)["check"]
    with pytest.raises(IllegalMove, match="cannot check"):
        game.act(0, {"type": "check"})
    check_around(game)
    assert legal(game)["check"]
    play(game, (1, "check"), (2, "bet", 20))
    assert not legal(game)["check"]
    with pytest.raises(IllegalMove, match="cannot check"):
        game.act(0, {"type": "check"})


def test_q4_a_bet_is_at_least_the_big_blind(new_game: GameFactory) -> None:
    """Q4: when nothing is bet, a bet must be at least the big blind (20)."""
    game = new_game(3)
    guess_all(game, {0: "1", 1: "2", 2: "3"})
    check_around(game)
    assert legal(game)["bet"]["min_to"] == 20
    before = snapshot(game)
    with pytest.raises(IllegalMove, match="smallest bet is to 20"):
        game.act(1, {"type": "bet", "to": 19})
    assert snapshot(game) == before
    play(game, (1, "bet", 20))
    assert game.view(None)["hand"]["current_bet"] == 20


def test_q4_all_in_below_the_minimum_is_allowed(new_game: GameFactory) -> None:
    """Q4: a player may always bet all remaining chips, even less than the minimum bet."""
    game = new_game(3)
    set_stacks(game, [1000, 1000, 35])
    guess_all(game, {0: "1", 1: "2", 2: "3"})
    check_around(game)  # seat 2 (big blind) is left with 15
    play(game, (1, "check"))
    assert legal(game) == {
        "fold": True,
        "check": True,
        "call": None,
        "bet": {"min_to": 15, "max_to": 15},
        "raise": None,
        "all_in": 15,
    }
    events = play(game, (2, "all_in"))
    assert events[0].data | {"seat": 2} == {
        "seat": 2,
        "action": "bet",
        "added": 15,
        "to": 15,
        "all_in": True,
        "stack": 0,
        "pot": 75,
    }
    assert legal(game)["call"] == 15  # the others may call the short bet


def test_q4_all_in_raise_below_the_minimum_raise_is_allowed(new_game: GameFactory) -> None:
    """Q4: an all-in raise smaller than a full raise is still allowed."""
    game = new_game(3)
    set_stacks(game, [1000, 1000, 50])
    guess_all(game, {0: "1", 1: "2", 2: "3"})
    play(game, (0, "raise", 40), (1, "call"))
    assert legal(game)["raise"] == {"min_to": 50, "max_to": 50}  # a full raise would be to 80
    play(game, (2, "all_in"))
    assert game.view(None)["hand"]["current_bet"] == 50


def test_q4_all_in_is_always_allowed(new_game: GameFactory) -> None:
    """Q4/Q9: the seed's example in its own order: A (250) and B (500) are all-in, then C
    (1000) goes all-in too; C's uncalled 500 comes back."""
    game = new_game(3)
    set_stacks(game, [250, 500, 1000])
    guess_all(game, {0: "100", 1: "90", 2: "50"})
    play(game, (0, "all_in"), (1, "all_in"))
    assert legal(game)["all_in"] == 1000
    events = play(game, (2, "all_in"))
    assert of_type(events, "uncalled_returned")[0].data == {"seat": 2, "amount": 500}


def test_q4_the_prompt_offers_only_legal_all_ins(new_game: GameFactory) -> None:
    """Q4: seat 1 bets 100, seat 2 goes all-in for 150 (short of a full raise), seat 0 calls.
    Seat 1 may only call or fold now; then the prompt must not offer an all-in either."""
    game = new_game(3)
    set_stacks(game, [1000, 1000, 170])
    guess_all(game, {0: "1", 1: "2", 2: "3"})
    check_around(game)
    play(game, (1, "bet", 100), (2, "all_in"), (0, "call"))
    offered = legal(game)
    assert offered["raise"] is None
    if offered["all_in"] is not None:
        play(game, (1, "all_in"))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_q4_folding_forfeits_what_was_put_in(new_game: GameFactory, ruleset: str) -> None:
    """Q4: a fold gives up every chip already in the pot this question round."""
    game = table(new_game, ruleset)
    first, second, third = players(game)
    guess_all(game, {first: "100", second: "100", third: "5"})
    check_around(game)
    stack = game.view(None)["players"][third]["stack"]
    bet, big = 2 * big_blind(game), big_blind(game)
    bettor, caller = later_order(game)[0], later_order(game)[2]
    play(game, (bettor, "bet", bet), (third, "call"), (caller, "call"))
    play(game, (bettor, "bet", bet), (third, "fold"), (caller, "call"))
    assert game.view(None)["players"][third]["folded"]
    events = check_around(game)
    assert game.view(None)["players"][third]["stack"] == stack - bet
    half = (3 * big + 5 * bet) // 2
    assert shares(events) == [{str(first): half, str(second): half}]


# --- Q5: when a betting round ends ---------------------------------------------------------------


def test_q5_big_blind_acts_even_when_everyone_called(new_game: GameFactory) -> None:
    """Q5: the round ends only once everyone has acted: the big blind still gets a turn."""
    game = new_game(3)
    guess_all(game, {0: "1", 1: "2", 2: "3"})
    play(game, (0, "call"), (1, "call"))
    assert to_act(game) == 2
    assert legal(game)["check"]
    play(game, (2, "check"))
    assert game.view(None)["hand"]["round"] == 2


def test_q5_a_raise_reopens_the_round_for_those_who_acted(new_game: GameFactory) -> None:
    """Q5: after a raise, everyone who has not matched it acts again; then the round ends."""
    game = new_game(3)
    guess_all(game, {0: "1", 1: "2", 2: "3"})
    check_around(game)
    play(game, (1, "check"), (2, "check"), (0, "bet", 30), (1, "raise", 90), (2, "call"))
    assert to_act(game) == 0
    assert game.view(None)["hand"]["round"] == 2
    play(game, (0, "call"))
    assert game.view(None)["hand"]["round"] == 3


def test_q5_all_in_players_are_not_asked(new_game: GameFactory) -> None:
    """Q5: a player who is all-in has nothing left to decide and is skipped."""
    game = new_game(3)
    set_stacks(game, [60, 1000, 1000])
    guess_all(game, {0: "1", 1: "2", 2: "3"})
    play(game, (0, "all_in"), (1, "call"), (2, "call"))
    assert game.view(None)["hand"]["round"] == 2
    play(game, (1, "bet", 20), (2, "call"))
    assert game.view(None)["hand"]["round"] == 3
    assert 0 not in game.pending()
