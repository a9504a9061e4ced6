"""Player accounts, leagues and their sessions; turn clocks as stored wall-clock deadlines.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-08
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(80), nullable=False),
        sa.Column("secret_hash", sa.String(200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("name_key", name="uq_players_name_key"),
    )
    op.create_table(
        "leagues",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("table_size", sa.Integer(), nullable=False),
        sa.Column("turn_clock", sa.Float(), nullable=True),
        sa.Column("organiser_hash", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "league_sessions",
        sa.Column(
            "league_id",
            sa.String(32),
            sa.ForeignKey("leagues.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("number", sa.Integer(), primary_key=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "league_signups",
        sa.Column("league_id", sa.String(32), primary_key=True),
        sa.Column("number", sa.Integer(), primary_key=True),
        sa.Column(
            "player_id",
            sa.String(32),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["league_id", "number"],
            ["league_sessions.league_id", "league_sessions.number"],
            ondelete="CASCADE",
        ),
    )
    op.create_table(
        "league_tables",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("game_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("league_id", sa.String(32), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["league_id", "number"],
            ["league_sessions.league_id", "league_sessions.number"],
            ondelete="CASCADE",
        ),
    )
    op.create_index("ix_league_tables_league_id", "league_tables", ["league_id"])
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("player_id", sa.String(32), nullable=True))
        batch.create_foreign_key(
            "fk_seats_player_id", "players", ["player_id"], ["id"], ondelete="SET NULL"
        )
    op.add_column("game_tables", sa.Column("deadlines", sa.JSON(), nullable=True))


def downgrade() -> None:
    op.drop_column("game_tables", "deadlines")
    with op.batch_alter_table("seats") as batch:
        batch.drop_constraint("fk_seats_player_id", type_="foreignkey")
        batch.drop_column("player_id")
    op.drop_index("ix_league_tables_league_id", "league_tables")
    op.drop_table("league_tables")
    op.drop_table("league_signups")
    op.drop_table("league_sessions")
    op.drop_table("leagues")
    op.drop_table("players")
