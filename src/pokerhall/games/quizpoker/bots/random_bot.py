"""A seeded bot that plays any legal move: the baseline other bots must beat, and a fuzzer.

In a betting round every legal kind of move is equally likely (fold only when facing a bet:
folding when a check is free is legal but pointless); a bet or raise is log-uniform between the
smallest and the all-in total. A guess is a dart over a broad range, and one hand in twenty it
gives up at the guess prompt instead, so that path is exercised too.
"""

from __future__ import annotations

import random

from pokerhall.engine.events import JSON
from pokerhall.games.quizpoker.bots.guessing import format_guess, random_guess
from pokerhall.games.quizpoker.bots.legal import can_all_in, move_of, raise_window, snap
from pokerhall.games.quizpoker.view_types import QuizPokerView, quizpoker_view

GUESS_FOLD_CHANCE = 0.05


class RandomBot:
    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: JSON, prompt: JSON) -> JSON:
        kind = prompt.get("type")
        if kind == "guess":
            return self._guess(quizpoker_view(view))
        if kind == "show_folded":
            return {"type": self._rng.choice(["show", "muck"])}
        if kind == "bet":
            return self._bet(prompt)
        return dict(prompt.get("default") or {"type": "fold"})

    def _guess(self, view: QuizPokerView) -> JSON:
        if self._rng.random() < GUESS_FOLD_CHANCE:
            return {"type": "fold"}
        question = view["hand"]["question"]["text"]
        return {"type": "guess", "value": format_guess(random_guess(question, self._rng))}

    def _bet(self, prompt: JSON) -> JSON:
        moves: list[JSON] = []
        if move_of(prompt, "check"):
            moves.append({"type": "check"})
        else:
            moves += [{"type": "fold"}, {"type": "call"}]
        window = raise_window(prompt)
        if window is not None:
            kind, low, high = window
            desired = low * (high / low) ** self._rng.random() if low > 0 else high
            unit = int(prompt.get("unit") or 1)
            moves.append({"type": kind, "to": snap(desired, low, high, unit)})
        if can_all_in(prompt):
            moves.append({"type": "all_in"})
        return self._rng.choice(moves)
