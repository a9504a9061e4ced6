"""A seat's excuse (W12 of Slovní poker, any game alike): the league's organiser or the table's
creator excused the player ahead of time, so the turn clock's moves for them are not marked as
time-outs, and a league player who has not come is not resigned at the start.

Revision ID: 0008_seat_excused
Revises: 0007
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_seat_excused"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(
            sa.Column("excused", sa.Boolean(), nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("excused")
