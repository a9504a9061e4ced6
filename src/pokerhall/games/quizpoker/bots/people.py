"""Bots that play QuizPoker like people do, at three levels: novice, casual and expert.

What a levelled bot knows: its own seat's view (the question, the hints once read out, the
answer once out, the pot, stacks and bets) and its `Knowledge` of the answer, which the game
master's briefing gives it (`engine.bots.bot_move`, `knowledge.learn`): a noisy estimate whose
width is the level. Nothing else: not another seat's guess, not a hint before it is read.

How it plays, from its chance of holding the closest guess (`chances.win_chance`) against the
live opponents, with those who bet into it taken to know better:

* it guesses its estimate, within the plausible range and in the answer's rounding;
* facing a bet it calls when its chance beats the pot odds by a margin that grows with the share
  of its chips the call costs (no coin flips for its stack), raises when clearly ahead, and
  folds a hopeless guess;
* checked to, it bets for value when ahead and, now and then (seeded), bluffs;
* bets and raises are sized to the pot (half to the whole of it), and it puts its whole stack in
  only with a strong guess or when the pot is already a large share of its chips.

The levels differ in what they know (`knowledge.KNOWN`, by how well-known the question's answer
is, its `difficulty`) and a little in style (`STYLES`): a
novice calls too often and reads nobody, an expert wants a better price, bets thinner and takes
opponents' bets seriously.

`casual` and `expert` also learn their opponents over the game (`opponents.OpponentBook`, from
their own views only; issue 22: a bot that believed every raise folded each hand to a player who
raised every hand): an opponent's raises narrow its width only as far as it seldom raises, its
width is judged from the guesses it showed (deciding a call, an unknown one is taken to guess
like `casual`, the default; deciding a bet or raise, like the bot itself), a call wants a
little more for each opponent still to act behind and a little less while deep stacks leave
rounds to come, and a bet under a third of the pot is called by any guess with half its fair
chance.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar

from pokerhall.content.questions import DEFAULT_DIFFICULTY
from pokerhall.engine.bots import seat_of
from pokerhall.engine.events import JSON
from pokerhall.games.quizpoker.bots.chances import win_chance
from pokerhall.games.quizpoker.bots.guessing import format_guess, heuristic_guess
from pokerhall.games.quizpoker.bots.knowledge import Knowledge, Level, learn
from pokerhall.games.quizpoker.bots.legal import (
    answer_prompt,
    move_of,
    passive,
    raise_window,
    snap,
    to_call,
)
from pokerhall.games.quizpoker.bots.numbers import Span, hint_span
from pokerhall.games.quizpoker.bots.opponents import OpponentBook
from pokerhall.games.quizpoker.view_types import PlayerView, QuizPokerView, quizpoker_view


@dataclass(frozen=True, slots=True)
class Style:
    """How a level turns a chance of winning into a move."""

    call_margin: float
    """Chance wanted over the pot odds before calling (below 0: calls a little too often)."""
    stack_margin: float
    """... plus this times the share of its chips the call costs."""
    value: float
    """Strength (0: a fair share, 1: a sure win) from which it bets for value ..."""
    raise_at: float
    """... and raises a bet."""
    bluff: float
    """Chance of betting a weak guess when checked to (half as often of raising a bet)."""
    commit: float
    """Strength needed to put its whole stack in while the pot is small."""
    read: float
    """How much an opponent's bet (in pots) narrows that opponent's width: 0 reads nobody."""
    learns: bool
    """Whether it keeps an `OpponentBook`: believes a raise only from a player who seldom
    raises, and judges each opponent's guessing from the guesses it showed."""


STYLES: dict[Level, Style] = {
    "novice": Style(-0.03, 0.10, 0.45, 0.75, 0.03, 0.85, 0.0, False),
    "casual": Style(0.0, 0.15, 0.35, 0.6, 0.06, 0.8, 0.5, True),
    "expert": Style(0.02, 0.15, 0.3, 0.5, 0.08, 0.75, 1.0, True),
}
LEVEL_NUMBERS: dict[str, int] = {"novice": 1, "casual": 2, "expert": 3}
"""Shown with the bot's name in the lobby ("Casual (level 2)")."""
SMALL_POT = 0.5
"""A pot below this share of the bot's chips is small: it is not worth the whole stack."""
ALL_IN_SHARE = 0.8
"""A bet this close to the bot's whole stack is made all-in (nobody keeps a few chips back)."""
FIELD: Level = "casual"
"""How a learning bot takes an opponent it has not yet seen show to guess: like the default
level (or like itself, if it knows less)."""
SMALL_BET_FAIR = 0.5
"""Facing a bet under a third of the pot, a guess with this share of its fair chance calls."""
BEHIND_MARGIN = 0.03
"""Chance wanted more for each opponent still to act after a call (a squeeze may follow)."""
DEEP = 2.0
"""Stacks behind of at least this many pots are deep: later rounds may pay a call back ..."""
IMPLIED = 0.02
"""... worth this much chance per betting round still to come."""
BLUFF_LAST_ROUND = 0.5
"""Bluffs are rarer once the answer is out (everyone then knows where they stand)."""


