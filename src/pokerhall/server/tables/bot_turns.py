"""The bots of a running table: each pending seat a bot plays gets its turn after a while
(`SeatControl.bot_delay`, varied), through the table's inbox like every other move."""

from __future__ import annotations

import logging
import random
from collections.abc import Awaitable, Callable
from typing import Any

from pokerhall.engine import Game
from pokerhall.engine.bots import bot_move
from pokerhall.server.tables.commands import BotTurn, Inbox, MoveCommand
from pokerhall.server.tables.seat_control import SeatControl

log = logging.getLogger("pokerhall.server")


class BotTurns:
    def __init__(self, table_id: str, state: Game[Any], control: SeatControl, inbox: Inbox) -> None:
        self._table_id = table_id
        self._state = state
        self._control = control
        self._inbox = inbox
        self._waiting: set[int] = set()
        """Seats whose bot has a turn coming."""
        self._rng = random.Random()

    def schedule(self) -> None:
        """A turn for each pending seat a bot plays that has none coming yet."""
        for seat in self._state.pending():
            if seat in self._control.bots and seat not in self._waiting:
                self._waiting.add(seat)
                delay = self._control.bot_delay * self._rng.uniform(0.5, 1.5)
                self._inbox.later(delay, BotTurn(seat))

    def take_over(self, seat: int) -> None:
        """A bot has just taken the seat over: it moves now."""
        self._inbox.put(BotTurn(seat))

    async def play(
        self, seat: int, apply: Callable[[MoveCommand], Awaitable[bool]], *, paused: bool
    ) -> None:
        """The bot's turn: its move, or the default move if it fails or chooses an illegal
        one. None during a result pause: the pause's end schedules the bot again."""
        self._waiting.discard(seat)
        bot = self._control.bots.get(seat)
        prompt = self._state.pending().get(seat)
        if bot is None or prompt is None or paused:
            return
        try:
            move = bot_move(bot, self._state, seat, prompt)
        except Exception:
            log.exception("table %s: bot at seat %d failed", self._table_id, seat)
            move = self._state.default_move(seat)
        if not await apply(MoveCommand(seat, move, source="bot")):
            log.warning("table %s: bot at seat %d chose an illegal move", self._table_id, seat)
            await apply(MoveCommand(seat, self._state.default_move(seat), source="bot"))
