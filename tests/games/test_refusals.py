"""Every refused move reaches the player in their language (issue 12): each `IllegalMove` the code
base raises carries a catalog message whose key every language of the game's catalogs has, with
the same placeholders, all filled by the message's parameters.

Checked two ways: statically (every `IllegalMove(...)` call passes a message, and every
`refuse("key", ...)` names a key of its catalog with parameters for every placeholder), and by
running random games of every registered game and ruleset with bad moves made from each prompt
(wrong types, out of range, extra and missing fields, other phases' moves, the envelope's
checks), as the conformance tests do.
"""

from __future__ import annotations

import ast
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pokerhall import games
from pokerhall.engine import prompts, registry
from pokerhall.engine.catalog import GameInfo
from pokerhall.engine.errors import IllegalMove
from pokerhall.engine.messages import LANGUAGES, SHARED_REASONS, load_catalog, render
from pokerhall.engine.protocol import RESIGN

from .catalogs import FORMS, placeholders, used

SRC = Path(__file__).resolve().parents[2] / "src" / "pokerhall"
SHARED = {lang: load_catalog(None, lang) for lang in LANGUAGES}
PLAYERS = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hana", "Ivo", "Juno"]
CASES = [
    pytest.param(info, ruleset.name, id=f"{info.name}-{ruleset.name}")
    for info in registry.infos()
    for ruleset in info.rulesets
]
OTHER_MOVES = [
    "fold", "check", "call", "bet", "raise", "all_in", "guess", "show", "muck", "buy", "discard",
    "battle", "stay", "keep", "word", "no_word", "pass", "declare", "__nothing__",
]  # fmt: skip
"""Move types of every game, sent in every phase: most are some other phase's moves."""
PROBED_MOVES = 400
"""Bad moves are tried in the first moves of a game (its phases all come by then); the rest is
played to the end only for the refusals of a game that is over."""


def shared_file(lang: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SHARED_REASONS / f"{lang}.json").read_text("utf-8"))
    return data


# --- the shared reasons' catalogs -------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_shared_reasons_have_the_english_keys_and_placeholders(lang: str) -> None:
    english, catalog = shared_file("en"), shared_file(lang)
    assert set(catalog) == set(english)
    for key, entry in english.items():
        assert placeholders(catalog[key]) == placeholders(entry), (lang, key)
        if isinstance(catalog[key], dict):
            assert FORMS[lang] - {"many"} <= set(catalog[key]), (lang, key)
    assert all(key.startswith("refuse.") for key in catalog)


def test_no_game_words_a_shared_reason_again() -> None:
    """One place per reason: a game's catalog never redefines a shared key."""
    shared = set(shared_file("en"))
    for info in registry.infos():
        if info.messages is None:
            continue
        for lang in LANGUAGES:
            own = json.loads((info.messages / f"{lang}.json").read_text("utf-8"))
            assert not shared & set(own), (info.name, lang)


def test_every_game_catalog_serves_the_shared_reasons() -> None:
    for info in registry.infos():
        for lang in LANGUAGES:
            catalog = load_catalog(info.messages, lang)
            assert set(SHARED[lang]) - set(catalog) == set(), (info.name, lang)


# --- statically: every raise site -------------------------------------------------------------


def calls(tree: ast.AST, name: str) -> Iterator[ast.Call]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            called = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if called == name:
                yield node


def catalog_folder(path: Path) -> Path | None:
    """The catalogs a source file's refusals are worded in: its game's, else the shared ones."""
    parts = path.relative_to(SRC).parts
    if parts[0] == "games" and len(parts) > 2:
        return SRC / "games" / parts[1] / "messages"
    return None


SOURCES = sorted(p for p in SRC.rglob("*.py") if "migrations" not in p.parts)


def test_every_illegal_move_the_code_raises_carries_a_message() -> None:
    bare = []
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for call in calls(tree, "IllegalMove"):
            given = len(call.args) >= 2 or any(k.arg == "message" for k in call.keywords)
            if not given:
                bare.append(f"{path.relative_to(SRC)}:{call.lineno}")
    assert bare == []


def test_every_refusal_key_the_code_names_is_in_every_language_with_its_parameters() -> None:
    checked = 0
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        folder = catalog_folder(path)
        catalogs = {lang: load_catalog(folder, lang) for lang in LANGUAGES}
        for call in calls(tree, "refuse"):
            where = f"{path.relative_to(SRC)}:{call.lineno}"
            assert call.args, where
            first = call.args[0]
            assert isinstance(first, ast.Constant), where
            assert isinstance(first.value, str), where
            given = {k.arg for k in call.keywords}
            assert None not in given, where  # no **params: the names must be readable here
            for lang, catalog in catalogs.items():
                assert first.value in catalog, (where, lang, first.value)
                assert placeholders(catalog[first.value]) <= given, (where, lang)
            checked += 1
    assert checked > 80


# --- by play: bad moves made from every prompt ------------------------------------------------


def bad_values(param: dict[str, Any]) -> list[Any]:
    kind = param["kind"]
    junk: list[Any] = [None, True, [1], {"a": 1}, 1.5]
    if kind == "int":
        low, high, step = param["min"], param["max"], param.get("step", 1)
        out = [low - 1, high + 1, -5, 10**16, str(low), *junk]
        return out + ([low + 1] if step > 1 and low + 1 < high else [])
    if kind == "decimal":
        return ["abc", "1e5", "9" * 50, 1e300, "", *junk]
    if kind == "text":
        return [5, "", "x" * 500, *junk]
    if kind == "choice":
        return ["zz", 99, -1, *junk]
    choices = param["choices"]
    first = choices[:1]
    return ["notalist", ["zz"], first * 2, choices * 2 + ["zz"], [], [5], *junk]


