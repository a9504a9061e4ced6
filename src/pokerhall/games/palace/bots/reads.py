"""What an opponent's earlier betting says, read from the public parts of a seat's views (P13).

A bet into us (an attack on us, a raise in our battle) usually means a strong hand, so the
sampler shades its chance against it (`levels.SamplerBot.SHADE`). That is only right for an
opponent who bets when it is strong: one who attacks or raises every time it may is telling us
nothing, and shading against it would fold winning hands. So the bot keeps, per opponent seat
and for the whole session (seats keep their players), how often the opponent bet into us when it
could:

* each of its turns (counted from our own turns: every opponent still in the hand between two
  of ours had one) is a chance to attack us, weighted by one over the number of players it
  could attack, since an attack has to choose one;
* each of our attacks and raises it answers is a chance to raise; a battle prompt that shows it
  raised is a bet, a battle that ended instead is a call or a fold.

The same counts are also kept apart, since each says something else about the hand behind a
bet: how often it attacks us when it may (`attack_rate`), how often it raises a bet of ours
(`raise_rate`), and how often it folds to one (`fold_rate`; a fold leaves its chips in front of
it unchanged, `put_in`, where a call adds its price). The sampler reads a bet as a hand among
the opponent's strongest that share of its hands (`odds.Duel.within`), and prices its own bets
with the folds they win.

Only banners, who is in the hand, whose turn it is, the chips each has put in and the battle
the seat itself fights are used: everything a person at the table sees too.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pokerhall.engine.bots import seat_of
from pokerhall.engine.events import JSON
from pokerhall.games.palace.view_types import PalaceView, PlayerView

PRIOR_BETS = 1.0
PRIOR_CHANCES = 3.0
"""A new opponent is taken to bet into us a third of the times it may (an even-handed player
attacks when ahead and raises rarely)."""
RAISE_SHARE = 0.5
RAISE_PRIOR = 6.0
PRIOR_FOLDS = 1.0
PRIOR_ANSWERS = 3.0
"""... and to fold to a bet of ours one time in three."""


@dataclass(slots=True)
class Habit:
    chances: float = 0.0
    bets: float = 0.0
    attack_chances: float = 0.0
    attacks: float = 0.0
    raise_chances: float = 0.0
    raises: float = 0.0
    answers: float = 0.0
    """Our bets (attacks, raises) it answered."""
    folds: float = 0.0

    def rate(self) -> float:
        """How often it bets into us when it may, with the prior mixed in."""
        return (self.bets + PRIOR_BETS) / (self.chances + PRIOR_CHANCES)

    def attack_rate(self) -> float:
        return (self.attacks + PRIOR_BETS) / (self.attack_chances + PRIOR_CHANCES)

    def raise_rate(self) -> float:
        """A raise is the rarer bet: before it is seen to raise, an opponent is taken to raise
        half as often as it attacks (a careful one rarely, a maniac every other time)."""
        prior = RAISE_SHARE * self.attack_rate()
        return (self.raises + prior * RAISE_PRIOR) / (self.raise_chances + RAISE_PRIOR)

    def fold_rate(self) -> float:
        return (self.folds + PRIOR_FOLDS) / (self.answers + PRIOR_ANSWERS)


@dataclass(slots=True)
class Reads:
    habits: dict[int, Habit] = field(default_factory=dict)
    _hand: int = -1
    _last_turn_live: list[int] = field(default_factory=list)
    _counted: set[int] = field(default_factory=set)
    """Opponents whose turn since our last was already counted (they attacked us)."""
    quiet: dict[int, int] = field(default_factory=dict)
    """Per opponent, its turns this hand on which it could have attacked us and did not."""
    _battle: tuple[int, int, int, int] | None = None
    """(hand, other fighter, raises, its chips put in) after our last bet into a battle,
    awaiting its answer."""
    _prompt: object = None
    """The last prompt read: asked again for the same one, nothing new has happened."""

    def habit(self, seat: int) -> Habit:
        return self.habits.setdefault(seat, Habit())

    def rate(self, seat: int) -> float:
        return self.habit(seat).rate()

    def observe(self, view: PalaceView, prompt: JSON) -> None:
        """Reads what happened since the seat last chose, before it chooses again."""
        asked = (view["hand"]["number"], prompt.get("prompt_id"), prompt["type"])
        if asked == self._prompt:
            return
        self._prompt = asked
        seat = seat_of(view)
        hand = view["hand"]["number"]
        players = view["players"]
        if hand != self._hand:
            self._hand, self._last_turn_live, self._counted = hand, [], set()
            self.quiet = {}
        pending = self._battle
        self._battle = None
        if pending is not None:
            self._answered(pending, view, prompt)
        if prompt["type"] == "battle":
            other = int(prompt["attacker"]) if int(prompt["defender"]) == seat else None
            other = int(prompt["defender"]) if other is None else other
            raises = int(prompt["raises"])
            if prompt["role"] == "defender" and raises == 0:
                # it attacked us: a bet, and the chance it had, counted now (a battle of the
                # last two ends the hand before our next turn would count that turn)
                could = self._could_attack(players, other)
                self.habit(other).bets += 1
                self.habit(other).chances += 1.0 / could
                self.habit(other).attacks += 1
                self.habit(other).attack_chances += 1.0 / could
                self._counted.add(other)
        if prompt["type"] == "turn":
            live = [s for s, p in enumerate(players) if p["in_hand"] and s != seat]
            mine = players[seat]["banner"]
            for other in self._last_turn_live:
                if other not in live or other in self._counted:
                    continue
                theirs = players[other]["banner"]
                if theirs is None or mine is None or theirs[1] == mine[1]:
                    continue  # it could not attack us (P9)
                could = self._could_attack(players, other)
                self.habit(other).chances += 1.0 / could
                self.habit(other).attack_chances += 1.0 / could
                self.quiet[other] = self.quiet.get(other, 0) + 1
            self._last_turn_live = live
            self._counted = set()

    def could_attack(self, view: PalaceView, other: int) -> int:
        return self._could_attack(view["players"], other)

    @staticmethod
    def _could_attack(players: list[PlayerView], other: int) -> int:
        """How many players `other` could attack (P9: banners of another suit), at least 1."""
        theirs = players[other]["banner"] or "??"
        could = sum(
            1
            for s, p in enumerate(players)
            if s != other and p["in_hand"] and p["banner"] and p["banner"][1] != theirs[1]
        )
        return max(could, 1)

    def _answered(self, pending: tuple[int, int, int, int], view: PalaceView, prompt: JSON) -> None:
        """How the other fighter answered our last bet: raised (a battle prompt to us with more
        raises), else called or folded (its chips put in grew, or not). A fold always leaves us
        in the hand, taking its soldiers (P10), so a next prompt of another hand means it
        called."""
        hand, other, raises, put_in = pending
        habit = self.habit(other)
        habit.chances += 1
        habit.raise_chances += 1
        habit.answers += 1
        if hand != view["hand"]["number"]:
            return
        fighters = {int(prompt.get("attacker", -1)), int(prompt.get("defender", -1))}
        if prompt["type"] == "battle" and int(prompt["raises"]) > raises and other in fighters:
            habit.bets += 1
            habit.raises += 1
            return
        player = view["players"][other]
        if player["put_in"] == put_in and player["stack"] > 0:
            habit.folds += 1  # a call adds its price (one without chips left calls for none)

    def bet(self, view: PalaceView, prompt: JSON, move: JSON) -> None:
        """Notes our own bet into a battle (an attack or a raise), whose answer we then read."""
        seat = seat_of(view)
        hand = view["hand"]["number"]
        if move["type"] == "battle":
            other = int(move["target"])
            raises = 0
        elif move["type"] == "raise":
            attacker, defender = int(prompt["attacker"]), int(prompt["defender"])
            other = attacker if defender == seat else defender
            raises = int(prompt["raises"]) + 1
        else:
            return
        put_in = view["players"][other]["put_in"]
        self._battle = (hand, other, raises, put_in)
