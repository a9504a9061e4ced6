"""Table chat: short messages and quick reactions, kept with the table.

Two channels. The players' channel is written by the seats and read by everyone at the table
(seats and spectators: watchers hear the table talk, as in a card room). The spectators'
channel is written by spectators and read by spectators; the players read it too only when the
table's host switches it on (off by default), so people watching cannot coach or distract the
players unless the table wants them to. The host is the table's creator's seat while the
creator (`creator.py`) plays it, else the lowest seat still played by the person who took it
(`seat_control.Seats.host`).

What a message may hold, and how often one may be sent, is the wire's (`wire/chat_text.py`),
checked as the message is read.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from pokerhall.engine import JSON
from pokerhall.server.store.models import ChatRow

HISTORY = 50
"""Messages a (re)connecting client gets of the channels it may read, and the most each
channel keeps in memory."""

Channel = Literal["players", "spectators"]


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
