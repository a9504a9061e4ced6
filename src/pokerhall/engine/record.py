"""Match records: `(game, options, players, seed, moves)` is all it takes to rebuild a match."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pokerhall.engine.events import JSON

RECORD_FORMAT = "pokerhall-match"
RECORD_VERSION = 1
PUBLIC_RECORD_FORMAT = "pokerhall-public-record"
"""A record with moves withheld: it proves the seed, but cannot rebuild the match."""


@dataclass(frozen=True, slots=True)
class MatchRecord:
    game: str
    options: JSON
    players: tuple[str, ...]
    seed: int
    moves: tuple[tuple[int, JSON], ...]
    content: dict[str, str] = field(default_factory=dict)
    """The content the match drew on (`Game.content`): kind -> "sha256:<hex>". Records written
    before content was pinned have none, and replay without the check."""

    def to_json(self) -> JSON:
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.game,
            "options": self.options,
            "players": list(self.players),
            "seed": self.seed,
            "moves": [{"seat": seat, "move": move} for seat, move in self.moves],
            "content": dict(self.content),
        }

    @classmethod
    def from_json(cls, data: Any) -> MatchRecord:
        """Read a record written by `to_json`; ValueError names what is wrong.

        Nothing is coerced: a seat of 1.7 or "1" is a damaged record, not seat 1, because a
        replay of a damaged record would quietly rebuild a different match.
        """
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            raise ValueError(f"not a {RECORD_FORMAT} record")
        if data.get("version") != RECORD_VERSION:
            raise ValueError(f"unsupported record version {data.get('version')!r}")
        missing = [
            key for key in ("game", "options", "players", "seed", "moves") if key not in data
        ]
        if missing:
            raise ValueError(f"malformed record: missing {', '.join(missing)}")
        game, options, players = data["game"], data["options"], data["players"]
        if not isinstance(game, str) or not isinstance(options, dict):
            raise ValueError("malformed record: game must be a name and options an object")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise ValueError("malformed record: players must be a list of names")
        if not _is_int(data["seed"]):
            raise ValueError(f"malformed record: seed {data['seed']!r} is not an integer")
        if not isinstance(data["moves"], list):
            raise ValueError("malformed record: moves must be a list")
        moves = []
        for number, entry in enumerate(data["moves"], start=1):
            if (
                not isinstance(entry, dict)
                or not _is_int(entry.get("seat"))
                or not isinstance(entry.get("move"), dict)
            ):
                raise ValueError(
                    f'malformed record: move {number} is not {{"seat": n, "move": {{}}}}'
                )
            moves.append((int(entry["seat"]), dict(entry["move"])))
        content = data.get("content", {})
        if not isinstance(content, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in content.items()
        ):
            raise ValueError("malformed record: content must map kinds to digests")
        return cls(
            game=game,
            options=dict(options),
            players=tuple(players),
            seed=int(data["seed"]),
            moves=tuple(moves),
            content=dict(content),
        )

    def save(self, path: str | Path) -> None:
        text = json.dumps(self.to_json(), indent=1, ensure_ascii=False) + "\n"
        Path(path).write_text(text, encoding="utf-8")  # as `load` reads it, whatever the locale

    @classmethod
    def load(cls, path: str | Path) -> MatchRecord:
        return cls.from_json(json.loads(Path(path).read_text(encoding="utf-8")))


def public_record_json(record: MatchRecord, withheld: Iterable[int], **extra: Any) -> JSON:
    """The record as JSON with the content of the moves numbered in `withheld` (from 0) left
    out: such a move keeps its type and lists the keys taken out under "withheld". Without
    any withheld move this is the full record, which replays; otherwise the format says it is
    a public record, so nobody mistakes it for one that rebuilds the match. `extra` adds what
    the game publishes besides (the order of its questions)."""
    out = record.to_json()
    hidden = set(withheld)
    if hidden:
        out["format"] = PUBLIC_RECORD_FORMAT
        for number in sorted(hidden):
            move = out["moves"][number]["move"]
            keys = sorted(key for key in move if key != "type")
            out["moves"][number]["move"] = {"type": move["type"], "withheld": keys}
    out["withheld"] = len(hidden)
    return {**out, **extra}


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
