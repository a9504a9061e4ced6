"""The order in which questions come up: seeded draws without repetition until the pack is used up.

Drawing one random index at a time (instead of shuffling the whole pack when a game starts) keeps
starting a game cheap with packs of thousands of questions; a game sees only a few dozen.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pokerhall.content.questions import Question


class QuestionDeck:
    def __init__(self, questions: Sequence[Question], rng: random.Random) -> None:
        if not questions:
            raise ValueError("the question pack is empty")
        self._questions = questions
        self._rng = rng
        self._used: set[int] = set()

    def draw(self) -> Question:
        count = len(self._questions)
        if len(self._used) == count:
            self._used.clear()  # every question has been asked: start over
        while True:
            index = self._rng.randrange(count)
            if index not in self._used:
                self._used.add(index)
                return self._questions[index]
