"""What a game declares about itself: title, rulesets, options, bots, what a leaving player means.

The hall (server, CLI, web lobby) knows games only through this: it lists them, renders their
option forms, checks options and picks bots from a `GameInfo`, so a new game plugs in by
registering one and nothing outside its package names it. Options are checked here, once, from
their specs (a game adds only the checks that span several options), so the lobby form, the CLI's
`-o key=value` and the game agree on what an option may be.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pokerhall.engine.content import GameContent
from pokerhall.engine.errors import InvalidOptions
from pokerhall.engine.events import JSON

if TYPE_CHECKING:
    from pokerhall.engine.bots import Bot
    from pokerhall.engine.protocol import Game

OptionKind = Literal["int", "number", "bool", "text", "choice", "int_list", "choice_list"]
LeavePolicy = Literal["bot", "resign"]
ScoreUnit = Literal["chips", "points"]

Factory = Callable[[Sequence[str], Mapping[str, Any], int], "Game[Any]"]
BotFactory = Callable[[int], "Bot"]
"""Makes a bot from a seed, so simulations with bots replay too."""
SecretsOf = Callable[["Game[Any]", "int | None"], Iterable[str]]
"""The texts `seat` (None: a spectator) must not find in its view or events yet."""


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One table option: its type, default, allowed values and a line of help for forms."""

    name: str
    kind: OptionKind
    default: Any
    help: str
    min: float | None = None
    max: float | None = None
    choices: tuple[str, ...] = ()
    max_items: int = 50
    """`int_list`, `choice_list`: most items allowed (a `choice_list` may be empty: none
    chosen means no restriction)."""
    min_items: int = 1
    """`int_list`: fewest items allowed; 0 lets an empty list mean "not given" (QuizPoker's and
    Palace's per-seat `stacks`, where none means everyone starts with `starting_stack`)."""
    max_length: int = 200
    """`text`: most characters allowed."""
    advanced: bool = False
    """Left out of the lobby's basic form (still settable there and with `-o`)."""

    def check(self, value: object) -> Any:
        """The value if it fits this spec (lists become tuples); InvalidOptions names it."""
        bad = _Bad(self, value)
        if self.kind == "bool":
            if type(value) is not bool:
                raise bad
            return value
        if self.kind in ("text", "choice"):
            if not isinstance(value, str) or len(value) > self.max_length:
                raise bad
            if self.kind == "choice" and value not in self.choices:
                raise bad
            return value
        if self.kind == "int_list":
            if not isinstance(value, list | tuple):
                raise bad
            if not self.min_items <= len(value) <= self.max_items:
                raise bad
            return tuple(self._number(item, bad) for item in value)
        if self.kind == "choice_list":
            if not isinstance(value, list | tuple) or len(value) > self.max_items:
                raise bad
            if any(not isinstance(item, str) or item not in self.choices for item in value):
                raise bad
            return tuple(sorted(set(value)))
        return self._number(value, bad)

    def _number(self, value: object, bad: _Bad) -> int | float:
        whole = self.kind in ("int", "int_list")
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise bad
        if whole and not isinstance(value, int):
            raise bad
        if isinstance(value, float) and not math.isfinite(value):
            raise bad
        if (self.min is not None and value < self.min) or (
            self.max is not None and value > self.max
        ):
            raise bad
        return value

    def _expects(self) -> str:
        if self.kind == "bool":
            return "must be true or false"
        if self.kind == "choice":
            return f"must be one of {', '.join(self.choices)}"
        if self.kind == "choice_list":
            return f"must be a list of some of {', '.join(self.choices)}"
        if self.kind == "text":
            return f"must be text of at most {self.max_length} characters"
        what = {"int": "a whole number", "number": "a number"}.get(
            self.kind, f"a list of {self.min_items} to {self.max_items} whole numbers"
        )
        low = "" if self.min is None else f" from {_num(self.min)}"
        high = "" if self.max is None else f" up to {_num(self.max)}"
        return f"must be {what}{low}{high}"

    def to_json(self) -> JSON:
        out: JSON = {
            "name": self.name,
            "kind": self.kind,
            "default": list(self.default) if isinstance(self.default, tuple) else self.default,
            "help": self.help,
            "advanced": self.advanced,
        }
        if self.min is not None:
            out["min"] = self.min
        if self.max is not None:
            out["max"] = self.max
        if self.kind in ("choice", "choice_list"):
            out["choices"] = list(self.choices)
        if self.kind in ("int_list", "choice_list"):
            out["max_items"] = self.max_items
        if self.kind == "int_list":
            out["min_items"] = self.min_items
        if self.kind == "text":
            out["max_length"] = self.max_length
        return out


