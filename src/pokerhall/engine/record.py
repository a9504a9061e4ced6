"""Match records: `(game, options, players, seed, moves)` is all it takes to rebuild a match."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pokerhall.engine.events import JSON

RECORD_FORMAT = "pokerhall-match"
RECORD_VERSION = 1


@dataclass(frozen=True, slots=True)
class MatchRecord:
    game: str
    options: JSON
    players: tuple[str, ...]
    seed: int
    moves: tuple[tuple[int, JSON], ...]

    def to_json(self) -> JSON:
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.game,
            "options": self.options,
            "players": list(self.players),
            "seed": self.seed,
            "moves": [{"seat": seat, "move": move} for seat, move in self.moves],
        }

    @classmethod
    def from_json(cls, data: Any) -> MatchRecord:
        """Read a record written by `to_json`; ValueError names what is wrong."""
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            raise ValueError(f"not a {RECORD_FORMAT} record")
        if data.get("version") != RECORD_VERSION:
            raise ValueError(f"unsupported record version {data.get('version')!r}")
        try:
            moves = tuple((int(m["seat"]), dict(m["move"])) for m in data["moves"])
            return cls(
                game=str(data["game"]),
                options=dict(data["options"]),
                players=tuple(str(p) for p in data["players"]),
                seed=int(data["seed"]),
                moves=moves,
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"malformed record: {exc!r}") from None

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1, ensure_ascii=False) + "\n")

    @classmethod
    def load(cls, path: str | Path) -> MatchRecord:
        return cls.from_json(json.loads(Path(path).read_text(encoding="utf-8")))
