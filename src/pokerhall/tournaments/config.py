"""What a tournament is: its format, game, seats, stakes schedule, registration and prizes.

A config is data (JSON both ways) checked once, when the tournament is made: every later step
trusts it. Checking plays no game; it starts the game from the first table's state at every
listed stake level, so a stake the game would refuse (a small blind off the chip unit) is
refused here, with the game's own words, before anyone registers.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, Literal

from pokerhall import games
from pokerhall.engine import registry
from pokerhall.engine.catalog import GameInfo, TableState
from pokerhall.engine.errors import InvalidOptions, UnknownGame
from pokerhall.engine.events import JSON
from pokerhall.engine.rng import MAX_SEED
from pokerhall.table.blinds import BlindSchedule
from pokerhall.tournaments.errors import TournamentError

Format = Literal["sit_and_go", "multi_table", "round_robin", "swiss"]
POKER_FORMATS = ("sit_and_go", "multi_table")
ROUND_FORMATS = ("round_robin", "swiss")
FORMATS: tuple[Format, ...] = ("sit_and_go", "multi_table", "round_robin", "swiss")

MAX_ENTRANTS = 10_000
MAX_LEVELS = 50
MAX_ROUNDS = 100
MAX_SETTING = 10**12
"""Stacks, stakes and points above this are typos (the games' own ceiling, too)."""
LEVEL_FACTOR = 1.5
"""T9: past the listed levels, each level's stake is the last one's times this."""


@dataclass(frozen=True, slots=True)
class TournamentConfig:
    format: Format
    game: str
    """A registered game (or alias); the poker formats need one with a `TableState`."""
    name: str = "Tournament"
    options: Mapping[str, Any] | None = None
    """The game's own options for every table; the table's state (stacks, button, stakes,
    hands) is the tournament's and may not be given here."""
    table_size: int = 9
    """Most players at a table (poker) or in one game (round formats)."""
    capacity: int = 100
    """Most players who may register (a sit-and-go: its one table, `table_size`)."""
    min_players: int = 2
    """Fewest registered to start (a sit-and-go starts when full)."""
    starting_stack: int = 1000
    levels: tuple[int, ...] = (10, 15, 20, 30, 50, 75, 100, 150, 200, 300)
    """T9: the stake of each level (QuizPoker the small blind, Palace the small bet)."""
    hands_per_level: int = 10
    """T9: hands a table plays at each level (the tournament's hand clock, see `levels.py`)."""
    late_registration_level: int = 0
    """T7: registration stays open while the level (from 1) is at most this; 0: until the start."""
    points_per_entry: int = 100
    """T10: each entrant adds this many points to the prize pool."""
    rounds: int = 0
    """Round formats: rounds to play; 0: the format's default (T13, T14)."""
    seed: int = 0

    @property
    def poker(self) -> bool:
        return self.format in POKER_FORMATS

    def info(self) -> GameInfo:
        return games.info(self.game)

    def table_state(self) -> TableState:
        state = self.info().table_state
        assert state is not None, "checked when the config was made"
        return state

    def game_options(self) -> dict[str, Any]:
        return {**registry.preset(self.game), **dict(self.options or {})}

    def schedule(self) -> BlindSchedule:
        """T9: the stakes by level (0-based), growing by LEVEL_FACTOR past the list."""
        return BlindSchedule(self.levels, self.chip_unit(), 0, LEVEL_FACTOR)

    def chip_unit(self) -> int:
        state = self.info().table_state
        if state is None or state.chip_unit is None:
            return 1
        parsed = self.info().parse_options(self.game_options())
        return int(parsed[state.chip_unit])

    def stake(self, level: int) -> int:
        """The stake of level `level` (0-based)."""
        return self.schedule().level(level).small

    def to_json(self) -> JSON:
        out: JSON = {f.name: getattr(self, f.name) for f in fields(self)}
        out["options"] = dict(self.options or {})
        out["levels"] = list(self.levels)
        return out

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> TournamentConfig:
        """A checked config from JSON; anything wrong is a `tournament_config` refusal."""
        if not isinstance(data, Mapping):
            raise _bad("a tournament config must be an object of named settings", setting="config")
        names = {f.name for f in fields(TournamentConfig)}
        unknown = sorted(set(data) - names)
        if unknown:
            raise _bad(f"unknown tournament setting {unknown[0]!r}", setting=unknown[0])
        raw = dict(data)
        if "levels" in raw and isinstance(raw["levels"], list):
            raw["levels"] = tuple(raw["levels"])
        if "options" in raw and not isinstance(raw["options"], Mapping):
            raise _bad("options must be an object of the game's settings", setting="options")
        _fill_defaults(raw)
        try:
            config = TournamentConfig(**raw)
        except TypeError as exc:
            raise _bad(
                f"a tournament config needs a format and a game ({exc})", setting="format"
            ) from None
        check(config)
        return config


def _fill_defaults(raw: dict[str, Any]) -> None:
    """Settings left out that depend on the game: the table size (poker: nine, or the game's
    most; rounds: the game's fewest), the fewest to start (the game's fewest, at least two) and
    a sit-and-go's capacity (its one table)."""
    try:
        info = games.info(raw.get("game"))  # type: ignore[arg-type]
    except UnknownGame:
        return  # `check` names the game
    poker = raw.get("format") in POKER_FORMATS
    if "table_size" not in raw:
        raw["table_size"] = min(9, info.max_players) if poker else info.min_players
    if "min_players" not in raw:
        raw["min_players"] = max(2, info.min_players)
    if raw.get("format") == "sit_and_go" and "capacity" not in raw:
        raw["capacity"] = raw["table_size"]


def _bad(reason: str, *, setting: str) -> TournamentError:
    """The refusal of a config, naming the setting at fault (the lobby shows it)."""
    return TournamentError("tournament_config", reason, {"setting": setting})


def _whole(name: str, value: object, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _bad(f"{name} must be a whole number from {low} to {high}", setting=name)


def check(config: TournamentConfig) -> None:
    """Refuse a config that could not run, naming the setting (code `tournament_config`)."""
    if config.format not in FORMATS:
        raise _bad(f"format must be one of {', '.join(FORMATS)}", setting="format")
    if not isinstance(config.name, str) or not 1 <= len(config.name.strip()) <= 100:
        raise _bad("name must be text of 1 to 100 characters", setting="name")
    try:
        info = games.info(config.game)
    except UnknownGame as exc:
        raise _bad(str(exc), setting="game") from None
    _whole("seed", config.seed, 0, MAX_SEED)
    _whole("capacity", config.capacity, 2, MAX_ENTRANTS)
    _whole("table_size", config.table_size, 2, info.max_players)
    _whole("min_players", config.min_players, 2, config.capacity)
    _whole("points_per_entry", config.points_per_entry, 0, MAX_SETTING)
    _whole("rounds", config.rounds, 0, MAX_ROUNDS)
    if config.poker:
        _check_poker(config, info)
    else:
        _check_rounds(config, info)
    _check_game(config)


def _check_poker(config: TournamentConfig, info: GameInfo) -> None:
    state = info.table_state
    if state is None:
        raise _bad(
            f"{info.title} is not a game of hands: play it as round_robin or swiss",
            setting="format",
        )
    if config.table_size < info.min_players:
        raise _bad(f"table_size must be at least {info.min_players}", setting="table_size")
    if config.format == "sit_and_go":
        if config.capacity != config.table_size:
            raise _bad(
                "a sit-and-go has one table: capacity must be its table_size", setting="capacity"
            )
        if config.late_registration_level:
            raise _bad(
                "a sit-and-go starts when its table is full: it has no late registration",
                setting="late_registration_level",
            )
    _whole("starting_stack", config.starting_stack, 1, MAX_SETTING)
    _whole("hands_per_level", config.hands_per_level, 1, 1_000_000)
    _whole("late_registration_level", config.late_registration_level, 0, MAX_LEVELS)
    levels = config.levels
    if not isinstance(levels, tuple) or not 1 <= len(levels) <= MAX_LEVELS:
        raise _bad(f"levels must list 1 to {MAX_LEVELS} stakes", setting="levels")
    for stake in levels:
        _whole("every level's stake", stake, state.min_stake, MAX_SETTING)
    if any(later < earlier for earlier, later in itertools.pairwise(levels)):
        raise _bad("levels never go down: each stake at least the one before", setting="levels")
    reserved = sorted(state.reserved & set(config.options or {}))
    if reserved:
        raise _bad(
            f"option {reserved[0]!r} is the tournament's to set (the table's state)",
            setting=reserved[0],
        )


def _check_rounds(config: TournamentConfig, info: GameInfo) -> None:
    if config.late_registration_level:
        raise _bad(
            "round formats pair everyone from the first round: no late registration",
            setting="late_registration_level",
        )
    if config.min_players < info.min_players:
        raise _bad(f"min_players must be at least {info.min_players}", setting="min_players")
    if config.table_size < info.min_players:
        raise _bad(f"table_size must be at least {info.min_players}", setting="table_size")


def _check_game(config: TournamentConfig) -> None:
    """Start the game once per listed level (poker) or once (rounds) from a full table."""
    players = [f"check {seat}" for seat in range(config.table_size)]
    base = config.game_options()
    if not config.poker:
        trials = [base]
    else:
        state = config.table_state()
        unit_check = {state.stacks: [config.starting_stack] * len(players), state.hands: 1}
        trials = [{**base, **unit_check, **state.stakes(stake)} for stake in config.levels]
    for options in trials:
        try:
            games.create(config.game, players, options, seed=0)
        except InvalidOptions as exc:
            raise _bad(f"the game refuses these settings: {exc}", setting="options") from None
    if config.poker:
        try:
            config.schedule().level(0)
        except ValueError as exc:
            raise _bad(str(exc), setting="levels") from None


def default_rounds(config: TournamentConfig, entrants: int) -> int:
    """T13/T14: round robin, enough rounds for everyone to be able to meet everyone; Swiss,
    log2 of the entrants, rounded up."""
    if config.rounds:
        return config.rounds
    if config.format == "swiss":
        return max(1, math.ceil(math.log2(max(entrants, 2))))
    per_game = config.table_size - 1
    if config.table_size == 2:
        return entrants - 1 if entrants % 2 == 0 else entrants
    return max(1, math.ceil((entrants - 1) / per_game))
