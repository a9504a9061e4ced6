"""Rate limits per client address and per account, so one client cannot guess join codes or
secrets, fill the database with accounts or packs, flood a table's chat from many sockets or
open hundreds of sockets on one table.

The counting is the `limits` library's (a moving window): its memory storage in one process,
its Redis storage when the server runs with `--redis`, so every process of a hall shares the
counts. Each limit and why it is as large as it is: docs/deploy.md. A refusal is a
`RateLimited` (HTTP 429 with `Retry-After`; on a WebSocket an error `rate_limited` with
`params.retry_after`), raised before the request does anything, so it changes nothing.

The client's address is the socket's peer, or, behind a reverse proxy, the address the proxy
names in the configured header (`ClientAddresses`). IPv6 addresses count by their /64, which is
what one home or phone is given.
"""

from __future__ import annotations

import dataclasses
import ipaddress
import json
import logging
import math
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from fastapi import Request
from limits import RateLimitItem, parse_many
from limits.aio.storage import MemoryStorage, RedisStorage, Storage
from limits.aio.strategies import MovingWindowRateLimiter
from starlette.datastructures import Headers
from starlette.requests import HTTPConnection

from pokerhall.server.wire.messages import ErrorBody
from pokerhall.server.wire.names import name_key
from pokerhall.server.wire.retry import RateLimited

log = logging.getLogger("pokerhall.server")

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
LOOPBACK: tuple[Network, ...] = (
    ipaddress.ip_network("127.0.0.0/8"),
    ipaddress.ip_network("::1/128"),
)


@dataclass(frozen=True)
class Limits:
    """The limits, each in the `limits` notation ("10/minute;100/hour": every part must hold).
    `serve --limit NAME=VALUE` sets one; docs/deploy.md gives the reasons for the defaults."""

    codes: str = "60/minute;600/hour"
    """Join-code look-ups (`GET /api/codes/{code}`) and seat joins with a code, per address."""
    secrets: str = "30/minute;300/hour"
    """Secret checks (league sign-ups, league seats), per address."""
    account_secrets: str = "10/minute;100/hour"
    """Secret checks of one account, from any address."""
    accounts: str = "20/hour;100/day"
    """New accounts (`POST /api/players`, and bot accounts: `POST /api/bots`), per address."""
    packs: str = "10/hour;50/day"
    """Pack uploads (`POST /api/packs`), per address."""
    pack_quota: int = 20
    """Unused uploads kept per uploader: past it, their oldest unused uploads are dropped."""
    chat: str = "20/10 seconds;120/minute"
    """Chat messages per address, across all its sockets (on top of each socket's own limit)."""
    table_sockets: int = 24
    """Open sockets per address on one table (every one gets a snapshot and every update)."""
    hash_threads: int = 1
    """Threads hashing secrets (scrypt, 16 MiB each): the tables keep the other core."""
    hash_queue: int = 16
    """Secret hashes that may wait for a thread; past that the server answers 503."""

    RATES = ("codes", "secrets", "account_secrets", "accounts", "packs", "chat")

    def __post_init__(self) -> None:
        for name in self.RATES:
            parse_many(getattr(self, name))  # ValueError now rather than at the first request
        for name in ("pack_quota", "table_sockets", "hash_threads", "hash_queue"):
            least = 0 if name == "hash_queue" else 1
            if getattr(self, name) < least:
                raise ValueError(f"limit {name} must be at least {least}")

    def with_settings(self, settings: Iterable[str]) -> Limits:
        """These limits with `NAME=VALUE` settings (the `serve --limit` option) applied."""
        changes: dict[str, Any] = {}
        names = {f.name: f for f in dataclasses.fields(self)}
        for setting in settings:
            name, _, value = setting.partition("=")
            name = name.strip().replace("-", "_")
            if name not in names or not value:
                known = ", ".join(names)
                raise ValueError(f"a limit is NAME=VALUE, NAME one of {known}: not {setting!r}")
            changes[name] = int(value) if names[name].type == "int" else value.strip()
        return dataclasses.replace(self, **changes)


@dataclass(frozen=True)
class ClientAddresses:
    """Who the client is. `header` (such as X-Forwarded-For) is read only from a peer in
    `proxies`: anybody else could write any address into it. Of a comma-separated list the
    last address that is not itself a trusted proxy is the client (each proxy appends the
    address it was reached from, so the entries left of it may be made up)."""

    header: str | None = None
    proxies: tuple[Network, ...] = field(default=LOOPBACK)

    @staticmethod
    def parse_proxies(networks: Iterable[str]) -> tuple[Network, ...]:
        return tuple(ipaddress.ip_network(net.strip(), strict=False) for net in networks)

    def of(self, peer: str | None, headers: Headers) -> str:
        if self.header is not None and peer is not None and self._trusted(peer):
            named = [part.strip() for part in ",".join(headers.getlist(self.header)).split(",")]
            for address in reversed([part for part in named if part]):
                if not self._trusted(address):
                    return _key(address)
        return _key(peer or "unknown")

    def _trusted(self, address: str) -> bool:
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in net for net in self.proxies)


