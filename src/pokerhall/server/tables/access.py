"""Who may see a private table's play: its table info, hand history, hands replayed, public
record and live spectator socket (issue 26, "a history another person may not see").

A public table is anybody's to watch and read afterwards. A private one (`TableRow.private`) is
the company's that was invited to it, and whoever shows one of these may see it:

- **a seat token of the table** (also one who left, or whose seat a bot took over: they sat
  there and saw the game). Not the creator token: a creator who never sat down was given the
  join code with it, and the history would refuse it as no seat's token anyway;
- **a signed-in account that held a seat there** (`SeatRow.account_id`, or `player_id` for a
  seat kept for it), so the profile's history links work on any device it signs in on;
- **the join code**: the invitation itself (the link carries it), so an invited guest who
  watched, or who lost their seat token with the browser's storage, still may; the code is the
  table's one shared secret, and a wrong one counts against the `codes` limit like a look-up.

Anybody else is told exactly what an unknown table's id is told (`unknown_table` over HTTP,
`not_found` on the socket), so the answer does not even confirm that the table exists.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from starlette.requests import HTTPConnection

from pokerhall.server.store.db import Database
from pokerhall.server.store.models import SeatRow, TableRow
from pokerhall.server.tables.creator import code_matches
from pokerhall.server.tables.tokens import token_matches
from pokerhall.server.wire import ratelimit
from pokerhall.server.wire.refusal import LobbyError

SignedIn = Callable[[HTTPConnection], Awaitable[str | None]]
"""The id of the account the connection is signed in as (its session cookie), else None; the
people room's (`people/sessions.py`), set on `TableAccess.signed_in` by the app."""


@dataclass(frozen=True, slots=True)
class Viewer:
    """What a request shows to see a table: any, all or none of a token, a code, an account."""

    token: str | None = None
    """`Authorization: Bearer <token>`, or the socket hello's `token`."""
    code: str | None = None
    """The join code (`?code=` on HTTP, the hello's `code` on the socket)."""
    account: str | None = None
    """The signed-in account's id."""


def unknown_table(table_id: str) -> LobbyError:
    """What a table id nobody has is told; also what a private table tells a stranger."""
    return LobbyError(404, f"no table {table_id!r}", "unknown_table", {"table": table_id})


def may_see(table: TableRow, seats: Sequence[SeatRow], viewer: Viewer) -> bool:
    """Whether `viewer` may see the table's play (anybody a public table's)."""
    if not table.private:
        return True
    if viewer.account is not None and any(
        viewer.account in (seat.account_id, seat.player_id) for seat in seats
    ):
        return True
    token = viewer.token
    if token is not None and any(token_matches(token, seat.token_hash) for seat in seats):
        return True
    return viewer.code is not None and code_matches(table, viewer.code)


class TableAccess:
    """`may_see` over the stored table, for the routes and the socket (`hall.access`)."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.signed_in: SignedIn | None = None
        """Set by the app when the hall has accounts; without it nobody is signed in."""

    async def viewer(
        self, connection: HTTPConnection, *, token: str | None, code: str | None
    ) -> Viewer:
        """The connection's viewer: the token and code it sent, the account it is signed in as."""
        account = None if self.signed_in is None else await self.signed_in(connection)
        return Viewer(token=token, code=code, account=account)

    async def seen_table(
        self, connection: HTTPConnection, table_id: str, viewer: Viewer
    ) -> tuple[TableRow, list[SeatRow]]:
        """The table and its seats in seat order, when `viewer` may see it; else the unknown
        table's 404. A code that opened nothing is counted against the `codes` limit (429
        once over it, as for any guess at a code), for an unknown table's id as for a private
        table's, so that neither the count nor the answer tells them apart."""
        found = await self.db.table_with_seats(table_id)
        if found is not None and may_see(found[0], found[1], viewer):
            return found
        if viewer.code is not None:
            await ratelimit.of(connection).check(connection, "codes")
        raise unknown_table(table_id)
