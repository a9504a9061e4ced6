"""Every timing constant of the cluster, in one place, with the takeover budget they make.

A process that dies (kill -9) or stalls (SIGSTOP, a frozen VM, a long GC pause) stops renewing
its leases. From that moment:

1. its leases expire `lease` seconds after their last renewal, at most `lease` after the fault
   and at least `lease - renew` after it (a renewal comes every `renew` seconds); a stalled
   owner's open transaction on a lease row is ended by PostgreSQL after `lock_idle`, so its
   locks do not hold the takeover up;
2. a survivor finds the expired lease at its next scan, within `scan` seconds, or at once when
   a client of the table reconnects to it (`Running.runtime` claims an expired table);
3. the survivor replays the table (the claim) and says so on the hall's channel; its clients
   linked to the old owner are disconnected and reconnect (`routing.Router.close_links`);
4. the clients that were connected to the old owner itself reconnect: at once when it died
   (their sockets close), after at most `CLIENT_IDLE_PING + CLIENT_PONG_TIMEOUT` when it is
   stalled (their sockets stay open, silent: the client's watchdog gives up on them).

So a table is run again within `lease + scan` seconds plus its replay, and played again after
the clients' reconnect on top of that (`docs/deploy.md` has the measured figures,
`bench/cluster_load.py` measures them).

The lease must outlast the longest pause a healthy process has between two renewals (a busy
event loop, the database slow to answer), else a live process loses its tables for nothing:
`lease` is four renewal intervals, so three renewals in a row may be late or fail before it
does. Losing a table that way is safe, never wrong: the fence (`lease.py`) refuses every move
of an owner that no longer holds the lease at the epoch it claimed the table with, so a stalled
owner that wakes up and a new owner never both act.

The web client (`web/js/socket.js`) keeps its own copies of the client constants, in
milliseconds; `tests/server/test_cluster_timing.py` checks that they agree.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Timing:
    """A cluster's timings in seconds; `Timing()` is what `pokerhall serve` runs with (tests
    use shorter ones, the same for every process of a hall)."""

    lease: float = 2.0
    """How long a lease lasts unrenewed: a process that dies loses its tables after this."""
    renew: float = 0.5
    """How often a process renews its leases and says in Redis that it is alive."""
    scan: float = 0.5
    """How often a process looks for tables whose lease expired, and takes them over."""
    lock_idle: float = 1.0
    """How long a transaction holding a lease row's lock may sit idle before PostgreSQL ends
    it (`lease.py`): a stalled owner's locks would otherwise hold a takeover up until it runs
    again. Well under `lease - renew`, so the locks are gone before its leases expire."""
    alive: float = 5.0
    """How long a heartbeat in Redis says a process is alive: an owner drops the clients of a
    process that stopped saying so (they cannot be reached, and they reconnect elsewhere)."""
    ask: float = 2.0
    """How long a process waits for every other one to answer a question (`Bus.ask`)."""
    redis_retry: float = 1.0
    """How long a process waits before it tries to reach Redis again."""
    closing: float = 1.0
    """How long a stopping process waits for its last messages to reach Redis."""

    def __post_init__(self) -> None:
        if not 0 < self.renew <= self.lease / 2:
            raise ValueError("leases must be renewed at least twice per lease")
        if self.scan <= 0 or self.alive <= self.renew:
            raise ValueError("scan must be positive, and a heartbeat outlast its renewal")
        if not 0 < self.lock_idle < self.lease - self.renew:
            raise ValueError("a stalled owner's locks must be freed before its leases expire")

    @property
    def takeover_bound(self) -> float:
        """The longest a dead or stalled owner's table waits for a survivor to claim it,
        not counting the replay: its lease's expiry, then one scan."""
        return self.lease + self.scan


DEFAULT = Timing()

CLIENT_IDLE_PING = 2.0
"""A client that has heard nothing from the server for this long pings it (`socket.js`
PING_WHEN_IDLE, `bench/cluster_load.py`), so a quiet table costs a ping every two seconds."""
CLIENT_PONG_TIMEOUT = 2.5
"""A client whose ping got no answer (no message at all) in this time gives the connection up
and reconnects: its server process is stalled (or the network is), though its socket is open.
Not shorter: a slow mobile network or an overloaded server must not look stalled (with 1.5 s
the benchmark's overloaded servers were given up by their own clients again and again)."""
CLIENT_CONNECT_TIMEOUT = 5.0
"""A connection attempt that has not opened by then is given up and retried (a stalled process
accepts the TCP connection but never answers the WebSocket handshake)."""
