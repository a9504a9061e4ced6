"""Hand-history lines: each QuizPoker event described once, as a catalog message, and read here in
English with player names (the other languages are checked in test_messages.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pokerhall import games
from pokerhall.engine.events import Event
from pokerhall.engine.messages import load_catalog, render
from pokerhall.games.quizpoker.history import describe_event

from .driver import RandomPlayer

PLAYERS = ("Ann", "Bob", "Cy", "Dee")
ENGLISH = load_catalog(games.messages_folder("quizpoker"), "en")


def read(event: Event) -> str:
    return render(describe_event(event), ENGLISH, PLAYERS, "en")


def line(event_type: str, **data: Any) -> str:
    return read(Event.public(event_type, **data))


def test_round_started_names_the_game_master_and_the_blinds() -> None:
    """DU2: in the duell the button seat is the game master."""
    text = line(
        "round_started",
        round=3,
        button=0,
        game_master=0,
        small_blind=1,
        big_blind=2,
        blinds={"small": 100, "big": 200},
        playing=[1, 2, 3],
        stacks=[10_000] * 4,
        carry=0,
    )
    assert text == "Hand 3 — Ann is game master; blinds 100/200"


def test_round_started_without_game_master_names_the_button_and_a_carried_pot() -> None:
    """DU7: chips left by a split are carried into the next hand."""
    text = line(
        "round_started",
        round=1,
        button=1,
        game_master=None,
        small_blind=2,
        big_blind=3,
        blinds={"small": 1000, "big": 2000},
        playing=[0, 1, 2, 3],
        stacks=[0] * 4,
        carry=50,
    )
    assert text == "Hand 1 — Bob has the button; blinds 1,000/2,000; 50 carried over in the pot"


def test_blinds_and_a_short_all_in_blind() -> None:
    """Q11: a seat that cannot cover its blind posts what it has and is all-in."""
    assert line("blind_posted", seat=1, blind="small", amount=10, all_in=False) == (
        "Bob posts the small blind of 10"
    )
    assert line("blind_posted", seat=2, blind="big", amount=15, all_in=True) == (
        "Cy posts the big blind of 15 (all-in)"
    )


def test_question_line_has_topic_date_and_unit() -> None:
    """DU10: a question's facts hold as of a date, which the line states."""
    text = line(
        "question",
        id="q",
        text="How tall is it?",
        unit="metres",
        topic="science",
        as_of="2016-05-01",
    )
    assert text == "Question (science, as of 2016-05-01): How tall is it? — answer in metres"
    assert line("question", id="q", text="Which year?", unit="", topic="") == (
        "Question: Which year?"
    )


def test_the_game_masters_card_names_its_reader() -> None:
    """DU2: the card is a private event addressed to the game master."""
    event = Event.private([0], "game_master_card", hint1="h1", hint2="h2", answer="1774")
    assert read(event) == ("Ann reads the card — hint 1: h1 | hint 2: h2 | answer: 1774")


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"action": "fold", "added": 0, "to": 0}, "Bob folds"),
        ({"action": "check", "added": 0, "to": 0, "all_in": False}, "Bob checks"),
        ({"action": "call", "added": 40, "to": 40, "all_in": False}, "Bob calls 40"),
        ({"action": "call", "added": 35, "to": 35, "all_in": True}, "Bob calls 35 (all-in)"),
        ({"action": "bet", "added": 1500, "to": 1500, "all_in": False}, "Bob bets 1,500"),
        (
            {"action": "raise", "added": 560, "to": 600, "all_in": True},
            "Bob raises to 600 (all-in)",
        ),
    ],
)
def test_actions_q4(data: dict[str, Any], expected: str) -> None:
    """Q4: every betting action reads with its amount; a call says what it adds, a bet or
    raise the total it makes."""
    assert line("action", seat=1, **data) == expected


def test_guesses_and_the_end_of_guessing() -> None:
    assert line("guess_recorded", seat=3, value="-3.5") == "Dee guesses -3.5"
    assert line("guesses_complete") == "All guesses are in"


def test_betting_rounds_say_what_they_follow_q3() -> None:
    """Q3: four betting rounds, after the guesses, hint 1, hint 2 and the answer."""
    assert line("betting_round", round=1, after="guesses") == ("Betting round 1, after the guesses")
    assert line("betting_round", round=2, after="hint 1") == "Betting round 2, after hint 1"
    assert line("betting_round", round=4, after="answer") == "Betting round 4, after the answer"


def test_uncalled_bet_and_side_pots_q9() -> None:
    """Q9: the seed's example, main pot 750 for all, side pot 500 for B and C, 500 back to C."""
    assert line("uncalled_returned", seat=2, amount=500) == "Uncalled 500 returned to Cy"
    pots = [{"amount": 750, "eligible": [0, 1, 2]}, {"amount": 500, "eligible": [1, 2]}]
    assert line("round_ended", round=1, pots=pots) == (
        "End of betting round 1 — main pot 750 (Ann, Bob and Cy), side pot 1 500 (Bob and Cy)"
    )
    assert line("round_ended", round=2, pots=[{"amount": 1200, "eligible": [0, 1]}]) == (
        "End of betting round 2 — pot 1,200"
    )


