"""Detective Poker options and rulesets (docs/rules/detective.md).

A ruleset is a set of option defaults: `detective` (the plain game) and `expert` (X9 on). The
game reads options, never the ruleset's name. Each option is an `OptionSpec` checked by the
engine's one parser (`GameInfo.parse_options`); no check here spans options.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from pokerhall.engine.catalog import OptionSpec, Ruleset
from pokerhall.engine.events import JSON

MIN_PLAYERS = 3
MAX_PLAYERS = 4
"""X1: three or four players."""
ROUNDS = 2
"""X1: a game is two rounds (of as many hands as players)."""

RETIRED_OPTIONS = {"spectators_see": ("public", "foreheads")}
"""Options that no longer exist, with the values they took, so that a table or a record made
while they existed still loads; they change nothing. X10: `spectators_see: "foreheads"` showed
every forehead card to any connection without a seat token, so a player in a second tab saw
their own; a spectator now sees the public table only, like everyone until the hand is scored."""


@dataclass(frozen=True, slots=True)
class DetectiveOptions:
    ruleset: str
    expert: bool
    """X9: a wrong +1 bet loses a point; a community card pairing the board is replaced."""

    def to_json(self) -> JSON:
        return {f.name: getattr(self, f.name) for f in fields(self)}


RULESETS = (
    Ruleset(
        "detective",
        "Detective Poker",
        MIN_PLAYERS,
        MAX_PLAYERS,
        summary="Bet chips on whose hand is best; you see everyone's forehead card but yours.",
    ),
    Ruleset(
        "expert",
        "Detective Poker, expert mode",
        MIN_PLAYERS,
        MAX_PLAYERS,
        defaults={"expert": True},
        summary="A wrong +1 bet costs a point; no card on the board pairs another (X9).",
    ),
)

OPTIONS = (
    OptionSpec(
        "expert",
        "bool",
        False,
        "Expert mode: a wrong +1 bet loses a point, and board cards never pair (X9).",
    ),
)


def without_retired(raw: Mapping[str, Any]) -> Mapping[str, Any]:
    """`raw` without the retired options it gives one of their old values (`RETIRED_OPTIONS`);
    any other value is left for `GameInfo.parse_options` to refuse as an unknown option."""
    if not isinstance(raw, Mapping):
        return raw
    return {
        key: value
        for key, value in raw.items()
        if not (key in RETIRED_OPTIONS and value in RETIRED_OPTIONS[key])
    }


def detective_options(parsed: Mapping[str, Any]) -> DetectiveOptions:
    """The options `GameInfo.parse_options` checked, as a value."""
    return DetectiveOptions(**parsed)
