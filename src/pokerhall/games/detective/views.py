"""Per-seat views (X10): everything a seat (or a spectator, None) may know, nothing more.

A seat sees its own private card and every other player's forehead card; never its own
forehead card, another player's private card, or which action card anyone but itself placed
face down, until the hand is scored and everything is shown. That a card lies under a bet is
public (the None card exists to make that tell nothing). A spectator, any connection without a
seat token, sees the public table only: no forehead card until the hand is scored, since a
player could open the table in a second tab without their token and would see their own.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Sequence
from typing import Any, NotRequired, Protocol, TypedDict, TypeVar, cast

from pokerhall.engine.events import JSON, copy_json
from pokerhall.games.detective.events import RevealedHand, Street, StreetScore
from pokerhall.games.detective.hand import Hand, Phase, street_json
from pokerhall.games.detective.options import ROUNDS, DetectiveOptions
from pokerhall.games.detective.ranking import STREETS

# --- the shape of a view -------------------------------------------------------------------------
# Declared as types, so mypy checks `build_view` against them (and the bots' reads, through
# `detective_view`); tests/games/test_event_types.py checks the views of played games against
# them at run time.


class PlayerView(TypedDict):
    seat: int
    name: str
    points: int
    resigned: bool
    dealer: bool
    private: str | None
    """Shown to its owner, and to everyone once the hand is scored."""
    forehead: str | None
    """Shown to every other seat (X10), to its owner and spectators once the hand is scored."""
    chips_left: int
    action_cards_left: int
    on_board: int


class BetView(TypedDict):
    seat: int
    street: Street
    board: int
    chips: int
    face_down: bool
    card: str | None
    """The action card under the bet: for its bettor, and for everyone once scored."""


class HandView(TypedDict):
    number: int
    game_round: int
    hand_in_round: int
    dealer: int
    phase: Phase
    street: Street | None
    street_index: int | None
    to_act: int | None
    order: list[int]
    community: list[str]
    discarded: list[str]
    bets: list[BetView]
    scoring: list[StreetScore]


class HandSummary(TypedDict):
    """The last scored hand, all shown."""

    number: int
    dealer: int
    cards: list[RevealedHand]
    community: list[str]
    discarded: list[str]
    scoring: list[StreetScore]
    points: list[int]
    action_cards_left: list[int]


class YouView(TypedDict):
    """What a seated player's own view adds."""

    private: str
    forehead: str | None
    chips_left: int
    action_cards: list[str]
    prompt: dict[str, Any] | None


class DetectiveView(TypedDict):
    """The view of a seat, or a spectator (`seat` None, without `you`)."""

    game: str
    ruleset: str
    expert: bool
    prompt_id: int
    seat: int | None
    rounds: int
    hands_per_round: int
    hands: int
    players: list[PlayerView]
    hand: HandView
    last_hand: HandSummary | None
    hand_points: list[list[int]]
    standings: list[int]
    over: bool
    result: dict[str, Any] | None
    you: NotRequired[YouView]


T = TypeVar("T")


class Table(Protocol):
    """What a view reads of the game (`Detective` is one)."""

    @property
    def name(self) -> str: ...
    @property
    def resigned(self) -> Container[int]: ...
    @property
    def prompt_id(self) -> int: ...
    @property
    def num_seats(self) -> int: ...
    @property
    def over(self) -> bool: ...
    @property
    def result(self) -> JSON | None: ...
    @property
    def hands_per_round(self) -> int: ...
    @property
    def total_hands(self) -> int: ...

    options: DetectiveOptions
    players: tuple[str, ...]
    points: list[int]
    hand_points: list[list[int]]
    hand: Hand
    previous_hand: Hand | None

    def game_round(self, hand_number: int) -> int: ...
    def lasting_view(self, name: str, key: object, build: Callable[[], T]) -> T: ...
    def pending(self) -> dict[int, JSON]: ...
    def standings(self) -> Sequence[int]: ...


def sees_forehead(hand: Hand, viewer: int | None, owner: int) -> bool:
    """X10: every other seat sees a forehead card; its owner and the spectators (who may be its
    owner without a token) only once the hand is scored."""
    if hand.phase == "done":
        return True
    return viewer is not None and viewer != owner


