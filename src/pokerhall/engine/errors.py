"""Errors a game raises at its boundary.

A move is checked completely before anything changes, so an `IllegalMove` always means the state
is exactly as it was: callers (the server, bots, tests) may simply report the reason and go on.
"""

from __future__ import annotations


class PokerhallError(Exception):
    """Base class for errors the project raises on purpose."""


class IllegalMove(PokerhallError):
    """A move that the rules do not allow now; `reason` is meant for the player to read."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class UnknownGame(PokerhallError, KeyError):
    """No game is registered under the requested name."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"


class InvalidOptions(PokerhallError, ValueError):
    """Options or players that cannot start a game (wrong player count, bad blind schedule, ...)."""
