"""`pokerhall games`: the games this installation has, from what each one declares about
itself (`GameInfo`): title, players, rulesets, options, bots and its own command-line flags."""

from __future__ import annotations

from typing import Any

from rich.table import Table

from pokerhall.cli.common import make_console
from pokerhall.cli.seam import terminal_for
from pokerhall.engine import registry
from pokerhall.engine.catalog import GameInfo


def games_command() -> None:
    """List the games with their rulesets, options and kinds of bots."""
    console = make_console()
    table = Table(title="Games", title_justify="left")
    for column in ("Name", "Title", "Players", "Rulesets", "Bots"):
        table.add_column(column)
    infos = registry.infos()
    for info in infos:
        rulesets = ", ".join(r.name for r in info.rulesets)
        bots = ", ".join(_bot(info, kind) for kind in sorted(info.bots))
        table.add_row(info.name, info.title, _players(info), rulesets, bots)
        for alias, ruleset in info.aliases.items():
            table.add_row(alias, f"{info.name} --ruleset {ruleset}", "", "", "")
    console.print(table)
    for info in infos:
        console.print(rulesets_table(info))
        console.print(options_table(info))


def _bot(info: GameInfo, kind: str) -> str:
    notes = [f"level {info.bot_levels[kind]}"] if kind in info.bot_levels else []
    if kind == info.default_bot:
        notes.append("default")
    return f"{kind} ({', '.join(notes)})" if notes else kind


def _players(info: GameInfo) -> str:
    low, high = info.min_players, info.max_players
    return str(low) if low == high else f"{low}–{high}"


def rulesets_table(info: GameInfo) -> Table:
    """Each ruleset with its player range and the defaults it sets."""
    table = Table(title=f"{info.title} rulesets", title_justify="left")
    for column in ("Ruleset", "Players", "Sets"):
        table.add_column(column)
    for ruleset in info.rulesets:
        sets = ", ".join(f"{k}={_value(v)}" for k, v in ruleset.defaults.items())
        players = f"{ruleset.min_players}–{ruleset.max_players}"
        table.add_row(f"{ruleset.name} ({ruleset.title})", players, sets)
    return table


def options_table(info: GameInfo) -> Table:
    """The options `-o KEY=VALUE` sets (and the game's own flags that set them)."""
    flags = {option: flag for flag, option in terminal_for(info).flags.items()}
    table = Table(title=f"{info.title} options (-o KEY=VALUE)", title_justify="left")
    for column in ("Option", "Kind", "Default", "Help"):
        table.add_column(column)
    for spec in info.options:
        name = spec.name + (f" ({flags[spec.name]})" if spec.name in flags else "")
        kind = spec.kind + (f": {'|'.join(spec.choices)}" if spec.choices else "")
        table.add_row(name, kind, _value(spec.default), spec.help)
    return table


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, list | tuple):
        return "[" + ",".join(_value(v) for v in value) + "]"
    return str(value)