def test_hints_and_answer() -> None:
    assert line("hint", number=1, text="Between 1700 and 1800.") == (
        "Hint 1: Between 1700 and 1800."
    )
    assert line("answer", value="81.7", unit="million", source="UN") == (
        "Answer: 81.7 million (source: UN)"
    )
    assert line("answer", value="1774", unit="", source="") == "Answer: 1774"


def test_showdown_reveals_qp3() -> None:
    """QP3: the order of reveals, guesses shown with their distance, worse ones stay hidden."""
    assert line("showdown", order=[2, 3, 0]) == "Showdown — Cy shows first, then Dee and Ann"
    assert line("showdown", order=[1]) == "Showdown — Bob shows first"
    assert line("guess_shown", seat=2, value="1774", distance="2") == "Cy shows 1774 (off by 2)"
    assert line("guess_shown", seat=2, value="3.14", distance="0.00") == ("Cy shows 3.14 (spot on)")
    assert line("guess_stays_hidden", seat=3) == "Dee's guess stays face down"


def test_pot_awards_q8_ties_and_du7_carry() -> None:
    """Q8: ties split; DU7: chips that cannot be divided stay for the next question."""
    assert line("pot_awarded", pot=0, amount=1200, shares={"0": 1200}, carried=0) == (
        "Ann wins 1,200 from the main pot"
    )
    assert line("pot_awarded", pot=1, amount=500, shares={"2": 500}, carried=0) == (
        "Cy wins 500 from side pot 1"
    )
    assert line("pot_awarded", pot=0, amount=1200, shares={"1": 600, "3": 600}, carried=0) == (
        "Bob and Dee split the main pot: 600 each"
    )
    assert line("pot_awarded", pot=0, amount=31, shares={"0": 16, "1": 15}, carried=0) == (
        "Ann and Bob split the main pot: Ann 16, Bob 15"
    )
    assert line(
        "pot_awarded", pot=0, amount=350, shares={"0": 100, "1": 100, "2": 100}, carried=50
    ) == ("Ann, Bob and Cy split the main pot: 100 each; 50 stay in the pot for the next question")


def test_elimination_and_game_over_q10() -> None:
    """Q10: a player without chips leaves; the game ends when one holds them all."""
    assert line("eliminated", seat=3, hand=5) == (
        "Dee is out of chips and leaves the game after hand 5"
    )
    result = {"standings": [0, 1, 2, 3], "places": [1, 2, 3, 4], "unit": "chips"}
    over = line("game_over", winners=[0], scores=[4000, 0, 0, 0], rounds=12, **result)
    assert over == "Game over after 12 hands — Ann wins with 4,000 chips"
    one = line("game_over", winners=[1], scores=[0, 2000, 0, 0], rounds=1, **result)
    assert one == "Game over after 1 hand — Bob wins with 2,000 chips"
    # The shape before the engine's result shape reads the same.
    old = line("game_over", winner=1, standings=[1, 0], hands=1, stacks=[0, 2000, 0, 0])
    assert old == one


def test_an_unknown_seat_or_event_still_gives_a_line() -> None:
    assert line("guess_stays_hidden", seat=9) == "seat 9's guess stays face down"
    assert line("something_new", x=1) == 'something_new: {"x": 1}'


def test_a_resignation() -> None:
    assert line("resigned", seat=2) == "Cy resigns"


@pytest.mark.parametrize("ruleset", ["quizpoker", "duell"])
@pytest.mark.parametrize("seed", range(6))
def test_every_event_of_random_games_reads_as_english(
    ruleset: str, seed: int, mini_pack: Path
) -> None:
    """Whole seeded games: every event has its own line (no raw-dict fallback), in names."""
    options = {"ruleset": ruleset, "questions": "mini.en", "language": "en"}
    if ruleset == "quizpoker":
        options["starting_stack"] = 300
    else:
        options["starting_stack"] = 2000
    state = games.create("quizpoker", list(PLAYERS), options, seed=seed)
    player = RandomPlayer(seed)
    for _ in range(5000):
        if state.over:
            break
        seat, prompt = min(state.pending().items())
        state.act(seat, player.move(seat, prompt))
    assert state.over
    seen = set()
    for event in state.events:
        message = state.describe(event)
        assert message is not None, event
        assert message["key"] != "event", event
        text = render(message, ENGLISH, state.players, "en")
        assert text, event
        assert "{" not in text, (event, text)
        assert "seat " not in text, (event, text)
        seen.add(event.type)
    assert {"round_started", "action", "pot_awarded", "game_over"} <= seen
