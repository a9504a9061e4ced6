"""E-mail notices of turn-based play (issue 26, item 4): each account's address, its choice of
notices (none, each turn, a daily digest), its unsubscribe token and the bounce mark; and the
turn notices sent, one per seat and prompt.

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "notice_settings",
        sa.Column(
            "player_id",
            sa.String(32),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("mode", sa.String(8), nullable=False),
        sa.Column("lang", sa.String(8), nullable=False),
        sa.Column("unsubscribe_token", sa.String(64), nullable=False),
        sa.Column("bounced_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("digest_day", sa.String(10), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("unsubscribe_token", name="uq_notice_settings_token"),
    )
    op.create_table(
        "notices_sent",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("game_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("prompt_id", sa.Integer(), primary_key=True),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("notices_sent")
    op.drop_table("notice_settings")
