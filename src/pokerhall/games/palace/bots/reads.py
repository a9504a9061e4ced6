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

Only banners, who is in the hand, whose turn it is and the battle the seat itself fights are
used: everything a person at the table sees too.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pokerhall.engine.events import JSON

PRIOR_BETS = 1.0
PRIOR_CHANCES = 3.0
"""A new opponent is taken to bet into us a third of the times it may (an even-handed player
attacks when ahead and raises rarely)."""


@dataclass(slots=True)
class Habit:
    chances: float = 0.0
    bets: float = 0.0

    def rate(self) -> float:
        """How often it bets into us when it may, with the prior mixed in."""
        return (self.bets + PRIOR_BETS) / (self.chances + PRIOR_CHANCES)


@dataclass(slots=True)
class Reads:
    habits: dict[int, Habit] = field(default_factory=dict)
    _hand: int = -1
    _last_turn_live: list[int] = field(default_factory=list)
    _battle: tuple[int, int, int] | None = None
    """(hand, other fighter, raises) after our last bet into a battle, awaiting its answer."""
    _prompt: object = None
    """The last prompt read: asked again for the same one, nothing new has happened."""

    def habit(self, seat: int) -> Habit:
        return self.habits.setdefault(seat, Habit())

    def rate(self, seat: int) -> float:
        return self.habit(seat).rate()

    def observe(self, view: JSON, prompt: JSON) -> None:
        """Reads what happened since the seat last chose, before it chooses again."""
        asked = (view["hand"]["number"], prompt.get("prompt_id"), prompt["type"])
        if asked == self._prompt:
            return
        self._prompt = asked
        seat = int(view["seat"])
        hand = int(view["hand"]["number"])
        players = view["players"]
        if hand != self._hand:
            self._hand, self._last_turn_live = hand, []
        pending = self._battle
        self._battle = None
        if prompt["type"] == "battle":
            other = int(prompt["attacker"]) if int(prompt["defender"]) == seat else None
            other = int(prompt["defender"]) if other is None else other
            raises = int(prompt["raises"])
            if pending is not None and pending[:2] == (hand, other) and raises > pending[2]:
                self.habit(other).chances += 1
                self.habit(other).bets += 1  # it raised our bet
            elif pending is not None and pending[0] == hand:
                self.habit(pending[1]).chances += 1  # that battle ended: it called or folded
            if prompt["role"] == "defender" and raises == 0:
                self.habit(other).bets += 1  # it attacked us (its turn counted below)
        elif pending is not None and pending[0] == hand:
            self.habit(pending[1]).chances += 1
        if prompt["type"] == "turn":
            live = [s for s, p in enumerate(players) if p["in_hand"] and s != seat]
            mine = players[seat]["banner"]
            for other in self._last_turn_live:
                if other not in live:
                    continue
                theirs = players[other]["banner"]
                if theirs is None or mine is None or theirs[1] == mine[1]:
                    continue  # it could not attack us (P9)
                could = sum(
                    1
                    for s, p in enumerate(players)
                    if s != other and p["in_hand"] and p["banner"] and p["banner"][1] != theirs[1]
                )
                self.habit(other).chances += 1.0 / max(could, 1)
            self._last_turn_live = live

    def bet(self, view: JSON, prompt: JSON, move: JSON) -> None:
        """Notes our own bet into a battle (an attack or a raise), whose answer we then read."""
        seat = int(view["seat"])
        hand = int(view["hand"]["number"])
        if move["type"] == "battle":
            self._battle = (hand, int(move["target"]), 0)
        elif move["type"] == "raise":
            other = int(prompt["attacker"]) if int(prompt["defender"]) == seat else None
            other = int(prompt["defender"]) if other is None else other
            self._battle = (hand, other, int(prompt["raises"]) + 1)