def build_view(game: Table, seat: int | None) -> DetectiveView:
    hand = game.hand
    view: DetectiveView = {
        "game": game.name,
        "ruleset": game.options.ruleset,
        "expert": game.options.expert,
        "prompt_id": game.prompt_id,
        "seat": seat,
        "rounds": ROUNDS,
        "hands_per_round": game.hands_per_round,
        "hands": game.total_hands,
        "players": [_player(game, hand, seat, s) for s in range(game.num_seats)],
        "hand": hand_view(game, hand, seat),
        # Both last from one hand's end to the next's (`_end_hand` adds the row and makes the
        # hand the previous one at once).
        "last_hand": game.lasting_view("last_hand", len(game.hand_points), lambda: _summary(game)),
        "hand_points": game.lasting_view(
            "hand_points", len(game.hand_points), lambda: [list(r) for r in game.hand_points]
        ),
        "standings": list(game.standings()),
        "over": game.over,
        "result": game.result,
    }
    if seat is not None:
        view["you"] = {
            "private": hand.private[seat].text,
            "forehead": hand.forehead[seat].text if hand.phase == "done" else None,
            "chips_left": hand.chips[seat],
            "action_cards": list(hand.cards[seat]),
            "prompt": copy_json(game.pending().get(seat)),  # prompts are shared
        }
    return view


def _summary(game: Table) -> HandSummary | None:
    return None if game.previous_hand is None else hand_summary(game.previous_hand)


def _player(game: Table, hand: Hand, viewer: int | None, seat: int) -> PlayerView:
    shown = hand.phase == "done" or viewer == seat
    forehead = sees_forehead(hand, viewer, seat)
    return {
        "seat": seat,
        "name": game.players[seat],
        "points": game.points[seat],
        "resigned": seat in game.resigned,
        "dealer": seat == hand.dealer,
        "private": hand.private[seat].text if shown else None,
        "forehead": hand.forehead[seat].text if forehead else None,
        "chips_left": hand.chips[seat],
        "action_cards_left": len(hand.cards[seat]),
        "on_board": sum(b.chips for b in hand.bets if b.board == seat),
    }


def hand_view(game: Table, hand: Hand, seat: int | None) -> HandView:
    betting = hand.phase == "betting"
    return {
        "number": hand.number,
        "game_round": game.game_round(hand.number),
        "hand_in_round": (hand.number - 1) % game.hands_per_round + 1,
        "dealer": hand.dealer,
        "phase": hand.phase,
        "street": STREETS[hand.street] if betting else None,
        "street_index": hand.street + 1 if betting else None,
        "to_act": hand.to_act,
        "order": hand.order() if betting else [],
        "community": [c.text for c in hand.community],
        "discarded": [c.text for c in hand.discarded],
        "bets": [
            {
                "seat": b.seat,
                "street": STREETS[b.street],
                "board": b.board,
                "chips": b.chips,
                "face_down": bool(b.card),
                "card": (b.card or None) if hand.phase == "done" or b.seat == seat else None,
            }
            for b in hand.bets
        ],
        "scoring": [street_json(r) for r in hand.results],
    }


def hand_summary(hand: Hand) -> HandSummary:
    """What everyone learnt from a scored hand, for the table's hand summary."""
    return {
        "number": hand.number,
        "dealer": hand.dealer,
        "cards": [
            {"seat": s, "private": hand.private[s].text, "forehead": hand.forehead[s].text}
            for s in range(hand.num_seats)
        ],
        "community": [c.text for c in hand.community],
        "discarded": [c.text for c in hand.discarded],
        "scoring": [street_json(r) for r in hand.results],
        "points": list(hand.points),
        "action_cards_left": [len(c) for c in hand.cards],
    }


def detective_view(view: JSON) -> DetectiveView:
    """A view as its declared type, for a reader handed it as JSON (a bot, through the engine's
    `Bot` protocol): the one cast of the game's views. It checks nothing at run time; the game
    built the view as a `DetectiveView`, and tests/games/test_event_types.py checks the views
    of played games against it."""
    return cast(DetectiveView, view)
