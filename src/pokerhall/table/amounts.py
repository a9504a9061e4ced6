"""Checking chip amounts that arrive in moves, so every rule gets a clean integer."""

from __future__ import annotations

from pokerhall.engine.refusals import refuse, shown

MAX_CHIPS = 10**15
"""Far above any real table; beyond it a number is a typo or an attack, not a bet."""


def parse_amount(value: object, *, field: str) -> int:
    """A whole, non-negative number of chips; anything else is an IllegalMove naming the move's
    `field` (its JSON name, the same in every language) and why."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise refuse("refuse.amount.not_whole", field=field, got=shown(value))
    if value < 0:
        raise refuse("refuse.amount.negative", field=field, got=str(value))
    if value > MAX_CHIPS:
        raise refuse("refuse.amount.too_large", field=field, got=str(value))
    return value


def check_unit(amount: int, unit: int, *, field: str) -> None:
    if amount % unit:
        raise refuse("refuse.amount.not_unit", field=field, amount=amount, unit=unit)
