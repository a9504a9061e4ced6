"""Running the server: `pokerhall serve` (and `make run`)."""

from __future__ import annotations

import contextlib
import errno
import socket
import sys
from collections.abc import Sequence
from pathlib import Path

import uvicorn

from pokerhall.server.app import create_app
from pokerhall.server.people.mail import MailSettings
from pokerhall.server.reach import reach
from pokerhall.server.tables.absence import GRACE_SECONDS
from pokerhall.server.wire.messages import WS_MAX_FRAME_BYTES
from pokerhall.server.wire.ratelimit import ClientAddresses, Limits

DEFAULT_DB = "sqlite:///pokerhall.sqlite3"
SHUTDOWN_GRACE = 10
"""Seconds Ctrl-C waits for open connections before closing them: every committed move is
already on disk, and a client that never reads must not keep the server running."""


class PortInUse(Exception):
    """Another program (often another pokerhall) already listens on the address asked for."""

    def __init__(self, host: str, port: int) -> None:
        super().__init__(
            f"pokerhall cannot listen on {host}:{port}: the port is already in use (is"
            " pokerhall already running?). Stop the other program, or choose another port:"
            f" pokerhall serve --port {port + 1} (make run PORT={port + 1})."
        )


def listen(host: str, port: int) -> socket.socket:
    """The server's socket, bound before anything is announced, so a busy port is told as
    such (`PortInUse`) instead of after "pokerhall is running"; uvicorn then serves on it."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise PortInUse(host, port) from None
        raise
    sock.set_inheritable(True)
    return sock


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
    mail: MailSettings | None = None,
) -> None:
    """`limits`: `NAME=VALUE` settings of the rate limits (`server/wire/ratelimit.py: Limits`);
    `forwarded_header` names the client's address when the peer is one of `trusted_proxies`
    (default: this machine), as behind a reverse proxy (docs/deploy.md). `mail`: the SMTP
    server of the e-mail notices (none: no e-mail, which start-up says)."""
    addresses = ClientAddresses(header=forwarded_header)
    if trusted_proxies:
        addresses = ClientAddresses(
            forwarded_header, ClientAddresses.parse_proxies(trusted_proxies)
        )
    sock = listen(host, port)
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
        mail=mail,
    )
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    print(f"pokerhall is running: open http://{shown}:{port}/ in your browser (Ctrl-C stops it)")
    where = reach(host)
    if where.local_only:
        print("Only this machine can join; for friends on your network: --host 0.0.0.0")
    for address in where.addresses:
        print(f"Friends on your network open http://{address}:{port}/")
    said = (mail or MailSettings()).describe()
    print(said[0].upper() + said[1:])
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        ws_max_size=WS_MAX_FRAME_BYTES,
        ws_per_message_deflate=False,  # compressing every update cost more CPU than its JSON
        proxy_headers=False,  # the client's address is ours to tell (--forwarded-header)
        log_level="warning",
        timeout_graceful_shutdown=SHUTDOWN_GRACE,
    )
    server = uvicorn.Server(config)
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C: uvicorn has shut down already
        server.run(sockets=[sock])
    if not server.started:
        sys.exit(3)  # uvicorn's startup failure (it logged why)
