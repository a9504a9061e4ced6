"""A game played hand after hand (or deal after deal) until one final result.

All four games keep their result the same way: nothing until the last hand, then the standings
as `engine.results.game_result` makes them, announced by one public `game_over` event carrying
the same fields. This base keeps that in one place, so a game only says when it is over and with
what."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import cast

from pokerhall.engine.events import JSON, Event
from pokerhall.engine.protocol import EventT, Game, ParsedMove

GAME_OVER = "game_over"


class Match(Game[ParsedMove, EventT]):
    """Base of a game of many hands: `over` and `result` follow from `finish`."""

    def __init__(self, players: Sequence[str], options_json: JSON, seed: int) -> None:
        super().__init__(players, options_json, seed)
        self._result: JSON | None = None

    @property
    def over(self) -> bool:
        return self._result is not None

    @property
    def result(self) -> JSON | None:
        """A copy, so that a caller changing it changes neither the game nor its events."""
        return copy.deepcopy(self._result)

    def finish(self, result: JSON) -> Event[EventT]:
        """End the game with `result`; returns the public event that announces it.

        The result is JSON (`engine.results.game_result`); the game's event union declares its
        `game_over` with the result's fields (its events test checks that they match)."""
        self._result = result
        return cast(Event[EventT], Event.public(GAME_OVER, **copy.deepcopy(result)))
