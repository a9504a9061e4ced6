"""What a levelled bot learns about each opponent over a game, from its own seat's views alone.

Two things, both public at the table:

* **aggression**: in how many of the hands the bot watched an opponent did that opponent bet or
  raise into it (its bet this round above the bot's own, beyond the blinds). An opponent who
  raises nearly every hand is not telling anything with a raise, so its raises stop narrowing
  the bot's idea of its knowledge (`credibility`);
* **knowledge**: how far the guesses it showed at showdowns (`previous_hand.shown` of the view)
  were from the answers, measured in the bot's own width for that question. An opponent whose
  shown guesses are far off is taken to guess that widely (`width_factor`); one who shows close
  guesses, narrowly. Shown guesses are the better ones (weak guesses fold or stay face down,
  QP3), so the estimate leans towards crediting an opponent, the safe side.

Both start from a prior (an opponent who bets now and then and guesses like the default level,
`casual`, or like the bot itself if it knows less) and move with the
evidence, so a few hands do not swing them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from pokerhall.games.quizpoker.bots.knowledge import Knowledge
from pokerhall.games.quizpoker.view_types import QuizPokerView

PRIOR_HANDS = 4.0
PRIOR_AGGRESSION = 0.25
"""An unknown opponent counts as four hands watched, one of them aggressive."""
BELIEVED = 0.2
"""Aggression up to this rate is believed in full ..."""
IGNORED = 0.6
"""... and from this rate on not at all (between: in proportion)."""
MEAN_MISS = 0.74
"""The mean distance from the answer of a normal guess cut off at two widths, in widths: an
opponent who knows like the bot misses by this much of the bot's width on average."""
PRIOR_SHOWN = 3.0
"""An unknown opponent counts as three showdowns of someone who knows like the prior says."""
FACTOR_RANGE = (0.3, 12.0)
"""How much narrower or wider than the bot's own an opponent's guessing may be taken to be."""


@dataclass
class Opponent:
    hands: int = 0
    aggressive: int = 0
    shown: int = 0
    misses: float = 0.0
    """The sum of the shown guesses' misses, each in the bot's width for that question."""

    @property
    def aggression(self) -> float:
        return (self.aggressive + PRIOR_AGGRESSION * PRIOR_HANDS) / (self.hands + PRIOR_HANDS)

    @property
    def credibility(self) -> float:
        """How far a bet of this opponent is believed to mean a good guess (1 full, 0 not)."""
        return max(0.0, min(1.0, (IGNORED - self.aggression) / (IGNORED - BELIEVED)))

    def width_factor(self, prior: float = 1.0) -> float:
        """The opponent's guessing width over the bot's own, from the guesses it showed and
        `prior`, what the bot takes an opponent it has not seen to be."""
        miss = (self.misses + PRIOR_SHOWN * MEAN_MISS * prior) / (self.shown + PRIOR_SHOWN)
        low, high = FACTOR_RANGE
        return max(low, min(high, miss / MEAN_MISS))


@dataclass
class OpponentBook:
    """Per opponent seat, what the bot has seen; kept for the whole game."""

    seats: dict[int, Opponent] = field(default_factory=dict)
    _hand: int = -1
    _watched: set[int] = field(default_factory=set)
    _raised: set[int] = field(default_factory=set)
    _read_showdown: int = -1

    def of(self, seat: int) -> Opponent:
        return self.seats.setdefault(seat, Opponent())

    def _close_hand(self) -> None:
        for seat in self._watched:
            opponent = self.of(seat)
            opponent.hands += 1
            opponent.aggressive += seat in self._raised
        self._watched, self._raised = set(), set()

    def watch(self, view: QuizPokerView, opponents: list[int], raisers: list[int]) -> None:
        """One of the bot's betting decisions: these opponents are live, these bet into it."""
        number = view["hand"]["number"]
        if number != self._hand:
            self._close_hand()
            self._hand = number
        self._watched.update(opponents)
        self._raised.update(raisers)

    def learn_showdown(self, view: QuizPokerView, knowledge: Knowledge | None) -> None:
        """Measure the guesses shown last hand against its answer, in `knowledge`'s width (the
        bot's knowledge of that hand's question)."""
        summary = view.get("previous_hand")  # read before the bot's guarded move: never raises
        if summary is None or knowledge is None or summary["number"] != knowledge.hand:
            return
        if summary["number"] == self._read_showdown:
            return
        self._read_showdown = summary["number"]
        me = view["seat"]
        try:
            answer = knowledge.to_space(float(summary["answer"]))
        except (TypeError, ValueError):
            return
        width = knowledge.width
        if not math.isfinite(answer) or width <= 0:
            return
        for seat_text, guess in summary["shown"].items():
            seat = int(seat_text)
            if seat == me:
                continue
            try:
                spot = knowledge.to_space(float(guess))
            except (TypeError, ValueError):
                continue
            miss = abs(spot - answer) / width if math.isfinite(spot) else FACTOR_RANGE[1]
            opponent = self.of(seat)
            opponent.shown += 1
            opponent.misses += min(miss, 2.0 * FACTOR_RANGE[1])
