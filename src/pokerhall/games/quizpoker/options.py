"""QuizPoker options and the two rulesets, `quizpoker` (QP) and `duell` (DU).

A ruleset is a set of option defaults; every [ours] choice of the rules is an option, so a table
can change it without code. Each option is an `OptionSpec`, checked by the engine's one option
parser (`GameInfo.parse_options`); this module adds only the checks that span several options or
depend on the number of players, and turns the complete options into `QuizPokerOptions`.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from pokerhall.content.library import ALL_TOPICS
from pokerhall.content.packs import builtin_languages, builtin_topics
from pokerhall.content.questions import DIFFICULTIES, MAX_ID_LENGTH
from pokerhall.engine.catalog import OptionSpec, Ruleset
from pokerhall.engine.errors import InvalidOptions
from pokerhall.engine.events import JSON
from pokerhall.table.blinds import BlindSchedule
from pokerhall.table.minraise import (
    MinRaiseRule,
    seed_rule,
    standard_rule,
    unit_then_big_blind_rule,
)
from pokerhall.table.pots import OddChips
from pokerhall.table.stack_option import stacks_option

MAX_SETTING_CHIPS = 10**12
"""Starting stacks, blinds and blind steps above this are typos; it also keeps every table's
chips far below the table layer's MAX_CHIPS."""
MAX_BLIND_LEVELS = 50
"""Listed blind levels; past them `blind_step` or `blind_factor` go on. The options are stored
with the table and sent with every lobby listing, so a huge list would cost on every request."""
MAX_SEATS = 10
"""The most players any ruleset seats (the `quizpoker` ruleset's 10)."""
MAX_HANDS_PER_LEVEL = 1_000_000
"""Hands per blind level (QP5). Far more than any real game plays: bench/engine_speed.py uses
this many for "the blinds never rise"; only absurd values such as 10**30 are refused."""
MAX_ASKED = 300
"""QP8: the most question ids `asked_questions` may list. A table that has asked more passes on
the newest this many (the game's result keeps them), so older ones may come back; the list
goes with every hand's options, hence the bound."""


@dataclass(frozen=True, slots=True)
class QuizPokerOptions:
    ruleset: str
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
    """Chosen by the table, never by the ruleset: any ruleset is played in any language."""
    topic: str
    """"all", or one topic: the older single choice, kept so tables made before `topics`
    load; a question on it or on any of `topics` is drawn."""
    topics: tuple[str, ...]
    """The topics questions are drawn from; none chosen: every topic."""
    difficulty: int
    """Only questions of this difficulty or less (1-3, docs/question-packs.md)."""
    stacks: tuple[int, ...]
    """QP6 [ours]: each seat's starting stack (a tournament table's state); none given: every
    seat starts with `starting_stack`."""
    button: int
    """QP6 [ours]: the first hand's button seat; -1: seat 0 (or `oldest_seat` with a game
    master), as without a table state."""
    hands_per_session: int
    """QP7 [ours]: hands to play, then the game ends with every seat's stack as its score;
    0: until one player holds every chip (Q10)."""
    asked_questions: str
    """QP8 [ours]: the ids of the questions the table asked before, most recent last,
    separated by spaces (a question id never holds one): the deal skips them."""

    @property
    def asked(self) -> tuple[str, ...]:
        """QP8: `asked_questions` as ids, oldest first."""
        return tuple(self.asked_questions.split())

    def seat_stacks(self, num_players: int) -> list[int]:
        """Each seat's chips at the start (QP6)."""
        return list(self.stacks) or [self.starting_stack] * num_players

    @property
    def schedule(self) -> BlindSchedule:
        return BlindSchedule(self.small_blinds, self.chip_unit, self.blind_step, self.blind_factor)

    @property
    def odd_chip_policy(self) -> OddChips:
        return OddChips(self.odd_chips)

    def to_json(self) -> JSON:
        """A new dict each time, built from one kept per options object (a tenth of starting
        a game, and options are frozen)."""
        fields = _json_fields(self)
        return {
            **fields,
            "small_blinds": list(self.small_blinds),
            "topics": list(self.topics),
            "stacks": list(self.stacks),
        }