class _Bad(InvalidOptions):
    """A value that does not fit its spec; the message is written only when it is read, so that
    checking good values costs nothing and a deeply nested value is never written out."""

    def __init__(self, spec: OptionSpec, value: object) -> None:
        self.spec = spec
        self.value = value

    @property
    def code(self) -> str:
        """`option_<kind>`: what the option must be (the lobby words it per language)."""
        return f"option_{self.spec.kind}"

    @property
    def params(self) -> dict[str, Any]:
        spec = self.spec
        out: dict[str, Any] = {"option": spec.name}
        if spec.kind in ("choice", "choice_list"):
            out["choices"] = ", ".join(spec.choices)
        elif spec.kind == "text":
            out["max"] = spec.max_length
        elif spec.kind != "bool":
            out["min"], out["max"] = _plain(spec.min), _plain(spec.max)
            if spec.kind == "int_list":
                out["count"] = spec.max_items
        return out

    def __str__(self) -> str:
        try:
            value = self.value
            many = isinstance(value, list | tuple) and len(value) > 8
            shown = f"a list of {len(value)} items" if many else repr(value)  # type: ignore[arg-type]
        except RecursionError:
            shown = "a value nested too deeply"
        if len(shown) > 80:
            shown = shown[:77] + "..."
        return f"option {self.spec.name!r} {self.spec._expects()}, got {shown}"


