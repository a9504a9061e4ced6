"""A seat's view as a flat vector: the feature hashing of docs/rl.md.

Every leaf of the view's JSON has a path (`players.1.stack`, list items by their index, keys by
their name). A number (not a bool) adds `sign(x)·log(1 + |x|)` to cell `crc32(path) % size`;
any other leaf (text, bool, null) adds 1 to cell `crc32(path + "=" + json(value)) % size`. So a
seat's vector is a function of its view alone, the same in every process (CRC-32, not Python's
salted `hash`), and cells may collide (they add up). What a seat knows beyond its view (QuizPoker's
estimate of the answer) is encoded the same way under the path `rl.`.
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


def _child(parent: int, key: str | int) -> int:
    found = _PATHS.get((parent, key))
    if found is None:
        found = zlib.crc32(f".{key}".encode(), parent)
        if len(_PATHS) >= _MAX_CACHE:
            _PATHS.clear()
        _PATHS[(parent, key)] = found
    return found


def _token(path: int, value: Any) -> int:
    key = (path, value)
    found = _TOKENS.get(key)
    if found is None:
        found = zlib.crc32(f"={json.dumps(value, ensure_ascii=False)}".encode(), path)
        if len(_TOKENS) >= _MAX_CACHE:
            _TOKENS.clear()
        _TOKENS[key] = found
    return found


def _walk(node: Any, path: int, cells: list[int], values: list[float]) -> None:
    if isinstance(node, dict):
        for key, child in node.items():
            _walk(child, _child(path, key), cells, values)
    elif isinstance(node, list | tuple):
        for index, child in enumerate(node):
            _walk(child, _child(path, index), cells, values)
    elif isinstance(node, bool) or node is None or isinstance(node, str):
        cells.append(_token(path, node))
        values.append(1.0)
    elif isinstance(node, int | float):
        cells.append(path)
        values.append(math.copysign(math.log1p(abs(node)), node) if math.isfinite(node) else 0.0)
    else:  # anything else a view might hold is spelt as text
        cells.append(_token(path, str(node)))
        values.append(1.0)


def encode(view: Any, extra: Any = None, size: int = DEFAULT_SIZE) -> NDArray[np.float32]:
    """The view's hashed vector of `size` cells (float32)."""
    cells: list[int] = []
    values: list[float] = []
    _walk(view, _ROOT, cells, values)
    if extra is not None:
        _walk(extra, _child(_ROOT, "rl"), cells, values)
    index = np.fromiter(cells, dtype=np.int64, count=len(cells)) % size
    out = np.bincount(index, weights=values, minlength=size)
    return out.astype(np.float32)