class LevelBot:
    """A levelled bot; `NoviceBot`, `CasualBot` and `ExpertBot` fix the level."""

    level: ClassVar[Level]

    def __init__(self, seed: int) -> None:
        self._seed = seed
        self._rng = random.Random(seed)
        self._knowledge: Knowledge | None = None
        self._reads: dict[int, float] = {}
        """Per opponent, the largest bet (in pots) it made into this bot this hand."""
        self._book = OpponentBook()
        self._previous: Knowledge | None = None
        """The knowledge of the last hand's question, to judge the guesses shown at its end."""

    @property
    def style(self) -> Style:
        return STYLES[self.level]

    @property
    def knowledge(self) -> Knowledge | None:
        """The bot's knowledge of the current question (for audits and tests)."""
        return self._knowledge

    def brief(self, briefing: JSON) -> None:
        """The game master's briefing (`QuizPoker.bot_briefing`), turned into knowledge at once."""
        hand, question = int(briefing["hand"]), briefing["question"]
        known = self._knowledge
        if known is not None and (known.hand, known.question) == (hand, str(question["id"])):
            return
        self._previous = known
        self._knowledge = learn(
            question_id=str(question["id"]),
            hand=hand,
            question=str(question.get("text") or ""),
            unit=str(question.get("unit") or ""),
            as_of=int(str(question["as_of"])[:4]),
            answer=str(briefing["answer"]),
            difficulty=int(question.get("difficulty") or DEFAULT_DIFFICULTY),
            level=self.level,
            seed=self._seed,
        )
        self._reads = {}

    def choose(self, view: JSON, prompt: JSON) -> JSON:
        seen = quizpoker_view(view)
        if self.style.learns:
            self._book.learn_showdown(seen, self._previous)
        return answer_prompt(
            prompt,
            guess=lambda: {"type": "guess", "value": self._known(seen).guess()},
            bet=lambda: self._bet(seen, prompt),
        )

    def _known(self, view: QuizPokerView) -> Knowledge:
        """The briefed knowledge of this hand's question; a bot nobody briefed knows only what
        the question's wording suggests (a typical value of its kind, as the heuristic bot)."""
        hand = view["hand"]
        question = hand["question"]
        known = self._knowledge
        if known is None or (known.hand, known.question) != (hand["number"], question["id"]):
            text, unit = question["text"], question["unit"]
            typical = format_guess(heuristic_guess(text, unit, random.Random(self._seed)))
            self._previous = known
            known = self._knowledge = learn(
                question_id=question["id"],
                hand=hand["number"],
                question=text,
                unit=unit,
                as_of=int(question["as_of"][:4]),
                answer=typical,
                difficulty=DEFAULT_DIFFICULTY,
                level="novice",
                seed=self._seed,
            )
            self._reads = {}
        return known

    # --- betting -----------------------------------------------------------------------------

    def chance(self, view: QuizPokerView, field: bool = True) -> float:
        """The chance that this bot's guess is the closest, from its view and knowledge; with
        `field` False an opponent not yet seen to show is taken to know like the bot itself
        (the cautious view, for betting: the field's prior is for not giving a pot up)."""
        knowledge = self._known(view)
        hand = view["hand"]
        you = view.get("you")
        own = None if you is None else you["guess"]
        if own is None:
            return 0.0
        question = hand["question"]
        spans: list[Span] = []
        for hint in hand["hints"]:  # only the hints read out are in the view
            span = hint_span(hint, unit=question["unit"], question=question["text"])
            if span is not None:
                spans.append(span)
        answer = hand["answer"]
        prior = max(1.0, knowledge.width_for(FIELD) / knowledge.width) if field else 1.0
        factors = [self._factor(seat, prior) for seat in self._opponents(view)]
        return win_chance(
            knowledge, float(own), factors, spans, None if answer is None else float(answer)
        )

    def _factor(self, seat: int, prior: float) -> float:
        """An opponent's guessing width over the bot's: what its showdowns taught (from `prior`
        for one it has not seen show), narrowed by how hard it bet into the bot this hand, as
        far as its bets are believed."""
        read = self.style.read * self._reads.get(seat, 0.0)
        if not self.style.learns:
            return 1.0 / (1.0 + read)
        opponent = self._book.of(seat)
        return opponent.width_factor(prior) / (1.0 + read * opponent.credibility)

    @staticmethod
    def _opponents(view: QuizPokerView) -> list[int]:
        me = view["seat"]
        return [
            p["seat"]
            for p in view["players"]
            if p["seat"] != me and p["in_hand"] and not p["folded"]
        ]

    def _read_bets(self, view: QuizPokerView, prompt: JSON) -> None:
        """Remember how hard each opponent bet into us (bets beyond the blinds, in pots), and
        who did, in the book."""
        players: list[PlayerView] = view["players"]
        mine = players[seat_of(view)]["bet"]
        big = view["hand"]["blinds"]["big"]
        floor = max(mine, big) if int(prompt.get("round") or 1) == 1 else mine
        pot = int(prompt.get("pot") or 0)
        before = max(pot - sum(p["bet"] for p in players), big, 1)
        opponents = self._opponents(view)
        raisers = []
        for seat in opponents:
            excess = (players[seat]["bet"] - floor) / before
            if excess > 0:
                raisers.append(seat)
                self._reads[seat] = max(self._reads.get(seat, 0.0), min(excess, 2.0))
        if self.style.learns:
            self._book.watch(view, opponents, raisers)

    def _bet(self, view: QuizPokerView, prompt: JSON) -> JSON:
        self._read_bets(view, prompt)
        style = self.style
        opponents = len(self._opponents(view))
        fair = 1.0 / (opponents + 1)
        chance = self.chance(view)
        cautious = self.chance(view, field=False) if style.learns else chance
        strength = (cautious - fair) / (1.0 - fair)
        pot = int(prompt.get("pot") or 0)
        call = to_call(prompt)
        current = int(prompt.get("current_bet") or 0)
        last_round = view["hand"]["answer"] is not None
        bluff = style.bluff * (BLUFF_LAST_ROUND if last_round else 1.0)
        if call == 0:
            if strength >= style.value or self._rng.random() < bluff:
                move = self._sized(prompt, view, current + pot * self._share(strength), strength)
                if move is not None:
                    return move
            return passive(prompt)
        if strength >= style.raise_at or (
            opponents == 1 and not last_round and self._rng.random() < bluff / 2
        ):
            move = self._sized(
                prompt, view, current + (pot + call) * self._share(strength), strength
            )
            if move is not None:
                return move
        if self._calls(view, prompt, chance, fair, last_round):
            return {"type": "call"}
        return {"type": "fold"}

    def _calls(
        self, view: QuizPokerView, prompt: JSON, chance: float, fair: float, last_round: bool
    ) -> bool:
        """Whether to call: the pot odds, plus a margin for the share of the stack it costs
        and for each opponent still to act behind (who may raise again), less a little for the
        rounds still to come while the stacks behind are deep (what a call may win later). A
        bet under a third of the pot is never folded by a guess near its fair share."""
        style = self.style
        call = to_call(prompt)
        pot = int(prompt.get("pot") or 0)
        players = view["players"]
        me = players[seat_of(view)]
        chips = me["stack"] + me["bet"]
        if style.learns and 3 * call <= pot - call and chance >= SMALL_BET_FAIR * fair:
            return True
        price = call / (pot + call)
        wanted = price + style.call_margin + style.stack_margin * call / max(chips, 1)
        if style.learns:
            current = int(prompt.get("current_bet") or 0)
            behind = sum(
                1
                for seat in self._opponents(view)
                if players[seat]["bet"] < current and not players[seat]["all_in"]
            )
            wanted += BEHIND_MARGIN * behind
            deepest = max((players[s]["stack"] for s in self._opponents(view)), default=0)
            if not last_round and min(me["stack"] - call, deepest) >= DEEP * (pot + call):
                rounds_left = max(0, 4 - int(prompt.get("round") or 4))
                wanted -= IMPLIED * rounds_left
        return chance >= wanted

    @staticmethod
    def _share(strength: float) -> float:
        """A bet's size in pots: half a pot for a thin bet or a bluff, up to the whole pot."""
        return 0.5 + 0.5 * max(0.0, min(1.0, strength))

    def _sized(
        self, prompt: JSON, view: QuizPokerView, desired: float, strength: float
    ) -> JSON | None:
        """A bet or raise to about `desired`, or None where it would be a reckless all-in: the
        whole stack goes in only with a strong guess or into a pot that is large already."""
        window = raise_window(prompt)
        if window is None:
            return None
        kind, low, high = window
        pot = int(prompt.get("pot") or 0)
        me = view["players"][seat_of(view)]
        chips = me["stack"] + me["bet"]
        committed = strength >= self.style.commit or pot >= SMALL_POT * chips
        if desired >= ALL_IN_SHARE * high:
            desired = high if committed else min(desired, ALL_IN_SHARE * high / 2)
        to = snap(desired, low, high, int(prompt.get("unit") or 1))
        if to >= high and not committed:
            return None  # even the smallest raise would be the whole stack
        if to >= high and move_of(prompt, "all_in") is not None:
            return {"type": "all_in"}
        return {"type": kind, "to": to}


class NoviceBot(LevelBot):
    """Level 1: knows little more than what is plausible for the question's unit and wording."""

    level = "novice"


class CasualBot(LevelBot):
    """Level 2: knows most answers to within about a fifth."""

    level = "casual"


class ExpertBot(LevelBot):
    """Level 3: knows most answers to within a few per cent."""

    level = "expert"