def _plain(value: float | None) -> int | float | None:
    return int(value) if value is not None and float(value).is_integer() else value


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A named set of option defaults (a ruleset is data, never a branch in the game's code)."""

    name: str
    title: str
    min_players: int
    max_players: int
    defaults: Mapping[str, Any] = field(default_factory=dict)
    """Defaults that differ from the option specs' own."""
    summary: str = ""

    def to_json(self) -> JSON:
        return {
            "name": self.name,
            "title": self.title,
            "summary": self.summary,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "defaults": {
                k: list(v) if isinstance(v, tuple) else v for k, v in self.defaults.items()
            },
        }


@dataclass(frozen=True, slots=True)
class TableState:
    """How a game of hands starts from a tournament table's state (docs/tournaments.md): the
    options that give each seat's stack, the first button (or dealer) and the hands to play, and
    how one stake level (a small blind, a small bet) becomes the game's options. A game that
    declares one can be played as a sit-and-go or multi-table tournament; the tournaments layer
    reads only this, never a game's name."""

    stakes: Callable[[int], Mapping[str, Any]]
    """The options of one stake level, from its stake (QuizPoker: the small blind)."""
    stacks: str = "stacks"
    button: str = "button"
    hands: str = "hands_per_session"
    chip_unit: str | None = None
    """The option naming the smallest chip, when stacks and stakes must be multiples of it."""
    min_stake: int = 1
    history: str | None = None
    """The option carrying what a table remembers from hand to hand beyond chips and button
    (QuizPoker QP8: the questions it asked). A game's result gives its new value under the
    same key, public once the game is over, and the table's next game gets it; the option
    starts at its default."""

    @property
    def reserved(self) -> frozenset[str]:
        """Options the tournament sets for every hand, so its base options may not."""
        history = () if self.history is None else (self.history,)
        return frozenset(
            {self.stacks, self.button, self.hands, *history, *self.stakes(self.min_stake)}
        )


@dataclass(frozen=True, slots=True)
class GameTesting:
    """What the hall's own tests need to know to test a game by its registration alone."""

    options: Mapping[str, Any] = field(default_factory=dict)
    """Options for short conformance games (e.g. steep blinds), overlaid on every ruleset's."""
    secrets: SecretsOf | None = None


@dataclass(frozen=True, slots=True)
class GameInfo:
    name: str
    title: str
    summary: str
    factory: Factory
    rulesets: tuple[Ruleset, ...]
    """The first is the default."""
    options: tuple[OptionSpec, ...]
    bots: Mapping[str, BotFactory]
    default_bot: str
    """Fills empty seats and takes over for a player who leaves."""
    bot_levels: Mapping[str, int] = field(default_factory=dict)
    """Bot kinds that play at a level of skill (1 the weakest), shown beside their names in the
    lobby and the terminal; kinds left out (a random bot for tests) have none."""
    aliases: Mapping[str, str] = field(default_factory=dict)
    """Other names for a ruleset of this game: `duell` is quizpoker with ruleset duell."""
    on_leave: LeavePolicy = "bot"
    """What a table does by default when a player leaves a running game: a bot takes the seat,
    or the seat resigns (see `Game.resign`). Either way the table never waits for the player."""
    score_unit: ScoreUnit = "chips"
    result_pause: float = 6.0
    """Seconds a table holds the end of a hand (battle, deal) on the felt before the next one
    goes on, unless every human at it presses Next hand first: the default of the table setting
    `result_pause` (`server/tables/pause.py`), longer for a game whose result takes longer to
    read."""
    terminal: str | None = None
    """Dotted name of the game's terminal module (table view, prompt parsers) for the CLI."""
    messages: Path | None = None
    """Folder of the game's message catalogs (`<lang>.json`) for event descriptions."""
    web_module: bool = False
    """The game ships a browser module (`web/js/games/<name>/index.js`); without one the table
    shell plays it with its generic panel, and never asks for a module that is not there."""
    seed_published: bool = True
    """The seed is published once the game is over, for the fairness check against its hash. A
    game whose dealt cards must stay secret after the game sets False (Palace: a palace nobody
    was ever shown, P13), since the seed would deal every card again: its table then shows the
    hash only, and its public record leaves the seed out."""
    playing_cards: bool = False
    """The game's events and prompts name cards of the 52-card deck by their text ("Qd",
    `pokerhall.cards`): plain text read aloud (an e-mail notice) names them in words."""
    content: GameContent | None = None
    """Content people may upload for the game and the option that names it (QuizPoker's
    question packs): the hall stores, lists and refuses uploads through it (`engine/content.py`)."""
    testing: GameTesting = field(default_factory=GameTesting)
    table_state: TableState | None = None
    """Set by a game of hands that can start from a table's state (QuizPoker QP6, Palace P17),
    which makes it playable in sit-and-go and multi-table tournaments."""

    def __post_init__(self) -> None:
        if not self.rulesets:
            raise ValueError(f"{self.name} declares no ruleset")
        if self.default_bot not in self.bots:
            raise ValueError(f"{self.name}'s default bot {self.default_bot!r} is not a bot kind")
        if not set(self.bot_levels) <= set(self.bots):
            raise ValueError(f"{self.name} gives a level to a bot kind it does not have")
        names = [spec.name for spec in self.options]
        if len(names) != len(set(names)) or "ruleset" in names:
            raise ValueError(f"{self.name} declares an option twice (or one named 'ruleset')")

    @property
    def min_players(self) -> int:
        return min(r.min_players for r in self.rulesets)

    @property
    def max_players(self) -> int:
        return max(r.max_players for r in self.rulesets)

    def ruleset(self, name: object) -> Ruleset:
        for ruleset in self.rulesets:
            if ruleset.name == name:
                return ruleset
        choices = ", ".join(r.name for r in self.rulesets)
        raise InvalidOptions(
            f"unknown ruleset {name!r}; choose one of {choices}",
            "ruleset_unknown",
            {"ruleset": str(name), "choices": choices},
        )

    def parse_options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        """Every option of the chosen ruleset, overlaid with `raw` and checked against its spec.

        Returns the complete options (lists as tuples), with "ruleset" first. Checks that span
        options (a stack that is a multiple of the chip unit) are the game's own.
        """
        if not isinstance(raw, Mapping):
            raise InvalidOptions(
                f"options must be an object of named settings, got {raw!r}", "options_not_object"
            )
        ruleset = self.ruleset(raw.get("ruleset", self.rulesets[0].name))
        specs = {spec.name: spec for spec in self.options}
        unknown = [key for key in raw if key != "ruleset" and key not in specs]
        if unknown:
            options = ", ".join(sorted(specs))
            raise InvalidOptions(
                f"unknown option {unknown[0]!r} for {self.name}; options are {options}",
                "option_unknown",
                {"option": str(unknown[0]), "options": options},
            )
        out: dict[str, Any] = {"ruleset": ruleset.name}
        for name, spec in specs.items():
            value = raw[name] if name in raw else ruleset.defaults.get(name, spec.default)
            out[name] = spec.check(value)
        return out

    def check_players(self, ruleset: Ruleset, count: int) -> None:
        if not ruleset.min_players <= count <= ruleset.max_players:
            low, high = ruleset.min_players, ruleset.max_players
            raise InvalidOptions(
                f"{ruleset.name} needs {low} to {high} players, got {count}",
                "players_range",
                {"ruleset": ruleset.title, "min": low, "max": high, "count": count},
            )

    def to_json(self) -> JSON:
        """What `/api/games` serves and the lobby form is rendered from."""
        return {
            "name": self.name,
            "title": self.title,
            "summary": self.summary,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "rulesets": [r.to_json() for r in self.rulesets],
            "aliases": dict(self.aliases),
            "options": [spec.to_json() for spec in self.options],
            "bots": sorted(self.bots),
            "default_bot": self.default_bot,
            "bot_levels": dict(self.bot_levels),
            "on_leave": self.on_leave,
            "score_unit": self.score_unit,
            "result_pause": self.result_pause,
            "web_module": self.web_module,
        }
