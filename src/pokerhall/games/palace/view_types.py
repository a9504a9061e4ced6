"""The shape of a Palace view (P13), as types: what `views.build_view` returns and what the
bots and the terminal read. Its own module so that a bot can name the shape of the view it is
handed without importing the code that builds views from the game's hidden state.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict, cast

from pokerhall.engine.events import JSON
from pokerhall.games.palace.events import Award
from pokerhall.games.palace.hand import Phase

# --- the shape of a view -------------------------------------------------------------------------
# Declared as types, so mypy checks `build_view` against them (and the bots' and the terminal's
# reads, through `palace_view`); tests/games/test_event_types.py checks the views of played
# games against them at run time.


class PlayerView(TypedDict):
    name: str
    stack: int
    in_game: bool
    resigned: bool
    in_hand: bool
    put_in: int
    banner: str | None
    """The banner card while the player is in the hand, else None."""
    soldiers: list[str]
    palace_cards: int
    """How many face-down cards the player holds (3 in the hand, else 0), never which."""
    shown: list[str] | None
    """The palace shown at a showdown, else None."""


class RulesView(TypedDict):
    small_bet: int
    big_bet: int
    ante: int
    betting: str
    buy_price: int
    discard_price: int
    raise_cap: int
    forced_battle: bool
    hands_per_session: int
    max_soldiers: int


class BattleView(TypedDict):
    """The called battle being fought (P10)."""

    attacker: int
    defender: int
    bets: dict[str, int]
    """What each fighter put in during the battle, by seat (as text, a JSON key)."""
    raises: int
    to_act: int | None


class HandView(TypedDict):
    number: int
    phase: Phase
    dealer: int
    order: list[int]
    turn: int | None
    pot: int
    stock: int
    discard_pile: int
    quiet: list[int]
    battle: BattleView | None
    choosing_soldiers: int | None
    awards: list[Award]


class YouView(TypedDict):
    """What a seated player's own view adds."""

    palace: list[str]
    known: dict[str, list[str]]
    """The palaces this seat was shown in called battles, by seat (as text)."""
    prompt: dict[str, Any] | None


class PalaceView(TypedDict):
    """The view of a seat, or a spectator (`seat` None, without `you`)."""

    game: Literal["palace"]
    prompt_id: int
    seat: int | None
    rules: RulesView
    first_dealer: int
    hands_played: int
    players: list[PlayerView]
    hand: HandView
    standings: list[int]
    over: bool
    result: dict[str, Any] | None
    you: NotRequired[YouView]


def palace_view(view: JSON) -> PalaceView:
    """A view as its declared type, for a reader handed it as JSON (a bot, through the engine's
    `Bot` protocol, or the terminal): the one cast of the game's views. It checks nothing at
    run time; the game built the view as a `PalaceView`, and tests/games/test_event_types.py
    checks the views of played games against it."""
    return cast(PalaceView, view)
