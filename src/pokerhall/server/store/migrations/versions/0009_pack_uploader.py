"""Who uploaded a pack (a digest of their address), for the quota of unused uploads each
uploader keeps (`server/lobby/pack_quota.py`).

Revision ID: 0009
Revises: 0008_seat_excused
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008_seat_excused"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("packs") as batch:
        batch.add_column(sa.Column("uploader", sa.String(32), nullable=True))
        batch.create_index("ix_packs_uploader", ["uploader"])


def downgrade() -> None:
    with op.batch_alter_table("packs") as batch:
        batch.drop_index("ix_packs_uploader")
        batch.drop_column("uploader")
