"""What a bot is: a player that sees only its own seat's view and prompt, like any client.

A game may also brief a bot (`Game.bot_briefing`): a quiz tells it the true answer, which the
bot turns into its own rough knowledge of the kind a person at the table has. Whoever runs bots
(the server, the CLI, benchmarks) asks for a move through `bot_move`, so a bot is briefed the
same way everywhere and the briefing is the one auditable channel besides the view.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Protocol, TypedDict, runtime_checkable

from pokerhall.engine.events import JSON
from pokerhall.engine.prompts import random_move

if TYPE_CHECKING:
    from pokerhall.engine.protocol import Game


class SeatView(TypedDict):
    """What every game's view says of whose it is: a seat's number, or None for a spectator.
    A game's own view type has this key too, so `seat_of` takes any of them."""

    seat: int | None


def seat_of(view: SeatView) -> int:
    """The seat whose view it is (a bot's own); a spectator's view has none."""
    seat = view["seat"]
    if seat is None:
        raise ValueError("a spectator's view belongs to no seat")
    return seat


class Bot(Protocol):
    def choose(self, view: JSON, prompt: JSON) -> JSON:
        """A legal move for `prompt`, decided from `view` (the bot's own seat's view) alone."""
        ...


@runtime_checkable
class BriefedBot(Protocol):
    """A bot that takes the game's briefing (`Game.bot_briefing`) before it chooses."""

    def brief(self, briefing: JSON) -> None: ...

    def choose(self, view: JSON, prompt: JSON) -> JSON: ...


def bot_move(bot: Bot, game: Game[Any], seat: int, prompt: JSON) -> JSON:
    """The bot's move for its seat's prompt: briefed first if it takes briefings, then asked
    with its own seat's view."""
    if isinstance(bot, BriefedBot):
        briefing = game.bot_briefing(seat)
        if briefing is not None:
            bot.brief(briefing)
    return bot.choose(game.view(seat), prompt)


class RandomBot:
    """Any move the prompt lists, with parameters drawn from their kinds (the one prompt shape,
    `engine.prompts`), so it plays every game without knowing it: a game with no random bot of
    its own registers this one, and the conformance tests play every game with it."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: JSON, prompt: JSON) -> JSON:
        return random_move(prompt, self._rng)
