"""What a bot on a remote server is: the same `choose(view, prompt) -> move` as every bot.

A bot that plays over the network sees exactly what a person at that seat sees: its seat's
`view` (the `view` of the server's `state` and `update` messages) and its `prompt` (the view's
`you.prompt`). It answers with a move, `{"type": ..., <params>}`, as the prompt lists them
(`engine/prompts.py`); the client adds the `prompt_id`. So any bot that plays locally
(`engine.bots.Bot`: a built-in level, an arena bot) plays remotely unchanged, and a bot written
for the network plays a local game too (`engine.bots.bot_move(bot, game, seat, prompt)`).

`RemoteBot` is the documented base class: subclass it, write `choose`, and optionally
`on_event` (every event the seat may see, in order), `on_result` (once, at game over) and
`on_refused` (a move the server refused). Nothing in it is required: any object with a `choose`
method will do, and the hooks are called only where they exist.
"""

from __future__ import annotations

import random

from pokerhall.engine.events import JSON
from pokerhall.engine.prompts import random_move


class RemoteBot:
    """Subclass and write `choose`; the hooks below do nothing unless overridden.

    `seed` (given by `pokerhall bot --seed`, else drawn) seeds `self.rng`, so a bot that draws
    its choices from it plays the same way for the same views."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: JSON, prompt: JSON) -> JSON:
        """The move for `prompt` (`{"type": ..., <params>}`, without `prompt_id`), decided from
        `view`, this seat's view. By default any move the prompt lists (as the random bot)."""
        return random_move(prompt, self.rng)

    def on_event(self, event: JSON) -> None:
        """An event this seat may see (`{"type", ..., "visibility", "message"}`), in order, as
        the server sent it; after a reconnect only the events not yet seen."""

    def on_result(self, result: JSON) -> None:
        """The game is over: `result` is `{"winners", "standings", "places", "scores", "unit",
        "rounds"}` (docs/protocol.md)."""

    def on_refused(self, move: JSON, error: JSON) -> None:
        """The server refused `move` (the `error` message: `code`, `reason` in English,
        `message`). The client then sends the prompt's default move instead, once."""
