"""Games are found by name (or alias) here; the engine never imports a game itself.

A game registers its `GameInfo` (what it is, its rulesets, options and bots); everything the hall
needs to list, configure, start and replay a game comes from there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pokerhall.engine.bots import Bot
from pokerhall.engine.catalog import GameInfo
from pokerhall.engine.content import GameContent
from pokerhall.engine.errors import InvalidOptions, UnknownGame
from pokerhall.engine.events import JSON, Event
from pokerhall.engine.protocol import Game
from pokerhall.engine.record import MatchRecord
from pokerhall.engine.rng import check_seed, derive_seed, new_seed


@dataclass(frozen=True, slots=True)
class _Entry:
    info: GameInfo
    preset: Mapping[str, Any]
    """Options an alias implies, e.g. `duell` is `quizpoker` with ruleset `duell`."""


_GAMES: dict[str, _Entry] = {}
_DEFAULT: list[str] = []
"""The hall's default game (at most one name): listed first, so lobby forms and `pokerhall play`
start with it."""


def register(info: GameInfo) -> None:
    """Make a game known by its name and by each of its aliases (a ruleset preset)."""
    for alias, ruleset in info.aliases.items():
        info.ruleset(ruleset)  # an alias must name a ruleset of the game
        if alias == info.name:
            raise ValueError(f"{info.name}: an alias cannot be the game's own name")
    _GAMES[info.name] = _Entry(info, {})
    for alias, ruleset in info.aliases.items():
        _GAMES[alias] = _Entry(info, {"ruleset": ruleset})


def _entry(name: str) -> _Entry:
    entry = _GAMES.get(name) if isinstance(name, str) else None
    if entry is None:
        raise UnknownGame(f"unknown game {name!r}; known games: {', '.join(names())}")
    return entry


def info(name: str) -> GameInfo:
    """The game a name (or alias) stands for."""
    return _entry(name).info


def preset(name: str) -> dict[str, Any]:
    """The options a name implies: `{"ruleset": "duell"}` for the alias duell, else nothing."""
    return dict(_entry(name).preset)


def set_default(name: str) -> None:
    """Make a registered game the hall's default: `infos()` lists it first."""
    _entry(name)
    _DEFAULT[:] = [name]


def infos() -> list[GameInfo]:
    """Every registered game once (aliases left out): the default game first, then by name."""
    found = [entry.info for name, entry in sorted(_GAMES.items()) if name == entry.info.name]
    return sorted(found, key=lambda info: info.name not in _DEFAULT)


def names() -> list[str]:
    """Every name a game can be started by: games and aliases."""
    return sorted(_GAMES)


def create(
    name: str,
    players: Sequence[str] | int,
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
) -> Game[Any]:
    """Start a match. Same name, players, options and seed always give the same match."""
    entry = _entry(name)
    if (
        isinstance(players, bool)
        or not isinstance(players, int | Sequence)
        or (isinstance(players, int) and players < 0)
    ):
        raise InvalidOptions(f"players must be a count or a list of names, got {players!r}")
    if isinstance(players, int):
        players = [f"Player {i + 1}" for i in range(players)]
    if options is not None and not isinstance(options, Mapping):
        raise InvalidOptions(f"options must be an object of named settings, got {options!r}")
    if isinstance(players, str) or not all(isinstance(p, str) and p for p in players):
        raise InvalidOptions("players must be a list of non-empty names")
    if len(players) != len(set(players)):
        raise InvalidOptions("players must have different names")
    try:
        seed = new_seed() if seed is None else check_seed(seed)
    except ValueError as exc:
        raise InvalidOptions(str(exc)) from None
    return entry.info.factory(list(players), {**entry.preset, **(options or {})}, seed)


def replay(
    record: MatchRecord,
    on_move: Callable[[int, JSON, list[Event]], None] | None = None,
) -> Game[Any]:
    """Rebuild a match from its record by making every move again; `on_move` sees each one."""
    state = create(record.game, list(record.players), record.options, record.seed)
    check_content(record, state)
    for seat, move in record.moves:
        events = state.act(seat, move)
        if on_move is not None:
            on_move(seat, move, events)
    return state


def check_content(record: MatchRecord, state: Game[Any]) -> None:
    """Refuse to replay a record against other content than it was played with: the moves
    would be replayed against other questions and rebuild a different match. A record without
    content (written before it was pinned) is not checked."""
    now = state.content()
    for kind, digest in sorted(record.content.items()):
        if now.get(kind) != digest:
            raise InvalidOptions(
                f"this match was played with other {kind} ({digest}) than this game has now"
                f" ({now.get(kind, 'none')}); it cannot be replayed with them"
            )


def bot_kinds(name: str) -> list[str]:
    return sorted(_entry(name).info.bots)


def make_bots(name: str, kinds: Mapping[int, str], seed: int) -> dict[int, Bot]:
    """One bot per seat of the given kinds, each seeded from the match seed and its seat."""
    return {
        seat: make_bot(name, kind, derive_seed(seed, f"bot:{seat}")) for seat, kind in kinds.items()
    }


def make_bot(name: str, kind: str, seed: int) -> Bot:
    """A bot of the given kind for the named game, seeded for reproducible play."""
    bots = _entry(name).info.bots
    if kind not in bots:
        raise unknown_bot(name, kind, bots)
    return bots[kind](seed)


def unknown_bot(game: str, kind: object, bots: Iterable[str]) -> InvalidOptions:
    """The refusal of a bot kind the game does not have, naming the ones it has."""
    choices = ", ".join(sorted(bots))
    return InvalidOptions(
        f"{game} has no {kind!r} bot; choose one of {choices}",
        "bot_unknown",
        {"bot": str(kind), "choices": choices},
    )


def uploads() -> list[GameContent]:
    """Every registered game's uploadable content, each library once (games may share one)."""
    found: dict[int, GameContent] = {}
    for entry in infos():
        if entry.content is not None:
            found.setdefault(id(entry.content.library), entry.content)
    return list(found.values())