def _key(address: str) -> str:
    """IPv4 as it is, IPv6 by its /64; anything else (a test client's name) as it is."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address[:64]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


class RateLimits:
    """The hall's limits over one storage; `app.state.rate_limits`."""

    def __init__(
        self,
        limits: Limits | None = None,
        addresses: ClientAddresses | None = None,
        storage: Storage | None = None,
    ) -> None:
        self.limits = limits or Limits()
        self.addresses = addresses or ClientAddresses()
        self._items: Mapping[str, list[RateLimitItem]] = {
            name: parse_many(getattr(self.limits, name)) for name in Limits.RATES
        }
        self._redis_pool: Any = None
        self.use(storage or MemoryStorage())
        self._sockets: Counter[tuple[str, str]] = Counter()
        """Open sockets by (address, table): a count of what is open now, not a rate, so it
        is this process's own (a cluster's load balancer spreads one client's sockets)."""

    def use(self, storage: Storage) -> None:
        self.storage = storage
        self._limiter = MovingWindowRateLimiter(storage)

    def use_redis(self, url: str, prefix: str) -> None:
        """Share the counts with every process of the hall (`serve --redis`), over a
        connection pool of our own, which `close` closes (the storage has no close)."""
        import redis.asyncio  # Redis is loaded only when asked for

        self._redis_pool = redis.asyncio.ConnectionPool.from_url(
            url, socket_connect_timeout=REDIS_TIMEOUT, socket_timeout=REDIS_TIMEOUT
        )
        options: dict[str, Any] = {"connection_pool": self._redis_pool}
        storage = RedisStorage(
            "async+" + url.removeprefix("async+"),
            implementation="redispy",
            key_prefix=f"{prefix}:limits",
            wrap_exceptions=True,
            **options,
        )
        self.use(storage)

    async def close(self) -> None:
        if self._redis_pool is not None:
            await self._redis_pool.disconnect()

    def client(self, connection: HTTPConnection) -> str:
        peer = connection.client.host if connection.client is not None else None
        return self.addresses.of(peer, connection.headers)

    async def hit(self, name: str, *key: str) -> None:
        """Count one request against limit `name` for `key`; RateLimited when it is over.
        Every part is tested before any is counted, so a refused request counts nowhere. When
        the storage cannot be reached (Redis is away) the request is let through: the hall
        keeps serving its tables, as it does for the rest of the cluster."""
        items = self._items[name]
        try:
            for item in items:
                if not await self._limiter.test(item, name, *key):
                    raise await self._refused(item, name, key)
            for item in items:
                if not await self._limiter.hit(item, name, *key):
                    raise await self._refused(item, name, key)
        except RateLimited:
            raise
        except Exception:
            log.warning("rate limit %s could not be counted; let through", name, exc_info=True)

    async def _refused(self, item: RateLimitItem, name: str, key: tuple[str, ...]) -> RateLimited:
        stats = await self._limiter.get_window_stats(item, name, *key)
        return RateLimited(max(1, math.ceil(stats.reset_time - time.time())))

    async def check(self, connection: HTTPConnection, name: str) -> None:
        """Count a request of this client's address against limit `name`."""
        await self.hit(name, self.client(connection))

    async def check_secret(self, connection: HTTPConnection, account: str) -> None:
        """A secret check: counted per address and per account (by its name's key)."""
        await self.hit("secrets", self.client(connection))
        await self.hit("account_secrets", name_key(account))

    async def chat_refusal(self, client: str, text: str) -> str | None:
        """The error to answer a chat message with when the client's address is over its chat
        limit, else None (also for anything that is not a chat message)."""
        if ("chat" not in text and "\\" not in text) or not _is_chat(text):
            return None  # (a backslash: "ch\u0061t" is "chat" too)
        try:
            await self.hit("chat", client)
        except RateLimited as exc:
            return exc.ws_error()
        return None

    def open_socket(self, client: str, table_id: str) -> RateLimited | None:
        """Count one more of the client's sockets on a table (`close_socket` when it closes);
        the refusal instead when the client already has `table_sockets` open there."""
        key = (client, table_id)
        if self._sockets[key] >= self.limits.table_sockets:
            return RateLimited(SOCKET_RETRY)
        self._sockets[key] += 1
        return None

    def close_socket(self, client: str, table_id: str) -> None:
        key = (client, table_id)
        self._sockets[key] -= 1
        if self._sockets[key] <= 0:
            del self._sockets[key]


REDIS_TIMEOUT = 1.0
"""Seconds a count may wait for Redis before the request is let through uncounted."""
SOCKET_RETRY = 10
"""Seconds a client refused another socket on a table is told to wait: it depends on when
its other sockets close, which the server cannot know."""


def _is_chat(text: str) -> bool:
    try:
        data = json.loads(text)
    except ValueError:
        return False
    return isinstance(data, dict) and data.get("type") == "chat"


LIMITED: dict[int | str, dict[str, Any]] = {
    429: {
        "model": ErrorBody,
        "description": "Too many requests from this address or for this account (code"
        " rate_limited, params.retry_after); the Retry-After header says when to try again.",
    }
}
"""The OpenAPI answer of a limited route."""


def of(connection: HTTPConnection) -> RateLimits:
    limits: RateLimits = connection.app.state.rate_limits
    return limits


def limited(name: str) -> Callable[[Request], Awaitable[None]]:
    """A route dependency that counts each request against limit `name` per address."""

    async def dependency(request: Request) -> None:
        await of(request).check(request, name)

    return dependency
