"""Detective Poker's events, as types: each one a TypedDict with its `type`, and `DetectiveEvent`
the union of them all, the engine's `Resigned` and the result's `game_over` included.

The game makes them (`hand.py`, `state.py`) and mypy checks each against its declaration; the
terminal reads them narrowed by `type`. tests/games/test_event_types.py plays games with bots
and checks that every event emitted is declared here with exactly these keys.
"""

from __future__ import annotations

from typing import Literal, TypedDict, cast

from pokerhall.engine.events import Event, Resigned
from pokerhall.engine.results import GameOver

Street = Literal["preflop", "flop", "turn", "river"]


class RoundStarted(TypedDict):
    """A hand starts (X1): its number, where it stands in the game, and the dealer."""

    type: Literal["round_started"]
    round: int
    hands: int
    game_round: int
    hand_in_round: int
    hands_per_round: int
    dealer: int


class CardsDealt(TypedDict):
    """To one seat (X2): its private card and the others' forehead cards, by seat ("0", "2")."""

    type: Literal["cards_dealt"]
    seat: int
    private: str
    foreheads: dict[str, str]


class StreetStarted(TypedDict):
    """A betting round starts (X4), with the cards dealt to the board (and those discarded, X9)."""

    type: Literal["street_started"]
    street: Street
    index: int
    dealt: list[str]
    community: list[str]
    discarded: list[str]
    first: int


class BetMade(TypedDict):
    """A bet (public): its chips, whether a card went face down with it, what is left."""

    type: Literal["bet"]
    seat: int
    street: Street
    board: int
    chips: int
    face_down: bool
    chips_left: int
    cards_left: int


class CardPlaced(TypedDict):
    """To the bettor only: the action card placed face down with the bet."""

    type: Literal["card_placed"]
    seat: int
    street: Street
    card: str


class RevealedHand(TypedDict):
    seat: int
    private: str
    forehead: str


class RevealedCard(TypedDict):
    seat: int
    street: Street
    card: str


class CardsRevealed(TypedDict):
    """After the river: every hand and every action card placed."""

    type: Literal["cards_revealed"]
    hands: list[RevealedHand]
    cards: list[RevealedCard]


class ScoredBetJSON(TypedDict):
    seat: int
    board: int
    counts_for: int
    chips: int
    card: str
    correct: bool
    points: int


class StreetScore(TypedDict):
    """A betting round as scored (X7): the `street_scored` event without its type, also kept in
    the view's summary of the last hand."""

    street: Street
    best: list[int]
    worst: list[int]
    categories: list[str]
    bets: list[ScoredBetJSON]


class StreetScored(StreetScore):
    type: Literal["street_scored"]


class HandScored(TypedDict):
    """The hand's points of every seat, and the action cards each has left."""

    type: Literal["hand_scored"]
    hand: int
    points: list[int]
    cards_left: list[int]


class DetectiveGameOver(GameOver):
    action_cards_left: list[int]
    shared: bool


DetectiveEvent = (
    RoundStarted
    | CardsDealt
    | StreetStarted
    | BetMade
    | CardPlaced
    | CardsRevealed
    | StreetScored
    | HandScored
    | DetectiveGameOver
    | Resigned
)
"""Every event of Detective Poker."""


def detective_event(event: Event) -> DetectiveEvent:
    """This game's one cast of an event read as any game's (see `engine.events.Event`)."""
    return cast(DetectiveEvent, event.payload)
