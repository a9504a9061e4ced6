"""A table's result pause: seconds the end of a hand stays on the felt before the next hand
goes on (`server/tables/pause.py`); null for the game's default (`GameInfo.result_pause`), which
every table stored before the setting gets.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.add_column(sa.Column("result_pause", sa.Float(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("result_pause")
