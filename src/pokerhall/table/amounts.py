"""Checking chip amounts that arrive in moves, so every rule gets a clean integer."""

from __future__ import annotations

from pokerhall.engine.errors import IllegalMove

MAX_CHIPS = 10**15
"""Far above any real table; beyond it a number is a typo or an attack, not a bet."""


def parse_amount(value: object, *, what: str = "amount") -> int:
    """A whole, non-negative number of chips; anything else is an IllegalMove naming why."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalMove(f"the {what} must be a whole number of chips, got {value!r}")
    if value < 0:
        raise IllegalMove(f"the {what} cannot be negative, got {value}")
    if value > MAX_CHIPS:
        raise IllegalMove(f"the {what} {value} is absurdly large")
    return value


def check_unit(amount: int, unit: int, *, what: str = "amount") -> None:
    if amount % unit:
        raise IllegalMove(f"the {what} {amount} is not a multiple of the chip unit {unit}")
