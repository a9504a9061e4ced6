"""`copy_json`: the copy views make of shared prompts must be as deep as `copy.deepcopy`'s."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from pokerhall.engine.events import copy_json

scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text()
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(max_size=5), inner, max_size=4)
        | st.tuples(inner, inner)
    ),
    max_leaves=30,
)


def containers(value: Any) -> list[Any]:
    """Every dict and list inside `value`, itself included."""
    found: list[Any] = []
    todo = [value]
    while todo:
        item = todo.pop()
        if isinstance(item, dict):
            found.append(item)
            todo.extend(item.values())
        elif isinstance(item, list):
            found.append(item)
            todo.extend(item)
        elif isinstance(item, tuple):
            todo.extend(item)
    return found


@given(json_values)
def test_equal_to_deepcopy_and_shares_no_container(value: Any) -> None:
    copied = copy_json(value)
    assert copied == copy.deepcopy(value)
    originals = {id(c) for c in containers(value)}
    assert not originals & {id(c) for c in containers(copied)}


def test_a_prompt_changed_after_copying_leaves_the_copy_alone() -> None:
    prompt = {"type": "bet", "moves": [{"type": "raise", "params": {"to": {"min": 4}}}]}
    copied = copy_json(prompt)
    prompt["moves"][0]["params"]["to"]["min"] = 8
    assert copied["moves"][0]["params"]["to"]["min"] == 4


def test_other_objects_are_deep_copied() -> None:
    inner = {"a": [1]}
    odd = {"set": {1, 2}, "obj": [inner]}
    copied = copy_json({"x": odd["set"], "y": odd["obj"]})
    assert copied["x"] == {1, 2}
    assert copied["x"] is not odd["set"]
    assert copied["y"][0] is not inner
