"""Every key the browser reads from a game's view exists in that game's Python view (issue 24,
checked JavaScript): a renamed or dropped view field would otherwise show as a silent blank
on the table, since JavaScript reads a missing key as `undefined`.

The JavaScript side is read from the source: `view.key`, `view.key.sub` (also with `?.`) and
an alias of one (`const hand = view.hand; hand.pot`). A game's own modules
(`web/js/games/<name>/`) are checked against that game's views; the shell's table modules
against every game's. The Python side is the union of the views every seat and a spectator
were sent over random games of every ruleset, at the smallest and the largest table."""

from __future__ import annotations

import random
import re
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pokerhall import games
from pokerhall.engine import prompts, registry
from pokerhall.engine.catalog import GameInfo

JS = Path(__file__).resolve().parents[1] / "src" / "pokerhall" / "web" / "js"
SHELL_SKIPPED = {"sha256.js", "fallback-game.js"}
"""Not a game's view: a DataView (`view.get`), and the panel for a game without a module,
which reads only what it finds."""
MOVES_PER_GAME = 4_000
SEEDS = (1, 2)

READ = re.compile(r"\bview\??\.([a-z_][a-z0-9_]*)(?:\??\.([a-z_][a-z0-9_]*))?")
ALIAS = re.compile(
    r"\b(?:const|let)\s+([A-Za-z_]\w*)\s*=\s*(?:model\.)?view\??\.([a-z_][a-z0-9_]*)\s*;"
)

COMMENT = re.compile(r"/\*.*?\*/|(?<![:\\])//[^\n]*", re.S)
Keys = dict[str, set[str]]
"""Top-level key → the keys found under it ('' holds the top-level keys themselves, LISTS
those that held an array)."""
LISTS = "[]"
ARRAY_OWN = {"length", "map", "some", "every", "filter", "forEach", "includes", "find"}
ARRAY_OWN |= {"findIndex", "indexOf", "slice", "at", "reduce", "flatMap", "join", "entries"}


def js_reads(path: Path) -> set[tuple[str, str | None]]:
    """(key, sub-key or None) for every view read in one module; an alias's reads are those
    in the rest of the block that declares it."""
    text = COMMENT.sub(" ", path.read_text(encoding="utf-8"))
    reads: set[tuple[str, str | None]] = {(key, sub) for key, sub in READ.findall(text)}
    for found in ALIAS.finditer(text):
        alias, key = found.groups()
        scope = text[found.end() : _block_end(text, found.end())]
        for sub in re.findall(rf"(?<![\w.]){re.escape(alias)}\??\.([a-z_][a-z0-9_]*)", scope):
            reads.add((key, sub))
    return {(key, sub or None) for key, sub in reads}


def _block_end(text: str, start: int) -> int:
    """Where the block holding `start` closes (the end of the text at the top level)."""
    depth = 0
    for at in range(start, len(text)):
        if text[at] == "{":
            depth += 1
        elif text[at] == "}":
            depth -= 1
            if depth < 0:
                return at
    return len(text)


def add_view(keys: Keys, view: dict[str, Any]) -> None:
    for key, value in view.items():
        keys[""].add(key)
        if isinstance(value, list):
            keys[LISTS].add(key)
        items = value if isinstance(value, list) else [value]
        for item in items:
            if isinstance(item, dict):
                keys[key].update(item)


def played_views(info: GameInfo) -> Keys:
    keys: Keys = defaultdict(set)
    for ruleset in info.rulesets:
        for players in sorted({ruleset.min_players, ruleset.max_players}):
            for seed in SEEDS:
                options = {**info.testing.options, "ruleset": ruleset.name}
                names = [f"P{n}" for n in range(players)]
                for view in _views(info.name, names, options, seed):
                    add_view(keys, view)
    return keys


def _views(game_name: str, names: list[str], options: dict[str, Any], seed: int) -> Iterator[Any]:
    game = games.create(game_name, names, options, seed=seed)
    rng = random.Random(seed)
    for _ in range(MOVES_PER_GAME):
        for seat in [*range(len(names)), None]:
            yield game.view(seat)
        pending = game.pending()
        if game.over or not pending:
            break
        seat = rng.choice(sorted(pending))
        move = prompts.random_move(pending[seat], rng)
        game.act(seat, {**move, "prompt_id": pending[seat]["prompt_id"]})


def missing(reads: set[tuple[str, str | None]], keys: Keys) -> list[str]:
    """The reads no view had. A sub-key is checked only where the key held objects (an
    array's `.length` or `.map` is JavaScript's, not the view's)."""
    lost = []
    for key, sub in sorted(reads, key=lambda read: (read[0], read[1] or "")):
        if key not in keys[""]:
            lost.append(f"view.{key}")
        elif sub is None or (key in keys[LISTS] and sub in ARRAY_OWN):
            continue
        elif keys[key] and sub not in keys[key]:
            lost.append(f"view.{key}.{sub}")
    return lost


VIEWS: dict[str, Keys] = {}


def views_of(info: GameInfo) -> Keys:
    if info.name not in VIEWS:
        VIEWS[info.name] = played_views(info)
    return VIEWS[info.name]


WEB_GAMES = [info for info in registry.infos() if (JS / "games" / info.name).is_dir()]


@pytest.mark.parametrize("info", [pytest.param(info, id=info.name) for info in WEB_GAMES])
def test_every_view_key_a_game_module_reads_is_in_its_python_view(info: GameInfo) -> None:
    reads: set[tuple[str, str | None]] = set()
    for path in sorted((JS / "games" / info.name).rglob("*.js")):
        reads |= js_reads(path)
    assert len(reads) > 3, "the game's module reads its view"
    assert missing(reads, views_of(info)) == []


@pytest.mark.parametrize("info", [pytest.param(info, id=info.name) for info in WEB_GAMES])
def test_every_view_key_the_table_shell_reads_is_in_every_game_view(info: GameInfo) -> None:
    reads: set[tuple[str, str | None]] = set()
    for path in sorted(JS.glob("*.js")):
        if path.name not in SHELL_SKIPPED:
            reads |= js_reads(path)
    assert ("players", None) in reads
    assert missing(reads, views_of(info)) == []


def test_a_key_no_view_has_is_found() -> None:
    """The check itself: a read of a key no view has, or of a sub-key its object lacks, is
    reported; an array's own property is not."""
    keys: Keys = defaultdict(set)
    add_view(keys, {"hand": {"pot": 3}, "players": [{"name": "A"}], "over": False})
    reads = {("hand", "pot"), ("hand", "pots"), ("players", "length"), ("over", None)}
    reads.add(("gone", None))
    assert missing(reads, keys) == ["view.gone", "view.hand.pots"]
    assert missing({("players", "nmae")}, keys) == ["view.players.nmae"]
