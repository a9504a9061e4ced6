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

_PATHS: dict[tuple[int, str | int], int] = {}
"""(parent path's CRC, key) -> the child path's CRC, so a path is hashed once per process."""
_TOKENS: dict[tuple[int, Any], int] = {}
"""(path CRC, leaf) -> the CRC of `path=leaf`."""
_MAX_CACHE = 1_000_000
_ROOT = zlib.crc32(b"")


MAX_ITEMS = 16
"""A list's last this many items are encoded (a match's history grows; the recent part counts)."""


def _child(parent: int, key: str | int) -> int:
    found = zlib.crc32(f".{key}".encode(), parent)
    if len(_PATHS) >= _MAX_CACHE:
        _PATHS.clear()
    _PATHS[(parent, key)] = found
    return found


def _token(path: int, value: Any) -> int:
    found = zlib.crc32(f"={json.dumps(value, ensure_ascii=False)}".encode(), path)
    if len(_TOKENS) >= _MAX_CACHE:
        _TOKENS.clear()
    _TOKENS[(path, value)] = found
    return found


def _number(value: float) -> float:
    return math.copysign(math.log1p(abs(value)), value) if math.isfinite(value) else 0.0


def path_hash(dotted: str) -> int:
    """The CRC of a dotted path (`you.prompt`), as the walk computes it."""
    at = _ROOT
    for key in dotted.split("."):
        at = _PATHS.get((at, key)) or _child(at, key)
    return at


def _walk(
    root: Any,
    path: int,
    cells: list[int],
    values: list[float],
    skip: frozenset[int] = frozenset(),
) -> None:
    """Every leaf under `root` into (cell hash, value) pairs: one loop over an explicit stack,
    dispatching on the exact type (views are plain JSON), with the hashes cached."""
    paths, tokens = _PATHS, _TOKENS
    add_cell, add_value = cells.append, values.append
    log1p, copysign = math.log1p, math.copysign
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
        elif kind is int:
            add_cell(at)
            add_value(copysign(log1p(abs(node)), node))
            continue
        elif kind is float:
            add_cell(at)
            add_value(_number(node))
            continue
        else:  # text, bool, null (anything else is spelt as text)
            leaf = node if kind is str or kind is bool or node is None else str(node)
            token = tokens.get((at, leaf))
            add_cell(token if token is not None else _token(at, leaf))
            add_value(1.0)
            continue
        for key, child in items:
            child_path = paths.get((at, key))
            if child_path is None:
                child_path = _child(at, key)
            if child_path in skip:
                continue
            kind = type(child)
            if kind is int:
                add_cell(child_path)
                add_value(copysign(log1p(abs(child)), child))
            elif kind is str or kind is bool or child is None:
                token = tokens.get((child_path, child))
                add_cell(token if token is not None else _token(child_path, child))
                add_value(1.0)
            else:
                push((child_path, child))


def encode(
    view: Any, extra: Any = None, size: int = DEFAULT_SIZE, skip: frozenset[int] = frozenset()
) -> NDArray[np.float32]:
    """The view's hashed vector of `size` cells (float32), leaving out the subtrees whose path
    hashes are in `skip` (`path_hash`)."""
    cells: list[int] = []
    values: list[float] = []
    _walk(view, _ROOT, cells, values, skip)
    if extra is not None:
        _walk(extra, _PATHS.get((_ROOT, "rl")) or _child(_ROOT, "rl"), cells, values)
    index = np.fromiter(cells, dtype=np.int64, count=len(cells)) % size
    out = np.bincount(index, weights=values, minlength=size)
    return out.astype(np.float32)
