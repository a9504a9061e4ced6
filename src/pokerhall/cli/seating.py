"""Seating bots at a table and letting them move; shared by `play` and `simulate`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pokerhall import games
from pokerhall.engine.bots import Bot, bot_move
from pokerhall.engine.errors import IllegalMove
from pokerhall.engine.events import Event
from pokerhall.engine.protocol import Game


class BotFailure(Exception):
    """A bot chose an illegal move: a bug in the bot, reported rather than worked around."""


def seat_bots(game: str, kinds: Mapping[int, str], seed: int) -> dict[int, Bot]:
    """One bot per seat, each seeded from the match seed and its seat, so a run repeats exactly.

    Raises InvalidOptions for a kind the game does not have.
    """
    return games.make_bots(game, kinds, seed)


def bot_turn(state: Game[Any], seat: int, bot: Bot) -> list[Event]:
    """Ask the bot in `seat` for its move (from its own view only) and make it."""
    prompt = state.pending()[seat]
    move = bot_move(bot, state, seat, prompt)
    try:
        return state.act(seat, move)
    except IllegalMove as exc:
        raise BotFailure(
            f"the bot in seat {seat} ({state.players[seat]}) chose an illegal move {move!r}: "
            f"{exc.reason}"
        ) from None
