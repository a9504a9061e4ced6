"""Messages on the wire, validated with pydantic. Every WebSocket message carries `"v": 1`.

Client → server: hello (first; carries the seat token or none for spectators), move, sync, ping,
chat, chat_settings, next_hand. Server → client: welcome, state, update, error, pong, table,
presence, chat, chat_history, result_pause. See docs/protocol.md.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Mapping
from typing import Annotated, Any, Literal

import orjson
from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictBool,
    StringConstraints,
    TypeAdapter,
    ValidationError,
    model_validator,
)
from pydantic_core import PydanticCustomError

from pokerhall.content.text import code_point, refused_character
from pokerhall.engine import registry
from pokerhall.server.wire.chat_text import ChatRefused, Reaction, clean_text
from pokerhall.server.wire.names import MAX_NAME_CHARS

PROTOCOL_VERSION = 1
MAX_MESSAGE_CHARS = 4_096
WS_MAX_FRAME_BYTES = 65_536
"""uvicorn's `ws_max_size`: larger frames are refused before they reach us. Above
MAX_MESSAGE_CHARS, so an oversized message still gets our own clear error."""
MAX_NESTING = 32
"""Deepest nesting of arrays and objects in a message. Moves are flat; a deeper message only
serves to exhaust the stack of whatever walks it next (the engine copies every move as JSON)."""
LONGEST_CLOCK = 7 * 24 * 3600.0
"""A turn clock may be as long as a week: slow play over days, for players who take their time
(the clock is stored as wall-clock deadlines, so restarts keep it, `tables/clock.py`)."""
TURN_BASED_CLOCK = 3600.0
"""A table whose turn clock is at least an hour is turn-based: listed so in the lobby, and its
players may be mailed when their turn comes (`server/people/notices.py`). Below an hour a
player is expected to stay at the table; a table with no clock is not turn-based either (nobody
is waiting on a deadline, and live tables are created without one too)."""


def is_turn_based(turn_clock: float | None) -> bool:
    """Whether a table with this clock is played turn by turn (`TURN_BASED_CLOCK`)."""
    return turn_clock is not None and turn_clock >= TURN_BASED_CLOCK


_TOO_DEEP = f"arrays and objects may be nested at most {MAX_NESTING} deep"


class _Inexact(str):
    """A JSON number with a fraction or an exponent, kept as the text it was written as.

    Such numbers are refused (`_find_inexact`): read as floats they would lose digits
    ("1234567890123456.7" becomes ...6.8) or change form (1.0e5 becomes "100000.0") before any
    game sees them, and no move needs one; exact numbers travel as text (Q1 for QuizPoker).
    """


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


class ProtocolError(Exception):
    """A message the server cannot take; `code` is machine-readable, `reason` is for people,
    `params` the values a client needs to word the code (a chat message's most characters)."""

    def __init__(self, code: str, reason: str, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.params = dict(params or {})


# --- names (players, spectators, tables) -----------------------------------------------------


def _clean_name(max_length: int) -> AfterValidator:
    """NFC-normalise a name and refuse the characters no text may hold (`content/text.py`).
    Normalising here means every layer behind the lobby sees one spelling for one look: a
    composed "Ånn" and "A" + combining ring + "nn" become equal, so the hall's casefolded
    duplicate check catches them. The length is checked again because NFC lengthens a few
    characters, and the database column is that long. A name someone takes for a seat or an
    account is held to more (`names.person_name`)."""

    def clean(name: str) -> str:
        name = unicodedata.normalize("NFC", name)
        if len(name) > max_length:
            raise PydanticCustomError(
                "string_too_long",
                "String should have at most {max_length} characters once normalised",
                {"max_length": max_length},
            )
        refused = refused_character(name)
        if refused is not None:
            raise PydanticCustomError(
                "name_character",
                "names may not contain control or invisible characters (found U+{code})",
                {"code": code_point(refused)},
            )
        return name

    return AfterValidator(clean)


def _sent_at_most(max_length: int) -> BeforeValidator:
    """The schema's `maxLength` holds for the name as sent, before it is trimmed (a name of 40
    letters after a stray tab is 41 characters: refused, as the published schema says)."""

    def check(value: object) -> object:
        if isinstance(value, str) and len(value) > max_length:
            raise PydanticCustomError(
                "string_too_long",
                "String should have at most {max_length} characters",
                {"max_length": max_length},
            )
        return value

    return BeforeValidator(check)


Name = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_NAME_CHARS),
    _sent_at_most(MAX_NAME_CHARS),
    _clean_name(MAX_NAME_CHARS),
]
TableName = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=80),
    _sent_at_most(80),
    _clean_name(80),
]


