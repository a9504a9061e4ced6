"""Bad input at the boundary: every malformed, out-of-turn or illegal move raises IllegalMove with
a reason a player can read and leaves the game exactly as it was; bad options and player lists
raise InvalidOptions (or UnknownGame) before any game exists."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pokerhall import games
from pokerhall.engine.errors import IllegalMove, InvalidOptions, UnknownGame
from pokerhall.games.quizpoker.guesses import MAX_GUESS_CHARS
from pokerhall.games.quizpoker.options import MAX_BLIND_LEVELS, MAX_HANDS_PER_LEVEL

from .driver import GameFactory, guess_all, play, snapshot


def refused(game: Any, seat: Any, move: Any, reason: str) -> None:
    """`move` by `seat` is an IllegalMove whose reason matches `reason`; nothing changes."""
    before = snapshot(game)
    with pytest.raises(IllegalMove, match=reason) as error:
        game.act(seat, move)
    assert error.value.reason == str(error.value)
    assert snapshot(game) == before


# --- who moves ------------------------------------------------------------------------------


@pytest.mark.parametrize("seat", [3, -1, 10**20, True, False, "0", 0.0, None, [0]], ids=repr)
def test_there_is_no_such_seat(new_game: GameFactory, seat: Any) -> None:
    """Seats are the integers 0..n-1 (not bools, strings or floats)."""
    refused(new_game(3), seat, {"type": "guess", "value": "1"}, "there is no seat")


@pytest.mark.parametrize("seat", [3, -1, True, False, 1.0, "0", [0]], ids=repr)
def test_a_view_is_only_for_a_seat_or_a_spectator(new_game: GameFactory, seat: Any) -> None:
    """True or 1.0 is not seat 1: a view for it would hand out seat 1's secrets under another
    name. None is the spectator."""
    game = new_game(3)
    with pytest.raises(IllegalMove, match="there is no seat"):
        game.view(seat)
    assert game.view(None)["seat"] is None


def test_out_of_turn(new_game: GameFactory) -> None:
    """Only the seat asked may bet; a seat that has guessed is not asked again."""
    game = new_game(3)
    game.act(0, {"type": "guess", "value": "1"})
    refused(game, 0, {"type": "guess", "value": "2"}, "not seat 0's turn")
    guess_all(game, {1: "2", 2: "3"})
    refused(game, 1, {"type": "call"}, "not seat 1's turn")
    refused(game, 2, {"type": "fold"}, "not seat 2's turn")


def test_the_game_master_is_never_asked(new_game: GameFactory) -> None:
    """DU2: the duell's game master cannot guess, bet or fold."""
    game = new_game(4, ruleset="duell")
    for move in ({"type": "guess", "value": "1"}, {"type": "fold"}):
        refused(game, 0, move, "not seat 0's turn")


# --- the shape of a move --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        ("fold", "must be an object"),
        (["fold"], "must be an object"),
        (None, "must be an object"),
        (7, "must be an object"),
        ({}, 'needs a "type"'),
        ({"type": 5}, 'needs a "type"'),
        ({"type": None}, 'needs a "type"'),
        ({"type": "dance"}, "'dance' is not possible"),
        ({"type": "call"}, "'call' is not possible"),
        ({"type": "show"}, "'show' is not possible"),
        ({"type": "guess", "value": {1, 2}}, "plain JSON"),
        ({"type": "guess", "value": "1", (1, 2): 1}, "plain JSON"),
        ({"type": "guess", "value": "9" * 3000}, "at most 2000 characters"),
        ({"type": "guess", "value": "1", "pad": "x" * 5000}, "at most 2000 characters"),
        ({"type": "guess", "value": "1", "prompt_id": 99}, "made for prompt 99"),
        ({"type": "guess", "value": "1", "prompt_id": "0"}, "prompt_id must be the number"),
        ({"type": "guess", "value": "1", "prompt_id": 0.0}, "prompt_id must be the number"),
        ({"type": "guess", "value": "1", "prompt_id": False}, "prompt_id must be the number"),
        ({"type": "guess"}, "looks like"),
        ({"type": "guess", "value": "1", "extra": 1}, "looks like"),
        ({"type": "fold", "extra": 1}, "no other fields"),
    ],
    ids=repr,
)
def test_malformed_moves(new_game: GameFactory, move: Any, reason: str) -> None:
    """Moves that are not a small JSON object of the right kind are refused with the reason."""
    refused(new_game(3), 0, move, reason)


