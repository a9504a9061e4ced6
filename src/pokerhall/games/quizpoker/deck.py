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

QP8 [ours]: a game may be told the questions its table asked before (a tournament's table plays
every hand as a game of its own). The deal then goes on as if this game had drawn them, most
recent last: they count for the window and the shares, and are not drawn again while the pool
has others. Ids the pool does not hold are ignored; when the asked ones are the whole pool, the
oldest of them come back first.
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


_last_placed: tuple[Sequence[Question], dict[str, tuple[Group, int]]] | None = None


def placed(questions: Sequence[Question]) -> dict[str, tuple[Group, int]]:
    """Each question's group and place in it, by id (QP8), kept for the last pack asked like
    `grouped`; made only for a game told its table's asked questions."""
    global _last_placed
    if _last_placed is not None and _last_placed[0] is questions:
        return _last_placed[1]
    where = {
        question.id: (group, index)
        for group in grouped(questions)
        for index, question in enumerate(group.questions)
    }
    _last_placed = (questions, where)
    return where


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

    def __init__(
        self, questions: Sequence[Question], rng: random.Random, asked: Sequence[str] = ()
    ) -> None:
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
        if asked:
            self._replay(asked)

    def _replay(self, asked: Sequence[str]) -> None:
        """QP8: the table's asked questions (most recent last) as if this deck had drawn them;
        all but the newest `len(pool) - 1` stay drawable, so the oldest come back first. No
        random number is used: a seeded game's deal depends on its seed and these ids only."""
        where = placed(self._questions)
        latest: dict[str, None] = {}
        for ident in asked:  # an id asked twice counts where it was asked last
            if ident in where:
                latest.pop(ident, None)
                latest[ident] = None
        history = list(latest)
        for ident in history:
            group, index = where[ident]
            self._count(group, group.questions[index])
        keep = len(self._questions) - 1
        skipped: dict[str, set[int]] = {}
        for ident in history[max(0, len(history) - keep) :]:
            group, index = where[ident]
            skipped.setdefault(group.name, set()).add(index)
        for group in self._groups:
            gone = skipped.get(group.name)
            if gone is None:
                continue
            left = [i for i in range(len(group.questions)) if i not in gone]
            self._left[group.name] = left
            self._undrawn -= len(gone)
            if not left:
                (self._live_curated if group.curated else self._live_generated).remove(group)

    def _count(self, group: Group, question: Question) -> None:
        """A question dealt: the counts the window and the shares are judged by."""
        self._dealt += 1
        if question.template is None:
            self._curated += 1
        self._recent.append(group.name)
        self._dealt_from[group.name] = self._dealt_from.get(group.name, 0) + 1

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
        self._count(group, question)
        return question

    def _take(self, group: Group) -> Question:
        """A question of the group at random, never one drawn before since the refill."""
        left = self._left.get(group.name)
        if left is None:
            left = self._left[group.name] = list(range(len(group.questions)))
        index = left.pop(self._rng.randrange(len(left)))
        self._undrawn -= 1
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
