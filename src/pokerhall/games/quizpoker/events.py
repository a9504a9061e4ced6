"""QuizPoker's events (and Duell's, its ruleset), as types: each one a TypedDict with its
`type`, and `QuizPokerEvent` the union of them all, the engine's `Resigned` and the result's
`game_over` included.

The game makes them (`hand.py`, `state.py`) and mypy checks each against its declaration; the
terminal reads them narrowed by `type` (through `quizpoker_event`).
tests/games/test_event_types.py plays games with bots and checks that every event emitted is
declared here with exactly these keys.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict, cast

from pokerhall.engine.events import Event, Resigned
from pokerhall.engine.results import GameOver
from pokerhall.table.betting import ActionKind
from pokerhall.table.blinds import BlindsJSON
from pokerhall.table.pots import PotJSON

Street = Literal["guesses", "hint 1", "hint 2", "answer"]
"""What betting round i follows (Q3)."""


class RoundStarted(TypedDict):
    """A hand (question) starts: its positions (no game master in QuizPoker, no small blind
    when it is dead), blinds, the seats playing, stacks and the chips carried in the pot."""

    type: Literal["round_started"]
    round: int
    button: int
    game_master: int | None
    small_blind: int | None
    big_blind: int
    blinds: BlindsJSON
    playing: list[int]
    stacks: list[int]
    carry: int


class BlindPosted(TypedDict):
    type: Literal["blind_posted"]
    seat: int
    blind: Literal["small", "big"]
    amount: int
    all_in: bool


class QuestionAsked(TypedDict):
    """The question read out (DU10: its facts hold as of `as_of`, an ISO date)."""

    type: Literal["question"]
    id: str
    text: str
    unit: str
    topic: str
    as_of: str


class GameMasterCard(TypedDict):
    """DU2: to the game master only, the whole card."""

    type: Literal["game_master_card"]
    hint1: str
    hint2: str
    answer: str


class GuessRecorded(TypedDict):
    """To the guesser only (Q2): its own guess, as the game shows numbers."""

    type: Literal["guess_recorded"]
    seat: int
    value: str


class Action(TypedDict):
    """A betting action; a fold while the guesses are written has no stack, pot or all-in."""

    type: Literal["action"]
    seat: int
    action: ActionKind
    added: int
    to: int
    all_in: NotRequired[bool]
    stack: NotRequired[int]
    pot: NotRequired[int]


class GuessesComplete(TypedDict):
    type: Literal["guesses_complete"]


class BettingRoundOpened(TypedDict):
    type: Literal["betting_round"]
    round: int
    after: Street


class UncalledReturned(TypedDict):
    type: Literal["uncalled_returned"]
    seat: int
    amount: int


class RoundEnded(TypedDict):
    type: Literal["round_ended"]
    round: int
    pots: list[PotJSON]


class Hint(TypedDict):
    type: Literal["hint"]
    number: Literal[1, 2]
    text: str


class Answer(TypedDict):
    type: Literal["answer"]
    value: str
    unit: str
    source: str


class Showdown(TypedDict):
    type: Literal["showdown"]
    order: list[int]


class GuessShown(TypedDict):
    type: Literal["guess_shown"]
    seat: int
    value: str
    distance: str


class GuessStaysHidden(TypedDict):
    type: Literal["guess_stays_hidden"]
    seat: int


class Award(TypedDict):
    """One pot as awarded (the `pot_awarded` event without its type; the view keeps the
    hand's awards)."""

    pot: int
    amount: int
    shares: dict[str, int]
    carried: int


class PotAwarded(Award):
    type: Literal["pot_awarded"]


class Eliminated(TypedDict):
    type: Literal["eliminated"]
    seat: int
    hand: int


class QuizPokerGameOver(GameOver):
    """The result, with QP8's `asked_questions`: the table's asked questions after this game,
    for its next game (every one of them was read out, so public)."""

    asked_questions: str


QuizPokerEvent = (
    RoundStarted
    | BlindPosted
    | QuestionAsked
    | GameMasterCard
    | GuessRecorded
    | Action
    | GuessesComplete
    | BettingRoundOpened
    | UncalledReturned
    | RoundEnded
    | Hint
    | Answer
    | Showdown
    | GuessShown
    | GuessStaysHidden
    | PotAwarded
    | Eliminated
    | QuizPokerGameOver
    | Resigned
)
"""Every event of QuizPoker and Duell."""


def quizpoker_event(event: Event) -> QuizPokerEvent:
    """This game's one cast of an event read as any game's (see `engine.events.Event`)."""
    return cast(QuizPokerEvent, event.payload)