def bad_moves(asked: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Moves that are wrong for this prompt; the last ones (other phases' moves) may be legal."""
    for spec in asked["moves"]:
        params = {k: prompts.random_value(p, random.Random(1)) for k, p in spec["params"].items()}
        yield {"type": spec["type"], **params, "zzz": 1}
        for name in spec["params"]:
            for value in bad_values(spec["params"][name]):
                yield {"type": spec["type"], **params, name: value}
    for spec in asked["moves"]:  # a missing parameter may have a default
        params = {k: prompts.random_value(p, random.Random(1)) for k, p in spec["params"].items()}
        for name in spec["params"]:
            yield {"type": spec["type"], **{k: v for k, v in params.items() if k != name}}
    for kind in OTHER_MOVES:
        yield {"type": kind}


ENVELOPE: list[tuple[Any, Any]] = [
    (-1, {"type": "fold"}),
    ("0", {"type": "fold"}),
    (True, {"type": "fold"}),
    (None, {"type": "fold"}),
    (0, "fold"),
    (0, {}),
    (0, {"type": 5}),
    (0, {"type": "fold", "prompt_id": "x"}),
    (0, {"type": "fold", "prompt_id": -1}),
    (0, {"type": "fold", "state_id": 10**9}),
    (0, {"type": RESIGN, "why": "tired"}),
    (0, {"type": "fold", "odd": {1, 2}}),
    (0, {"type": "fold", "long": ["x" * 100] * 30}),
]


class Seen:
    """The refusals met, each checked against the game's catalogs in every language."""

    def __init__(self, info: GameInfo) -> None:
        self.catalogs = {lang: load_catalog(info.messages, lang) for lang in LANGUAGES}
        self.keys: set[str] = set()

    def check(self, refused: IllegalMove) -> None:
        said = refused.message
        assert said is not None, refused.reason
        for key, params in used(dict(said)):
            self.keys.add(key)
            for lang, catalog in self.catalogs.items():
                assert key in catalog, (lang, key, refused.reason)
                assert placeholders(catalog[key]) <= set(params), (lang, key, params)
        for lang, catalog in self.catalogs.items():
            text = render(said, catalog, PLAYERS, lang)
            assert not re.search(r"\{\w+\}", text), (lang, text)  # every placeholder filled
            assert not re.search(r"[\w.]\(\w+=", text), (lang, text)  # no raw fallback line
        assert refused.reason == render(said, self.catalogs["en"], [], "en", grouped=False)

    def refused(self, game: Any, seat: Any, move: Any) -> bool:
        """Try a move; True (and checked) when it was refused."""
        try:
            game.act(seat, move)
        except IllegalMove as exc:
            self.check(exc)
            return True
        return False


def probe(game: Any, seat: int, asked: dict[str, Any], seen: Seen) -> None:
    """Every bad move for this prompt until one turns out legal (the game then moves on)."""
    for bad_seat, move in ENVELOPE:
        assert seen.refused(game, seat if bad_seat == 0 else bad_seat, move), move
    idle = [s for s in range(game.num_seats) if s not in game.pending()]
    if idle:
        assert seen.refused(game, idle[0], asked["default"])
    with pytest.raises(IllegalMove) as not_asked:
        game.default_move(idle[0] if idle else -1)
    seen.check(not_asked.value)
    if "refuse.move.resigned" not in seen.keys:
        twin = registry.replay(game.record())
        twin.act(seat, {"type": RESIGN})
        assert seen.refused(twin, seat, {"type": RESIGN})
    for move in bad_moves(asked):
        if not seen.refused(game, seat, {**move, "prompt_id": asked["prompt_id"]}):
            return


def play_badly(info: GameInfo, ruleset: str, count: int, seed: int, seen: Seen) -> None:
    options = {**info.testing.options, "ruleset": ruleset}
    game = games.create(info.name, count, options, seed=seed)
    rng = random.Random(seed)
    for step in range(3000):
        pending = game.pending()
        if game.over:
            break
        seat = rng.choice(sorted(pending))
        asked = pending[seat]
        if step % 7 == 0 and step < PROBED_MOVES:
            probe(game, seat, asked, seen)
            continue
        game.act(seat, prompts.random_move(asked, rng))
    assert game.over
    assert seen.refused(game, 0, {"type": "fold"})


@pytest.mark.parametrize(("info", "ruleset"), CASES)
def test_every_refusal_of_bad_play_is_worded_in_every_language(
    info: GameInfo, ruleset: str
) -> None:
    seen = Seen(info)
    spec = info.ruleset(ruleset)
    for count, seed in ((spec.min_players, 3), (spec.max_players, 4)):
        play_badly(info, ruleset, count, seed, seen)
    envelope = {
        "refuse.move.no_seat",
        "refuse.move.not_object",
        "refuse.move.no_type",
        "refuse.move.bad_prompt_id",
        "refuse.move.stale_prompt",
        "refuse.move.resign_only",
        "refuse.move.resigned",
        "refuse.move.not_json",
        "refuse.move.too_long",
        "refuse.move.game_over",
        "refuse.move.not_asked",
    }
    assert envelope <= seen.keys
    own = {key for key in seen.keys if not key.startswith("refuse.move.")}
    assert len(own) >= 5, own  # the game's own checks (and the table layer's) were reached
