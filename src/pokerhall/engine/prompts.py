"""One prompt shape for every game: what a seat is asked, the moves it may make, the time-out move.

A prompt is JSON:

    {"type": "bet", "prompt_id": 7,
     "moves": [{"type": "fold", "params": {}},
               {"type": "call", "params": {}, "amount": 20},
               {"type": "raise", "params": {"to": {"kind": "int", "min": 40, "max": 990}}}],
     "default": {"type": "fold"},
     ...anything else the game shows with it (the pot, the round)}

Each legal move names its parameters with their kinds, so clients that know nothing of a game (the
random bot, the terminal's and browser's fallback inputs, the turn clock) can still play it: a move
is `{"type": <a listed type>, <param>: <a value of its kind>}`, sent back with `prompt_id`. Keys
besides `type` and `params` in a move entry are for display only (the amount a call costs).
"""

from __future__ import annotations

import random
from typing import Any

from pokerhall.engine.events import JSON

PARAM_KINDS = ("int", "decimal", "text", "choice", "subset")


def prompt(kind: str, prompt_id: int, moves: list[JSON], default: JSON, **extra: Any) -> JSON:
    return {"type": kind, "prompt_id": prompt_id, "moves": moves, "default": default, **extra}


def move_spec(kind: str, params: JSON | None = None, **display: Any) -> JSON:
    return {"type": kind, "params": params or {}, **display}


def int_param(low: int, high: int, step: int = 1) -> JSON:
    """A whole number from `low` to `high`; values off the `step` grid are refused by the game."""
    return {"kind": "int", "min": low, "max": high, "step": step}


def decimal_param(max_length: int = 40) -> JSON:
    """An exact number written as text ("-44", "83.2"), never a JSON float."""
    return {"kind": "decimal", "max_length": max_length}


def text_param(max_length: int) -> JSON:
    return {"kind": "text", "max_length": max_length}


def choice_param(choices: list[Any]) -> JSON:
    return {"kind": "choice", "choices": choices}


def subset_param(choices: list[Any], low: int, high: int) -> JSON:
    """A list of distinct items of `choices`, `low` to `high` of them."""
    return {"kind": "subset", "choices": choices, "min": low, "max": high}


def random_value(param: JSON, rng: random.Random) -> Any:
    """A value of the parameter's kind, or raise LookupError for free text (only the game
    knows what makes sense). A decimal is any number: legal, if rarely a good move."""
    kind = param["kind"]
    if kind == "int":
        low, high, step = param["min"], param["max"], param.get("step", 1)
        return low + step * rng.randrange((high - low) // step + 1)
    if kind == "choice":
        return rng.choice(param["choices"])
    if kind == "subset":
        count = rng.randint(param["min"], min(param["max"], len(param["choices"])))
        return rng.sample(param["choices"], count)
    if kind == "decimal":
        # Any number will do for a fuzzer; an odd fraction makes it stand out in a secrecy test.
        return f"{rng.randint(-(10**6), 10**6)}.{rng.randint(0, 999):03d}7"
    raise LookupError(f"no random value for a {kind} parameter")


def random_move(asked: JSON, rng: random.Random) -> JSON:
    """Any legal move of the prompt whose parameters can be drawn; the default move if none."""
    drawable = [
        spec for spec in asked["moves"] if all(p["kind"] != "text" for p in spec["params"].values())
    ]
    if not drawable:
        return dict(asked["default"])
    spec = rng.choice(drawable)
    return {"type": spec["type"], **{k: random_value(p, rng) for k, p in spec["params"].items()}}


def check_prompt(asked: object) -> list[str]:
    """What is wrong with a prompt's shape (empty when nothing): for the conformance tests."""
    if not isinstance(asked, dict):
        return ["a prompt must be an object"]
    problems = [
        f"missing {key!r}" for key in ("type", "prompt_id", "moves", "default") if key not in asked
    ]
    if problems:
        return problems
    if not isinstance(asked["moves"], list) or not asked["moves"]:
        return ["moves must be a non-empty list"]
    types = []
    for spec in asked["moves"]:
        if not isinstance(spec, dict) or not isinstance(spec.get("type"), str):
            problems.append(f"move {spec!r} has no type")
            continue
        types.append(spec["type"])
        params = spec.get("params")
        if not isinstance(params, dict):
            problems.append(f"move {spec['type']!r} has no params object")
            continue
        for name, param in params.items():
            if not isinstance(param, dict) or param.get("kind") not in PARAM_KINDS:
                problems.append(f"parameter {name!r} of {spec['type']!r} has no known kind")
    default = asked["default"]
    if not isinstance(default, dict) or default.get("type") not in types:
        problems.append(f"the default move {default!r} is not one of the listed moves")
    return problems
