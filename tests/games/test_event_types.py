"""Each game declares its events as types (its `events.py`, issue 24): a union of TypedDicts,
one per event type, which mypy checks where the game makes an event and where readers read it.
These tests keep the declarations true to what the games emit at run time: every event of a
few full games played by the game's bots (with a resignation, and turn-clock defaults) has a
declared type, and its payload has exactly the declared keys with values of the declared types,
nested objects included. The games declare the shape of their views too (`DetectiveView`,
`PalaceView`, `QuizPokerView`, `WordPokerView`): their views are checked the same way, and the
parts of a view the RL observation leaves out are checked to be declared parts of it.
"""

from __future__ import annotations

import importlib
import random
import types
from collections.abc import Callable, Iterator
from typing import (
    Any,
    Literal,
    NotRequired,
    Union,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)

import pytest

from pokerhall import games
from pokerhall.engine import registry
from pokerhall.engine.bots import bot_move
from pokerhall.engine.events import Event
from pokerhall.engine.protocol import Game
from pokerhall.games.detective.events import DetectiveEvent
from pokerhall.games.detective.views import DetectiveView
from pokerhall.games.palace.events import PalaceEvent
from pokerhall.games.palace.view_types import PalaceView
from pokerhall.games.quizpoker.events import QuizPokerEvent
from pokerhall.games.quizpoker.view_types import QuizPokerView
from pokerhall.games.wordpoker.events import WordPokerEvent
from pokerhall.games.wordpoker.views import WordPokerView

UNIONS: dict[str, Any] = {
    "detective": DetectiveEvent,
    "palace": PalaceEvent,
    "quizpoker": QuizPokerEvent,
    "wordpoker": WordPokerEvent,
}
VIEWS: dict[str, Any] = {
    "detective": DetectiveView,
    "palace": PalaceView,
    "quizpoker": QuizPokerView,
    "wordpoker": WordPokerView,
}
"""The games that declare the shape of their views, by name: every game."""
MAX_MOVES = 5000


def declared(union: Any) -> dict[str, Any]:
    """The union's TypedDicts by their `type`."""
    out = {}
    for kind in get_args(union):
        for name in get_args(get_type_hints(kind)["type"]):
            assert name not in out, f"{name} is declared twice"
            out[name] = kind
    return out


