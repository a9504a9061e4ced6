"""Bot accounts: an account (`accounts.py`, a name and a scrypt-hashed secret) that a program
plays with, marked as a bot wherever its name appears (`SeatInfo.bot_account`).

A person makes one (`POST /api/bots`, rate-limited as sign-ups are); its name is held to a
person's rules (`names.person_name`: NFKC, one script, not "Bot N", no look-alike of any
account's), so a bot account cannot pass for a person nor a person for it. It plays only where
a table's creator invited it (`people/invitations.py`), and there it gets an ordinary seat
token: the same views, clock and limits as any person's seat, nothing more. Leagues are for
people: a bot account's sign-up is refused (`bot_account_refused`).
"""

from __future__ import annotations

from pokerhall.server.people import accounts
from pokerhall.server.store.db import Database
from pokerhall.server.store.models import PlayerRow
from pokerhall.server.wire.refusal import LobbyError

KIND = "bot"


async def register(db: Database, name: str, secret: str) -> PlayerRow:
    """A new bot account (refused as a person's sign-up is: `name_taken`, a name's codes)."""
    return await accounts.register(db, name, secret, kind=KIND)


def is_bot(player: PlayerRow) -> bool:
    return player.kind == KIND


def people_only(player: PlayerRow) -> PlayerRow:
    """The account, refused when it is a bot's: leagues draw people (a fresh error each time)."""
    if is_bot(player):
        raise LobbyError(
            403,
            "this is a bot account: it plays only at a table whose creator invites it",
            "bot_account_refused",
            {"name": player.name},
        )
    return player
