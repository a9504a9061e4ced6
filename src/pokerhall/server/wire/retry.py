"""Refusals a client may simply repeat later: too many requests (429, `ratelimit.py`) or a
full secret-hashing pool (503, `hashing.py`). Answered with `Retry-After` over HTTP and with
`params.retry_after` on a WebSocket; docs/protocol.md lists them."""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from pokerhall.server.wire.messages import error_message
from pokerhall.server.wire.refusal import LobbyError


class RetryLater(LobbyError):
    """A refusal the client may repeat after `retry_after` seconds; nothing was done."""

    def __init__(self, status: int, reason: str, code: str, retry_after: int) -> None:
        super().__init__(status, reason, code, {"retry_after": retry_after})
        self.retry_after = retry_after

    def ws_error(self) -> str:
        return error_message(self.code or "rate_limited", self.reason, params=self.params)


class RateLimited(RetryLater):
    def __init__(self, retry_after: int) -> None:
        reason = f"too many requests; try again in {retry_after} seconds"
        super().__init__(429, reason, "rate_limited", retry_after)


def answer_with_retry_after(app: FastAPI) -> None:
    """Answer a RetryLater as any lobby error, with its `Retry-After` header."""

    @app.exception_handler(RetryLater)
    async def retry_later(_request: Request, exc: RetryLater) -> JSONResponse:
        body = {"detail": exc.reason, "code": exc.code, "params": exc.params}
        headers = {"Retry-After": str(exc.retry_after)}
        return JSONResponse(body, status_code=exc.status, headers=headers)
