"""The flat encoding as docs/rl.md documents it, and the environment's `Encoder`, which must give
the same vectors to the bit while it reuses what it walked of a part that a view shares with the
last one (`Game.lasting_view`)."""

from __future__ import annotations

import json
import math
import zlib
from typing import Any

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerhall.rl.encoding import MAX_ITEMS, Encoder, encode, path_hash


def documented(view: Any, size: int, skip: frozenset[str] = frozenset()) -> np.ndarray:
    """docs/rl.md read literally: every leaf by its dotted path; a number adds
    sign(x)·log(1 + |x|) to cell crc32(path) mod size, any other leaf 1 to cell
    crc32(path=json(value)) mod size; of a list only its last 16 items, at their own indices.
    Amounts are added in the walk's order (a parent's own leaves, then its parts last first)."""
    numbers: list[tuple[int, float]] = []
    tokens: list[int] = []

    def leaf(path: str, value: Any) -> None:
        if type(value) in (int, float):
            amount = math.copysign(1.0, value) * float(np.log1p(np.float64(abs(value))))
            amount = amount if value and math.isfinite(amount) else 0.0
            numbers.append((zlib.crc32(path.encode()) % size, amount))
        else:
            text = f"{path}={json.dumps(value, ensure_ascii=False)}"
            tokens.append(zlib.crc32(text.encode()) % size)

    def node(path: str, value: Any) -> None:
        if isinstance(value, dict):
            items = list(value.items())
        elif isinstance(value, list):
            start = max(0, len(value) - MAX_ITEMS)
            items = list(enumerate(value))[start:]
        else:
            leaf(path, value)
            return
        later = []
        for key, child in items:
            child_path = f"{path}.{key}"
            if child_path.lstrip(".") in skip:
                continue
            if type(child) in (int, str, bool) or child is None:
                leaf(child_path, child)
            else:
                later.append((child_path, child))
        for child_path, child in reversed(later):
            node(child_path, child)

    node("", view)
    out = np.zeros(size, dtype=np.float64)
    for cell, amount in numbers:
        out[cell] += amount
    for cell in tokens:
        out[cell] += 1
    return out.astype(np.float32)


leaves = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.sampled_from([0, 1, 0.0, 1.0, -0.0, True, False]),
    st.text(max_size=4),
)
json_values = st.recursive(
    leaves,
    lambda inner: (
        st.lists(inner, max_size=20)
        | st.dictionaries(st.sampled_from(["a", "b", "c", "stack", "prompt"]), inner, max_size=4)
    ),
    max_leaves=40,
)
views = st.dictionaries(st.sampled_from(["game", "players", "hand", "you", "x"]), json_values)


@settings(max_examples=200, deadline=None)
@given(views)
def test_encode_is_the_documented_encoding(view: dict[str, Any]) -> None:
    skip = frozenset({"you.prompt", "game"})
    got = encode(view, None, 64, frozenset(path_hash(p) for p in skip))
    assert got.tobytes() == documented(view, 64, skip).tobytes()


@settings(max_examples=200, deadline=None)
@given(st.lists(views, min_size=1, max_size=6), st.lists(st.booleans(), min_size=30))
def test_encoder_gives_encodes_bits_when_it_reuses_parts(
    stream: list[dict[str, Any]], keep: list[bool]
) -> None:
    """Each view takes some of its top-level parts, the very objects, from the view before (as
    lasting parts are), and the others fresh, equal or not (`True` for `1` included)."""
    skip = frozenset(path_hash(p) for p in ("you.prompt", "game"))
    encoder = Encoder(64, skip)
    before: dict[str, Any] = {}
    flags = iter(keep * 10)
    for fresh in stream:
        view = {k: before[k] if k in before and next(flags) else v for k, v in fresh.items()}
        extra = {"estimate": 1.5, "width": 0.25}
        assert encoder(view, extra).tobytes() == encode(view, extra, 64, skip).tobytes()
        before = view


def test_lasting_view_parts_are_what_a_fresh_build_gives() -> None:
    """The last hand's summary and the per-hand rows are built once a hand
    (`Game.lasting_view`), yet every view holds what building them now would give."""
    from pokerhall import rl
    from pokerhall.games.detective import views as detective_views
    from pokerhall.games.quizpoker import views as quiz_views

    checks = {
        ("quizpoker", "duell", 3): lambda g, v: (
            v["previous_hand"]
            == (None if g.previous_hand is None else quiz_views.hand_summary(g.previous_hand))
            and v["stack_history"] == [list(r) for r in g.stack_history]
        ),
        ("detective", "detective", 3): lambda g, v: (
            v["last_hand"]
            == (None if g.previous_hand is None else detective_views.hand_summary(g.previous_hand))
            and v["hand_points"] == [list(r) for r in g.hand_points]
        ),
    }
    for (game, ruleset, seats), check in checks.items():
        env = rl.env(game, ruleset, seats)
        env.reset(seed=3)
        rng = np.random.default_rng(3)
        for agent in env.agent_iter(600):
            raw = env.unwrapped
            assert check(raw.game, raw.observe_raw(agent))
            obs, _, terminated, truncated, _ = env.last()
            done = terminated or truncated
            env.step(None if done else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
