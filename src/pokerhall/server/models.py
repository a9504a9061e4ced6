"""Database tables. A table's match is stored as its record: options, seats, seed and moves.

Events and views are never stored: they are rebuilt by replaying the moves, which is also how the
server restores unfinished tables after a restart.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, DateTime, Float, ForeignKey, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "game_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    game: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    num_seats: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), index=True)
    """open (taking seats), running, finished."""
    turn_clock: Mapped[float | None] = mapped_column(Float, nullable=True)
    bot_delay: Mapped[float] = mapped_column(Float, default=0.0)
    bot_takeover: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    content: Mapped[dict[str, str] | None] = mapped_column(JSON, nullable=True)
    """The digests of the content the game was created with (`Game.content`), kept in its
    match record; null for tables stored before content was pinned."""


class SeatRow(Base):
    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    kind: Mapped[str] = mapped_column(String(8))
    """human or bot."""
    bot_kind: Mapped[str | None] = mapped_column(String(20), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    left: Mapped[bool] = mapped_column(Boolean, default=False)


class MoveRow(Base):
    __tablename__ = "moves"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    """1 for the first move; equals the game's state_id after the move."""
    seat: Mapped[int] = mapped_column(Integer)
    move: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class PackRow(Base):
    """Content uploaded through the lobby (`POST /api/packs`), registered in the content
    library at start-up. Stored as the text that was validated, named by its digest."""

    __tablename__ = "packs"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    sha256: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
