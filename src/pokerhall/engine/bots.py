"""What a bot is: a player that sees only its own seat's view and prompt, like any client."""

from __future__ import annotations

from typing import Protocol

from pokerhall.engine.events import JSON


class Bot(Protocol):
    def choose(self, view: JSON, prompt: JSON) -> JSON:
        """A legal move for `prompt`, decided from `view` (the bot's own seat's view) alone."""
        ...
