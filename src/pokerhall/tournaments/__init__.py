"""Tournaments: sit-and-go and multi-table tournaments of games of hands, and round-robin and
Swiss tournaments of any game (docs/tournaments.md; rules T1-T16 in docs/rules/tournaments.md).

Layer: above the games, below the server. A director is pure state (JSON both ways), seeded,
without I/O; it hands out games to play as `GameSpec`s and takes their results back."""

from pokerhall.tournaments.config import FORMATS, TournamentConfig
from pokerhall.tournaments.director import Director, load, new_director
from pokerhall.tournaments.errors import CODES, TournamentError
from pokerhall.tournaments.spec import GameSpec

__all__ = [
    "CODES",
    "FORMATS",
    "Director",
    "GameSpec",
    "TournamentConfig",
    "TournamentError",
    "load",
    "new_director",
]
