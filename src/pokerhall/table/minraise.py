"""Minimum-raise rules: how much a bet or raise must add. Named by what they do; a game maps its
own option values onto them."""

from __future__ import annotations

from collections.abc import Callable

from pokerhall.engine.values import value_class


@value_class
class RaiseContext:
    """What any minimum-raise rule may look at."""

    big_blind: int
    current_bet: int
    """The highest commitment in this betting round so far."""
    last_increment: int
    """The size of the last full bet or raise in this round (the big blind before any)."""
    round_index: int
    """0 for the first betting round."""
    unit: int


MinRaiseRule = Callable[[RaiseContext], int]
"""Returns the smallest increment over the current bet that counts as a full raise."""


def seed_rule(ctx: RaiseContext) -> int:
    """QP2: at least the big blind or, if higher, the highest bet of the current round."""
    return max(ctx.big_blind, ctx.current_bet)


def standard_rule(ctx: RaiseContext) -> int:
    """No-limit hold'em: at least the last full bet or raise, and never below the big blind."""
    return max(ctx.big_blind, ctx.last_increment)


def unit_then_big_blind_rule(ctx: RaiseContext) -> int:
    """DU5: in round 1 a raise is any bet above the current one; later, by the round-1 big blind."""
    return ctx.unit if ctx.round_index == 0 else ctx.big_blind


MIN_RAISE_RULES: dict[str, MinRaiseRule] = {
    "highest_bet": seed_rule,
    "last_raise": standard_rule,
    "unit_then_big_blind": unit_then_big_blind_rule,
}