# --- WebSocket messages ----------------------------------------------------------------------


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    v: Literal[1]


class Hello(_Message):
    type: Literal["hello"]
    token: Annotated[str, StringConstraints(min_length=10, max_length=100)] | None = None
    code: Annotated[str, StringConstraints(min_length=1, max_length=40)] | None = None
    """A private table's join code, for watching it without a seat (`tables/access.py`)."""


class MoveMessage(_Message):
    type: Literal["move"]
    move: dict[str, Any]


class Sync(_Message):
    type: Literal["sync"]


class Ping(_Message):
    type: Literal["ping"]


class NextHand(_Message):
    """A seated player has seen the hand's result: ends the result pause once every person
    still playing has sent it (`runtime.TableRuntime.next_hand`)."""

    type: Literal["next_hand"]


def _chat_text(text: str) -> str:
    """The chat's own rules (`chat_text.clean_text`) as a validation error whose type is the
    refusal's code (`chat_too_long`, ...), which `parse_client_message` sends as it is."""
    try:
        return clean_text(text)
    except ChatRefused as exc:
        raise PydanticCustomError(exc.code, exc.reason, exc.params) from None


ChatText = Annotated[
    str, StringConstraints(max_length=MAX_MESSAGE_CHARS), AfterValidator(_chat_text)
]


class ChatMessage(_Message):
    """A chat message (`text`) or a quick reaction (`reaction`), exactly one of them. A
    spectator may sign it with a `name` (a seat's message is signed by its seat; a name sent
    with one is ignored)."""

    type: Literal["chat"]
    text: ChatText | None = None
    reaction: Reaction | None = None
    name: Name | None = None

    @model_validator(mode="after")
    def _one_of_text_or_reaction(self) -> ChatMessage:
        if (self.text is None) == (self.reaction is None):
            raise PydanticCustomError("chat_empty", "send either a text or a reaction", {})
        return self


class ChatSettings(_Message):
    """The host's switch: show the spectators' chat to the players too (see `chat.py`)."""

    type: Literal["chat_settings"]
    spectators_shown: StrictBool


AnyClientMessage = Hello | MoveMessage | Sync | Ping | ChatMessage | ChatSettings | NextHand
ClientMessage = Annotated[AnyClientMessage, Field(discriminator="type")]
_client_message: TypeAdapter[AnyClientMessage] = TypeAdapter(ClientMessage)