# --- guesses ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        (float("nan"), "plain JSON"),
        (float("inf"), "plain JSON"),
        (float("-inf"), "plain JSON"),
        ("NaN", "not a finite number"),
        ("nan", "not a finite number"),
        ("inf", "not a finite number"),
        ("-Infinity", "not a finite number"),
        ("1e5", "not a finite number"),
        ("1E5", "not a finite number"),
        (1e300, "send it as text in plain digits"),
        (1e16, "send it as text in plain digits"),
        ("", "not a finite number"),
        ("   ", "not a finite number"),
        ("12abc", "not a finite number"),
        ("1,5", "not a finite number"),
        ("1.2.3", "not a finite number"),
        ("1_000", "not a finite number"),
        ("0x10", "not a finite number"),
        ("-", "not a finite number"),
        (".", "not a finite number"),
        ("\u0663", "not a finite number"),  # ARABIC-INDIC DIGIT THREE
        ("\uff11", "not a finite number"),  # FULLWIDTH DIGIT ONE
        ("1" * 40, f"at most {MAX_GUESS_CHARS} characters"),
        (10**40, f"at most {MAX_GUESS_CHARS} characters"),
        (True, "not true/false"),
        (False, "not true/false"),
        (None, "got NoneType"),
        ({"value": "1"}, "got dict"),
        ([1], "got list"),
    ],
    ids=repr,
)
def test_bad_guesses(new_game: GameFactory, value: Any, reason: str) -> None:
    """Q1: a guess is a finite number in plain decimal notation; anything else is refused."""
    refused(new_game(3), 1, {"type": "guess", "value": value}, reason)


@pytest.mark.parametrize(
    ("value", "stored"),
    [
        ("1774", "1774"),
        (" -44 ", "-44"),
        ("+7", "7"),
        ("83.20", "83.20"),
        (".5", "0.5"),
        ("5.", "5"),
        (1774, "1774"),
        (0.1, "0.1"),
        ("1" * MAX_GUESS_CHARS, "1" * MAX_GUESS_CHARS),
    ],
    ids=repr,
)
def test_good_guesses(new_game: GameFactory, value: Any, stored: str) -> None:
    """Q1: plain decimals (with sign, leading or trailing point, surrounding spaces) and JSON
    numbers are accepted and kept exactly."""
    game = new_game(2)
    game.act(0, {"type": "guess", "value": value})
    assert game.view(0)["you"]["guess"] == stored


# --- betting amounts ----------------------------------------------------------------------------


