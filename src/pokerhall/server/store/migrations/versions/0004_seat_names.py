"""Seat names unique per table by a database constraint (on their key, as the hall compares
them), so two joins can never seat one name twice, even when two processes take them.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from pokerhall.server.wire.names import name_key

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("seats", sa.Column("name_key", sa.String(80), nullable=True))
    seats = sa.table(
        "seats",
        sa.column("table_id", sa.String),
        sa.column("seat", sa.Integer),
        sa.column("name", sa.String),
        sa.column("name_key", sa.String),
    )
    connection = op.get_bind()
    for table_id, seat, name in connection.execute(
        sa.select(seats.c.table_id, seats.c.seat, seats.c.name)
    ).all():
        connection.execute(
            seats.update()
            .where(seats.c.table_id == table_id, seats.c.seat == seat)
            .values(name_key=name_key(name))
        )
    with op.batch_alter_table("seats") as batch:
        batch.alter_column("name_key", existing_type=sa.String(80), nullable=False)
        batch.create_unique_constraint("uq_seats_name_key", ["table_id", "name_key"])


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_constraint("uq_seats_name_key", type_="unique")
        batch.drop_column("name_key")