def parse_client_message(text: str) -> AnyClientMessage:
    """Decode and validate one client message; ProtocolError names what is wrong."""
    if len(text) > MAX_MESSAGE_CHARS:
        raise ProtocolError("too_large", f"messages may be at most {MAX_MESSAGE_CHARS} characters")
    inexact_numbers: list[str] = []

    def inexact(literal: str) -> _Inexact:
        inexact_numbers.append(literal)
        return _Inexact(literal)

    try:
        data = json.loads(text, parse_float=inexact, parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        raise ProtocolError(
            "bad_json", f"not valid JSON: {exc.msg} at column {exc.colno}"
        ) from None
    except RecursionError:
        raise ProtocolError("bad_json", _TOO_DEEP) from None
    except ValueError:  # e.g. a number too long for Python's int
        raise ProtocolError("bad_json", "not valid JSON") from None
    # nesting needs brackets: most messages have too few to be deep, and skip the walk
    if text.count("[") + text.count("{") > MAX_NESTING and _nesting(data) > MAX_NESTING:
        raise ProtocolError("bad_json", _TOO_DEEP)
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", "a message must be a JSON object")
    version = data.get("v")
    if type(version) is not int or version != PROTOCOL_VERSION:  # true and 1.0 are not 1
        shown = version if isinstance(version, _Inexact) else repr(version)
        raise ProtocolError(
            "bad_version", f"unsupported protocol version {shown}; use {PROTOCOL_VERSION}"
        )
    found = _find_inexact(data) if inexact_numbers else None  # the walk only when there is one
    if found is not None:
        where, literal = found
        raise ProtocolError(
            "bad_message",
            f"{where}: {literal} would lose digits as a JSON number; send numbers with a "
            'fraction as text, in plain digits (e.g. "83.2")',
        )
    try:
        return _client_message.validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        if first["type"].startswith("chat_"):  # the chat's own refusals keep their code
            raise ProtocolError(first["type"], first["msg"], first.get("ctx")) from None
        where = ".".join(str(p) for p in first["loc"]) or "message"
        raise ProtocolError("bad_message", f"{where}: {first['msg']}") from None


def _find_inexact(data: Any) -> tuple[str, str] | None:
    """Where the first number with a fraction or an exponent is (as "move.value") and how it
    was written; None when there is none. Called only on messages no deeper than MAX_NESTING."""
    todo: list[tuple[Any, str]] = [(data, "")]
    while todo:
        value, where = todo.pop(0)
        if isinstance(value, _Inexact):
            return where or "message", str(value)
        if isinstance(value, dict):
            todo.extend((item, f"{where}.{key}" if where else key) for key, item in value.items())
        elif isinstance(value, list):
            todo.extend((item, f"{where}.{i}" if where else str(i)) for i, item in enumerate(value))
    return None


def _nesting(data: Any) -> int:
    """How deeply arrays and objects nest in `data` (0 for a scalar). Iterative, so a deep
    message cannot exhaust the stack here; a message is at most 4 KiB, so this is cheap."""
    deepest = 0
    todo: list[tuple[Any, int]] = [(data, 1)]
    while todo:
        value, depth = todo.pop()
        if isinstance(value, dict):
            value = list(value.values())
        elif not isinstance(value, list):
            continue
        deepest = max(deepest, depth)
        todo.extend((item, depth + 1) for item in value)
    return deepest


_ENCODER = json.JSONEncoder(separators=(",", ":"))
"""Made once: `json.dumps` with any option builds a new encoder for every message."""


def server_message(type: str, **data: Any) -> str:
    """One server message as JSON text. orjson writes it (a 2 KB update in about 5 µs against
    the standard encoder's 35 µs; up to four go out per move, see bench/README.md).

    orjson's plain call comes first: no game's view or event has a key that is not a string,
    and asking orjson to accept such keys (`OPT_NON_STR_KEYS`) costs about 40 % more on every
    message. A message that has one is refused, and written again with integer keys as strings,
    as `json` writes them; the standard encoder takes what orjson refuses even then (integers
    beyond 64 bits), so every message `json` could write is still sent, with the same text."""
    message = {"v": PROTOCOL_VERSION, "type": type, **data}
    try:
        return orjson.dumps(message).decode()
    except orjson.JSONEncodeError:
        pass
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except orjson.JSONEncodeError:
        return _ENCODER.encode(message)


def error_message(
    code: str,
    reason: str,
    message: Mapping[str, Any] | None = None,
    params: Mapping[str, Any] | None = None,
) -> str:
    """`message`: the reason as a game's catalog message, so the client can show it in the
    player's language (an `IllegalMove` that carries one); `reason` stays its English text.
    `params`: the values the code's wording needs (left out when there are none)."""
    extra: dict[str, Any] = {}
    if message is not None:
        extra["message"] = dict(message)
    if params:
        extra["params"] = dict(params)
    return server_message("error", code=code, reason=reason, **extra)


# --- HTTP lobby bodies -----------------------------------------------------------------------


class CreateTable(BaseModel):
    """A new table. Options are the game's own (see docs/protocol.md); they are checked by
    starting a trial game, so an impossible table is refused before anyone sits down."""

    model_config = ConfigDict(extra="forbid")
    game: Annotated[str, StringConstraints(max_length=40)] = Field(
        default_factory=lambda: registry.infos()[0].name,
        description="A game or alias from /api/games; the hall's first game if left out.",
    )
    name: TableName | None = Field(
        default=None, description="The table's name; the game's title if left out."
    )
    options: dict[str, Any] = Field(default_factory=dict)
    seats: int = Field(default=4, ge=2, le=10, strict=True)
    bots: int = Field(
        default=0, ge=0, le=10, strict=True, description="Seats filled by bots at once (< seats)."
    )
    bot_kind: Annotated[str, StringConstraints(max_length=20)] | None = Field(
        default=None, description="The kind of the table's bots; null for the game's default bot."
    )
    turn_clock: float | None = Field(
        default=60.0,
        ge=1.0,
        le=LONGEST_CLOCK,
        allow_inf_nan=False,
        strict=True,
        description="Seconds per turn, up to a week; null for no clock. A clock of an hour or "
        "more makes the table turn-based (`TableInfo.turn_based`).",
    )
    bot_delay: float = Field(
        default=0.0,
        ge=0.0,
        le=10.0,
        allow_inf_nan=False,
        strict=True,
        description="Mean seconds a bot waits before moving.",
    )
    result_pause: float | None = Field(
        default=None,
        ge=0.0,
        le=60.0,
        allow_inf_nan=False,
        strict=True,
        description="Seconds the end of each hand stays on the table before the next goes on "
        "(sooner when every player has pressed Next hand); null for the game's default "
        "(`result_pause` in /api/games), 0 for no pause.",
    )
    bot_takeover: StrictBool = Field(
        default=True,
        description="A bot plays for a player who left, in a game that allows it (its "
        "`on_leave` is `bot`); where leaving resigns the seat the table keeps false.",
    )
    private: StrictBool = Field(
        default=False,
        description="Not listed in the lobby; joined only with its join code (by link or typed).",
    )


class ErrorBody(BaseModel):
    """Every error the HTTP API answers (4xx, and a bare 500 for a bug)."""

    detail: str = Field(description="The reason, for people; never the rejected input.")
    code: str | None = Field(
        default=None,
        description="For some refusals, the reason's name, which clients translate "
        "(e.g. not_drawn, seat_reserved, name_taken, signup_closed, bad_secret).",
    )


JoinCode = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=12)]


