"""Leagues: sessions, the seeded drawing to tables, the overall table, and their routes."""
