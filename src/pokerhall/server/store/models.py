"""Database tables. A table's match is stored as its record: options, seats, seed and moves.

Events and views are never stored: they are rebuilt by replaying the moves, which is also how the
server restores unfinished tables after a restart.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    ForeignKeyConstraint,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.engine.default import DefaultExecutionContext
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from pokerhall.server.wire.names import name_key


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "game_tables"
    __table_args__ = (
        UniqueConstraint("join_code", name="uq_game_tables_join_code"),
        UniqueConstraint("rematch_of", name="uq_game_tables_rematch_of"),
    )

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
    result_pause: Mapped[float | None] = mapped_column(Float, nullable=True)
    """Seconds the end of a hand stays on the felt (`pause.py`); null: the game's default."""
    bot_takeover: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    content: Mapped[dict[str, str] | None] = mapped_column(JSON, nullable=True)
    """The digests of the content the game was created with (`Game.content`), kept in its
    match record; null for tables stored before content was pinned."""
    deadlines: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """The turn clock as wall-clock times (`clock.TurnClock`), so a restart keeps it."""
    spectator_chat_shown: Mapped[bool] = mapped_column(Boolean, default=False)
    """The host's switch: the spectators' chat is shown to the players too
    (`server/tables/chat.py`)."""
    private: Mapped[bool] = mapped_column(Boolean, default=False)
    """Not listed in the lobby; joined only with its `join_code` (by link or typed)."""
    join_code: Mapped[str | None] = mapped_column(String(8), nullable=True)
    creator_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The hash of the creator's token (`server/tables/creator.py`); null for league tables."""
    rematch_of: Mapped[str | None] = mapped_column(
        String(32),
        ForeignKey("game_tables.id", ondelete="SET NULL", name="fk_game_tables_rematch_of"),
        nullable=True,
    )
    """The finished table this one was opened from by "Play again": unique, so however many
    of its players click at once, the database lets one new table exist
    (`server/tables/rematch.py`)."""
    opened_by: Mapped[str | None] = mapped_column(String(40), nullable=True)
    """The name of the player who opened the rematch, for the offer to the others."""
    held_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """A rematch's seats are kept for the old table's players until then."""


def _seat_name_key(context: DefaultExecutionContext) -> str:
    params: dict[str, Any] = context.get_current_parameters()  # type: ignore[no-untyped-call]
    return name_key(params["name"])


