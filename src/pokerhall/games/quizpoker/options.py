"""QuizPoker options and the two rulesets, `quizpoker` (seed 000) and `duell` (seed 003).

A ruleset is a set of option defaults; every [ours] choice of the rules is an option, so a table
can change it without code. Options arrive as JSON and are normalised to a complete JSON object,
which is what a match record stores.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from pokerhall.engine.errors import InvalidOptions
from pokerhall.engine.events import JSON
from pokerhall.table.blinds import BlindSchedule
from pokerhall.table.minraise import MIN_RAISE_RULES
from pokerhall.table.pots import OddChips

RULESETS = ("quizpoker", "duell")


@dataclass(frozen=True, slots=True)
class QuizPokerOptions:
    ruleset: str
    min_players: int
    max_players: int
    starting_stack: int
    chip_unit: int
    small_blinds: tuple[int, ...]
    """Small blind per level; the big blind is always twice it (Q11, DU4)."""
    blind_step: int
    """Past the listed levels: add this to the small blind per level (DU4), or if 0 ..."""
    blind_factor: float
    """... multiply by this and round to the chip unit (QP5)."""
    hands_per_level: int
    """QP5: question rounds per blind level; 0 means one per starting player. Unused when
    `blinds_per_orbit` is set."""
    blinds_per_orbit: bool
    """DU4: the blinds rise after every orbit of the button instead of every few hands."""
    blinds_before_question: bool
    """DU3: the blinds are posted before the question is read, not once all have guessed (QP)."""
    everyone_shows: bool
    """DU6: every player left shows at the showdown (QP3 lets a worse guess stay face down)."""
    min_raise: str
    odd_chips: str
    game_master: bool
    """DU2: the button seat is a non-playing game master while three or more players remain."""
    software_game_master: bool
    """DU8 [ours]: the software is game master, so nobody sits out."""
    oldest_seat: int
    """DU2/DU4: the first game master, and the seat each new orbit starts from."""
    offer_folded_show: bool
    """DU6: folded players are asked whether to show their guess at the end of the hand."""
    questions: str
    """"builtin" or a path to a question pack (see docs/question-packs.md)."""
    language: str

    @property
    def schedule(self) -> BlindSchedule:
        return BlindSchedule(self.small_blinds, self.chip_unit, self.blind_step, self.blind_factor)

    @property
    def odd_chip_policy(self) -> OddChips:
        return OddChips(self.odd_chips)

    def to_json(self) -> JSON:
        return {**_json_fields(self), "small_blinds": list(self.small_blinds)}


@functools.lru_cache(maxsize=256)
def _json_fields(options: QuizPokerOptions) -> JSON:
    """The options as JSON (shared: `to_json` copies it, so callers get their own dict)."""
    return {f.name: getattr(options, f.name) for f in fields(options)}


_DEFAULTS: dict[str, JSON] = {
    "quizpoker": {
        "min_players": 2,
        "max_players": 10,
        "starting_stack": 1000,
        "chip_unit": 1,
        "small_blinds": [10],
        "blind_step": 0,
        "blind_factor": 1.5,
        "hands_per_level": 0,
        "blinds_per_orbit": False,
        "blinds_before_question": False,
        "everyone_shows": False,
        "min_raise": "seed",
        "odd_chips": OddChips.LEFT_OF_BUTTON.value,
        "game_master": False,
        "software_game_master": False,
        "oldest_seat": 0,
        "offer_folded_show": False,
        "questions": "builtin",
        "language": "en",
    },
    "duell": {
        "min_players": 3,
        "max_players": 6,
        "starting_stack": 10_000,
        "chip_unit": 50,
        "small_blinds": [50, 100, 150, 200, 250],
        "blind_step": 50,
        "blind_factor": 1.0,
        "hands_per_level": 0,
        "blinds_per_orbit": True,
        "blinds_before_question": True,
        "everyone_shows": True,
        "min_raise": "duell",
        "odd_chips": OddChips.CARRY.value,
        "game_master": True,
        "software_game_master": False,
        "oldest_seat": 0,
        "offer_folded_show": True,
        "questions": "builtin",
        "language": "de",
    },
}

_TYPES: dict[str, type | tuple[type, ...]] = {
    "min_players": int,
    "max_players": int,
    "starting_stack": int,
    "chip_unit": int,
    "blind_step": int,
    "blind_factor": (int, float),
    "hands_per_level": int,
    "blinds_per_orbit": bool,
    "blinds_before_question": bool,
    "everyone_shows": bool,
    "min_raise": str,
    "odd_chips": str,
    "game_master": bool,
    "software_game_master": bool,
    "oldest_seat": int,
    "offer_folded_show": bool,
    "questions": str,
    "language": str,
}


def parse_options(raw: Mapping[str, Any], num_players: int) -> QuizPokerOptions:
    """Defaults of the chosen ruleset overlaid with `raw`; InvalidOptions says what is wrong.

    Tables are mostly opened with the same few option sets, so a checked result is kept for
    its canonical JSON (options are frozen, so sharing them is safe).
    """
    try:
        key = json.dumps(raw, sort_keys=True)
    except (TypeError, ValueError):
        raise InvalidOptions("options must be plain JSON data") from None
    except RecursionError:
        raise InvalidOptions(_TOO_DEEP) from None
    try:
        return _parse_options(key, num_players)
    except RecursionError:  # decoding the key runs deeper in the stack than encoding it did
        raise InvalidOptions(_TOO_DEEP) from None


_TOO_DEEP = "options are nested too deeply (no option is more than a list of numbers)"


@functools.lru_cache(maxsize=256)
def _parse_options(key: str, num_players: int) -> QuizPokerOptions:
    raw: dict[str, Any] = json.loads(key)
    if not isinstance(raw, dict):
        raise InvalidOptions("options must be an object")
    ruleset = raw.get("ruleset", "quizpoker")
    if ruleset not in RULESETS:
        raise InvalidOptions(f"unknown ruleset {ruleset!r}; choose one of {', '.join(RULESETS)}")
    merged: JSON = {"ruleset": ruleset, **_DEFAULTS[ruleset]}
    for key, value in raw.items():
        if key not in merged:
            raise InvalidOptions(f"unknown option {key!r}")
        merged[key] = value
    for key, kind in _TYPES.items():
        value = merged[key]
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
            raise InvalidOptions(f"option {key!r} has the wrong type: {value!r}")
    blinds = merged["small_blinds"]
    if not isinstance(blinds, list) or not all(type(b) is int for b in blinds):
        raise InvalidOptions("option 'small_blinds' must be a list of whole numbers")
    if len(blinds) > MAX_BLIND_LEVELS:
        raise InvalidOptions(f"option 'small_blinds' may list at most {MAX_BLIND_LEVELS} levels")
    merged["small_blinds"] = tuple(blinds)
    options = QuizPokerOptions(**merged)
    _check(options, num_players)
    return options


MAX_SETTING_CHIPS = 10**12
"""Starting stacks, blinds and blind steps above this are typos; it also keeps every table's
chips far below the table layer's MAX_CHIPS."""
MAX_BLIND_LEVELS = 50
"""Listed blind levels; past them `blind_step` or `blind_factor` go on. The options are stored
with the table and sent with every lobby listing, so a huge list would cost on every request."""
MAX_HANDS_PER_LEVEL = 1_000_000
"""Hands per blind level (QP5). Far more than any real game plays: bench/engine_speed.py uses
this many for "the blinds never rise"; only absurd values such as 10**30 are refused."""


