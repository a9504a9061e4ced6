"""Palace Poker options (docs/rules/palace.md P16) and its one ruleset, `palace` (P1: 2-10).

Everything the seed leaves open is an option with the default the rules name, checked by the
engine's option parser (`GameInfo.parse_options`); this module adds the checks that span options
and turns the complete options into `PalaceOptions`, which the game code reads (never the
ruleset's name).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from pokerhall.engine.catalog import OptionSpec, Ruleset
from pokerhall.engine.errors import InvalidOptions
from pokerhall.engine.events import JSON
from pokerhall.table.stack_option import stacks_option

MAX_SETTING_CHIPS = 10**12
"""Stacks and bets above this are typos; it also keeps every amount far below the table layer's
MAX_CHIPS."""
MAX_HANDS = 1_000_000
MAX_SEATS = 10
"""P1: at most ten players."""


@dataclass(frozen=True, slots=True)
class PalaceOptions:
    ruleset: str
    starting_stack: int
    small_bet: int
    big_bet: int
    betting: str
    """"limit" or "no_limit" (P10)."""
    buy_price: int
    """P7: 0 means one small bet."""
    discard_price: int
    """P8 [ours]: 0 means one small bet."""
    raise_cap: int
    """P16 [ours]: raises per battle in limit play; 0 (the default) means no cap, as the seed
    lets the fighters re-raise after every raise (P10). Tables stored with the old default, 3,
    keep their cap; one stored with 0 (which once meant no raise at all) now has none."""
    forced_battle: bool
    """P14 [ours]: with two players left, staying and discarding are not offered."""
    hands_per_session: int
    """0: play until one player holds every chip."""
    stacks: tuple[int, ...]
    """P17 [ours]: each seat's starting stack (a tournament table's state); none given: every
    seat starts with `starting_stack`."""
    dealer: int
    """P17 [ours]: the first hand's dealer; -1: drawn by high card (P3)."""

    def seat_stacks(self, num_players: int) -> list[int]:
        """Each seat's chips at the start (P17)."""
        return list(self.stacks) or [self.starting_stack] * num_players

    @property
    def ante(self) -> int:
        """P2: half a small bet, rounded down."""
        return self.small_bet // 2

    @property
    def buy_cost(self) -> int:
        return self.buy_price or self.small_bet

    @property
    def discard_cost(self) -> int:
        return self.discard_price or self.small_bet

    @property
    def raise_limit(self) -> int | None:
        """The cap of raises per battle at a limit table, None for none."""
        return self.raise_cap or None

    @property
    def limit(self) -> bool:
        return self.betting == "limit"

    def to_json(self) -> JSON:
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        return {**out, "stacks": list(self.stacks)}


RULESETS = (
    Ruleset(
        "palace",
        "Palace Poker",
        2,
        10,
        summary="Banners, palaces and soldiers: buy cards and battle one opponent at a time.",
    ),
)

OPTIONS = (
    OptionSpec(
        "starting_stack", "int", 500, "Chips each player starts with.", 1, MAX_SETTING_CHIPS
    ),
    OptionSpec(
        "small_bet",
        "int",
        10,
        "The small bet: the ante is half of it, a buy costs one, a battle one per card.",
        2,
        MAX_SETTING_CHIPS,
    ),
    OptionSpec("big_bet", "int", 20, "The big bet: what a raise adds.", 2, MAX_SETTING_CHIPS),
    OptionSpec(
        "betting",
        "choice",
        "limit",
        "Limit (raises of one big bet) or no-limit (raises of at least a big bet).",
        choices=("limit", "no_limit"),
    ),
    OptionSpec(
        "buy_price",
        "int",
        0,
        "What buying a soldier costs (0: one small bet).",
        0,
        MAX_SETTING_CHIPS,
        advanced=True,
    ),
    OptionSpec(
        "discard_price",
        "int",
        0,
        "What discarding soldiers on your turn costs (0: one small bet).",
        0,
        MAX_SETTING_CHIPS,
        advanced=True,
    ),
    OptionSpec(
        "raise_cap",
        "int",
        0,
        "Raises per battle in limit play (0: no cap, re-raise as often as you like).",
        0,
        100,
        advanced=True,
    ),
    OptionSpec(
        "forced_battle",
        "bool",
        True,
        "With two players left, nobody may stay or discard: battle, buy or fold.",
        advanced=True,
    ),
    OptionSpec(
        "hands_per_session",
        "int",
        0,
        "Hands to play (0: until one player has all the chips).",
        0,
        MAX_HANDS,
    ),
    stacks_option(MAX_SEATS, MAX_SETTING_CHIPS),
    OptionSpec(
        "dealer",
        "int",
        -1,
        "The first hand's dealer seat (-1: drawn by high card).",
        -1,
        MAX_SEATS - 1,
        advanced=True,
    ),
)


def palace_options(parsed: Mapping[str, Any], num_players: int) -> PalaceOptions:
    """The options `GameInfo.parse_options` checked one by one, checked together."""
    options = PalaceOptions(**parsed)
    if options.big_bet < options.small_bet:
        raise InvalidOptions("the big bet cannot be smaller than the small bet")
    if options.stacks and len(options.stacks) != num_players:  # P17
        raise InvalidOptions(
            f"stacks must give one stack per seat: {num_players} stacks, got {len(options.stacks)}",
            "stacks_count",
            {"count": num_players, "given": len(options.stacks)},
        )
    if options.dealer >= num_players:  # P17
        raise InvalidOptions(
            f"dealer must be a seat from 0 to {num_players - 1}, or -1",
            "dealer_seat",
            {"max": num_players - 1},
        )
    return options
