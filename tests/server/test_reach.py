"""Whether friends can open an invite link (`/api/reach`): a server listening only on this
machine says so; one listening on every interface names its address on the network."""

from __future__ import annotations

import ipaddress

import httpx
import pytest

from pokerhall.server.app import create_app
from pokerhall.server.reach import network_addresses, reach

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.1.1", "::1", "localhost"])
def test_a_loopback_server_is_local_only(host: str) -> None:
    assert reach(host).local_only
    assert reach(host).addresses == []


@pytest.mark.parametrize("host", ["0.0.0.0", "::"])
def test_a_server_on_every_interface_names_its_network_address(host: str) -> None:
    where = reach(host)
    assert not where.local_only
    assert where.addresses == network_addresses()


def test_network_addresses_are_reachable_ones() -> None:
    for address in network_addresses():
        ip = ipaddress.ip_address(address)
        assert not ip.is_loopback
        assert not ip.is_unspecified


def test_a_server_on_one_address_names_that_address() -> None:
    assert reach("192.168.1.20").addresses == ["192.168.1.20"]
    assert not reach("192.168.1.20").local_only


async def test_the_api_says_what_serve_was_told() -> None:
    app = create_app("sqlite://", listen_host="127.0.0.1")
    transport = httpx.ASGITransport(app)
    async with httpx.AsyncClient(transport=transport, base_url="http://hall") as http:
        answer = await http.get("/api/reach")
    assert answer.status_code == 200
    assert answer.json() == {"local_only": True, "addresses": []}