@functools.lru_cache(maxsize=256)
def _json_fields(options: QuizPokerOptions) -> JSON:
    return {f.name: getattr(options, f.name) for f in fields(options)}


RULESETS = (
    Ruleset(
        "quizpoker",
        "QuizPoker",
        2,
        10,
        summary="Hold'em betting on secret guesses; blinds rise every few questions (QP).",
    ),
    Ruleset(
        "duell",
        "Duell",
        3,
        6,
        defaults={
            "starting_stack": 10_000,
            "chip_unit": 50,
            "small_blinds": (50, 100, 150, 200, 250),
            "blind_step": 50,
            "blind_factor": 1.0,
            "blinds_per_orbit": True,
            "blinds_before_question": True,
            "everyone_shows": True,
            "min_raise": "duell",
            "odd_chips": OddChips.CARRY.value,
            "game_master": True,
            "offer_folded_show": True,
        },
        summary="The TV duel: a game master reads the card, blinds rise every orbit (DU).",
    ),
)

MIN_RAISE: dict[str, MinRaiseRule] = {
    "seed": seed_rule,  # QP2
    "standard": standard_rule,
    "duell": unit_then_big_blind_rule,  # DU5
}
"""The option `min_raise`: QuizPoker's names for the table layer's minimum-raise rules."""


_PLAY_OPTIONS = (
    OptionSpec(
        "starting_stack", "int", 1000, "Chips each player starts with.", 1, MAX_SETTING_CHIPS
    ),
    OptionSpec(
        "chip_unit",
        "int",
        1,
        "Smallest chip: stacks, blinds and bets are multiples of it.",
        1,
        MAX_SETTING_CHIPS,
        advanced=True,
    ),
    OptionSpec(
        "small_blinds",
        "int_list",
        (10,),
        "Small blind of each blind level (the big blind is twice it).",
        1,
        MAX_SETTING_CHIPS,
        max_items=MAX_BLIND_LEVELS,
    ),
    OptionSpec(
        "blind_step",
        "int",
        0,
        "Past the listed levels, the small blind rises by this (0: by blind_factor).",
        0,
        MAX_SETTING_CHIPS,
        advanced=True,
    ),
    OptionSpec(
        "blind_factor",
        "number",
        1.5,
        "Past the listed levels, the small blind is multiplied by this (when blind_step is 0).",
        1,
        10,
        advanced=True,
    ),
    OptionSpec(
        "hands_per_level",
        "int",
        0,
        "Questions per blind level (0: one per starting player).",
        0,
        MAX_HANDS_PER_LEVEL,
        advanced=True,
    ),
    OptionSpec(
        "blinds_per_orbit",
        "bool",
        False,
        "Blinds rise after every orbit of the button.",
        advanced=True,
    ),
    OptionSpec(
        "blinds_before_question",
        "bool",
        False,
        "Blinds are posted before the question is read.",
        advanced=True,
    ),
    OptionSpec(
        "everyone_shows", "bool", False, "Everyone left shows at the showdown.", advanced=True
    ),
    OptionSpec(
        "min_raise",
        "choice",
        "seed",
        "How big a raise must be.",
        choices=tuple(MIN_RAISE),
        advanced=True,
    ),
    OptionSpec(
        "odd_chips",
        "choice",
        OddChips.LEFT_OF_BUTTON.value,
        "Where chips go that do not split evenly.",
        choices=tuple(p.value for p in OddChips),
        advanced=True,
    ),
    OptionSpec(
        "game_master",
        "bool",
        False,
        "The button seat reads the questions and sits out while three or more play.",
        advanced=True,
    ),
    OptionSpec(
        "software_game_master",
        "bool",
        False,
        "The software reads the questions, so nobody sits out.",
    ),
    OptionSpec(
        "oldest_seat",
        "int",
        0,
        "The first game master, and the seat each orbit starts from.",
        0,
        9,
        advanced=True,
    ),
    OptionSpec(
        "offer_folded_show",
        "bool",
        False,
        "Folded players may show their guess at the end of a hand.",
        advanced=True,
    ),
    OptionSpec("questions", "text", "builtin", "The question pack.", max_length=500),
    OptionSpec(
        "language",
        "choice",
        "en",
        "Language of the questions.",
        choices=tuple(builtin_languages()),
    ),
    OptionSpec(
        "topics",
        "choice_list",
        (),
        "Only questions on these topics (none chosen: every topic).",
        choices=builtin_topics(),
    ),
    OptionSpec(
        "difficulty",
        "int",
        max(DIFFICULTIES),
        "Hardest questions: 1 only easy ones, 2 easy and medium, 3 all.",
        min(DIFFICULTIES),
        max(DIFFICULTIES),
    ),
    OptionSpec(
        "topic",
        "choice",
        ALL_TOPICS,
        "One more topic questions are drawn from (older tables; topics is the list).",
        choices=(ALL_TOPICS, *builtin_topics()),
        advanced=True,
    ),
)


