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

import random
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
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


@dataclass(frozen=True)
class Group:
    """One group of a pack's questions. Shared, read-only, by every deck of the pack; what a
    game has drawn from it is the deck's."""

    name: str
    curated: bool
    """A hand-written topic's group rather than a generated template's."""
    questions: tuple[Question, ...]


_last_grouped: tuple[Sequence[Question], tuple[Group, ...]] | None = None


def grouped(questions: Sequence[Question]) -> tuple[Group, ...]:
    """The questions by group, groups in name order. The grouping of the last pack asked is
    kept (by identity: packs come from `pinned_questions`' cache, the same tuple for every
    table of a pack), since grouping the built-in pack's 5,000 questions took most of a
    new game's creation (a six-seat `games.create` takes 0.11 ms of CPU with this, 0.78 ms
    without)."""
    global _last_grouped
    if _last_grouped is not None and _last_grouped[0] is questions:
        return _last_grouped[1]
    members: dict[str, list[Question]] = {}
    for question in questions:
        members.setdefault(group_of(question), []).append(question)
    groups = tuple(
        Group(name, name.startswith("topic:"), tuple(members[name])) for name in sorted(members)
    )
    _last_grouped = (questions, groups)
    return groups


def template_cap(dealt: int) -> int:
    """The most questions of one template among the first `dealt` questions of a game."""
    return max(1, -_share_floor(-max(dealt, GAME_LENGTH), TEMPLATE_SHARE))


def curated_floor(dealt: int) -> int:
    """The fewest hand-written questions among the first `dealt` ones."""
    return _share_floor(dealt, CURATED_SHARE)


def _share_floor(count: int, share: Fraction) -> int:
    """`math.floor(share * count)` in integers: the deal asks both rules at every draw, and
    arithmetic on `Fraction`s is slow (-floor(-x) is the ceiling)."""
    return count * share.numerator // share.denominator


class QuestionDeck:
    """One game's deal from a pack. The pack's groups are shared; the deck keeps only what it
    has drawn, so making one (a game's set-up, which the engine benchmark times) is cheap."""

    def __init__(self, questions: Sequence[Question], rng: random.Random) -> None:
        if not questions:
            raise ValueError("the question pack is empty")
        self._questions = questions
        self._groups = grouped(questions)
        self._rng = rng
        self._dealt = 0
        self._curated = 0
        self._recent: deque[str] = deque(maxlen=WINDOW - 1)
        self._dealt_from: dict[str, int] = {}
        """Questions dealt from each group in the game (for the template share)."""
        self._refill()

    def _refill(self) -> None:
        """Every question may be asked again: at the start, and once all of them have been."""
        self._left: dict[str, list[int]] = {}
        """Each group's indices not yet drawn, made at the group's first draw since the refill:
        a game draws from few of the groups."""
        self._undrawn = len(self._questions)
        self._live_curated = [g for g in self._groups if g.curated]
        """The groups with questions left, hand-written ones and generated ones, in name order."""
        self._live_generated = [g for g in self._groups if not g.curated]

    def draw(self) -> Question:
        if not self._undrawn:
            self._refill()  # every question has been asked: start over
        group = self._choose()
        question = self._take(group)
        self._dealt += 1
        if question.template is None:
            self._curated += 1
        self._recent.append(group.name)
        return question

    def _take(self, group: Group) -> Question:
        """A question of the group at random, never one drawn before since the refill."""
        left = self._left.get(group.name)
        if left is None:
            left = self._left[group.name] = list(range(len(group.questions)))
        index = left.pop(self._rng.randrange(len(left)))
        self._undrawn -= 1
        self._dealt_from[group.name] = self._dealt_from.get(group.name, 0) + 1
        if not left:
            (self._live_curated if group.curated else self._live_generated).remove(group)
        return group.questions[index]

    def _choose(self) -> Group:
        """The group of the next question, by the rules above, relaxed only when needed."""
        dealt = self._dealt + 1
        curated, generated = self._live_curated, self._live_generated
        forced = self._curated < curated_floor(dealt)
        roll = self._rng.random()
        if curated and (forced or roll < CURATED_CHANCE or not generated):
            preferred, other = curated, generated
        else:
            preferred, other = generated, curated
        cap, counts = template_cap(dealt), self._dealt_from
        for window, capped in ((True, True), (True, False), (False, False)):
            for pool in (preferred, other):
                fitting = [
                    g
                    for g in pool
                    if (not window or g.name not in self._recent)
                    and (not capped or g.curated or counts.get(g.name, 0) < cap)
                ]
                if fitting:
                    return fitting[self._rng.randrange(len(fitting))]
        raise AssertionError("a deck always has a question left: it refills when it has none")
