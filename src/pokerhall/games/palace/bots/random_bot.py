"""A seeded bot that makes any legal move of its prompt: the baseline and a fuzzer.

The engine has no generic bot, so this one is the package's; it reads nothing but the prompt
(`engine.prompts.random_move` draws every listed move and parameter), so it plays whatever the
prompts offer, including the follow-up prompts for soldiers and the answers in a battle.
"""

from __future__ import annotations

import random

from pokerhall.engine.events import JSON
from pokerhall.engine.prompts import random_move


class RandomBot:
    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: JSON, prompt: JSON) -> JSON:
        return random_move(prompt, self._rng)