@pytest.fixture
def betting(new_game: GameFactory) -> Any:
    """Seat 0 to act in round 1 of a three-player quizpoker hand, facing the big blind (20)."""
    game = new_game(3)
    guess_all(game, {0: "1", 1: "2", 2: "3"})
    return game


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        ({"type": "raise"}, "whole number of chips, got None"),
        ({"type": "raise", "to": "100"}, "whole number of chips"),
        ({"type": "raise", "to": 100.0}, "whole number of chips"),
        ({"type": "raise", "to": 100.5}, "whole number of chips"),
        ({"type": "raise", "to": True}, "whole number of chips"),
        ({"type": "raise", "to": [100]}, "whole number of chips"),
        ({"type": "raise", "to": -40}, "cannot be negative"),
        ({"type": "raise", "to": 39}, "smallest raise is to 40"),
        ({"type": "raise", "to": 1001}, "at most 1000"),
        ({"type": "raise", "to": 10**30}, "absurdly large"),
        ({"type": "bet", "to": 100}, "raise instead"),
        ({"type": "check"}, "cannot check: 20 to call"),
        ({"type": "call", "to": 20}, "unexpected field"),
        ({"type": "all_in", "to": 1000}, "unexpected field"),
        ({"type": "fold", "why": "tired"}, "unexpected field"),
        ({"type": "guess", "value": "4"}, "unknown move 'guess'"),
        ({"type": "muck"}, "unknown move 'muck'"),
    ],
    ids=repr,
)
def test_bad_bets(betting: Any, move: Any, reason: str) -> None:
    """Amounts are whole, non-negative chip totals within the legal window (Q4, QP2)."""
    refused(betting, 0, move, reason)


def test_bet_when_nothing_is_bet_and_raise_refused(betting: Any) -> None:
    """Q4: a raise needs a bet to raise; a bet below the big blind is refused."""
    play(betting, (0, "call"), (1, "call"), (2, "check"))
    refused(betting, 1, {"type": "raise", "to": 40}, "bet instead")
    refused(betting, 1, {"type": "call"}, "no bet to call")
    refused(betting, 1, {"type": "bet", "to": 19}, "smallest bet is to 20")
    refused(betting, 1, {"type": "bet", "to": 0}, "smallest bet is to 20")


def test_off_unit_amounts_are_refused(new_game: GameFactory) -> None:
    """DU1: in the duell every amount is a multiple of 50."""
    game = new_game(4, ruleset="duell")
    guess_all(game, {1: "1", 2: "2", 3: "3"})
    for amount in (151, 175, 199):
        refused(game, 3, {"type": "raise", "to": amount}, "multiple of the chip unit 50")


def test_show_phase_moves(new_game: GameFactory) -> None:
    """DU6: the show-or-muck prompt takes exactly "show" or "muck"."""
    game = new_game(4, ruleset="duell")
    guess_all(game, {1: "1", 2: "2", 3: "3"})
    play(game, (3, "raise", 150), (1, "fold"), (2, "fold"))
    for move in ({"type": "fold"}, {"type": "show", "value": "9"}, {"type": "guess", "value": "1"}):
        refused(game, 1, move, r"show.*muck")
    refused(game, 3, {"type": "show"}, "not seat 3's turn")


def test_moves_after_the_game_is_over(new_game: GameFactory) -> None:
    """Q10: once one player holds all chips, every move is refused."""
    game = new_game(2, starting_stack=20, small_blinds=[10])
    guess_all(game, {0: "100", 1: "1"})  # the big blind is all-in at once
    play(game, (0, "call"))
    assert game.over
    for seat in (0, 1):
        refused(game, seat, {"type": "guess", "value": "1"}, "the game is over")


def test_changing_what_the_game_hands_out_does_not_change_the_game(
    new_game: GameFactory,
) -> None:
    """Views, results and records are the caller's own copies: a client that edits them (by
    mistake or on purpose) cannot change the standings, another seat's prompt or the record."""
    game = new_game(3)
    game.act(0, {"type": "guess", "value": "5"})
    before = snapshot(game)
    game.view(1)["you"]["prompt"]["moves"].append("raise")
    record = game.record()
    record.options["starting_stack"] = 1
    record.moves[0][1]["value"] = "7"
    assert snapshot(game) == before
    assert game.record().moves[0][1]["value"] == "5"

    over = new_game(2, starting_stack=20, small_blinds=[10])
    guess_all(over, {0: "100", 1: "1"})
    play(over, (0, "call"))
    result = over.view(None)["result"]
    expected, mine = over.result, over.result
    assert expected is not None
    assert mine is not None
    result["standings"].reverse()
    result["winners"][0] = 1 - result["winners"][0]
    mine["scores"].clear()
    assert over.result == expected
    assert over.events[-1].data["standings"] == expected["standings"]


