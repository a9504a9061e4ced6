"""The shape of a QuizPoker view (and a Duell one: both rulesets share it), as types: what
`views.build_view` returns and what the bots, the exploiters and the terminal read. Its own
module, as Palace's, so that a bot names the shape of the view it is handed without importing
the code that builds views from the game's hidden state.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict, cast

from pokerhall.engine.events import JSON
from pokerhall.engine.messages import Message
from pokerhall.games.quizpoker.events import Award
from pokerhall.games.quizpoker.hand import Phase
from pokerhall.table.blinds import BlindsJSON
from pokerhall.table.pots import PotJSON

# --- the shape of a view -------------------------------------------------------------------------
# Declared as types, so mypy checks `build_view` against them (and the readers' reads, through
# `quizpoker_view`); tests/games/test_event_types.py checks the views of played games against
# them at run time.


class PlayerView(TypedDict):
    seat: int
    name: str
    stack: int
    in_game: bool
    resigned: bool
    in_hand: bool
    folded: bool
    """Folded this hand (never for a seat not dealt in)."""
    all_in: bool
    bet: int
    """What the seat put in during this betting round."""
    put_in: int
    """What the seat put in during this hand."""
    guess: str | None
    """The guess shown at the showdown (QP3/DU6), as the game shows numbers; else None."""
    guess_hidden: bool
    """The seat's guess stays face down at this showdown (it mucked)."""


class QuestionView(TypedDict):
    """The question read out (DU10: its facts hold as of `as_of`, an ISO date)."""

    id: str
    text: str
    unit: str
    topic: str
    as_of: str


class CardView(TypedDict):
    """DU2: the whole card, in the game master's view only."""

    hint1: str
    hint2: str
    answer: str


class AwardView(Award):
    """A pot as awarded, with its hand-history message (the summary outlives the events after
    a reload)."""

    message: Message


class HandView(TypedDict):
    number: int
    phase: Phase
    round: int | None
    """The betting round, counted from 1, while the seats bet; else None."""
    button: int
    game_master: int | None
    small_blind: int | None
    big_blind: int
    blinds: BlindsJSON
    question: QuestionView
    hints: list[str]
    """The hints read out so far (Q3), never one before it is."""
    answer: str | None
    """Once read out, else None (as is `source`)."""
    source: str | None
    pot: int
    pots: list[PotJSON]
    current_bet: int
    to_act: int | None
    awards: list[AwardView]
    card: NotRequired[CardView]


class HandSummary(TypedDict):
    """What everyone learnt from the hand before this one."""

    number: int
    question: str
    answer: str
    unit: str
    shown: dict[str, str]
    """The guesses shown, by seat (as text, a JSON key)."""
    awards: list[AwardView]


class YouView(TypedDict):
    """What a seated player's own view adds: its own guess (Q2, nobody else's) and prompt."""

    guess: str | None
    prompt: dict[str, Any] | None


class QuizPokerView(TypedDict):
    """The view of a seat, or a spectator (`seat` None, without `you`)."""

    game: Literal["quizpoker"]
    ruleset: str
    prompt_id: int
    seat: int | None
    chip_unit: int
    hands_played: int
    orbit: int
    players: list[PlayerView]
    hand: HandView
    previous_hand: HandSummary | None
    stack_history: list[list[int]]
    standings: list[int]
    over: bool
    result: dict[str, Any] | None
    you: NotRequired[YouView]


def quizpoker_view(view: JSON) -> QuizPokerView:
    """A view as its declared type, for a reader handed it as JSON (a bot, through the engine's
    `Bot` protocol, or the terminal): the one cast of the game's views. It checks nothing at
    run time; the game built the view as a `QuizPokerView`, and
    tests/games/test_event_types.py checks the views of played games against it."""
    return cast(QuizPokerView, view)
