"""Table chat: short messages and quick reactions, kept with the table.

Two channels. The players' channel is written by the seats and read by everyone at the table
(seats and spectators: watchers hear the table talk, as in a card room). The spectators'
channel is written by spectators and read by spectators; the players read it too only when the
table's host switches it on (off by default), so people watching cannot coach or distract the
players unless the table wants them to. The host is the table's creator's seat while the
creator (`creator.py`) plays it, else the lowest seat still played by the person who took it
(`seat_control.Seats.host`).

What a message may hold is checked here, the same for every game: at most `MAX_CHAT_CHARS`
characters once NFC-normalised and trimmed (a longer one is refused, never cut), no control
or invisible characters (which garble logs and screens or turn text around; the one rule for
every text, `content/text.py`), not empty. Clients
show the text as text, never as markup. A reaction is one of `REACTIONS`, an id that each
client words in its reader's language.
"""

from __future__ import annotations

import unicodedata
from collections import deque
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Literal

from pokerhall.content.text import code_point, refused_character
from pokerhall.engine import JSON

if TYPE_CHECKING:  # models imports messages, which imports this module
    from pokerhall.server.store.models import ChatRow

MAX_CHAT_CHARS = 200
CHAT_RATE = 1.0
"""Chat messages a second per connection, on average (`connection.RateLimiter`) ..."""
CHAT_BURST = 3
"""... in bursts of at most this many."""
HISTORY = 50
"""Messages a (re)connecting client gets of the channels it may read, and the most each
channel keeps in memory."""
REACTIONS = ("thumbs_up", "laugh", "wow", "gg", "nice_hand")
"""Quick reactions, by id: 👍 😂 😮 "gg" "nice hand" (worded by the client)."""

Channel = Literal["players", "spectators"]
Reaction = Literal["thumbs_up", "laugh", "wow", "gg", "nice_hand"]


class ChatRefused(Exception):
    """A chat message that is not taken; `code` (with `params`) is sent as the error's code."""

    def __init__(self, code: str, reason: str, **params: int | str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.params = params


def clean_text(text: str) -> str:
    """The message as stored and shown: NFC, trimmed. Raises ChatRefused."""
    text = unicodedata.normalize("NFC", text).strip()
    if not text:
        raise ChatRefused("chat_empty", "a chat message needs some text")
    if len(text) > MAX_CHAT_CHARS:
        raise ChatRefused(
            "chat_too_long",
            f"a chat message may be at most {MAX_CHAT_CHARS} characters",
            max=MAX_CHAT_CHARS,
        )
    refused = refused_character(text)
    if refused is not None:
        raise ChatRefused(
            "chat_character",
            f"chat messages may not contain control or invisible characters "
            f"(found U+{code_point(refused)})",
            char=code_point(refused),
        )
    return text


@dataclass(frozen=True)
class ChatEntry:
    seq: int
    channel: Channel
    seat: int | None
    name: str | None
    kind: Literal["text", "reaction"]
    text: str
    at: datetime

    def to_json(self) -> JSON:
        return {
            "seq": self.seq,
            "channel": self.channel,
            "seat": self.seat,
            "name": self.name,
            "text": self.text if self.kind == "text" else None,
            "reaction": self.text if self.kind == "reaction" else None,
            "at": self.at.isoformat(),
        }


def chat_entry(row: ChatRow) -> ChatEntry:
    """A stored message as the table keeps it."""
    return ChatEntry(
        seq=row.seq,
        channel="spectators" if row.channel == "spectators" else "players",
        seat=row.seat,
        name=row.name,
        kind="reaction" if row.kind == "reaction" else "text",
        text=row.text,
        at=row.created_at,
    )


class ChatLog:
    """A table's recent chat in memory (the database has all of it) and the host's switch."""

    def __init__(self, recent: list[ChatEntry], spectators_shown: bool) -> None:
        self.channels: dict[Channel, deque[ChatEntry]] = {
            "players": deque(maxlen=HISTORY),
            "spectators": deque(maxlen=HISTORY),
        }
        for entry in sorted(recent, key=lambda e: e.seq):
            self.channels[entry.channel].append(entry)
        self.last_seq = max((e.seq for e in recent), default=0)
        self.spectators_shown = spectators_shown

    def add(self, entry: ChatEntry) -> None:
        self.channels[entry.channel].append(entry)
        self.last_seq = max(self.last_seq, entry.seq)

    def readable(self, entry: ChatEntry, seat: int | None) -> bool:
        """Whether a connection at `seat` (None: a spectator) may read the entry."""
        return entry.channel == "players" or seat is None or self.spectators_shown

    def history(self, seat: int | None) -> list[JSON]:
        """The last HISTORY messages a connection at `seat` may read, oldest first."""
        entries = [e for channel in self.channels.values() for e in channel]
        visible = sorted((e for e in entries if self.readable(e, seat)), key=lambda e: e.seq)
        return [e.to_json() for e in visible[-HISTORY:]]
