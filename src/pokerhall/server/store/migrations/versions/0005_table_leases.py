"""Table leases: which server process runs each table when several share one PostgreSQL
database (`server/cluster/lease.py`). Unused by a single SQLite process.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "table_leases",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("game_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("owner", sa.String(40), nullable=False),
        sa.Column("epoch", sa.BigInteger(), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_table_leases_expires_at", "table_leases", ["expires_at"])


def downgrade() -> None:
    op.drop_index("ix_table_leases_expires_at", "table_leases")
    op.drop_table("table_leases")
