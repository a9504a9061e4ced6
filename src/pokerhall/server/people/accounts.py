"""Player accounts: a name and a secret, so a league knows a player at every table it draws
them to. The secret is kept only as a salted scrypt hash (stdlib `hashlib.scrypt`)."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError

from pokerhall.server.people import hashing
from pokerhall.server.store.db import Database
from pokerhall.server.store.models import PlayerRow
from pokerhall.server.tables.refusals import person_name
from pokerhall.server.wire.names import name_key
from pokerhall.server.wire.refusal import LobbyError

_N, _R, _P = 2**14, 8, 1
"""scrypt's cost: about 16 MiB and a few tens of milliseconds a check, which makes guessing
secrets from a stolen database slow while a sign-up stays quick. Hashed in a bounded pool
(`hashing.py`), so a flood of sign-ups cannot take the cores from the tables."""


def bad_secret() -> LobbyError:
    """The same answer for an unknown name and a wrong secret: it does not tell which names
    exist. A new instance at every raise: one kept in the module would carry the traceback of
    every failed login, and with it each attempt's frames and their plaintext secrets."""
    return LobbyError(401, "no player with this name and secret", "bad_secret")


def hash_secret(secret: str) -> str:
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(secret.encode(), salt=salt, n=_N, r=_R, p=_P)
    return f"scrypt${_N}${_R}${_P}${salt.hex()}${digest.hex()}"


def secret_matches(secret: str, stored: str) -> bool:
    try:
        kind, n, r, p, salt, digest = stored.split("$")
        if kind != "scrypt":
            return False
        mine = hashlib.scrypt(
            secret.encode(), salt=bytes.fromhex(salt), n=int(n), r=int(r), p=int(p)
        )
    except ValueError:
        return False
    return hmac.compare_digest(mine.hex(), digest)


async def register(db: Database, name: str, secret: str, kind: str = "person") -> PlayerRow:
    """A new account. The name is unique by a database constraint on its key, so two sign-ups
    racing for one name cannot both succeed; it must be a person's (`hall.person_name`: NFKC,
    one script, not a bot's) and look like no other account's (read here, so two look-alikes
    signing up at the same moment could both pass: only equal keys are the database's).
    `kind` is "person", or "bot" for a program's account (`bots.py`): one namespace for both,
    so a bot account can never pass for a person by their name."""
    async with db.sessions() as session:
        taken = (await session.scalars(select(PlayerRow.name))).all()
    name = await asyncio.to_thread(person_name, name, taken)  # a look at every account's name
    hashed = await hashing.pool().run(hash_secret, secret)
    row = PlayerRow(
        id=secrets.token_hex(8), name=name, name_key=name_key(name), secret_hash=hashed, kind=kind
    )
    try:
        async with db.sessions.begin() as session:
            session.add(row)
    except IntegrityError:
        raise LobbyError(
            409, f"the name {name!r} is taken; choose another", "name_taken", {"name": name}
        ) from None
    return row


async def authenticate(db: Database, name: str, secret: str) -> PlayerRow:
    query = select(PlayerRow).where(PlayerRow.name_key == name_key(name))
    async with db.sessions() as session:
        row = await session.scalar(query)
    if row is None:
        # as slow as a wrong secret, so the time taken does not tell which names exist
        await hashing.pool().run(hash_secret, secret)
        raise bad_secret()
    if not await hashing.pool().run(secret_matches, secret, row.secret_hash):
        raise bad_secret()
    return row


async def change_secret(db: Database, player: PlayerRow, old: str, new: str) -> None:
    """A new secret for the account, given its old one (refused as a wrong sign-in is)."""
    if not await hashing.pool().run(secret_matches, old, player.secret_hash):
        raise bad_secret()
    hashed = await hashing.pool().run(hash_secret, new)
    async with db.sessions.begin() as session:
        await session.execute(
            update(PlayerRow).where(PlayerRow.id == player.id).values(secret_hash=hashed)
        )
