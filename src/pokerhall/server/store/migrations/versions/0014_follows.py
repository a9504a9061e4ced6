"""Friends (issue 26, item 1): one account following another (`follows`, one-way, gone with
either account), and a seat the table's creator invited an account to (`SeatRow.invited`: a
bot account's, as `bot_account` marked before, or now a person's). Every bot account's seat
stored before was such an invitation, so it is marked invited.

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "follows",
        sa.Column(
            "follower_id",
            sa.String(32),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column(
            "followed_id",
            sa.String(32),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_follows_followed_id", "follows", ["followed_id"])
    with op.batch_alter_table("seats") as batch:
        batch.add_column(
            sa.Column("invited", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    seats = sa.table(
        "seats", sa.column("invited", sa.Boolean), sa.column("bot_account", sa.Boolean)
    )
    op.execute(seats.update().where(seats.c.bot_account.is_(True)).values(invited=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("invited")
    op.drop_index("ix_follows_followed_id", "follows")
    op.drop_table("follows")
