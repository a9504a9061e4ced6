"""A game a tournament asks to be played: which game, who sits where, its options and seed.

The director never plays it: the in-process runner (`play.py`) or the server's table does, and
reports the game's result back by the spec's id. The options make the game start from the
table's state (QuizPoker QP6/QP7, Palace P17), so the game alone decides the hand."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pokerhall.engine.events import JSON


@dataclass(frozen=True, slots=True)
class GameSpec:
    id: str
    """Unique in its tournament: `t<table>-h<hand>` for a poker hand, `r<round>-g<game>` else."""
    table: int
    game: str
    players: tuple[str, ...]
    """The players in seat order of the game (seat 0 first)."""
    options: dict[str, Any]
    seed: int

    def to_json(self) -> JSON:
        return {
            "id": self.id,
            "table": self.table,
            "game": self.game,
            "players": list(self.players),
            "options": dict(self.options),
            "seed": self.seed,
        }

    @staticmethod
    def from_json(data: JSON) -> GameSpec:
        return GameSpec(
            str(data["id"]),
            int(data["table"]),
            str(data["game"]),
            tuple(str(p) for p in data["players"]),
            dict(data["options"]),
            int(data["seed"]),
        )