def _check(o: QuizPokerOptions, num_players: int) -> None:
    if not 2 <= o.min_players <= o.max_players <= 10:
        raise InvalidOptions("player limits must satisfy 2 <= min_players <= max_players <= 10")
    if not o.min_players <= num_players <= o.max_players:
        raise InvalidOptions(
            f"{o.ruleset} needs {o.min_players} to {o.max_players} players, got {num_players}"
        )
    if o.chip_unit < 1:
        raise InvalidOptions("the chip unit must be at least 1")
    if o.starting_stack < o.chip_unit or o.starting_stack % o.chip_unit:
        raise InvalidOptions("the starting stack must be a positive multiple of the chip unit")
    if o.starting_stack > MAX_SETTING_CHIPS:
        raise InvalidOptions("the starting stack is absurdly large")
    try:
        o.schedule.level(0)
    except ValueError as exc:
        raise InvalidOptions(str(exc)) from None
    if max(o.small_blinds) > MAX_SETTING_CHIPS or o.blind_step > MAX_SETTING_CHIPS:
        raise InvalidOptions("the blinds are absurdly large")
    if o.blind_step < 0 or o.blind_step % o.chip_unit or not 1 <= o.blind_factor <= 10:
        raise InvalidOptions("blinds must rise by a multiple of the chip unit or a factor 1-10")
    if o.hands_per_level < 0:
        raise InvalidOptions("hands_per_level cannot be negative")
    if o.hands_per_level > MAX_HANDS_PER_LEVEL:
        raise InvalidOptions(f"hands_per_level may be at most {MAX_HANDS_PER_LEVEL:,}")
    if o.min_raise not in MIN_RAISE_RULES:
        raise InvalidOptions(f"min_raise must be one of {', '.join(MIN_RAISE_RULES)}")
    if o.odd_chips not in {p.value for p in OddChips}:
        raise InvalidOptions(f"odd_chips must be one of {', '.join(p.value for p in OddChips)}")
    if not 0 <= o.oldest_seat < num_players:
        raise InvalidOptions(f"oldest_seat must be a seat from 0 to {num_players - 1}")
