"""A seat's view as a flat vector: the feature hashing of docs/rl.md.

Every leaf of the view's JSON has a path (`players.1.stack`, list items by their index, keys by
their name). A number (not a bool) adds `sign(x)·log(1 + |x|)` to cell `crc32(path) % size`;
any other leaf (text, bool, null) adds 1 to cell `crc32(path + "=" + json(value)) % size`. So a
seat's vector is a function of its view alone, the same in every process (CRC-32, not Python's
salted `hash`), and cells may collide (they add up). Of a list only its last `MAX_ITEMS` (16)
items are encoded, at their own indices. A game leaves out the parts of its views that its
environment's options fix or that repeat another part (`Buckets.skip`: the prompt, which the
action mask says; the rules; the letter values). What a seat knows beyond its view
(QuizPoker's estimate of the answer) is encoded the same way under the path `rl`.
"""

from __future__ import annotations

import json
import math
import zlib
from typing import Any

import numpy as np
from numpy.typing import NDArray

DEFAULT_SIZE = 1024

_PATHS: dict[int, dict[str | int, int]] = {}
"""Parent path's CRC -> {key: the child path's CRC}, so a path is hashed once per process."""
_TOKENS: dict[int, dict[Any, int]] = {}
"""Path CRC -> {leaf: the CRC of `path=leaf`}."""
_MAX_CACHE = 100_000
_ROOT = zlib.crc32(b"")
MAX_ITEMS = 16
"""A list's last this many items are encoded (a match's history grows; the recent part counts)."""


def _child(parent: int, key: str | int) -> int:
    children = _PATHS.get(parent)
    if children is None:
        if len(_PATHS) >= _MAX_CACHE:
            _PATHS.clear()
        children = _PATHS[parent] = {}
    found = children[key] = zlib.crc32(f".{key}".encode(), parent)
    return found


def _token(path: int, value: Any) -> int:
    leaves = _TOKENS.get(path)
    if leaves is None:
        if len(_TOKENS) >= _MAX_CACHE:
            _TOKENS.clear()
        leaves = _TOKENS[path] = {}
    if len(leaves) >= _MAX_CACHE:
        leaves.clear()
    found = leaves[value] = zlib.crc32(f"={json.dumps(value, ensure_ascii=False)}".encode(), path)
    return found


_LOGS: dict[int | float, float] = {}
"""Number -> its amount, as `_log` computes it."""


def _log(value: int | float) -> float:
    """`sign(x)·log(1 + |x|)` in float64 by numpy's own `log1p` (so every amount is the same
    to the bit however many are encoded at once), 0 where that is not finite. A finite x has a
    finite log1p, and the sign is exact, so only the magnitude goes through numpy; the amount
    of a zero, +0.0 or -0.0, adds up the same (the cells start at +0.0)."""
    if value and (type(value) is not float or math.isfinite(value)):
        magnitude = float(np.log1p(np.array([abs(value)], dtype=np.float64))[0])
        found = magnitude if value > 0 else -magnitude
    else:
        found = 0.0
    if len(_LOGS) >= _MAX_CACHE:
        _LOGS.clear()
    _LOGS[value] = found
    return found


def path_hash(dotted: str) -> int:
    """The CRC of a dotted path (`you.prompt`), as the walk computes it."""
    at = _ROOT
    for key in dotted.split("."):
        at = _PATHS.get(at, {}).get(key) or _child(at, key)
    return at


_EMPTY: dict[Any, int] = {}


def _walk(
    root: Any,
    path: int,
    numbers: list[int],
    amounts: list[float],
    tokens: list[int],
    skip: frozenset[int] = frozenset(),
) -> None:
    """Every leaf under `root`: a number's path CRC into `numbers` and its amount
    (`sign(x)·log(1 + |x|)`, `_log`) into `amounts`, any other leaf's token CRC into `tokens`.
    One loop over an explicit stack, dispatching on the exact type (views are plain JSON), with
    the hashes and amounts cached."""
    paths, leaves, logs = _PATHS, _TOKENS, _LOGS
    add_number, add_amount, add_token = numbers.append, amounts.append, tokens.append
    stack: list[tuple[int, Any]] = [(path, root)]
    pop, push = stack.pop, stack.append
    while stack:
        at, node = pop()
        kind = type(node)
        if kind is dict:
            items: Any = node.items()
        elif kind is list or kind is tuple:
            start = max(0, len(node) - MAX_ITEMS)
            items = enumerate(node[start:], start) if start else enumerate(node)
        elif kind is int or kind is float:
            add_number(at)
            amount = logs.get(node)
            add_amount(amount if amount is not None else _log(node))
            continue
        else:  # text, bool, null (anything else is spelt as text)
            leaf = node if kind is str or kind is bool or node is None else str(node)
            token = leaves.get(at, _EMPTY).get(leaf)
            add_token(token if token is not None else _token(at, leaf))
            continue
        children = paths.get(at, _EMPTY)
        for key, child in items:
            child_path = children.get(key)
            if child_path is None:
                child_path = _child(at, key)
                children = paths[at]
            if child_path in skip:
                continue
            kind = type(child)
            if kind is int:
                add_number(child_path)
                amount = logs.get(child)
                add_amount(amount if amount is not None else _log(child))
            elif kind is str or kind is bool or child is None:
                token = leaves.get(child_path, _EMPTY).get(child)
                add_token(token if token is not None else _token(child_path, child))
            else:
                push((child_path, child))


