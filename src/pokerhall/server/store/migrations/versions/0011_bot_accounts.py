"""Bot accounts: an account's kind (person, or bot: a program's, `people/bots.py`), and a seat
a table's creator invited a bot account to (`SeatRow.bot_account`). Every account stored before
is a person's, every seat no bot account's.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.add_column(
            sa.Column("kind", sa.String(length=8), nullable=False, server_default="person")
        )
    with op.batch_alter_table("seats") as batch:
        batch.add_column(
            sa.Column("bot_account", sa.Boolean(), nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("bot_account")
    with op.batch_alter_table("players") as batch:
        batch.drop_column("kind")
