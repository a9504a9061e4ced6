"""Per-seat views (P13): what one seat, or a spectator, may know now.

Banners and soldiers are public; a seat sees its own palace and the palaces it was shown in a
called battle (`known`): the caller the other fighter's palace, and the other fighter the
caller's only when the caller claimed the win or the tie; a caller who conceded is never shown.
Everyone sees the palaces shown at a showdown. The stock and the discard pile
are counts only. A view holds the current hand only (no card of an earlier hand), so a card named
in it is always a card of this deal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypedDict, cast

from pokerhall.engine.events import JSON
from pokerhall.games.palace.battle import MAX_SOLDIERS
from pokerhall.games.palace.events import Award
from pokerhall.games.palace.hand import Phase

if TYPE_CHECKING:
    from pokerhall.games.palace.state import Palace

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


def build_view(game: Palace, seat: int | None) -> PalaceView:
    hand, opts, led = game.hand, game.options, game.hand.ledger
    players: list[PlayerView] = []
    for s, name in enumerate(game.players):
        camp = hand.camps.get(s)
        in_hand = camp is not None and led.live(s)
        shown = hand.shown.get(s)
        players.append(
            {
                "name": name,
                "stack": game.stacks[s],
                "in_game": game.in_game(s),
                "resigned": s in game.resigned,
                "in_hand": in_hand,
                "put_in": led.put_in[s],
                "banner": str(camp.banner) if in_hand and camp is not None else None,
                "soldiers": [str(c) for c in camp.soldiers] if in_hand and camp else [],
                "palace_cards": 3 if in_hand else 0,
                "shown": [str(c) for c in shown] if shown is not None else None,
            }
        )
    ex = hand.exchange
    battle: BattleView | None = None
    if ex is not None:
        battle = {
            "attacker": ex.attacker,
            "defender": ex.defender,
            "bets": {str(s): total for s, total in ex.totals.items()},
            "raises": ex.raises,
            "to_act": ex.actor,
        }
    view: PalaceView = {
        "game": "palace",
        "prompt_id": game.prompt_id,
        "seat": seat,
        "rules": {
            "small_bet": opts.small_bet,
            "big_bet": opts.big_bet,
            "ante": opts.ante,
            "betting": opts.betting,
            "buy_price": opts.buy_cost,
            "discard_price": opts.discard_cost,
            "raise_cap": opts.raise_cap,
            "forced_battle": opts.forced_battle,
            "hands_per_session": opts.hands_per_session,
            "max_soldiers": MAX_SOLDIERS,
        },
        "first_dealer": game.first_dealer,
        "hands_played": game.hands_played,
        "players": players,
        "hand": {
            "number": hand.number,
            "phase": hand.phase,
            "dealer": hand.dealer,
            "order": list(hand.order),
            "turn": hand.turn if hand.phase == "turn" else None,
            "pot": led.pot_total(),
            "stock": len(hand.stock),
            "discard_pile": len(hand.discards),
            "quiet": sorted(hand.quiet & set(led.live_seats())),
            "battle": battle,
            "choosing_soldiers": hand.letting_go[0] if hand.letting_go else None,
            "awards": list(hand.awards),
        },
        "standings": game.standings(),
        "over": game.over,
        "result": game.result,
    }
    if seat is not None:
        camp = hand.camps.get(seat)
        known = {
            str(other): [str(c) for c in hand.camps[other].palace]
            for other in sorted(hand.seen.get(seat, ()))
        }
        view["you"] = {
            "palace": [str(c) for c in camp.palace] if camp else [],
            "known": known,
            "prompt": game.pending().get(seat),
        }
    return view


def palace_view(view: JSON) -> PalaceView:
    """A view as its declared type, for a reader handed it as JSON (a bot, through the engine's
    `Bot` protocol, or the terminal): the one cast of the game's views. It checks nothing at
    run time; the game built the view as a `PalaceView`, and tests/games/test_event_types.py
    checks the views of played games against it."""
    return cast(PalaceView, view)


def seat_of(view: PalaceView) -> int:
    """The seat whose view it is (a bot's own); a spectator's view has none."""
    seat = view["seat"]
    if seat is None:
        raise ValueError("a spectator's view belongs to no seat")
    return seat