def problems(value: Any, hint: Any, where: str) -> list[str]:
    """What is wrong with `value` as a value of the type `hint` (empty when it fits)."""
    origin = get_origin(hint)
    if hint is Any:
        return []
    if is_typeddict(hint):
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not an object"]
        # The keys as declared, NotRequired read from the hints: with postponed annotations
        # Python 3.11 counts every key in `__required_keys__`.
        hints = get_type_hints(hint, include_extras=True)
        optional = {key for key, h in hints.items() if get_origin(h) is NotRequired}
        hints = {key: get_args(h)[0] if key in optional else h for key, h in hints.items()}
        required = hints.keys() - optional
        out = [f"{where}: no {key!r}" for key in sorted(required - value.keys())]
        out += [f"{where}: undeclared {key!r}" for key in sorted(value.keys() - hints.keys())]
        for key in sorted(value.keys() & hints.keys()):
            out += problems(value[key], hints[key], f"{where}.{key}")
        return out
    if origin is Literal:
        return [] if value in get_args(hint) else [f"{where}: {value!r} not in {get_args(hint)}"]
    if origin in (Union, types.UnionType):
        found = [problems(value, option, where) for option in get_args(hint)]
        return [] if any(not p for p in found) else min(found, key=len)
    if origin is list:
        if not isinstance(value, list | tuple):
            return [f"{where}: {value!r} is not a list"]
        (item,) = get_args(hint)
        return [p for i, v in enumerate(value) for p in problems(v, item, f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not an object"]
        key_type, value_type = get_args(hint)
        out = []
        for k, v in value.items():
            out += problems(k, key_type, f"{where} key")
            out += problems(v, value_type, f"{where}[{k!r}]")
        return out
    if hint is type(None) or hint is None:
        return [] if value is None else [f"{where}: {value!r} is not null"]
    if hint is float:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        return [] if ok else [f"{where}: {value!r} is not a number"]
    if hint in (int, str, bool):
        ok = type(value) is hint
        return [] if ok else [f"{where}: {value!r} is not {hint.__name__}"]
    raise AssertionError(f"{where}: the test cannot check the type {hint!r}")


def played(
    name: str, seed: int, after_move: Callable[[Game[Any]], None] | None = None
) -> Iterator[Event]:
    """The events of full games of `name`, every ruleset and table size, played by its bots;
    in about half of them a seat resigns, and now and then the clock moves for a seat.
    `after_move` sees the game after every move."""
    info = games.info(name)
    rng = random.Random(seed)
    for ruleset in info.rulesets:
        for count in sorted({ruleset.min_players, ruleset.max_players}):
            options = {**info.testing.options, "ruleset": ruleset.name}
            game = games.create(name, count, options, seed=rng.randrange(2**32))
            kinds = {seat: rng.choice(sorted(info.bots)) for seat in range(count)}
            bots = registry.make_bots(name, kinds, rng.randrange(2**32))
            resign_at = rng.randrange(1, 60) if rng.random() < 0.5 else MAX_MOVES
            for index in range(MAX_MOVES):
                pending = game.pending()
                if game.over:
                    break
                seat = rng.choice(sorted(pending))
                roll = rng.random()
                if index >= resign_at and game.still_in(seat) and seat not in game.resigned:
                    game.act(seat, {"type": "resign"})
                    resign_at = MAX_MOVES
                elif roll < 0.02:
                    game.act(seat, {**game.default_move(seat), "timed_out": True})
                else:
                    game.act(seat, bot_move(bots[seat], game, seat, pending[seat]))
                if after_move is not None:
                    after_move(game)
            assert game.over, f"{name} {ruleset.name} with {count} did not end"
            yield from game.events


@pytest.mark.parametrize("name", sorted(UNIONS))
def test_every_event_a_game_emits_is_declared_with_exactly_its_keys(name: str) -> None:
    kinds = declared(UNIONS[name])
    seen: set[str] = set()
    for seed in range(3):
        for event in played(name, seed):
            kind = kinds.get(event.type)
            assert kind is not None, f"{name} emits {event.type!r}, which its events.py lacks"
            assert problems(dict(event.payload), kind, event.type) == []
            assert event.payload["type"] == event.type
            seen.add(event.type)
    assert {"round_started", "game_over", "resigned"} <= seen
    assert get_type_hints(kinds["round_started"])["round"] is int  # engine.events.started_round


@pytest.mark.parametrize("name", sorted(UNIONS))
def test_the_check_finds_an_event_that_drifted_from_its_declaration(name: str) -> None:
    """The check above can fail: a key left out, one added, a value of the wrong type."""
    kinds = declared(UNIONS[name])
    event = next(e for e in played(name, 0) if e.type == "round_started")
    kind = kinds["round_started"]
    payload = dict(event.payload)
    assert problems(payload, kind, "e") == []
    assert problems({**payload, "extra": 1}, kind, "e") == ["e: undeclared 'extra'"]
    assert problems({k: v for k, v in payload.items() if k != "round"}, kind, "e") == [
        "e: no 'round'"
    ]
    assert problems({**payload, "round": "1"}, kind, "e") == ["e.round: '1' is not int"]


@pytest.mark.parametrize("name", sorted(UNIONS))
def test_every_declared_event_has_a_history_line(name: str) -> None:
    """The hand history describes exactly the declared events (and the generic line is left
    for events of no declared type)."""
    history = importlib.import_module(f"pokerhall.games.{name}.history")
    assert set(declared(UNIONS[name])) == set(history._DESCRIBERS)


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_every_view_has_exactly_its_declared_shape(name: str) -> None:
    """The views of every seat and of a spectator, after every move of played games, have
    exactly the keys and value types the game's view type declares (`you` for a seat only)."""

    def check(game: Game[Any]) -> None:
        for seat in [None, *range(game.num_seats)]:
            view = game.view(seat)
            assert problems(view, VIEWS[name], f"view({seat})") == []
            assert ("you" in view) == (seat is not None)

    for _event in played(name, 0, check):
        pass


def _key_of(hint: Any, key: str) -> Any:
    """The type of `key` in the TypedDict(s) of `hint` (through None, unions and NotRequired),
    or None when no TypedDict there declares it."""
    if get_origin(hint) is NotRequired:
        hint = get_args(hint)[0]
    options = get_args(hint) if get_origin(hint) in (Union, types.UnionType) else (hint,)
    for option in options:
        if is_typeddict(option):
            hints = get_type_hints(option, include_extras=True)
            if key in hints:
                return hints[key]
    return None


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_every_part_the_rl_observation_leaves_out_is_a_declared_part_of_the_view(
    name: str,
) -> None:
    """The RL encoding leaves parts of a view out by dotted path (`Buckets.skip`, docs/rl.md),
    which mypy cannot check: each path names a part the view type declares, so a renamed key
    fails here instead of silently entering every observation."""
    pytest.importorskip("pettingzoo")
    from pokerhall.rl.buckets import BUCKETS

    for path in BUCKETS[name].skip:  # type: ignore[attr-defined]
        hint: Any = VIEWS[name]
        for key in path.split("."):
            hint = _key_of(hint, key)
            assert hint is not None, f"{name}: {path!r} is no part of its view type"
