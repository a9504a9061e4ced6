"""Signed-in browsers: a session is a random token in an HttpOnly, SameSite=Lax cookie, and in
the database only its SHA-256 (`AccountSessionRow`), so a copy of the database signs nobody in.
A session lasts `LIFETIME` from the sign-in; one past its expiry, forged, or of a deleted
account is nobody's (and an expired one is deleted when it is met). Changing the secret ends
every other session of the account; deleting the account ends all of them (the foreign key).

The cookie is SameSite=Lax, so another site's form or script cannot send it with a POST: the
routes that change an account need no other CSRF token."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, select

from pokerhall.server.store.db import Database
from pokerhall.server.store.models import AccountSessionRow, PlayerRow
from pokerhall.server.tables.tokens import new_token, token_hash

COOKIE = "pokerhall_session"
LIFETIME = timedelta(days=30)
MAX_TOKEN_CHARS = 100
"""Longer cookies are nobody's (ours are 43 characters): not hashed, not looked up."""


def now() -> datetime:
    return datetime.now(UTC)


def _aware(moment: datetime) -> datetime:
    """SQLite gives naive times back (stored as UTC)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


async def open_session(db: Database, player: PlayerRow) -> str:
    """A new session of `player`; returns the token for the cookie (stored only hashed)."""
    token = new_token()
    moment = now()
    row = AccountSessionRow(
        token_hash=token_hash(token),
        player_id=player.id,
        created_at=moment,
        expires_at=moment + LIFETIME,
    )
    async with db.sessions.begin() as session:
        # the account's expired sessions go as a new one comes: the table does not grow
        await session.execute(
            delete(AccountSessionRow).where(
                AccountSessionRow.player_id == player.id, AccountSessionRow.expires_at < moment
            )
        )
        session.add(row)
    return token


async def signed_in(db: Database, token: str | None) -> PlayerRow | None:
    """The account whose unexpired session this token is, else None."""
    if not token or len(token) > MAX_TOKEN_CHARS:
        return None
    hashed = token_hash(token)
    query = (
        select(AccountSessionRow, PlayerRow)
        .join(PlayerRow, PlayerRow.id == AccountSessionRow.player_id)
        .where(AccountSessionRow.token_hash == hashed)
    )
    async with db.sessions() as session:
        found = (await session.execute(query)).first()
    if found is None:
        return None
    row, player = found
    if _aware(row.expires_at) <= now():
        await close_session(db, token)
        return None
    return player


async def close_session(db: Database, token: str) -> None:
    """Sign out: the session is deleted (nothing happens for a token that is no session)."""
    async with db.sessions.begin() as session:
        await session.execute(
            delete(AccountSessionRow).where(AccountSessionRow.token_hash == token_hash(token))
        )


async def close_others(db: Database, player_id: str, keep: str | None) -> None:
    """Every session of the account but the one of token `keep` ends (a new secret)."""
    query = delete(AccountSessionRow).where(AccountSessionRow.player_id == player_id)
    if keep is not None:
        query = query.where(AccountSessionRow.token_hash != token_hash(keep))
    async with db.sessions.begin() as session:
        await session.execute(query)
