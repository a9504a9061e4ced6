"""A bot that guesses sensibly and bets on how good its guess looks as the hints come in.

It reads nothing but its own view and prompt, like a person: the question, the hint texts as
they are read out (parsed for the ranges they state, see `numbers`), the answer once revealed,
the pot and the stacks. Its chance of holding the closest guess (`equity.win_chance`) is weighed
against the price of staying in (pot odds): it bets for value when clearly ahead, calls when the
price is right, and otherwise checks or folds. Before any hint it knows nothing about its guess,
so it plays for the blinds only and avoids coin flips for its stack.
"""

from __future__ import annotations

import random

from pokerhall.engine.bots import seat_of
from pokerhall.engine.events import JSON
from pokerhall.games.quizpoker.bots.equity import Knowledge, win_chance
from pokerhall.games.quizpoker.bots.guessing import format_guess, heuristic_guess
from pokerhall.games.quizpoker.bots.legal import (
    answer_prompt,
    live_opponents,
    passive,
    raise_window,
    sized_bet,
    to_call,
)
from pokerhall.games.quizpoker.bots.numbers import Span, hint_span
from pokerhall.games.quizpoker.view_types import QuizPokerView, quizpoker_view

VALUE_BET = 0.45
"""Bet or raise when this far from an even share towards a sure win (0 even, 1 certain)."""
SHOVE = 0.8
"""... and move all in when this far."""
CALL_MARGIN = 0.02
"""Extra equity wanted over the pot odds before calling ..."""
STACK_MARGIN = 0.12
"""... plus this much times the share of our chips the call costs: no coin flips for it all."""


class HeuristicBot:
    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: JSON, prompt: JSON) -> JSON:
        seen = quizpoker_view(view)
        return answer_prompt(
            prompt, guess=lambda: self._guess(seen), bet=lambda: self._bet(seen, prompt)
        )

    def _guess(self, view: QuizPokerView) -> JSON:
        question = view["hand"]["question"]
        value = heuristic_guess(question["text"], question["unit"], self._rng)
        return {"type": "guess", "value": format_guess(value)}

    def _bet(self, view: QuizPokerView, prompt: JSON) -> JSON:
        opponents = live_opponents(view)
        fair = 1.0 / (opponents + 1)
        chance = self.win_chance(view, opponents)
        equity = fair if chance is None else chance
        strength = (equity - fair) / (1.0 - fair)

        call = to_call(prompt)
        pot = int(prompt.get("pot") or 0)
        me = view["players"][seat_of(view)]
        chips = me["stack"] + me["bet"]
        if strength >= SHOVE and raise_window(prompt) is not None:
            return {"type": "all_in"}
        if strength >= VALUE_BET:
            share = 0.5 + strength  # of the pot after calling
            desired = int(prompt.get("current_bet") or 0) + (pot + call) * share
            move = sized_bet(prompt, desired)
            if move is not None:
                return move
        if call == 0:
            return passive(prompt)
        price = call / (pot + call)
        wanted = price + CALL_MARGIN + STACK_MARGIN * call / max(chips, 1)
        return passive(prompt) if equity >= wanted else {"type": "fold"}

    @staticmethod
    def win_chance(view: QuizPokerView, opponents: int) -> float | None:
        """Our chance to hold the closest guess, or None while nothing is known about it."""
        you = view.get("you")
        own = None if you is None else you["guess"]
        if own is None:
            return None
        hand = view["hand"]
        text, unit = hand["question"]["text"], hand["question"]["unit"]
        spans: list[Span] = []
        for hint in hand["hints"]:
            span = hint_span(hint, unit=unit, question=text)
            if span is not None:
                spans.append(span)
        answer = hand["answer"]
        knowledge = Knowledge(spans, None if answer is None else float(answer))
        return win_chance(float(own), knowledge, opponents)
