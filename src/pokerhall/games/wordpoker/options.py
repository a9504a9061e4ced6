"""Slovní poker options and its ruleset (docs/rules/wordpoker.md).

One ruleset, `slovni`, for 2 to 5 players (W1). The letters, dice and stakes are data files
(`data/`), not options; options say how long a game is, what players start with, how a word
scores (W18: its length, or [ours] letter values), which dictionary judges words and when (W19).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from pokerhall.engine.catalog import OptionSpec, Ruleset
from pokerhall.engine.events import JSON
from pokerhall.engine.messages import LANGUAGES
from pokerhall.games.wordpoker.letters import SCORINGS, stakes_table
from pokerhall.games.wordpoker.lexicons import LEXICONS

MIN_PLAYERS = 2
MAX_PLAYERS = 5
"""W1 [ours]: at least 2, at most 5 at a table (the online game's tables)."""
DEALS = 10
"""W2: ten deals."""
POINTS = 100
"""W2, W13: every player starts each game at a table with 100 points."""
CHECK_WORDS = ("at_end", "on_submit")
"""W19: an unknown word scores 0 at the result (the croupier's way), or is refused when it is
submitted, so the player can try another."""


@dataclass(frozen=True, slots=True)
class WordPokerOptions:
    ruleset: str
    deals: int
    points: int
    lexicon: str
    check_words: str
    language: str
    scoring: str = "length"
    """W18: "length" (the rule) or "values" (letter values, ours)."""

    def to_json(self) -> JSON:
        return {f.name: getattr(self, f.name) for f in fields(self)}


RULESETS = (
    Ruleset(
        "slovni",
        "Slovní poker",
        MIN_PLAYERS,
        MAX_PLAYERS,
        summary="Ten deals of sealed raises over consonant cards and vowel dice; the best word "
        "takes the pot.",
    ),
)

OPTIONS = (
    OptionSpec(
        "language",
        "choice",
        "en",
        "The language of the terminal table (events follow each reader's language).",
        choices=LANGUAGES,
        advanced=True,
    ),
    OptionSpec("deals", "int", DEALS, "Deals in a game (W2: ten).", min=1, max=len(stakes_table())),
    OptionSpec("points", "int", POINTS, "Points each player starts with (W2).", min=1, max=100_000),
    OptionSpec(
        "scoring",
        "choice",
        SCORINGS[0],
        "How a word scores (W18): its number of letters (the rule), or Czech Scrabble letter "
        "values plus háček 3 and čárka 2 (ours).",
        choices=SCORINGS,
        advanced=True,
    ),
    OptionSpec(
        "lexicon",
        "choice",
        "system",
        "The dictionary: the system's Czech one, or a small built-in list.",
        choices=LEXICONS,
        advanced=True,
    ),
    OptionSpec(
        "check_words",
        "choice",
        "at_end",
        "An unknown word scores 0 at the end, or is refused at once (W19).",
        choices=CHECK_WORDS,
        advanced=True,
    ),
)


def wordpoker_options(parsed: Mapping[str, Any]) -> WordPokerOptions:
    return WordPokerOptions(**parsed)
