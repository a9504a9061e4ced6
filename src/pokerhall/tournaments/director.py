"""One interface for every format, and a director made from a config or loaded from JSON.

What the server will call (docs/tournaments.md "The API"): `new_director(config)`, then
`register`, `unregister`, `start`, `next_games` (hand each `GameSpec` to a table), `report`
(each game's result), `standings` and `summary` (the lobby page) and `to_json` / `load` (one
JSON column per tournament). Nothing here reads a clock, does I/O or draws from global
randomness: the same config, registrations and results always give the same tournament.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from pokerhall.engine.events import JSON
from pokerhall.tournaments.config import TournamentConfig
from pokerhall.tournaments.errors import TournamentError
from pokerhall.tournaments.poker import PokerDirector
from pokerhall.tournaments.rounds import RoundsDirector
from pokerhall.tournaments.spec import GameSpec


class Director(Protocol):
    config: TournamentConfig
    status: str
    registered: list[str]
    places: dict[str, int]
    prizes: dict[str, int]
    running: dict[str, GameSpec]

    def registration_open(self) -> bool: ...
    def register(self, name: str) -> None: ...
    def unregister(self, name: str) -> None: ...
    def start(self) -> None: ...
    def next_games(self) -> list[GameSpec]: ...
    def report(self, game_id: str, result: Mapping[str, Any]) -> None: ...
    def standings(self) -> list[JSON]: ...
    def summary(self) -> JSON: ...
    def to_json(self) -> JSON: ...


def new_director(config: TournamentConfig | Mapping[str, Any]) -> Director:
    """A director for a checked config (a config given as JSON is checked here)."""
    if not isinstance(config, TournamentConfig):
        config = TournamentConfig.from_json(config)
    if config.poker:
        return PokerDirector(config)
    return RoundsDirector(config)


def load(data: Mapping[str, Any]) -> Director:
    """A director from its `to_json`."""
    kind = data.get("kind") if isinstance(data, Mapping) else None
    if kind == "poker":
        return PokerDirector.from_json(data)
    if kind == "rounds":
        return RoundsDirector.from_json(data)
    raise TournamentError("tournament_config", "not a stored tournament")
