"""What a bot is: a player that sees only its own seat's view and prompt, like any client."""

from __future__ import annotations

import random
from typing import Protocol

from pokerhall.engine.events import JSON
from pokerhall.engine.prompts import random_move


class Bot(Protocol):
    def choose(self, view: JSON, prompt: JSON) -> JSON:
        """A legal move for `prompt`, decided from `view` (the bot's own seat's view) alone."""
        ...


class RandomBot:
    """Any move the prompt lists, with parameters drawn from their kinds (the one prompt shape,
    `engine.prompts`), so it plays every game without knowing it: a game with no random bot of
    its own registers this one, and the conformance tests play every game with it."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: JSON, prompt: JSON) -> JSON:
        return random_move(prompt, self._rng)
