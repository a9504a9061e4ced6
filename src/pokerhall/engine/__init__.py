"""The game-agnostic core: protocol, events with visibility, seeded randomness, records."""

from pokerhall.engine.errors import IllegalMove, InvalidOptions, PokerhallError, UnknownGame
from pokerhall.engine.events import JSON, Event, visible_events
from pokerhall.engine.protocol import Game
from pokerhall.engine.record import MatchRecord

__all__ = [
    "JSON",
    "Event",
    "Game",
    "IllegalMove",
    "InvalidOptions",
    "MatchRecord",
    "PokerhallError",
    "UnknownGame",
    "visible_events",
]
