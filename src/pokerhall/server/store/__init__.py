"""Persistence: the database (SQLAlchemy, SQLite or PostgreSQL), its tables and Alembic
migrations."""
