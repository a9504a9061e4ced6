"""The one refusal of the tournaments layer: a code for clients, params, and English words.

Every refusal leaves the tournament exactly as it was (a director checks before it changes
anything), so the server can turn it into a `LobbyError` with the same code and go on."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pokerhall.engine.errors import PokerhallError

CODES = (
    "tournament_config",
    "registration_closed",
    "late_registration_closed",
    "tournament_full",
    "already_registered",
    "not_registered",
    "bad_player_name",
    "too_few_players",
    "tournament_started",
    "unknown_game",
    "bad_result",
)
"""Every code a `TournamentError` carries (docs/tournaments.md lists what each means)."""


class TournamentError(PokerhallError):
    """A registration, start or result the tournament refuses; `code` is one of CODES."""

    def __init__(self, code: str, reason: str, params: Mapping[str, Any] | None = None) -> None:
        if code not in CODES:
            raise ValueError(f"unknown tournament refusal code {code!r}")
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.params = dict(params or {})
