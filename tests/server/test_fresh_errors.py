"""Refusals are new exceptions at every raise (issue 20, item 7).

A raised exception keeps the traceback it travelled through; an instance kept in a module and
raised again and again collects the frames of every raise, and with them their locals: after
1,000 failed logins a shared `bad_secret` held 2,000 frames and every plaintext secret tried.
"""

from __future__ import annotations

import gc
import importlib
import pkgutil
import secrets
import sys
import types
from pathlib import Path

import pytest

import pokerhall
from pokerhall.server.people import accounts
from pokerhall.server.store.db import Database
from pokerhall.server.wire.refusal import LobbyError

pytestmark = pytest.mark.anyio
ATTEMPTS = 1_000


def _frames(error: BaseException) -> list[types.FrameType]:
    frames, tb = [], error.__traceback__
    while tb is not None:
        frames.append(tb.tb_frame)
        tb = tb.tb_next
    return frames


def _frames_holding(secret: str) -> list[str]:
    """The functions whose frames (other than this test's) still refer to `secret`."""
    here = sys._getframe(1).f_code
    return [
        ref.f_code.co_qualname
        for ref in gc.get_referrers(secret)
        if isinstance(ref, types.FrameType) and ref.f_code is not here
    ]


async def test_failed_logins_keep_no_frames_and_no_secret(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """1,000 failed logins (a wrong secret and an unknown name, alternately): each refusal
    carries only its own short traceback, and once they are handled no frame of
    `authenticate` is left holding the secret. scrypt's cost is lowered for the test (the
    failure path is what is tested, not the hash's strength): the real cost takes a second
    per 20 attempts."""
    monkeypatch.setattr(accounts, "_N", 2**4)
    db = Database(f"sqlite+aiosqlite:///{tmp_path / 'hall.db'}")
    await db.migrate()
    try:
        await accounts.register(db, "Ann", "the right secret")
        secret = "wrong-" + secrets.token_hex(8)  # made at run time: no constant refers to it
        last: LobbyError | None = None
        for attempt in range(ATTEMPTS):
            name = "Ann" if attempt % 2 else "Nobody"
            with pytest.raises(LobbyError) as caught:
                await accounts.authenticate(db, name, secret)
            assert caught.value.code == "bad_secret"
            assert caught.value is not last
            last = caught.value
        del caught
        gc.collect()
        assert len(_frames_holding(secret)) <= 2  # the last refusal's own, until it goes too
        assert last is not None
        assert len(_frames(last)) < 20
        del last
        gc.collect()
        assert _frames_holding(secret) == []
    finally:
        await db.close()


def test_no_module_keeps_an_exception_instance() -> None:
    """Across src/: no module (nor a class in one) keeps a raised-to-be exception, alone or
    in a collection; refusals are made by functions at the raise."""
    kept: list[str] = []
    for found in pkgutil.walk_packages(pokerhall.__path__, "pokerhall."):
        if ".migrations" in found.name or found.name.endswith("__main__"):
            continue
        module = importlib.import_module(found.name)
        for name, value in vars(module).items():
            holders = [(name, value)]
            if isinstance(value, type) and value.__module__ == module.__name__:
                holders += [(f"{name}.{attr}", item) for attr, item in vars(value).items()]
            for where, item in holders:
                items = item.values() if isinstance(item, dict) else item
                if isinstance(item, BaseException) or (
                    isinstance(item, list | tuple | set | frozenset | dict)
                    and any(isinstance(element, BaseException) for element in items)
                ):
                    kept.append(f"{found.name}.{where}")
    assert kept == []
