"""Whether a table's result will count for its players' ratings (`people/ratings.py`), from its
seats alone, so the lobby and the table page say it before the game ends.

A table is rated when every seat is a person signed in: a seat whose row names a person's
player account (`SeatRow.person`: taken while signed in, or a league's drawn seat).
Otherwise the first reason that holds, in this order, says why not:

- `bots`: a seat is played by one of the game's bots;
- `bot_account`: a seat is a bot account's (a program's, `people/bots.py`);
- `guests`: a seat was taken by name only, with no account;
- `same_account`: one account holds two seats.

A seat a bot took over after its player left (`left`, and its kind now bot) still counts as its
player's: they are rated on the place it reaches, so leaving never dodges a rating. Empty seats
of an open table are not counted: the reason is about the seats taken so far.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pokerhall.server.store.models import SeatRow

UnratedReason = Literal["bots", "bot_account", "guests", "same_account"]


def unrated_reason(rows: Sequence[SeatRow]) -> UnratedReason | None:
    """Why the seats taken would not be rated; None when they would be."""
    if any(row.kind == "bot" and not row.left for row in rows):  # a leaver's seat is theirs
        return "bots"
    if any(row.bot_account for row in rows):
        return "bot_account"
    if any(row.person is None for row in rows):
        return "guests"
    accounts = [row.person for row in rows]
    if len(set(accounts)) < len(accounts):
        return "same_account"
    return None
