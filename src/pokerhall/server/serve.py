"""Running the server: `pokerhall serve` (and `make run`)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import uvicorn

from pokerhall.server.absence import GRACE_SECONDS
from pokerhall.server.app import create_app
from pokerhall.server.messages import WS_MAX_FRAME_BYTES
from pokerhall.server.ratelimit import ClientAddresses, Limits
from pokerhall.server.reach import reach

DEFAULT_DB = "sqlite:///pokerhall.sqlite3"
SHUTDOWN_GRACE = 10
"""Seconds Ctrl-C waits for open connections before closing them: every committed move is
already on disk, and a client that never reads must not keep the server running."""


def serve(
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str = DEFAULT_DB,
    packs: Path | None = None,
    dev: bool = False,
    redis: str | None = None,
    redis_prefix: str = "pokerhall",
    limits: Sequence[str] = (),
    forwarded_header: str | None = None,
    trusted_proxies: Sequence[str] = (),
    remove_grace: float = GRACE_SECONDS,
) -> None:
    """`limits`: `NAME=VALUE` settings of the rate limits (`server/ratelimit.py: Limits`);
    `forwarded_header` names the client's address when the peer is one of `trusted_proxies`
    (default: this machine), as behind a reverse proxy (docs/deploy.md)."""
    addresses = ClientAddresses(header=forwarded_header)
    if trusted_proxies:
        addresses = ClientAddresses(
            forwarded_header, ClientAddresses.parse_proxies(trusted_proxies)
        )
    app = create_app(
        db,
        packs_dir=packs,
        dev=dev,
        listen_host=host,
        tune_gc=True,
        redis_url=redis,
        redis_prefix=redis_prefix,
        limits=Limits().with_settings(limits),
        addresses=addresses,
        remove_grace=remove_grace,
    )
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    print(f"pokerhall is running: open http://{shown}:{port}/ in your browser (Ctrl-C stops it)")
    where = reach(host)
    if where.local_only:
        print("Only this machine can join; for friends on your network: --host 0.0.0.0")
    for address in where.addresses:
        print(f"Friends on your network open http://{address}:{port}/")
    uvicorn.run(
        app,
        host=host,
        port=port,
        ws_max_size=WS_MAX_FRAME_BYTES,
        ws_per_message_deflate=False,  # compressing every update cost more CPU than its JSON
        proxy_headers=False,  # the client's address is ours to tell (--forwarded-header)
        log_level="warning",
        timeout_graceful_shutdown=SHUTDOWN_GRACE,
    )
