"""Slovní poker's events, as types: each one a TypedDict with its `type`, and `WordPokerEvent`
the union of them all, the engine's `Resigned` and the result's `game_over` included.

The game makes them (`deal.py`, `state.py`) and mypy checks each against its declaration; the
terminal reads them narrowed by `type` (through `wordpoker_event`).
tests/games/test_event_types.py plays games with bots and checks that every event emitted is
declared here with exactly these keys.
"""

from __future__ import annotations

from typing import Literal, TypedDict, cast

from pokerhall.engine.events import Event, Resigned
from pokerhall.engine.results import GameOver

Choice = Literal["raise", "stay", "pass"]


class Bankrupt(TypedDict):
    """W11: a seat that cannot pay the next ante is out."""

    type: Literal["bankrupt"]
    seat: int
    points: int
    ante: int


class RoundStarted(TypedDict):
    """A deal starts: its number of all `deals`, its ante and raise caps, the seats in it."""

    type: Literal["round_started"]
    round: int
    deals: int
    ante: int
    most: list[int]
    seats: list[int]


class AntesPaid(TypedDict):
    type: Literal["antes_paid"]
    seats: list[int]
    ante: int
    pot: int
    carry: int


class CardJSON(TypedDict):
    id: str
    letter: str


class HandCards(TypedDict):
    """To one seat: its hand when dealt, or after an exchange (`new`: the ids just drawn)."""

    type: Literal["cards_dealt", "cards_replaced"]
    seat: int
    cards: list[CardJSON]
    new: list[str]
    discarded: list[str]


class DiceRolled(TypedDict):
    type: Literal["dice_rolled"]
    new: list[str]
    dice: list[str]


class RoundOpened(TypedDict):
    """W6: a betting round opens (`most`: its raise cap)."""

    type: Literal["round_opened"]
    deal: int
    round: int
    most: int
    seats: list[int]
    pot: int


class DeclarationJSON(TypedDict):
    choice: Choice
    amount: int


class Declared(DeclarationJSON):
    """To the declarer only, until all have declared."""

    type: Literal["declared"]
    seat: int


class Responded(TypedDict):
    type: Literal["responded"]
    seat: int
    call: bool
    exchange: list[str]


class WordSealed(TypedDict):
    type: Literal["word_sealed"]
    seat: int
    word: str | None


class Absent(TypedDict):
    """W12: a seat the clock played for through a whole deal forfeits what it put in."""

    type: Literal["absent"]
    seat: int
    deal: int
    points: int


class DeclarationsRevealed(TypedDict):
    type: Literal["declarations_revealed"]
    round: int
    declarations: dict[str, DeclarationJSON]
    highest: int
    cannot_match: list[int]
    pot: int


class ResponsesRevealed(TypedDict):
    type: Literal["responses_revealed"]
    round: int
    called: list[int]
    passed: list[int]
    exchanged: dict[str, int]
    pot: int
    stock: int


class WordsAsked(TypedDict):
    type: Literal["words_asked"]
    deal: int
    seats: list[int]


class ScoredWord(TypedDict):
    seat: int
    word: str | None
    valid: bool
    reason: str | None
    score: int
    hand: list[str]
    best: str | None
    best_score: int
    longest: str | None


class DealSummary(TypedDict):
    """A finished deal (W10): the `deal_result` event without its type, which the game keeps
    (and the view shows as the last deal)."""

    deal: int
    words: list[ScoredWord]
    dice: list[str]
    pot: int
    winners: list[int]
    shares: dict[str, int]
    carry: int
    put_in: list[int]
    balances: list[int]
    uncontested: bool


class DealResult(DealSummary):
    type: Literal["deal_result"]


class Forfeited(TypedDict):
    """W12: a seat that resigned pays the antes of the deals left."""

    type: Literal["forfeited"]
    seat: int
    deals: int
    points: int


class WordPokerGameOver(GameOver):
    unawarded: int
    penalties: list[int]
    bankrupt: list[int]
    resigned: list[int]


WordPokerEvent = (
    Bankrupt
    | RoundStarted
    | AntesPaid
    | HandCards
    | DiceRolled
    | RoundOpened
    | Declared
    | Responded
    | WordSealed
    | Absent
    | DeclarationsRevealed
    | ResponsesRevealed
    | WordsAsked
    | DealResult
    | Forfeited
    | WordPokerGameOver
    | Resigned
)
"""Every event of Slovní poker."""


def wordpoker_event(event: Event) -> WordPokerEvent:
    """This game's one cast of an event read as any game's (see `engine.events.Event`)."""
    return cast(WordPokerEvent, event.payload)
