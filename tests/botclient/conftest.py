"""The bot client's tests: async tests on asyncio, and a guard that ends a hung test. The
server they play on is the `served` fixture (tests/conftest.py, tests/serving.py)."""

from __future__ import annotations

import faulthandler
import sys
from collections.abc import Iterator

import pytest

HANG_GUARD_SECONDS = 120


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(autouse=True)
def hang_guard() -> Iterator[None]:
    faulthandler.dump_traceback_later(HANG_GUARD_SECONDS, exit=True, file=sys.stderr)
    yield
    faulthandler.cancel_dump_traceback_later()
