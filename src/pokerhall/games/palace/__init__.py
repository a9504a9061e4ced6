"""Palace Poker (also Castle or Banner Poker): banners, palaces and soldiers; buy cards and battle
one opponent at a time for a single pot (docs/rules/palace.md)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from pokerhall.cards import FULL_DECK
from pokerhall.engine import registry
from pokerhall.engine.catalog import GameInfo, GameTesting, TableState
from pokerhall.engine.protocol import Game
from pokerhall.games.palace.bots import BOTS, DEFAULT_BOT
from pokerhall.games.palace.hand import Hand
from pokerhall.games.palace.options import OPTIONS, RULESETS, PalaceOptions, palace_options
from pokerhall.games.palace.state import Palace


def create(players: Sequence[str], options: Mapping[str, Any], seed: int) -> Palace:
    """The factory the registry calls: options checked one by one, then together."""
    parsed = INFO.parse_options(options)
    INFO.check_players(INFO.ruleset(parsed["ruleset"]), len(players))
    return Palace(players, palace_options(parsed, len(players)), seed)


def secrets(game: Game[Any], seat: int | None) -> Iterable[str]:
    """P13: the cards of the current deal `seat` may not know (see `hand_secrets`)."""
    assert isinstance(game, Palace)
    return hand_secrets(game.hand, seat)


def hand_secrets(hand: Hand, seat: int | None) -> list[str]:
    """P13: every card of a deal `seat` may not know: not shown face up in that hand, not its
    own palace, not a palace it saw in a called battle (the stock, the discard pile and the
    other palaces)."""
    known = set(hand.public)
    if seat is not None and seat in hand.camps:
        known.update(hand.camps[seat].palace)
        for other in hand.seen.get(seat, ()):
            known.update(hand.camps[other].palace)
    return [str(card) for card in FULL_DECK if card not in known]


INFO = GameInfo(
    name="palace",
    title="Palace Poker",
    summary="Buy soldiers under your banner and battle one opponent at a time for one pot.",
    factory=create,
    rulesets=RULESETS,
    options=OPTIONS,
    bots=BOTS,
    default_bot=DEFAULT_BOT,
    aliases={},
    on_leave="resign",
    score_unit="chips",
    result_pause=8.0,  # both sides of a battle as far as the rules show them
    terminal="pokerhall.games.palace.terminal",
    web_module=True,
    seed_published=False,  # P13: it would deal again the palaces nobody was ever shown
    messages=Path(__file__).parent / "messages",
    playing_cards=True,
    testing=GameTesting(
        options={"starting_stack": 100, "small_bet": 10, "big_bet": 20, "hands_per_session": 3},
        secrets=secrets,
    ),
    table_state=TableState(
        stakes=lambda small_bet: {"small_bet": small_bet, "big_bet": 2 * small_bet},  # P17
        button="dealer",
        min_stake=2,
    ),
)
registry.register(INFO)

__all__ = ["INFO", "OPTIONS", "RULESETS", "Palace", "PalaceOptions", "hand_secrets", "secrets"]