class JoinTable(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Name
    code: JoinCode | None = Field(
        default=None, description="A private table's join code (in its link, or typed)."
    )
    creator: Annotated[str, StringConstraints(max_length=100)] | None = Field(
        default=None,
        description="The creator token from the table's creation: the seat taken becomes the "
        "creator's, and its seat token proves it from then on.",
    )


class SeatToken(BaseModel):
    seat: int
    token: str = Field(description="Secret: send it in the WebSocket hello to act for the seat.")


class Invite(BaseModel):
    """The creator invites a bot account (`POST /api/bots`) to a seat of their open table."""

    model_config = ConfigDict(extra="forbid")
    bot: Name = Field(description="The bot account's name.")


class BotAccountInfo(BaseModel):
    id: str
    name: str
    bot_account: bool = Field(default=True, description="Always true: a program's account.")


class AddBot(BaseModel):
    model_config = ConfigDict(extra="forbid")
    bot_kind: Annotated[str, StringConstraints(max_length=20)] | None = Field(
        default=None,
        description="One of the game's bots (its `bot_levels`); the table's kind if left out.",
    )


class Excuse(BaseModel):
    model_config = ConfigDict(extra="forbid")
    excused: bool = Field(
        default=True,
        description="True excuses the player ahead of time (W12 of Slovní poker: the turn "
        "clock's moves are not time-outs); false takes the excuse back.",
    )


class RematchInfo(BaseModel):
    """The table a finished table's players were invited to by "Play again"."""

    table: str
    by: str | None = Field(description="The name of the player who opened it.")
    status: Literal["open", "running", "finished"]


class SeatInfo(BaseModel):
    seat: int
    name: str | None
    kind: Literal["human", "bot", "empty"]
    left: bool = False
    reserved: bool = Field(
        default=False,
        description="Kept for a player who has not yet come: one a league drew here, or one "
        "the table's creator invited (`invited`).",
    )
    invited: bool = Field(
        default=False,
        description="The table's creator invited this account (a bot account, or a person they "
        "follow) to the seat; `reserved` until it is taken.",
    )
    held_for: str | None = Field(
        default=None,
        description="An empty seat a rematch keeps (until the table's `held_until`) for the "
        "last game's player of this name, who takes it with Play again.",
    )
    excused: bool = Field(
        default=False,
        description="The player is excused ahead of time: the clock's moves are not time-outs.",
    )
    bot_account: bool = Field(
        default=False,
        description="A bot account's seat (a program plays it), which the table's creator "
        "invited; `reserved` until the program claims it. Shown with a bot mark.",
    )
    rating: int | None = Field(
        default=None,
        description="The seat's player's rating at the table's game and ruleset (the figure "
        "shown, 1000 + 40 (mu - 3 sigma), docs/ratings.md); null for a guest, a bot, or an "
        "account that has no rated table of this game and ruleset yet.",
    )
    signed_in: bool = Field(
        default=False,
        description="A signed-in player's seat: the name is their account's, whose profile is "
        "at /api/players/{name}. Otherwise a guest's name, which anybody may take.",
    )


class TableInfo(BaseModel):
    id: str
    name: str
    game: str
    web_module: bool = Field(
        default=False, description="The game has its own browser module (see /api/games)."
    )
    ruleset: str | None
    options: dict[str, Any]
    status: Literal["open", "running", "finished"]
    seats: list[SeatInfo]
    turn_clock: float | None
    turn_based: bool = Field(
        default=False,
        description="The turn clock is an hour or more: played turn by turn, over hours or days.",
    )
    bot_delay: float
    result_pause: float = Field(
        default=0.0, description="Seconds the end of each hand stays on the felt (CreateTable)."
    )
    bot_takeover: bool
    rated: bool = Field(
        default=False,
        description="The places will update the players' ratings: every seat taken is a "
        "person signed in (docs/ratings.md).",
    )
    unrated_reason: Literal["bots", "bot_account", "guests", "same_account"] | None = Field(
        default=None,
        description="Why the table is not rated: a bot plays a seat (bots), a bot account does "
        "(bot_account), a seat was taken by name only (guests), one account holds two seats "
        "(same_account); null when it is rated.",
    )
    anyone_starts: bool = Field(
        default=False,
        description="Any seated player may start the table early: its creator gave their seat "
        "up before the start (otherwise only the creator may; a league table, its organiser).",
    )
    seed_sha256: str = Field(description="Hash of the secret seed, published before the deal.")
    seed: str | None = Field(
        default=None,
        description="Revealed once the game is over, as decimal digits: a string, because seeds "
        "go past 2**53, which JavaScript numbers cannot hold exactly (the published hash is the "
        "SHA-256 of exactly this text).",
    )
    result: dict[str, Any] | None = None
    private: bool = Field(default=False, description="Not listed; joined with its code only.")
    uploaded_pack: str | None = Field(
        default=None,
        description="The id of the uploaded content pack (`POST /api/packs`) the table plays, "
        "if it plays one: whoever uploaded it, perhaps the table's own creator, may know every "
        "answer, so clients tell everyone who joins.",
    )
    rematch_of: str | None = Field(default=None, description="The table this one replays.")
    held_until: float | None = Field(
        default=None,
        description="A rematch keeps its seats for the old table's players until this time "
        "(seconds since the epoch); null when nothing is held.",
    )
    rematch: RematchInfo | None = Field(
        default=None, description='The new table opened from this one by "Play again".'
    )


class CreatedTable(TableInfo):
    """The new table, with what only its creator is told."""

    creator_token: str = Field(
        description="Secret: proves the creator (their controls); send it as `creator` when "
        "taking a seat, and that seat's token proves it from then on."
    )
    join_code: str | None = Field(default=None, description="A private table's join code.")


class RematchSeat(BaseModel):
    """A seat at the new table opened by "Play again"."""

    table: str
    seat: int
    token: str = Field(description="Secret: the seat token at the new table.")
    join_code: str | None = None
    creator: bool = Field(description="This player opened the new table (its creator).")


# --- accounts (a league player, a bot account) ------------------------------------------------

Secret = Annotated[str, StringConstraints(min_length=8, max_length=200)]


class Account(BaseModel):
    """A player's name and secret: who signs up and who takes a drawn seat."""

    model_config = ConfigDict(extra="forbid")
    name: Name
    secret: Secret = Field(description="At least 8 characters; stored only as a scrypt hash.")


class RatingEntry(BaseModel):
    """One line of a leaderboard (`GET /api/ratings/{game}`)."""

    place: int = Field(description="1 for the best; equal ratings share a place.")
    player: str = Field(description="The account's name.")
    rating: int = Field(description="The figure shown: 1000 + 40 (mu - 3 sigma), rounded.")
    mu: float
    sigma: float
    tables: int = Field(description="The rated tables the rating was learnt from.")


class Leaderboard(BaseModel):
    game: str
    ruleset: str
    players: list[RatingEntry] = Field(description="Best first (by mu - 3 sigma).")
