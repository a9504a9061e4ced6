"""A table's hand history as one seat (or a spectator) may read it: every round with the
events that seat may see, each with its description (`Game.describe`), which clients render
in their reader's language as they do the live log.

Events are never stored: the match is replayed from its record (`engine.registry.replay`) and
its events filtered by their visibility, the engine's one filter, so the history shows exactly
what the table showed that seat, no more. Replaying costs time in proportion to the game's
moves (bench figures in `bench/README.md`); nothing is cached.
"""

from __future__ import annotations

from typing import Any

from pokerhall import games
from pokerhall.engine import JSON, Event, Game, MatchRecord
from pokerhall.engine.events import ROUND_STARTED


def history(record: MatchRecord, seat: int | None) -> JSON:
    """The rounds of the match in `record` as `seat` saw them (None: a spectator); once the
    game is over, also its public record (`Game.public_record`)."""
    state = games.replay(record)
    return history_of(state, seat)


def history_of(state: Game[Any], seat: int | None) -> JSON:
    rounds: list[JSON] = []
    current: JSON = {"round": 0, "events": []}
    for event in state.events:
        if event.type == ROUND_STARTED:
            if current["events"] or current["round"]:
                rounds.append(current)
            current = {"round": int(event.data.get("round", len(rounds) + 1)), "events": []}
        if event.visible_to(seat):
            current["events"].append(_event_json(state, event))
    if current["events"] or current["round"]:
        rounds.append(current)
    for number, listed in enumerate(rounds):
        listed["finished"] = state.over or number < len(rounds) - 1
    out: JSON = {
        "game": state.name,
        "players": list(state.players),
        "seat": seat,
        "over": state.over,
        "result": state.result,
        "rounds": rounds,
    }
    if state.over:
        out["public_record"] = state.public_record()
    return out


def _event_json(state: Game[Any], event: Event) -> JSON:
    """As the live table sends it (`TableRuntime._event_json`)."""
    out = event.to_json()
    out["message"] = state.describe(event)
    return out
