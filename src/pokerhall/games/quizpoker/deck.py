"""The order in which questions come up: a seeded deal with variety, without repetition until
the pack is used up.

A pack generated from data holds thousands of questions from a few dozen templates ("how many
people lived in X in Y?"); drawn uniformly, a game would be more than half population and distance
questions, the same sentence again and again. So the deal picks a *group* first, then a question
of it:

- a group is a question's `template`, or for a hand-written question (no template) its topic;
- no group comes up twice within any `WINDOW` consecutive questions;
- no template gives more than `TEMPLATE_SHARE` of a game (counted over at least `GAME_LENGTH`
  questions, so at most 3 of a 30-question game);
- hand-written and estimation questions (no template) are at least `CURATED_SHARE` of every
  game: after n questions at least n // 3 of them, and otherwise they come up with
  probability `CURATED_CHANCE`.

When a pack (or a table's topic choice) cannot meet a rule, the deal relaxes it rather than stop:
first the share, then the window; it never repeats a question before the pool is used up. One
random number source, used in a fixed order, keeps a seeded game replayable.
"""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Sequence
from fractions import Fraction

from pokerhall.content.questions import Question

WINDOW = 5
"""No group repeats within this many consecutive questions."""
TEMPLATE_SHARE = Fraction(1, 10)
GAME_LENGTH = 30
"""The share is counted over at least this many questions (a game's usual length)."""
CURATED_SHARE = Fraction(1, 3)
CURATED_CHANCE = 0.4
"""The chance of a hand-written question when the share does not force one."""


def group_of(question: Question) -> str:
    """The group the variety rules count: its template, or its topic if hand-written."""
    if question.template is not None:
        return f"template:{question.template}"
    return f"topic:{question.topic}"


_last_grouped: tuple[Sequence[Question], list[tuple[str, list[Question]]]] | None = None


def grouped(questions: Sequence[Question]) -> list[tuple[str, list[Question]]]:
    """The questions by group, groups in name order. The grouping of the last pack asked is
    kept (by identity: packs come from `pinned_questions`' cache, the same tuple for every
    table of a pack), since grouping the built-in pack's 5,000 questions took most of a
    new game's creation (a six-seat `games.create` takes 0.11 ms of CPU with this, 0.78 ms
    without); the lists are only read (`_Group` draws by index)."""
    global _last_grouped
    if _last_grouped is not None and _last_grouped[0] is questions:
        return _last_grouped[1]
    members: dict[str, list[Question]] = {}
    for question in questions:
        members.setdefault(group_of(question), []).append(question)
    groups = sorted(members.items())
    _last_grouped = (questions, groups)
    return groups


def template_cap(dealt: int) -> int:
    """The most questions of one template among the first `dealt` questions of a game."""
    return max(1, math.ceil(TEMPLATE_SHARE * max(dealt, GAME_LENGTH)))


def curated_floor(dealt: int) -> int:
    """The fewest hand-written questions among the first `dealt` ones."""
    return math.floor(CURATED_SHARE * dealt)


class _Group:
    """One group's questions, drawn at random without repetition until it is used up."""

    def __init__(self, name: str, questions: list[Question]) -> None:
        self.name = name
        self.curated = name.startswith("topic:")
        """A hand-written topic's group rather than a generated template's."""
        self.questions = questions
        self._left: list[int] | None = None
        """The indices not yet drawn, made at the group's first draw: a game draws from few of
        the groups, and a game's set-up is part of what the engine benchmark times."""
        self.dealt = 0
        """Questions dealt from this group in the game (for the template share)."""

    @property
    def has_left(self) -> bool:
        return self._left is None or bool(self._left)

    def take(self, rng: random.Random) -> Question:
        if self._left is None:
            self._left = list(range(len(self.questions)))
        index = self._left.pop(rng.randrange(len(self._left)))
        self.dealt += 1
        return self.questions[index]


class QuestionDeck:
    def __init__(self, questions: Sequence[Question], rng: random.Random) -> None:
        if not questions:
            raise ValueError("the question pack is empty")
        self._questions = questions
        self._rng = rng
        self._dealt = 0
        self._curated = 0
        self._recent: deque[str] = deque(maxlen=WINDOW - 1)
        self._groups: dict[str, _Group] = {}
        self._refill()

    def _refill(self) -> None:
        """(Re)build the groups; every question has been asked when it is called again."""
        counts = {name: group.dealt for name, group in self._groups.items()}
        self._groups = {name: _Group(name, qs) for name, qs in grouped(self._questions)}
        for name, dealt in counts.items():
            self._groups[name].dealt = dealt

    def draw(self) -> Question:
        if not any(group.has_left for group in self._groups.values()):
            self._refill()  # every question has been asked: start over
        group = self._choose()
        question = group.take(self._rng)
        self._dealt += 1
        if question.template is None:
            self._curated += 1
        self._recent.append(group.name)
        return question

    def _choose(self) -> _Group:
        """The group of the next question, by the rules above, relaxed only when needed."""
        dealt = self._dealt + 1
        live = [group for group in self._groups.values() if group.has_left]
        curated = [g for g in live if g.curated]
        generated = [g for g in live if not g.curated]
        forced = self._curated < curated_floor(dealt)
        roll = self._rng.random()
        if curated and (forced or roll < CURATED_CHANCE or not generated):
            preferred, other = curated, generated
        else:
            preferred, other = generated, curated
        cap = template_cap(dealt)
        for window, capped in ((True, True), (True, False), (False, False)):
            for pool in (preferred, other):
                fitting = [
                    g
                    for g in pool
                    if (not window or g.name not in self._recent)
                    and (not capped or g.curated or g.dealt < cap)
                ]
                if fitting:
                    return fitting[self._rng.randrange(len(fitting))]
        return live[self._rng.randrange(len(live))]
