"""Detective Poker: bet on whose poker hand is best while you see every forehead but your own.

Rules: docs/rules/detective.md (X1-X10). Registered here; nothing outside this package names it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from pokerhall.cards import FULL_DECK
from pokerhall.engine import registry
from pokerhall.engine.bots import RandomBot
from pokerhall.engine.catalog import GameInfo, GameTesting
from pokerhall.engine.protocol import Game
from pokerhall.games.detective.bots import ExpertBot, SamplerBot
from pokerhall.games.detective.options import (
    OPTIONS,
    RULESETS,
    detective_options,
    without_retired,
)
from pokerhall.games.detective.state import Detective
from pokerhall.games.detective.views import sees_forehead


def create(players: Sequence[str], options: Mapping[str, Any], seed: int) -> Detective:
    """The factory the registry calls (a retired option of an older table is dropped)."""
    parsed = INFO.parse_options(without_retired(options))
    INFO.check_players(INFO.ruleset(parsed["ruleset"]), len(players))
    return Detective(players, detective_options(parsed), seed)


def secrets(game: Game[Any], seat: int | None) -> Iterable[str]:
    """What `seat` may not know yet in this hand (X10), as the texts a view would show them by:
    every card it has not seen (its own forehead card, the others' private cards, the burned and
    undealt cards) and, for a spectator, the ids of face-down action cards. Nothing once the hand
    is scored. Left out, because the view legitimately holds them for another reason: cards and
    action cards shown in the previous hand's summary (the deck is shuffled anew), and a seat's
    action-card ids (it holds all four itself, so only spectators can be checked by text)."""
    assert isinstance(game, Detective)
    hand = game.hand
    if hand.phase == "done":
        return
    last = game.previous_hand
    shown: set[str] = set()
    if last is not None:
        shown |= {c.text for c in (*last.private, *last.forehead, *last.community, *last.discarded)}
        shown |= {b.card for b in last.bets}
    seen = {c.text for c in (*hand.community, *hand.discarded)}
    for owner in range(game.num_seats):
        if sees_forehead(hand, seat, owner):
            seen.add(hand.forehead[owner].text)
    if seat is not None:
        seen.add(hand.private[seat].text)
    yield from (c.text for c in FULL_DECK if c.text not in seen | shown)
    if seat is None:
        yield from sorted({b.card for b in hand.bets if b.card and b.card not in shown})


INFO = GameInfo(
    name="detective",
    title="Detective Poker",
    summary="Guess whose poker hand is best, seeing every forehead card but your own.",
    factory=create,
    rulesets=RULESETS,
    options=OPTIONS,
    bots={"random": RandomBot, "sampler": SamplerBot, "expert": ExpertBot},
    default_bot="expert",
    on_leave="bot",
    score_unit="points",
    result_pause=10.0,  # a street-by-street scoring (X7), the words and their scores (W8)
    terminal="pokerhall.games.detective.terminal",
    web_module=True,
    messages=Path(__file__).parent / "messages",
    playing_cards=True,
    testing=GameTesting(options={}, secrets=secrets),
)
registry.register(INFO)

__all__ = ["INFO", "Detective", "create"]
