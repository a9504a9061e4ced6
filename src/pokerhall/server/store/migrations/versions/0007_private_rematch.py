"""Private tables (a join code), the table's creator (their token's hash) and rematches (the
table a rematch was opened from, unique, so many clicks make one new table; the hold on its
seats for the old table's players).

Revision ID: 0007
Revises: 0004
Create Date: 2027-01-10
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.add_column(
            sa.Column("private", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        batch.add_column(sa.Column("join_code", sa.String(8), nullable=True))
        batch.add_column(sa.Column("creator_hash", sa.String(64), nullable=True))
        batch.add_column(sa.Column("rematch_of", sa.String(32), nullable=True))
        batch.add_column(sa.Column("opened_by", sa.String(40), nullable=True))
        batch.add_column(sa.Column("held_until", sa.DateTime(timezone=True), nullable=True))
        batch.create_unique_constraint("uq_game_tables_join_code", ["join_code"])
        batch.create_unique_constraint("uq_game_tables_rematch_of", ["rematch_of"])
        batch.create_foreign_key(
            "fk_game_tables_rematch_of", "game_tables", ["rematch_of"], ["id"], ondelete="SET NULL"
        )


def downgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_constraint("fk_game_tables_rematch_of", type_="foreignkey")
        batch.drop_constraint("uq_game_tables_rematch_of", type_="unique")
        batch.drop_constraint("uq_game_tables_join_code", type_="unique")
        for column in ("held_until", "opened_by", "rematch_of", "creator_hash", "join_code"):
            batch.drop_column(column)
        batch.drop_column("private")
