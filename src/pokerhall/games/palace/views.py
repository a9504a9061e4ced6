"""Per-seat views (P13): what one seat, or a spectator, may know now.

Banners and soldiers are public; a seat sees its own palace and the palaces it was shown in a
called battle (`known`): the caller the other fighter's palace, and the other fighter the
caller's only when the caller claimed the win or the tie; a caller who conceded is never shown.
Everyone sees the palaces shown at a showdown. The stock and the discard pile
are counts only. A view holds the current hand only (no card of an earlier hand), so a card named
in it is always a card of this deal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerhall.games.palace.battle import MAX_SOLDIERS
from pokerhall.games.palace.view_types import (
    BattleView,
    PalaceView,
    PlayerView,
)

if TYPE_CHECKING:
    from pokerhall.games.palace.state import Palace


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