# --- options and players --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        ({"foo": 1}, "unknown option 'foo'"),
        ({"startingstack": 1000}, "unknown option"),
        ({"ruleset": "poker"}, "unknown ruleset"),
        ({"ruleset": None}, "unknown ruleset"),
        ({"starting_stack": "1000"}, "'starting_stack' must be a whole number"),
        ({"starting_stack": True}, "'starting_stack' must be a whole number"),
        ({"starting_stack": 1000.0}, "'starting_stack' must be a whole number"),
        ({"starting_stack": 0}, "'starting_stack' must be a whole number from 1"),
        ({"starting_stack": -50}, "'starting_stack' must be a whole number from 1"),
        ({"starting_stack": 10**13}, "up to 1000000000000"),
        ({"chip_unit": 50, "small_blinds": [50], "starting_stack": 1025}, "multiple of the chip"),
        ({"chip_unit": 0}, "'chip_unit' must be a whole number from 1"),
        ({"chip_unit": 7}, "multiple of the chip unit"),
        ({"small_blinds": []}, "'small_blinds' must be a list of 1 to 50"),
        ({"small_blinds": [0]}, "'small_blinds' must be a list"),
        ({"small_blinds": "10"}, "'small_blinds' must be a list"),
        ({"small_blinds": [10.5]}, "'small_blinds' must be a list"),
        ({"small_blinds": [True]}, "'small_blinds' must be a list"),
        ({"small_blinds": [10**400]}, "'small_blinds' must be a list"),
        ({"small_blinds": [10] * (MAX_BLIND_LEVELS + 1)}, "list of 1 to 50 whole numbers"),
        ({"blind_step": 10**13}, "'blind_step' must be a whole number from 0 up to"),
        ({"blind_factor": float("nan")}, "'blind_factor' must be a number from 1 up to 10"),
        ({"blind_factor": 0.5}, "'blind_factor' must be a number from 1 up to 10"),
        ({"blind_step": -50}, "'blind_step' must be a whole number from 0"),
        ({"chip_unit": 5, "small_blinds": [5], "blind_step": 7}, "multiple of the chip unit"),
        ({"hands_per_level": -1}, "'hands_per_level' must be a whole number from 0"),
        ({"hands_per_level": MAX_HANDS_PER_LEVEL + 1}, "up to 1000000, got 1000001"),
        ({"hands_per_level": 10**30}, "up to 1000000, got"),
        ({"min_raise": "huge"}, "'min_raise' must be one of"),
        ({"odd_chips": "mine"}, "'odd_chips' must be one of"),
        ({"oldest_seat": 3}, "oldest_seat must be a seat"),
        ({"oldest_seat": -1}, "'oldest_seat' must be a whole number from 0"),
        ({"game_master": "yes"}, "'game_master' must be true or false"),
        ({"min_players": 1}, "unknown option 'min_players'"),
        ({"questions": 5}, "'questions' must be text"),
        (
            {"questions": "/nowhere/pack.jsonl"},
            "unknown question pack '/nowhere/pack.jsonl'; known packs: builtin",
        ),
        ({"language": "xx"}, "must be one of"),
    ],
    ids=repr,
)
def test_bad_options(mini_pack: Path, options: dict[str, Any], reason: str) -> None:
    """Options are checked by name and type before a game exists."""
    with pytest.raises(InvalidOptions, match=reason):
        games.create("quizpoker", 3, {"questions": "mini.en", **options}, seed=1)


def test_deeply_nested_options_are_refused(mini_pack: Path) -> None:
    """Nesting past Python's stack is refused as bad options, not a RecursionError."""
    deep: list[Any] = []
    for _ in range(100_000):
        deep = [deep]
    for options, reason in (
        ({"small_blinds": deep}, "'small_blinds' must be a list.*got a value nested too deeply"),
        ({"bogus": deep}, "unknown option 'bogus'"),
    ):
        with pytest.raises(InvalidOptions, match=reason):
            games.create("quizpoker", 3, {"questions": "mini.en", **options}, seed=1)