_EXTRA = path_hash("rl")
"""The path under which what a seat knows beyond its view is encoded."""


def encode(
    view: Any, extra: Any = None, size: int = DEFAULT_SIZE, skip: frozenset[int] = frozenset()
) -> NDArray[np.float32]:
    """The view's hashed vector of `size` cells (float32), leaving out the subtrees whose path
    hashes are in `skip` (`path_hash`)."""
    numbers: list[int] = []
    amounts: list[float] = []
    tokens: list[int] = []
    _walk(view, _ROOT, numbers, amounts, tokens, skip)
    if extra is not None:
        _walk(extra, _EXTRA, numbers, amounts, tokens)
    return _vector(numbers, amounts, tokens, size)


def _vector(
    numbers: list[int], amounts: list[float], tokens: list[int], size: int
) -> NDArray[np.float32]:
    """The cells: each number's amount added in order (float64), then each token's 1."""
    cells = np.array(numbers + tokens, dtype=np.int64) % size
    count = len(numbers)
    out = np.bincount(cells[:count], weights=amounts, minlength=size)
    out += np.bincount(cells[count:], minlength=size)
    return out.astype(np.float32)


class Encoder:
    """`encode` for the stream of views of one environment: the same vectors to the bit, with
    what the walk made of a top-level part of the view reused when the part is the very object
    of the last view (the games' `Game.lasting_view` parts: the last hand's summary, the stacks
    after each hand, which are most of a view and change once a hand).

    Views are read-only for their readers (`Game.shared_view`), so the same object is the same
    value. The walk takes the root's parts last first (its stack); so does this, so every cell
    adds up the same amounts in the same order."""

    def __init__(self, size: int = DEFAULT_SIZE, skip: frozenset[int] = frozenset()) -> None:
        self.size = size
        self.skip = skip
        self._last: dict[int, tuple[object, list[int], list[float], list[int]]] = {}
        """A part's path -> the part (kept, so that its id is not another's) and its walk."""

    def __call__(self, view: Any, extra: Any = None) -> NDArray[np.float32]:
        numbers: list[int] = []
        amounts: list[float] = []
        tokens: list[int] = []
        if type(view) is dict:
            self._root(view, numbers, amounts, tokens)
        else:
            _walk(view, _ROOT, numbers, amounts, tokens, self.skip)
        if extra is not None:
            _walk(extra, _EXTRA, numbers, amounts, tokens)
        return _vector(numbers, amounts, tokens, self.size)

    def _root(
        self, view: dict[Any, Any], numbers: list[int], amounts: list[float], tokens: list[int]
    ) -> None:
        """`_walk` of the root, its parts taken from the last view's when they are its own."""
        skip, last = self.skip, self._last
        parts: list[tuple[int, Any]] = []
        children = _PATHS.get(_ROOT, _EMPTY)
        for key, child in view.items():
            path = children.get(key)
            if path is None:
                path = _child(_ROOT, key)
                children = _PATHS[_ROOT]
            if path in skip:
                continue
            kind = type(child)
            if kind is int:
                numbers.append(path)
                amount = _LOGS.get(child)
                amounts.append(amount if amount is not None else _log(child))
            elif kind is str or kind is bool or child is None:
                token = _TOKENS.get(path, _EMPTY).get(child)
                tokens.append(token if token is not None else _token(path, child))
            else:
                parts.append((path, child))
        for path, child in reversed(parts):
            known = last.get(path)
            if known is not None and known[0] is child:
                numbers += known[1]
                amounts += known[2]
                tokens += known[3]
                continue
            at_number, at_token = len(numbers), len(tokens)
            _walk(child, path, numbers, amounts, tokens, skip)
            last[path] = (child, numbers[at_number:], amounts[at_number:], tokens[at_token:])
