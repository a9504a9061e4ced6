"""`pokerhall games`: which games, rulesets and bot kinds this installation has."""

from __future__ import annotations

from rich.table import Table

from pokerhall import games
from pokerhall.cli.common import make_console
from pokerhall.engine.errors import InvalidOptions
from pokerhall.games.quizpoker import RULESETS, parse_options
from pokerhall.games.quizpoker.history import chips

RULESETS_BY_GAME = {"quizpoker": tuple(r.name for r in RULESETS)}
"""Games with rulesets; a name in here that is also registered is an alias for the ruleset."""


def games_command() -> None:
    """List the games, their rulesets and the kinds of bots."""
    console = make_console()
    table = Table(title="Games", title_justify="left")
    for column in ("Name", "Plays as", "Bots"):
        table.add_column(column)
    for name in games.names():
        parent = next((g for g, rs in RULESETS_BY_GAME.items() if name in rs and name != g), None)
        plays_as = f"{parent} --ruleset {name}" if parent else name
        table.add_row(name, plays_as, ", ".join(games.bot_kinds(name)) or "none yet")
    console.print(table)
    rules = Table(title="QuizPoker rulesets", title_justify="left")
    for column in ("Ruleset", "Players", "Stack", "Chip", "First blinds", "Game master", "Lang"):
        rules.add_column(column)
    for ruleset in RULESETS:
        rules.add_row(ruleset.name, *ruleset_facts(ruleset.name))
    console.print(rules)


def ruleset_facts(ruleset: str) -> list[str]:
    """The defaults of a ruleset that matter when choosing one."""
    try:
        o = parse_options({"ruleset": ruleset}, 3)
        players = games.info("quizpoker").ruleset(ruleset)
    except InvalidOptions as exc:  # pragma: no cover - the shipped rulesets are valid
        return [str(exc)]
    level = o.schedule.level(0)
    return [
        f"{players.min_players}–{players.max_players}",
        chips(o.starting_stack),
        chips(o.chip_unit),
        f"{chips(level.small)}/{chips(level.big)}",
        "yes" if o.game_master else "no",
        o.language,
    ]