def test_options_at_their_limits_are_accepted(mini_pack: Path) -> None:
    """The caps refuse only what no table needs: 50 listed levels and a million hands a level."""
    options = {
        "questions": "mini.en",
        "small_blinds": list(range(10, 10 * MAX_BLIND_LEVELS + 1, 10)),
        "hands_per_level": MAX_HANDS_PER_LEVEL,
    }
    game = games.create("quizpoker", 3, options, seed=1)
    assert len(game.options_json["small_blinds"]) == MAX_BLIND_LEVELS


@pytest.mark.parametrize(
    ("players", "reason"),
    [
        (0, "2 to 10 players"),
        (1, "2 to 10 players"),
        (11, "2 to 10 players"),
        (-1, "a count or a list of names"),
        (True, "a count or a list of names"),
        (2.0, "a count or a list of names"),
        (None, "a count or a list of names"),
        ({"Ann": 1, "Bob": 2}, "a count or a list of names"),
        (["Ann"], "2 to 10 players"),
        (["Ann", "Ann"], "different names"),
        (["Ann", ""], "non-empty names"),
        (["Ann", 7], "non-empty names"),
        ("AnnBob", "non-empty names"),
    ],
    ids=repr,
)
def test_bad_players(mini_pack: Path, players: Any, reason: str) -> None:
    """QP1: 2-10 players, given as a count or as distinct names."""
    with pytest.raises(InvalidOptions, match=reason):
        games.create("quizpoker", players, {"questions": "mini.en"}, seed=1)


@pytest.mark.parametrize("options", ["ruleset=duell", ["ruleset"], 5], ids=repr)
def test_options_must_be_an_object(options: Any) -> None:
    with pytest.raises(InvalidOptions, match="options must be an object"):
        games.create("quizpoker", 3, options, seed=1)


@pytest.mark.parametrize("seed", [-1, 2**63, True, 1.0, "7"], ids=repr)
def test_bad_seeds(mini_pack: Path, seed: Any) -> None:
    with pytest.raises(InvalidOptions, match="seed must be an integer"):
        games.create("quizpoker", 3, {"questions": "mini.en"}, seed=seed)


def test_unknown_game() -> None:
    with pytest.raises(
        UnknownGame, match=r"unknown game 'quizpokr'; known games: (.*, )?duell, (.*, )?quizpoker"
    ):
        games.create("quizpokr", 3)


def test_du10_the_language_is_chosen_not_implied_by_the_ruleset() -> None:
    """Issue 13: every ruleset offers every shipped language; duell defaults to English too."""
    from pokerhall.games.quizpoker import INFO

    spec = next(o for o in INFO.options if o.name == "language")
    assert set(spec.choices) == {"en", "de", "cs", "el"}
    for language in spec.choices:
        game = games.create("quizpoker", 3, {"ruleset": "duell", "language": language}, seed=1)
        assert game.options.language == language
    assert games.create("quizpoker", 3, {"ruleset": "duell"}, seed=1).options.language == "en"


def test_q1_the_topic_filter_restricts_the_questions_and_is_checked() -> None:
    """Only questions on the chosen topic are drawn; an unknown topic is refused."""
    from pokerhall.content.library import pinned_questions

    chosen, _ = pinned_questions("builtin", "cs", "chemistry")
    assert chosen
    assert {q.topic for q in chosen} == {"chemistry"}
    game = games.create("quizpoker", 3, {"topic": "sport", "language": "el"}, seed=2)
    assert game.view(None)["hand"]["question"]["topic"] == "sport"
    with pytest.raises(InvalidOptions, match="must be one of"):
        games.create("quizpoker", 3, {"topic": "astrology"}, seed=1)