TABLE_STATE_OPTIONS = (
    stacks_option(MAX_SEATS, MAX_SETTING_CHIPS),
    OptionSpec(
        "button",
        "int",
        -1,
        "The first hand's button seat (-1: the first seat, or the oldest with a game master).",
        -1,
        MAX_SEATS - 1,
        advanced=True,
    ),
    OptionSpec(
        "hands_per_session",
        "int",
        0,
        "Hands to play (0: until one player has all the chips).",
        0,
        MAX_HANDS_PER_LEVEL,
        advanced=True,
    ),
    OptionSpec(
        "asked_questions",
        "text",
        "",
        "Ids of the questions this table asked before, most recent last, separated by spaces:"
        " they are not asked again.",
        max_length=MAX_ASKED * (MAX_ID_LENGTH + 1),
        advanced=True,
    ),
)
"""QP6/QP7/QP8 [ours]: a game that starts from a table's state and plays a set number of hands,
as a tournament's table does (docs/tournaments.md)."""

OPTIONS = (*_PLAY_OPTIONS, *TABLE_STATE_OPTIONS)


def quizpoker_options(parsed: Mapping[str, Any], num_players: int) -> QuizPokerOptions:
    """The options `GameInfo.parse_options` checked one by one, checked together."""
    options = QuizPokerOptions(**parsed)
    _check(options, num_players)
    return options


def _check(o: QuizPokerOptions, num_players: int) -> None:
    if o.starting_stack % o.chip_unit:
        raise InvalidOptions("the starting stack must be a positive multiple of the chip unit")
    try:
        o.schedule.level(0)
    except ValueError as exc:
        raise InvalidOptions(str(exc)) from None
    if o.blind_step % o.chip_unit:
        raise InvalidOptions("blinds must rise by a multiple of the chip unit or a factor 1-10")
    if not o.oldest_seat < num_players:
        raise InvalidOptions(f"oldest_seat must be a seat from 0 to {num_players - 1}")
    _check_table_state(o, num_players)


def _check_table_state(o: QuizPokerOptions, num_players: int) -> None:
    """QP6/QP7/QP8: the stacks fit the seats and the chip unit, the button is a seat, at most
    MAX_ASKED asked questions are listed (ids the pack does not hold are ignored), and a game
    cut off after a number of hands leaves no chips in a carried pot (DU7), so every chip is in
    some seat's stack when it ends."""
    if o.stacks and len(o.stacks) != num_players:
        raise InvalidOptions(
            f"stacks must give one stack per seat: {num_players} stacks, got {len(o.stacks)}",
            "stacks_count",
            {"count": num_players, "given": len(o.stacks)},
        )
    if any(stack % o.chip_unit for stack in o.stacks):
        raise InvalidOptions(
            "every stack must be a multiple of the chip unit",
            "stacks_unit",
            {"unit": o.chip_unit},
        )
    if o.button >= num_players:
        raise InvalidOptions(
            f"button must be a seat from 0 to {num_players - 1}, or -1",
            "button_seat",
            {"max": num_players - 1},
        )
    if len(o.asked) > MAX_ASKED:
        raise InvalidOptions(
            f"asked_questions may list at most {MAX_ASKED} question ids, got {len(o.asked)}",
            "asked_count",
            {"max": MAX_ASKED, "given": len(o.asked)},
        )
    if o.hands_per_session and o.odd_chips == OddChips.CARRY.value:
        raise InvalidOptions(
            "a game of a set number of hands cannot carry odd chips to the next hand",
            "hands_with_carry",
        )