class SeatRow(Base):
    """A seat of a table. The primary key makes a seat one row, so one person holds it; the
    name's key (`name_key`, set from the name) is unique per table, so names differ as the hall
    compares them. Both hold across processes: they are the database's constraints."""

    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("table_id", "name_key", name="uq_seats_name_key"),)

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(80), default=_seat_name_key)
    kind: Mapped[str] = mapped_column(String(8))
    """human or bot."""
    bot_kind: Mapped[str | None] = mapped_column(String(20), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    left: Mapped[bool] = mapped_column(Boolean, default=False)
    player_id: Mapped[str | None] = mapped_column(
        String(32), ForeignKey("players.id", ondelete="SET NULL"), nullable=True
    )
    """The account a league drew to this seat; only that player may take it."""
    excused: Mapped[bool] = mapped_column(Boolean, default=False)
    """The player is excused ahead of time (`controls.excuse`): the turn clock still moves for
    them, but its moves are not marked as time-outs (`engine.protocol.TIMED_OUT`)."""
    account_id: Mapped[str | None] = mapped_column(
        String(32), ForeignKey("players.id", ondelete="SET NULL"), nullable=True, index=True
    )
    """The signed-in account that took this seat (`people/sessions.py`); None for a guest.
    Apart from `player_id`, which keeps a seat for an account before anyone sits: this only
    records who sat, for the account's profile (`people/profiles.py`). Deleting the account
    unlinks the seat; its name stays as it was played."""
    bot_account: Mapped[bool] = mapped_column(Boolean, default=False)
    """The seat is a bot account's (`PlayerRow.kind` "bot"), which the table's creator invited
    (`people/bots.py`): kept for that account (`player_id`) until its program claims it, then
    played as any person's seat (`kind` human), and shown with a bot mark."""
    invited: Mapped[bool] = mapped_column(Boolean, default=False)
    """The table's creator invited the account `player_id` to this seat (`people/invitations.py`:
    a bot account's, or a person's the creator follows), which is why it is kept: unlike a
    league's drawn seat, beside it anyone may still join, and a start lets it lapse."""

    @property
    def person(self) -> str | None:
        """The account whose seat it is: the one that sat down signed in, else the one the
        seat is kept for (a league's draw, an invited bot account); None for a guest's or a
        bot's. Ratings and profiles count a seat as this account's."""
        return self.account_id or self.player_id


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


class ChatRow(Base):
    """One table chat message (`server/tables/chat.py`), kept with its table: `seq` numbers the
    table's messages from 1. A player's message names its seat, a spectator's the name they
    gave (or none); `channel` is who may read it (`players` or `spectators`, see chat.py);
    `kind` is `text`, or `reaction` with the reaction's id as its text."""

    __tablename__ = "chat_messages"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    name: Mapped[str | None] = mapped_column(String(40), nullable=True)
    channel: Mapped[str] = mapped_column(String(16))
    kind: Mapped[str] = mapped_column(String(16))
    text: Mapped[str] = mapped_column(String(400))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class PackRow(Base):
    """Content uploaded through the lobby (`POST /api/packs`), registered in the content
    library at start-up. Stored as the text that was validated, named by its digest."""

    __tablename__ = "packs"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    sha256: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    uploader: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
    """Who uploaded it (a digest of their address, `server/lobby/pack_quota.py`), for the quota of
    unused uploads each uploader keeps; None for packs stored before it was kept."""


class PlayerRow(Base):
    """A player account: the identity a league keeps across its tables (W13, W14), where a
    seat lasts for one game only. The name is unique by its key (`name_key`, so "Ann" and
    "ANN" are one player), the secret is stored as a salted scrypt hash."""

    __tablename__ = "players"
    __table_args__ = (UniqueConstraint("name_key", name="uq_players_name_key"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(80))
    secret_hash: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    kind: Mapped[str] = mapped_column(String(8), default="person")
    """person, or bot: an account a program plays with (`people/bots.py`), which a table's
    creator may invite to a seat, and which is shown with a bot mark."""


class FollowRow(Base):
    """One account following another (`people/follows.py`): one-way, as on Lichess, so the
    followed account need not agree; gone with either account (the foreign keys)."""

    __tablename__ = "follows"

    follower_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    followed_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("players.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class AccountSessionRow(Base):
    """A signed-in browser (`people/sessions.py`): the SHA-256 of the random token its cookie
    holds, never the token, so a copy of the database signs nobody in. Gone with the account."""

    __tablename__ = "account_sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("players.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class LeagueRow(Base):
    """A league of one registered game with fixed options: its sessions draw the signed-up
    players to tables of at most `table_size`."""

    __tablename__ = "leagues"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    game: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    table_size: Mapped[int] = mapped_column(Integer)
    turn_clock: Mapped[float | None] = mapped_column(Float, nullable=True)
    organiser_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class LeagueSessionRow(Base):
    """One evening of a league: sign-up, then the drawing (its seed committed to at opening,
    revealed at the draw), then the tables."""

    __tablename__ = "league_sessions"

    league_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("leagues.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    status: Mapped[str] = mapped_column(String(16))
    """signup, drawn."""
    seed: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class LeagueSignupRow(Base):
    __tablename__ = "league_signups"
    __table_args__ = (
        ForeignKeyConstraint(
            ["league_id", "number"],
            ["league_sessions.league_id", "league_sessions.number"],
            ondelete="CASCADE",
        ),
    )

    league_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class LeagueTableRow(Base):
    """A table drawn in a session; its seats name the drawn players (`SeatRow.player_id`)."""

    __tablename__ = "league_tables"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    league_id: Mapped[str] = mapped_column(String(32), index=True)
    number: Mapped[int] = mapped_column(Integer)
    """The session's number."""
    __table_args__ = (
        ForeignKeyConstraint(
            ["league_id", "number"],
            ["league_sessions.league_id", "league_sessions.number"],
            ondelete="CASCADE",
        ),
    )
    position: Mapped[int] = mapped_column(Integer)
    """The table's place in the drawing (0 for the first table)."""


class LeaseRow(Base):
    """Which server process runs a table, when several share the database (`server/cluster/`).

    A process holds the lease while it renews it; once `expires_at` (the database's clock) has
    passed, another process may take the table over, which raises `epoch`. A move is committed
    only while its process still holds the lease at the epoch it claimed the table with, so a
    stale owner can never write one."""

    __tablename__ = "table_leases"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    owner: Mapped[str] = mapped_column(String(40))
    epoch: Mapped[int] = mapped_column(BigInteger)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class RatingRow(Base):
    """A player's skill at one game and ruleset (`pokerhall/skill.py`: openskill's Plackett-Luce
    mu and sigma), from the rated tables they finished (`people/ratings.py`). No row: a
    newcomer's skill."""

    __tablename__ = "player_ratings"

    player_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    ruleset: Mapped[str] = mapped_column(String(40), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    tables: Mapped[int] = mapped_column(Integer)
    """How many rated tables the skill was learnt from."""
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class RatedTableRow(Base):
    """A finished table the ratings have dealt with, once: its players' skills were updated
    from its places (`unrated` null) or it was not rated, for the reason in `unrated` (bots,
    bot_account, guests, same_account). Its primary key makes the rating happen once, whichever
    process and however often the table's finish is told."""

    __tablename__ = "rated_tables"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    game: Mapped[str] = mapped_column(String(40))
    ruleset: Mapped[str] = mapped_column(String(40))
    unrated: Mapped[str | None] = mapped_column(String(16), nullable=True)
    rated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class NoticeSettingsRow(Base):
    """An account's e-mail notices (`people/notices.py`, docs/privacy.md): the address, which
    nobody else is ever shown; what it wants (`none`, `turn`: a mail when a turn-based table's
    prompt comes to its seat, `digest`: one mail a day listing the tables waiting on it); the
    language of the mails; the random token of its one-click unsubscribe link (kept as it is,
    since every mail carries it: it can only turn notices off); and `bounced_at`, set when the
    mail server refused the address, after which nothing is sent to it until an address is set
    again. Gone with the account."""

    __tablename__ = "notice_settings"
    __table_args__ = (UniqueConstraint("unsubscribe_token", name="uq_notice_settings_token"),)

    player_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    mode: Mapped[str] = mapped_column(String(8), default="none")
    lang: Mapped[str] = mapped_column(String(8), default="en")
    unsubscribe_token: Mapped[str] = mapped_column(String(64))
    bounced_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    digest_day: Mapped[str | None] = mapped_column(String(10), nullable=True)
    """The last day (UTC, ISO) a digest was sent for: one a day, whichever process sends it."""
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class NoticeSentRow(Base):
    """A turn notice sent (or being sent) for a seat's prompt: its primary key makes it one
    mail per prompt, whichever process and however often the prompt is told (a restart gives
    the seat its clock again)."""

    __tablename__ = "notices_sent"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    prompt_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    sent_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
