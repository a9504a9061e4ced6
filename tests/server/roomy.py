"""Rate limits no test reaches: most server tests open many tables, accounts, packs and
sockets from one address (127.0.0.1) in a moment, which the real limits refuse. The tests of
the limits themselves (`test_rate_limits.py`) give their halls small limits instead."""

from __future__ import annotations

import dataclasses

from pokerhall.server.wire.ratelimit import Limits

PLENTY = "100000/second"
ROOMY = Limits(
    codes=PLENTY,
    secrets=PLENTY,
    account_secrets=PLENTY,
    accounts=PLENTY,
    packs=PLENTY,
    pack_quota=100_000,
    chat=PLENTY,
    table_sockets=100_000,
    hash_queue=100_000,
)


def serve_args(limits: Limits = ROOMY) -> list[str]:
    """`pokerhall serve` options setting every limit to these ones."""
    args: list[str] = []
    for spec in dataclasses.fields(limits):
        args += ["--limit", f"{spec.name}={getattr(limits, spec.name)}"]
    return args
