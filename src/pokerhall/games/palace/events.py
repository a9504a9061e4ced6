"""Palace's events, as types: each one a TypedDict with its `type`, and `PalaceEvent` the union
of them all, the engine's `Resigned` and the result's `game_over` included.

The game makes them (`deal.py`, `hand.py`, `state.py`) and mypy checks each against its
declaration; the terminal reads them narrowed by `type` (through `palace_event`).
tests/games/test_event_types.py plays games with bots and checks that every event emitted is
declared here with exactly these keys.
"""

from __future__ import annotations

from typing import Literal, TypedDict, cast

from pokerhall.engine.events import Event, Resigned
from pokerhall.engine.results import GameOver
from pokerhall.table.exchange import ExchangeKind

WinHow = Literal["fold", "claimed", "conceded"]
"""How a battle was won (P10): the other side folded, the caller claimed it, or conceded."""
VerdictHow = Literal["hand", "banner_suit", "tie"]
AwardWhy = Literal["tie", "last", "same_suit", "showdown"]


class SeatCard(TypedDict):
    seat: int
    card: str


class DealerDraw(TypedDict):
    """P3: one draw for the first dealer, a card face up to each seat."""

    type: Literal["dealer_draw"]
    draw: int
    cards: list[SeatCard]


class FirstDealer(TypedDict):
    type: Literal["first_dealer"]
    seat: int
    draws: int


class RoundStarted(TypedDict):
    """A hand starts: its dealer, the seats playing it, the stacks and the stakes."""

    type: Literal["round_started"]
    round: int
    dealer: int
    playing: list[int]
    stacks: list[int]
    small_bet: int
    big_bet: int
    ante: int


class Antes(TypedDict):
    """P2: what each seat paid (by seat, "0"), and the pot."""

    type: Literal["antes"]
    paid: dict[str, int]
    pot: int


class BannersReshuffled(TypedDict):
    type: Literal["banners_reshuffled"]
    cards: int


class BannerCard(TypedDict):
    """P4: a banner card dealt face up; `kept` unless its suit is taken."""

    type: Literal["banner_card"]
    seat: int
    card: str
    kept: bool


class PalaceDealt(TypedDict):
    """P5: the palaces dealt face down (to `seats`, `cards` each), and the stock left."""

    type: Literal["palace_dealt"]
    seats: list[int]
    cards: int
    stock: int


class PalaceCards(TypedDict):
    """To one seat: its own palace."""

    type: Literal["palace_cards"]
    seat: int
    cards: list[str]


class Stayed(TypedDict):
    type: Literal["stayed"]
    seat: int


class Folded(TypedDict):
    type: Literal["folded"]
    seat: int


class StockReshuffled(TypedDict):
    type: Literal["stock_reshuffled"]
    cards: int


class Bought(TypedDict):
    """P7: a soldier bought from the stock, face up."""

    type: Literal["bought"]
    seat: int
    card: str
    paid: int
    pot: int


class Discarded(TypedDict):
    """P8: soldiers discarded (face down, but which ones is public: they were face up)."""

    type: Literal["discarded"]
    seat: int
    cards: list[str]
    paid: int
    pot: int


class Battle(TypedDict):
    """P9: an attack."""

    type: Literal["battle"]
    attacker: int
    defender: int
    bet: int
    all_in: bool
    pot: int


class BattleAction(TypedDict):
    """P10: a fighter's answer."""

    type: Literal["battle_action"]
    seat: int
    action: ExchangeKind
    added: int
    all_in: bool
    pot: int


class BattleHand(TypedDict):
    """A fighter's camp as the caller (and, when it claims, the other) sees it."""

    seat: int
    palace: list[str]
    banner: str
    soldiers: list[str]
    left_out: list[str]
    counts: str
    own_suit: int


class Examined(TypedDict):
    """P10, P13: a called battle as its caller sees it: both palaces and the verdict."""

    caller: int
    other: int
    hands: list[BattleHand]
    winner: int | None
    how: VerdictHow


class BattleExamined(Examined):
    """To the caller."""

    type: Literal["battle_examined"]


class BattleConfirmed(Examined):
    """To the other fighter, when the caller claims the win or the tie."""

    type: Literal["battle_confirmed"]


class BattleTied(TypedDict):
    type: Literal["battle_tied"]
    seats: list[int]
    split: bool


class BattleWon(TypedDict):
    """Public: who won a battle and how, never by what hand."""

    type: Literal["battle_won"]
    winner: int
    loser: int
    how: WinHow
    caller: int | None
    taken: list[str]


class SoldiersLetGo(TypedDict):
    type: Literal["soldiers_let_go"]
    seat: int
    cards: list[str]
    left: int


class SameSuit(TypedDict):
    type: Literal["same_suit"]
    seats: list[int]


class ShownHand(TypedDict):
    seat: int
    palace: list[str]
    category: str


class Showdown(TypedDict):
    type: Literal["showdown"]
    hands: list[ShownHand]


class Award(TypedDict):
    """The pot of a hand as awarded (the `pot_awarded` event without its type; the view keeps
    the hand's awards)."""

    amount: int
    shares: dict[str, int]
    why: AwardWhy


class PotAwarded(Award):
    type: Literal["pot_awarded"]


class Eliminated(TypedDict):
    type: Literal["eliminated"]
    seat: int
    hand: int


class Left(TypedDict):
    """A resigned seat leaves after the hand, with its chips."""

    type: Literal["left"]
    seat: int
    hand: int
    chips: int


PalaceEvent = (
    DealerDraw
    | FirstDealer
    | RoundStarted
    | Antes
    | BannersReshuffled
    | BannerCard
    | PalaceDealt
    | PalaceCards
    | Stayed
    | Folded
    | StockReshuffled
    | Bought
    | Discarded
    | Battle
    | BattleAction
    | BattleExamined
    | BattleConfirmed
    | BattleTied
    | BattleWon
    | SoldiersLetGo
    | SameSuit
    | Showdown
    | PotAwarded
    | Eliminated
    | Left
    | GameOver
    | Resigned
)
"""Every event of Palace."""


def palace_event(event: Event) -> PalaceEvent:
    """This game's one cast of an event read as any game's (see `engine.events.Event`)."""
    return cast(PalaceEvent, event.payload)
