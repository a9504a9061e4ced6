"""The bot client's tests run on asyncio (`anyio_backend`) under the suite's hang guard
(tests/conftest.py); the server they play on is the `served` fixture (tests/serving.py)."""
