"""A bot module for the arena's tests, loaded by its file path (`path/cheat_bot.py:Cheat`)."""

from __future__ import annotations

from typing import Any


class Cheat:
    """Guesses, then raises to one chip: below every table's minimum, so always illegal."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: dict[str, Any], prompt: dict[str, Any]) -> dict[str, Any]:
        if prompt["type"] == "guess":
            return {"type": "guess", "value": "1"}
        if prompt["type"] == "bet":
            return {"type": "raise", "to": 1}
        default: dict[str, Any] = prompt["default"]
        return default


class Chooseless:
    """No choose method: not a bot."""

    def __init__(self, seed: int) -> None:
        self.seed = seed


class Crash(Cheat):
    """Fails when asked to bet."""

    def choose(self, view: dict[str, Any], prompt: dict[str, Any]) -> dict[str, Any]:
        if prompt["type"] == "bet":
            raise RuntimeError("no idea what to bet")
        return super().choose(view, prompt)
