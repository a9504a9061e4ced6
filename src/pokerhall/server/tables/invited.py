"""Seats kept for an account, told apart: a league's (its drawing named the player, and the
whole table is the league's) and one the table's creator invited (`people/invitations.py`,
`SeatRow.invited`: a bot account's, or a person's the creator follows), beside which anyone may
still join. Pure functions of seat rows, for the parts that must not mistake one for the other."""

from __future__ import annotations

from collections.abc import Iterable

from pokerhall.server.store.models import SeatRow


def league_seat(row: SeatRow) -> bool:
    """A seat a league drew an account to (such a table is the league's, all of it)."""
    return row.player_id is not None and not row.invited


def pending(row: SeatRow) -> bool:
    """An invitation the invited account has not taken up yet (no seat token)."""
    return row.invited and row.token_hash is None and not row.left


def awaiting(rows: Iterable[SeatRow]) -> bool:
    """Whether an invited account has still to come: a full table waits for it."""
    return any(pending(row) for row in rows)
