"""The order in which questions come up: a seeded shuffle of the pack, reshuffled when used up."""

from __future__ import annotations

import random
from collections.abc import Sequence

from pokerhall.content.questions import Question


class QuestionDeck:
    def __init__(self, questions: Sequence[Question], rng: random.Random) -> None:
        if not questions:
            raise ValueError("the question pack is empty")
        self._questions = list(questions)
        self._rng = rng
        self._order: list[Question] = []

    def draw(self) -> Question:
        if not self._order:
            self._order = list(self._questions)
            self._rng.shuffle(self._order)
        return self._order.pop()
