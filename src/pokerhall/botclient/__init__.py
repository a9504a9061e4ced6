"""A bot for any pokerhall server: `pokerhall bot URL --table ID --module my_bot:MyBot`.

The layer beside the command line: it imports the engine and the games (for the built-in
levels), never the server, and speaks to a server only through its public protocol
(docs/protocol.md; docs/botclient.md says how to write a bot and what the client sends).

    from pokerhall.botclient import RemoteBot, play

    class Folder(RemoteBot):
        def choose(self, view, prompt):
            return prompt["default"]

    result = asyncio.run(play("http://127.0.0.1:8000", "TABLE_ID", Folder(), name="Folder"))
"""

from __future__ import annotations

import asyncio
import logging

from pokerhall.botclient import lobby
from pokerhall.botclient.base import RemoteBot
from pokerhall.botclient.client import (
    THINK,
    BotClient,
    BotRefused,
    GaveUp,
    SentMove,
    Stats,
)
from pokerhall.botclient.loading import BadBot, level_bot, load_bot
from pokerhall.botclient.lobby import LobbyRefused, Seat
from pokerhall.engine.bots import Bot
from pokerhall.engine.events import JSON

__all__ = [
    "BadBot",
    "Bot",
    "BotClient",
    "BotRefused",
    "GaveUp",
    "LobbyRefused",
    "RemoteBot",
    "Seat",
    "SentMove",
    "Stats",
    "level_bot",
    "load_bot",
    "play",
    "take_seat",
]

log = logging.getLogger("pokerhall.botclient")


async def take_seat(url: str, table_id: str, name: str, code: str | None = None) -> Seat:
    """A seat at the table by name (a private table's with its join code): its token."""
    seat = await asyncio.to_thread(lobby.join, url, table_id, name, code)
    log.info("seat %d at table %s; its token: %s", seat.seat + 1, table_id, seat.token)
    return seat


async def play(
    url: str,
    table_id: str,
    bot: Bot,
    *,
    name: str | None = None,
    token: str | None = None,
    code: str | None = None,
    think: float = THINK,
) -> JSON:
    """Play one seat of table `table_id` at the server `url` (`http://host:port`) with `bot`
    until the game is over; the result. With `token` the seat it holds (a reconnect, or a seat
    taken for the bot beforehand), else a new seat taken as `name` (a private table's with
    its `code`)."""
    if token is None:
        token = (await take_seat(url, table_id, name or type(bot).__name__, code)).token
    client = BotClient(bot, lobby.socket_url(url, table_id), token, think=think)
    return await client.run()
