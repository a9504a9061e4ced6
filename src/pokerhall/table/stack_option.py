"""The per-seat `stacks` option of a game of hands that starts from a table's state (QuizPoker
QP6, Palace P17): one declaration, so both games take and refuse the same list the same way."""

from __future__ import annotations

from pokerhall.engine.catalog import OptionSpec


def stacks_option(max_seats: int, max_chips: int) -> OptionSpec:
    """Each seat's starting chips in seat order; empty means everyone has `starting_stack`."""
    return OptionSpec(
        "stacks",
        "int_list",
        (),
        "Each seat's starting chips, in seat order (none: everyone starts with starting_stack).",
        1,
        max_chips,
        max_items=max_seats,
        min_items=0,
        advanced=True,
    )
