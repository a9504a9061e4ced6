"""The chat of a running table: a message is stored, then sent to the connections that may read
it; the host's switch sends everyone their history again (the rules of who reads what are in
`chat.py`)."""

from __future__ import annotations

import logging
from typing import Literal

from pokerhall.engine import JSON
from pokerhall.server.store.db import Database
from pokerhall.server.store.models import ChatRow, utcnow
from pokerhall.server.tables.chat import ChatEntry, ChatLog
from pokerhall.server.tables.commands import ChatCommand, ChatSettingsCommand
from pokerhall.server.tables.seat_control import Seats
from pokerhall.server.tables.sending import Sender
from pokerhall.server.wire.chat_text import ChatRefused
from pokerhall.server.wire.messages import server_message

log = logging.getLogger("pokerhall.server")


class TableChat:
    def __init__(
        self, table_id: str, db: Database, chat: ChatLog, *, seats: Seats, sender: Sender
    ) -> None:
        self._table_id = table_id
        self._db = db
        self._chat = chat
        self._seats = seats
        self._sender = sender

    def history(self, seat: int | None) -> JSON:
        """The recent chat this seat (None: a spectator) may read, and who sets it."""
        return {
            "messages": self._chat.history(seat),
            "spectators_shown": self._chat.spectators_shown,
            "host": self._seats.host(),
        }

    async def message(self, command: ChatCommand) -> None:
        seat = command.seat
        kind: Literal["text", "reaction"] = "text" if command.reaction is None else "reaction"
        entry = ChatEntry(
            seq=self._chat.last_seq + 1,
            channel="spectators" if seat is None else "players",
            seat=seat,
            name=command.name if seat is None else None,
            kind=kind,
            text=command.reaction or command.text or "",
            at=utcnow(),
        )
        try:
            await self._db.add_chat(
                ChatRow(
                    table_id=self._table_id,
                    seq=entry.seq,
                    seat=entry.seat,
                    name=entry.name,
                    channel=entry.channel,
                    kind=entry.kind,
                    text=entry.text,
                    created_at=entry.at,
                )
            )
        except Exception:
            log.exception("table %s: could not save chat message %d", self._table_id, entry.seq)
            command.reply.set_exception(
                ChatRefused("chat_not_saved", "the chat message could not be saved")
            )
            return
        self._chat.add(entry)
        command.reply.set_result(None)
        text = server_message("chat", message=entry.to_json())
        self._sender.send_where(text, lambda reader: self._chat.readable(entry, reader))

    async def settings(self, command: ChatSettingsCommand) -> None:
        if command.seat is None or command.seat != self._seats.host():
            command.reply.set_exception(
                ChatRefused("chat_not_host", "only the table's host may change the chat")
            )
            return
        shown = command.spectators_shown
        if shown != self._chat.spectators_shown:
            await self._db.set_spectator_chat_shown(self._table_id, shown)
            self._chat.spectators_shown = shown
            # Everyone's history changes with it (players gain or lose a channel): each
            # audience gets its own again, built once.
            histories: dict[bool, str] = {}
            for conn in self._sender.live_connections():
                player = conn.seat is not None
                if player not in histories:
                    histories[player] = server_message("chat_history", **self.history(conn.seat))
                conn.send(histories[player])
        command.reply.set_result(None)
