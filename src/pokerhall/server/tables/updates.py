"""What a seat or the spectators are sent of a move, shared by the live table (`sending.py`)
and its replay (`replay.py`), so a replayed frame is exactly what was sent live."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pokerhall.engine.events import JSON, Event
from pokerhall.engine.protocol import Game


def event_json(game: Game[Any], event: Event) -> JSON:
    """An event as sent to clients, with its description (`Game.describe`) under `message`,
    which clients render from the game's catalog in their reader's language. The description
    says no more than the event, so it goes wherever the event goes."""
    out = event.to_json()
    out["message"] = game.describe(event)
    return out


def receives_update(events: Iterable[Event], seat: int | None, mover: int) -> bool:
    """Whether an audience (a seat, or None for the spectators) is sent an update for a move:
    when it may see one of the move's events, or made the move (its own prompt changed)."""
    return seat == mover or any(event.visible_to(seat) for event in events)
