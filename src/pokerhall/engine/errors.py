"""Errors a game raises at its boundary.

A move is checked completely before anything changes, so an `IllegalMove` always means the state
is exactly as it was: callers (the server, bots, tests) may simply report the reason and go on.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class PokerhallError(Exception):
    """Base class for errors the project raises on purpose."""


class IllegalMove(PokerhallError):
    """A move that the rules do not allow now; `reason` is meant for the player to read.

    A game with message catalogs may also give the reason as a `message` (`{"key", "params"}`,
    see `engine.messages`), so a client can show it in the player's language; `reason` is
    then its English text."""

    def __init__(self, reason: str, message: Mapping[str, Any] | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.message = message


class InputProblem(PokerhallError):
    """What someone typed at a game's terminal does not make a move; `reason` says what to type
    instead. A game's own, before any move reaches the protocol (which would raise
    `IllegalMove`): the terminal asks again and nothing has changed."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class UnknownGame(PokerhallError, KeyError):
    """No game is registered under the requested name."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"


class InvalidOptions(PokerhallError, ValueError):
    """Options or players that cannot start a game (wrong player count, bad blind schedule, ...).

    `code` and `params`, when given, name the problem for clients that say it in their reader's
    language (the lobby's `apiError.<code>`, docs/protocol.md); the message itself is English."""

    def __init__(
        self, reason: str, code: str | None = None, params: Mapping[str, Any] | None = None
    ) -> None:
        super().__init__(reason)
        self._code = code
        self._params = dict(params or {})

    @property
    def code(self) -> str | None:
        return self._code

    @property
    def params(self) -> dict[str, Any]:
        return self._params
