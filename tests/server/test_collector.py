"""The garbage collector settled for a long-running server (`server/collector.py`): the
start-up heap and the survivors of each full collection are frozen, and a sweep unfreezes
everything now and then so that frozen garbage cycles are freed."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Iterator

import pytest

from pokerhall.server import collector

pytestmark = pytest.mark.anyio
TIMEOUT = 10.0


@pytest.fixture
def thawed() -> Iterator[None]:
    """The test process's collector as it was: nothing frozen afterwards."""
    gc.unfreeze()
    yield
    gc.unfreeze()


class Cycle:
    def __init__(self) -> None:
        self.me = self


async def until(condition: object) -> None:
    async with asyncio.timeout(TIMEOUT):
        while not condition():  # type: ignore[operator]
            await asyncio.sleep(0.005)


async def test_start_up_and_full_collection_survivors_are_frozen_and_swept(
    thawed: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    collector.settle_after_start_up()
    assert gc.get_freeze_count() > 0
    monkeypatch.setattr(collector, "CHECK_SECONDS", 0.01)
    monkeypatch.setattr(collector, "SWEEP_SECONDS", 3600.0)
    task = asyncio.create_task(collector.keep_long_lived_frozen())
    await asyncio.sleep(0)  # the task takes note of the collections so far
    try:
        victim = Cycle()
        alive = weakref.ref(victim)
        frozen = gc.get_freeze_count()
        gc.collect()  # a full collection: the victim survives it, so it is long-lived
        await until(lambda: gc.get_freeze_count() > frozen)
        del victim  # garbage now, but only a cycle: refcounting cannot free it
        gc.collect()
        assert alive() is not None  # frozen: no collection walks it
        monkeypatch.setattr(collector, "SWEEP_SECONDS", 0.0)
        await until(lambda: alive() is None)  # the sweep found it
    finally:
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
