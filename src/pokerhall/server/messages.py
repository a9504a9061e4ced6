"""Messages on the wire, validated with pydantic. Every WebSocket message carries `"v": 1`.

Client → server: hello (first; carries the seat token or none for spectators), move, sync, ping.
Server → client: welcome, state, update, error, pong, table. See docs/protocol.md.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, TypeAdapter, ValidationError

PROTOCOL_VERSION = 1
MAX_MESSAGE_CHARS = 4_096


class ProtocolError(Exception):
    """A message the server cannot take; `code` is machine-readable, `reason` is for people."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    v: Literal[1]


class Hello(_Message):
    type: Literal["hello"]
    token: Annotated[str, StringConstraints(min_length=10, max_length=100)] | None = None


class MoveMessage(_Message):
    type: Literal["move"]
    move: dict[str, Any]


class Sync(_Message):
    type: Literal["sync"]


class Ping(_Message):
    type: Literal["ping"]


ClientMessage = Annotated[Hello | MoveMessage | Sync | Ping, Field(discriminator="type")]
_client_message: TypeAdapter[Hello | MoveMessage | Sync | Ping] = TypeAdapter(ClientMessage)


def parse_client_message(text: str) -> Hello | MoveMessage | Sync | Ping:
    """Decode and validate one client message; ProtocolError names what is wrong."""
    if len(text) > MAX_MESSAGE_CHARS:
        raise ProtocolError("too_large", f"messages may be at most {MAX_MESSAGE_CHARS} characters")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ProtocolError(
            "bad_json", f"not valid JSON: {exc.msg} at column {exc.colno}"
        ) from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", "a message must be a JSON object")
    if data.get("v") != PROTOCOL_VERSION:
        raise ProtocolError(
            "bad_version", f"unsupported protocol version {data.get('v')!r}; use {PROTOCOL_VERSION}"
        )
    try:
        return _client_message.validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "message"
        raise ProtocolError("bad_message", f"{where}: {first['msg']}") from None


def server_message(type: str, **data: Any) -> str:
    return json.dumps({"v": PROTOCOL_VERSION, "type": type, **data}, separators=(",", ":"))


def error_message(code: str, reason: str) -> str:
    return server_message("error", code=code, reason=reason)


# --- HTTP lobby bodies -----------------------------------------------------------------------

Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=40)]


class CreateTable(BaseModel):
    """A new table. Options are the game's own (see docs/protocol.md); they are checked by
    starting a trial game, so an impossible table is refused before anyone sits down."""

    model_config = ConfigDict(extra="forbid")
    game: Annotated[str, StringConstraints(max_length=40)] = "quizpoker"
    name: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=80)] = (
        "QuizPoker table"
    )
    options: dict[str, Any] = Field(default_factory=dict)
    seats: int = Field(default=4, ge=2, le=10)
    bots: int = Field(default=0, ge=0, le=10, description="Seats filled by bots at once.")
    bot_kind: Annotated[str, StringConstraints(max_length=20)] = "heuristic"
    turn_clock: float | None = Field(
        default=60.0, ge=1.0, le=3600.0, description="Seconds per turn; null for no clock."
    )
    bot_delay: float = Field(
        default=0.0, ge=0.0, le=10.0, description="Mean seconds a bot waits before moving."
    )
    bot_takeover: bool = Field(default=True, description="A bot plays for a player who left.")


class JoinTable(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Name


class SeatToken(BaseModel):
    seat: int
    token: str = Field(description="Secret: send it in the WebSocket hello to act for the seat.")


class SeatInfo(BaseModel):
    seat: int
    name: str | None
    kind: Literal["human", "bot", "empty"]
    left: bool = False


class TableInfo(BaseModel):
    id: str
    name: str
    game: str
    ruleset: str | None
    options: dict[str, Any]
    status: Literal["open", "running", "finished"]
    seats: list[SeatInfo]
    turn_clock: float | None
    bot_delay: float
    bot_takeover: bool
    seed_sha256: str = Field(description="Hash of the secret seed, published before the deal.")
    seed: int | None = Field(default=None, description="Revealed once the game is over.")
    result: dict[str, Any] | None = None
