"""Ratings per game (issue 26): each player's skill per game and ruleset, and the finished
tables the ratings have dealt with (rated once, or not rated and why). Tables finished before
have no record yet: the server's start-up rates them, oldest first (`people/ratings.py`).

Revision ID: 0013
Revises: 0011
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "player_ratings",
        sa.Column(
            "player_id",
            sa.String(32),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("ruleset", sa.String(40), primary_key=True),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("tables", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "rated_tables",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("game_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("ruleset", sa.String(40), nullable=False),
        sa.Column("unrated", sa.String(16), nullable=True),
        sa.Column("rated_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rated_tables")
    op.drop_table("player_ratings")
