"""How long each seat has been away from this process, so that the creator's "remove an absent
player" (`controls.remove_player`) waits out a reload or a network blip.

A socket that drops is not a player who left: the web client reconnects at once, then about
every 2.5 s (docs/protocol.md, "Reconnecting"). So a seat may be removed only once no connection
has played it for `GRACE_SECONDS`. Each process knows only its own moments: when a connection
that played the seat went away here (`Presence.unwait`, and a running table's detach, which sees
other processes' clients too), when a player took the seat here, and when the table was launched
here. Before any of them, this process's own start: a process that just started cannot tell how
long a seat has been away, so it counts from then. With several processes every one is asked
(`Presence.away`), and the least time away wins.

Times are on `clock` (monotonic by default; the tests give their own), and a process answers
another with a length of time, never a moment, so the processes' clocks need not agree.
"""

from __future__ import annotations

import time
from collections.abc import Callable

GRACE_SECONDS = 60.0
"""How long a seat must have been away before it can be removed (`serve --remove-grace`): well
over the web client's reconnect window (docs/protocol.md), with room for a slow reload."""
KEPT = 1024
"""Moments kept before those older than the grace time are pruned (they decide nothing)."""


class Absence:
    def __init__(self, grace: float = GRACE_SECONDS, clock: Callable[[], float] = time.monotonic):
        self.grace = grace
        self.clock = clock
        self.started = clock()
        """Nothing before this is known here: every seat counts as seen at the process's start."""
        self._seen: dict[tuple[str, int], float] = {}
        self._limit = KEPT

    def seen(self, table_id: str, seat: int) -> None:
        """A connection playing the seat went away now, or the seat was taken or its table
        launched here: its time away starts now."""
        self._seen[(table_id, seat)] = self.clock()
        if len(self._seen) > self._limit:
            self._prune()

    def away_for(self, table_id: str, seat: int) -> float:
        """Seconds since this process last saw the seat played (see `seen`), at most since it
        started; the caller knows whether a connection plays it now."""
        last = max(self.started, self._seen.get((table_id, seat), self.started))
        return max(0.0, self.clock() - last)

    def wait_left(self, away: float) -> float:
        """Seconds still to wait before a seat away for `away` seconds can be removed."""
        return max(0.0, self.grace - away)

    def _prune(self) -> None:
        """Forget moments older than the grace time: counting such a seat from the process's
        start instead only makes it longer away, and past the grace time either way."""
        oldest = self.clock() - self.grace
        self._seen = {key: at for key, at in self._seen.items() if at > oldest}
        self._limit = max(KEPT, 2 * len(self._seen))
