"""Private tables and the table's creator: join codes, and who may use the creator's controls.

The creator is whoever holds the creator token handed out when the table was created (in the
create response; a rematch's creator is the player who opened it). Until they sit down the
token itself proves it; when they take a seat with it (`JoinTable.creator`), the table keeps
the hash of that seat's token instead, so from then on their seat token proves it. A league
table has no creator (its organiser starts it).
"""

from __future__ import annotations

import secrets

from pokerhall.server.store.models import TableRow
from pokerhall.server.tables.tokens import token_matches

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""Letters and digits without the ones read alike (0 and O, 1, I and L)."""
CODE_LENGTH = 6


def new_join_code() -> str:
    """A short code a person can read out or type (31**6, about 900 million codes; the
    database's unique constraint settles the rare clash)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(code: str) -> str:
    """A code as typed: case and spaces or dashes do not count."""
    return "".join(ch for ch in code.upper() if ch.isalnum())


def code_matches(table: TableRow, code: str | None) -> bool:
    """Whether `code` lets a person join `table`: any code for a public table. Compared as
    UTF-8 bytes: `compare_digest` refuses a str with a letter outside ASCII ("ÉCOLE1"), which
    can never be a code (`CODE_ALPHABET`), and must be told no rather than fail."""
    if not table.private:
        return True
    return (
        code is not None
        and table.join_code is not None
        and secrets.compare_digest(normal_code(code).encode(), table.join_code.encode())
    )


def is_creator(table: TableRow, token: str | None) -> bool:
    return token is not None and token_matches(token, table.creator_hash)
