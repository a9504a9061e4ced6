"""What every game's message catalog tests share: placeholders of an entry, the plural forms each
language needs, and the message keys a described event uses (nested messages and lists too)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

PLACEHOLDER = re.compile(r"\{(\w+)\}")
FORMS = {
    "en": {"one", "other"},
    "de": {"one", "other"},
    "el": {"one", "other"},
    "cs": {"one", "few", "many", "other"},
}
"""The CLDR plural categories a plural entry must have in each language."""


def placeholders(entry: Any) -> set[str]:
    texts = entry.values() if isinstance(entry, dict) else [entry]
    return {name for text in texts for name in PLACEHOLDER.findall(text)}


def used(message: Any) -> Iterator[tuple[str, dict[str, Any]]]:
    """(key, params) of a message and of every message nested in its parameters."""
    if isinstance(message, dict) and "key" in message:
        yield message["key"], message["params"]
        for value in message["params"].values():
            yield from used_param(value)


def used_param(value: Any) -> Iterator[tuple[str, dict[str, Any]]]:
    if isinstance(value, dict) and "msg" in value:
        yield from used({"key": value["msg"], "params": value.get("params") or {}})
    elif isinstance(value, dict) and "list" in value:
        for item in value["list"]:
            yield from used_param(item)
