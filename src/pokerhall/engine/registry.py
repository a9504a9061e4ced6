"""Games are found by name (or alias) here; the engine never imports a game itself."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pokerhall.engine.errors import InvalidOptions, UnknownGame
from pokerhall.engine.protocol import Game
from pokerhall.engine.record import MatchRecord
from pokerhall.engine.rng import check_seed, new_seed

Factory = Callable[[Sequence[str], Mapping[str, Any], int], Game[Any]]


@dataclass(frozen=True, slots=True)
class GameEntry:
    name: str
    factory: Factory
    preset: Mapping[str, Any]
    """Options an alias implies, e.g. `duell` is `quizpoker` with ruleset `duell`."""


_GAMES: dict[str, GameEntry] = {}


def register(name: str, factory: Factory, *, aliases: Mapping[str, Mapping[str, Any]] = {}) -> None:
    _GAMES[name] = GameEntry(name, factory, {})
    for alias, preset in aliases.items():
        _GAMES[alias] = GameEntry(name, factory, dict(preset))


def names() -> list[str]:
    return sorted(_GAMES)


def create(
    name: str,
    players: Sequence[str] | int,
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
) -> Game[Any]:
    """Start a match. Same name, players, options and seed always give the same match."""
    entry = _GAMES.get(name)
    if entry is None:
        raise UnknownGame(f"unknown game {name!r}; known games: {', '.join(names())}")
    if isinstance(players, int):
        players = [f"Player {i + 1}" for i in range(players)]
    if isinstance(players, str) or not all(isinstance(p, str) and p for p in players):
        raise InvalidOptions("players must be a list of non-empty names")
    if len(players) != len(set(players)):
        raise InvalidOptions("players must have different names")
    try:
        seed = new_seed() if seed is None else check_seed(seed)
    except ValueError as exc:
        raise InvalidOptions(str(exc)) from None
    return entry.factory(list(players), {**entry.preset, **(options or {})}, seed)


def replay(record: MatchRecord) -> Game[Any]:
    """Rebuild a match from its record by making every move again."""
    state = create(record.game, list(record.players), record.options, record.seed)
    for seat, move in record.moves:
        state.act(seat, move)
    return state
