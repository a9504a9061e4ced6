"""Accounts for everyone: a signed-in browser's session (`account_sessions`, the hash of its
cookie's token and its expiry) and the account that took a seat (`SeatRow.account_id`). Every
seat stored before is a guest's (or a league's, by `player_id`), and nobody is signed in.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "account_sessions",
        sa.Column("token_hash", sa.String(length=64), primary_key=True),
        sa.Column(
            "player_id",
            sa.String(length=32),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_account_sessions_player_id", "account_sessions", ["player_id"])
    op.create_index("ix_account_sessions_expires_at", "account_sessions", ["expires_at"])
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("account_id", sa.String(length=32), nullable=True))
        batch.create_foreign_key(
            "fk_seats_account_id_players",
            "players",
            ["account_id"],
            ["id"],
            ondelete="SET NULL",
        )
        batch.create_index("ix_seats_account_id", ["account_id"])


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_index("ix_seats_account_id")
        batch.drop_constraint("fk_seats_account_id_players", type_="foreignkey")
        batch.drop_column("account_id")
    op.drop_index("ix_account_sessions_expires_at", "account_sessions")
    op.drop_index("ix_account_sessions_player_id", "account_sessions")
    op.drop_table("account_sessions")
