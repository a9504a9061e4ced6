"""Seats kept for an account, told apart: a league's (its drawing named the player, and the
whole table is the league's) and a bot account's that the table's creator invited
(`invitations.py`, `SeatRow.bot_account`), beside which anyone may still join. Pure functions of
seat rows, for the parts that must not mistake one for the other."""

from __future__ import annotations

from collections.abc import Iterable

from pokerhall.server.store.models import SeatRow


def league_seat(row: SeatRow) -> bool:
    """A seat a league drew an account to (such a table is the league's, all of it)."""
    return row.player_id is not None and not row.bot_account


def pending(row: SeatRow) -> bool:
    """A bot account's invitation its program has not taken up yet (no seat token)."""
    return row.bot_account and row.token_hash is None and not row.left


def awaiting(rows: Iterable[SeatRow]) -> bool:
    """Whether an invited bot account has still to come: a full table waits for it."""
    return any(pending(row) for row in rows)
