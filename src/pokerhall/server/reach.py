"""Who can reach this server: what the invite link needs to know.

A link copied from a page opened at `localhost` only works on this machine. When the server
listens on every interface (`serve --host 0.0.0.0`), the link should name an address friends on
the same network can open; when it listens only on the loopback address, nobody else can join,
and the waiting room says so instead of handing out a link that cannot work.
"""

from __future__ import annotations

import ipaddress
import socket
from typing import Annotated

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from pokerhall.server.tables.http import COMMON

router = APIRouter(prefix="/api", responses=COMMON)

ALL_INTERFACES = ("0.0.0.0", "::", "")
PROBE = ("192.0.2.1", 9)
"""A TEST-NET address (RFC 5737): connecting a UDP socket to it sends nothing, but makes the
system pick the interface it would route through, whose address is the one to share."""


class Reach(BaseModel):
    local_only: Annotated[
        bool,
        Field(description="The server listens only on this machine: nobody else can join."),
    ]
    addresses: Annotated[
        list[str],
        Field(description="Addresses on this machine's network that others can open."),
    ]


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def network_addresses() -> list[str]:
    """This machine's address on its local network, if it has one (IPv4: what a phone or
    another computer at home types)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(PROBE)
            address = str(probe.getsockname()[0])
    except OSError:
        return []
    return [] if is_loopback(address) or address == "0.0.0.0" else [address]


def reach(listen_host: str | None) -> Reach:
    """`listen_host` is what `serve --host` was given (None when the app is run otherwise, in
    which case nothing is known and nothing is claimed)."""
    if listen_host is not None and is_loopback(listen_host):
        return Reach(local_only=True, addresses=[])
    if listen_host is None or listen_host in ALL_INTERFACES:
        return Reach(local_only=False, addresses=network_addresses())
    return Reach(local_only=False, addresses=[listen_host])


@router.get("/reach", summary="Whether others can reach this server, and at which addresses")
async def get_reach(request: Request) -> Reach:
    listen_host: str | None = getattr(request.app.state, "listen_host", None)
    return reach(listen_host)
