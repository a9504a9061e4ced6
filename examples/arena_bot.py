"""A QuizPoker bot of your own for the arena (docs/arena.md): it guesses a round number and then
always checks or calls, never folds and never raises: a calling station.

Run it against the built-in levels from the project's folder:

    pokerhall arena quizpoker casual examples.arena_bot:AlwaysCall --games 40
    pokerhall arena quizpoker casual examples/arena_bot.py:AlwaysCall --games 40

A bot is any class built as `Bot(seed)` with a `choose(view, prompt)` method that returns a legal
move for the prompt, decided from `view`, its own seat's view (`pokerhall.engine.bots.Bot`).
"""

from __future__ import annotations

import random
from typing import Any

JSON = dict[str, Any]


class AlwaysCall:
    """Guesses a year near 1950 for a year question and 100 for anything else, then checks when
    that is free and calls (or goes all in when it cannot cover the bet) when it is not."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)  # a seeded bot repeats itself: the arena's --seed holds

    def choose(self, view: JSON, prompt: JSON) -> JSON:
        allowed = {move["type"] for move in prompt["moves"]}
        if prompt["type"] == "guess" and "guess" in allowed:
            question = view["hand"]["question"] or {}
            year = question.get("unit") == "year"
            value = self.rng.randint(1900, 2000) if year else 100
            return {"type": "guess", "value": str(value)}
        for kind in ("check", "call", "all_in"):
            if kind in allowed:
                return {"type": kind}
        default: JSON = prompt["default"]  # every prompt names a move that is always legal
        return default
