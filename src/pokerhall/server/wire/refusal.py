"""A request that cannot be served, as a client is told it: `LobbyError` (an HTTP status, a
code for clients, an English reason). The refusals themselves are made where they are met
(`tables/refusals.py` has those used in more than one place).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class LobbyError(Exception):
    """A lobby request that cannot be served; `status` is the HTTP status to answer with.
    `code` names the reason for clients, which show it in their reader's language with the
    values in `params` (docs/protocol.md lists them); the reason itself is English."""

    def __init__(
        self,
        status: int,
        reason: str,
        code: str | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason
        self.code = code
        self.params = dict(params or {})
