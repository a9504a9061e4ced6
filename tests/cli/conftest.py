"""Fixtures for the CLI tests: a runner, and test-only bot kinds that play predictably."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from pokerhall.cli import app
from pokerhall.engine import registry

Run = Callable[..., Result]


@pytest.fixture
def cli() -> Run:
    """`cli("replay", path, input="...")`: the command as typed, its output and exit code."""
    runner = CliRunner()

    def run(*args: str | Path, input: str | None = None) -> Result:
        return runner.invoke(app, [str(arg) for arg in args], input=input)

    return run


class CallerBot:
    """Guesses at random, then checks or calls to the showdown: hands of known shape."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], prompt: dict[str, Any]) -> dict[str, Any]:
        if prompt["type"] == "guess":
            return {"type": "guess", "value": str(self.rng.randint(0, 200))}
        if prompt["type"] == "show_folded":
            return {"type": "muck"}
        checks = any(move["type"] == "check" for move in prompt["moves"])
        return {"type": "check"} if checks else {"type": "call"}


class CheatBot(CallerBot):
    """Always makes a move no rule allows."""

    def choose(self, view: dict[str, Any], prompt: dict[str, Any]) -> dict[str, Any]:
        return {"type": "dance"}


@pytest.fixture(autouse=True)
def test_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Adds the `caller` and `cheat` bot kinds to every registered game, for this test only."""
    extra = {"caller": CallerBot, "cheat": CheatBot}
    patched = {
        name: dataclasses.replace(
            entry, info=dataclasses.replace(entry.info, bots={**entry.info.bots, **extra})
        )
        for name, entry in registry._GAMES.items()
    }
    monkeypatch.setattr(registry, "_GAMES", patched)
