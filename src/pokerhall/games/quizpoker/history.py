"""Readable hand history: one line per event (placeholder until the CLI work fills it in)."""

from __future__ import annotations

from collections.abc import Sequence

from pokerhall.engine.events import Event


def describe_event(event: Event, players: Sequence[str]) -> str | None:
    return f"{event.type}: {dict(event.data)}"
