"""Palace bots that judge their chances from what their seat can see: `CautiousBot` and
`SamplerBot` (the stronger, and the game's default).

Both read their view into a `knowledge.Table` and deal the unseen cards many times over
(`odds`), so every chance is that of the real rules (the game's `battle.judge` and
`battle.showdown_winners`). They differ in how much they sample and how they use the numbers:

* `CautiousBot` samples a little and acts on fixed thresholds: battle the weakest opponent when
  clearly ahead, buy while its camp is small, otherwise stay; in a battle call when about even,
  raise when far ahead. It keeps every soldier it may.
* `SamplerBot` samples far more and compares the expected chips of every legal move: staying
  (its share of a showdown), each battle (the chance to win it, times the chance to beat the
  others left, times the pot it would then be playing for, less the bet), buying (the same
  chances with each deal's next card) and discarding soldiers that cost a small bet per battle
  without improving any hand that counts (P9, P10). In a battle it weighs the call against the
  pot (pot odds) and the chance of then outlasting the others left, a raise against what the
  other fighter's stack can still match, and it shades its chance for every bet the other
  fighter made into it, as far as that opponent's bets are worth believing (`reads`: one who
  attacks or raises every time it may is not believed). It chooses which soldiers to keep.

A bot never sees the game: its moves are drawn only from its prompt's listed moves and their
parameters, so it cannot make an illegal move, and its decisions depend only on its seed, its
view and the views it was given before (tests/games/palace/test_bots.py checks both).
"""

from __future__ import annotations

import itertools
import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from pokerhall.cards import Card, rank_hand, rank_without_suit
from pokerhall.engine.events import JSON
from pokerhall.games.palace.battle import MAX_SOLDIERS, Camp
from pokerhall.games.palace.bots.knowledge import Memory, Table, read
from pokerhall.games.palace.bots.odds import (
    Chances,
    chances,
    comparisons,
    deal_count,
    duel_chance,
    scenarios,
)
from pokerhall.games.palace.bots.reads import Reads


def _specs(prompt: JSON) -> dict[str, JSON]:
    return {spec["type"]: spec for spec in prompt["moves"]}


class _SeeingBot(ABC):
    """The reading and the legal move making both levels share; subclasses decide."""

    budget = 0
    """Hand rankings a decision may spend on sampling (`odds.deal_count`)."""
    least_deals = 1
    most_deals = 1

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)
        self._memory = Memory()
        self._reads = Reads()

    def choose(self, view: JSON, prompt: JSON) -> JSON:
        self._reads.observe(view, prompt)
        table = read(view, self._memory)
        kind = prompt["type"]
        specs = _specs(prompt)
        if kind == "turn":
            move = self.turn(table, prompt, specs)
        elif kind == "battle":
            move = self.answer(table, prompt, specs)
        elif kind == "soldiers":
            move = self.soldiers(table, prompt, specs)
        else:  # a prompt this bot does not know: the game's own time-out move
            move = dict(prompt["default"])
        self._reads.bet(view, prompt, move)
        return move

    def deals(self, table: Table, targets: int, *, draw: bool) -> int:
        per = comparisons(table, targets) * (2 if draw else 1)
        return deal_count(self.budget, per, self.least_deals, self.most_deals)

    # --- the three prompts, overridden ---------------------------------------------------------

    @abstractmethod
    def turn(self, table: Table, prompt: JSON, specs: dict[str, JSON]) -> JSON:
        """A move for the seat's turn (P6-P9, P11, P12, P14)."""

    @abstractmethod
    def answer(self, table: Table, prompt: JSON, specs: dict[str, JSON]) -> JSON:
        """Fold, call or raise in a battle (P10)."""

    def soldiers(self, table: Table, prompt: JSON, specs: dict[str, JSON]) -> JSON:
        """Which soldiers to let go (P7, P10); by default the prompt's own default."""
        return dict(prompt["default"])

    # --- legal moves from the prompt -----------------------------------------------------------

    @staticmethod
    def targets(specs: dict[str, JSON]) -> list[int]:
        spec = specs.get("battle")
        return list(spec["params"]["target"]["choices"]) if spec else []

    @staticmethod
    def battle(specs: dict[str, JSON], target: int, bet: int | None = None) -> JSON:
        span = specs["battle"]["params"]["bet"]
        low, high = int(span["min"]), int(span["max"])
        amount = low if bet is None else max(low, min(high, bet))
        return {"type": "battle", "target": target, "bet": amount}

    @staticmethod
    def raise_by(specs: dict[str, JSON], by: int | None = None) -> JSON:
        span = specs["raise"]["params"]["by"]
        low, high = int(span["min"]), int(span["max"])
        return {"type": "raise", "by": low if by is None else max(low, min(high, by))}

    @staticmethod
    def other_fighter(table: Table, prompt: JSON) -> int:
        attacker, defender = int(prompt["attacker"]), int(prompt["defender"])
        return attacker if defender == table.seat else defender


class CautiousBot(_SeeingBot):
    """Few samples, fixed thresholds (see the module docstring)."""

    budget = 600
    least_deals = 8
    most_deals = 60

    ATTACK = 0.62
    """Battle the weakest opponent with at least this chance, while others are left."""
    LAST_TWO = 0.5
    """... or this much when only the two of us are left."""
    DESPERATE = 0.25
    """With two left and nothing better to do, battle down to this chance rather than fold."""
    CALL = 0.45
    RAISE = 0.78
    MOST_RAISES = 4
    """Raise only while the battle has had fewer raises than this: its chance is not shaded by
    the other fighter's raises, and limit battles have no cap (P10, P16), so two confident
    bots would otherwise raise each other all-in."""
    SMALL_CAMP = 2
    """Buy while holding fewer soldiers than this."""

    def turn(self, table: Table, prompt: JSON, specs: dict[str, JSON]) -> JSON:
        targets = self.targets(specs)
        deals = scenarios(table, self._rng, self.deals(table, len(targets), draw=False), draw=False)
        now = chances(table, table.me, deals, targets)
        best = now.best_target()
        p = now.battle[best] if best is not None else 0.0
        heads_up = table.live == 2
        if best is not None and p >= (self.LAST_TWO if heads_up else self.ATTACK):
            return self.battle(specs, best)
        if "buy" in specs and (len(table.me.soldiers) < self.SMALL_CAMP or "stay" not in specs):
            return {"type": "buy"}
        if "stay" in specs:
            return {"type": "stay"}
        if best is not None and p >= self.DESPERATE:
            return self.battle(specs, best)
        return {"type": "fold"}

    def answer(self, table: Table, prompt: JSON, specs: dict[str, JSON]) -> JSON:
        other = self.other_fighter(table, prompt)
        count = self.deals(table, 1, draw=False)
        p = duel_chance(table, table.me, other, scenarios(table, self._rng, count, draw=False))
        if p >= self.RAISE and "raise" in specs and int(prompt["raises"]) < self.MOST_RAISES:
            return self.raise_by(specs)
        if p >= self.CALL:
            return {"type": "call"}
        return {"type": "fold"}


class SamplerBot(_SeeingBot):
    """Many samples, expected chips of every legal move (see the module docstring)."""

    budget = 2000
    least_deals = 40
    most_deals = 300

    RAISE_FROM = 0.6
    """Raise only with at least this chance: a raise can be re-raised by a stronger hand."""
    BIG_BET_FROM = 0.75
    """No-limit: open a battle for half the pot (not the least bet) from this chance."""
    SHADE = 0.65
    """In a battle, the odds of winning are multiplied by this for every chip-raising act of
    the other fighter (its attack, its raises): a player who bets into us tends to hold more
    than a random deal of the unseen cards gives it, and the samples cannot know that. Less,
    down to not at all, against an opponent seen to bet into us nearly every time it may
    (`belief`)."""
    SAVING_WEIGHT = 0.5
    """How much of a small bet per dead soldier a discard is worth: the chance that the saving
    is ever used in a battle."""

    def turn(self, table: Table, prompt: JSON, specs: dict[str, JSON]) -> JSON:
        targets = self.targets(specs)
        buy = "buy" in specs
        count = self.deals(table, len(targets), draw=buy)
        deals = scenarios(table, self._rng, count, draw=buy)
        now = chances(table, table.me, deals, targets)
        pot, s = table.pot, table.small_bet
        options: list[tuple[float, int, JSON]] = [(0.0, 0, {"type": "fold"})]
        # Ordered by preference among equal values: stay, then discard, battle, buy, fold.
        if "stay" in specs:
            options.append((now.showdown * pot, 5, {"type": "stay"}))
        if "discard" in specs:
            dead = dead_soldiers(table, table.me)
            if dead:
                value = now.showdown * pot - table.discard_cost + self.SAVING_WEIGHT * len(dead) * s
                options.append((value, 4, {"type": "discard", "cards": [str(c) for c in dead]}))
        for target in targets:
            opening = battle_value(table, len(table.me.soldiers), now, target, pot)
            if opening is not None:
                options.append((opening, 3, self._opening(table, specs, now, target)))
        if buy:
            after = chances(table, table.me, deals, targets, drawn=True)
            grown = pot + table.buy_cost
            values = [after.showdown * grown] if "stay" in specs else []
            bigger = min(len(table.me.soldiers) + 1, MAX_SOLDIERS)
            for target in targets:
                later = battle_value(table, bigger, after, target, grown, spend=table.buy_cost)
                if later is not None:
                    values.append(later)
            if values:
                options.append((max(values) - table.buy_cost, 2, {"type": "buy"}))
        return max(options, key=lambda option: (option[0], option[1]))[2]

    def _opening(self, table: Table, specs: dict[str, JSON], now: Chances, target: int) -> JSON:
        if not table.limit and now.battle[target] >= self.BIG_BET_FROM:
            return self.battle(specs, target, table.pot // 2)
        return self.battle(specs, target)

    def answer(self, table: Table, prompt: JSON, specs: dict[str, JSON]) -> JSON:
        other = self.other_fighter(table, prompt)
        others = [s for s in table.targets() if s != other]
        count = self.deals(table, 1 + len(others), draw=False)
        deals = scenarios(table, self._rng, count, draw=False)
        believed = belief(self._reads.rate(other))
        factor = self.SHADE ** (aggression(prompt) * believed)
        p = shaded(duel_chance(table, table.me, other, deals), factor)
        # against one who re-raises anything, a raise is worth making from an even chance
        raise_from = 0.5 + (self.RAISE_FROM - 0.5) * believed
        rest = chances(table, table.me, deals, others) if others else None
        after = survival(table, rest, other)
        pot = int(prompt["pot"])
        call = int(specs["call"].get("amount", 0))
        call_value = p * after * (pot + call) - call
        if "raise" in specs and p >= raise_from:
            move = self.raise_by(specs)
            by = int(move["by"])
            their = min(by, table.opponents[other].stack)  # stack depth: it can match no more
            raise_value = p * after * (pot + call + by + their) - call - by
            if raise_value > call_value:
                return move
        return {"type": "call"} if call_value > 0 else {"type": "fold"}

    def soldiers(self, table: Table, prompt: JSON, specs: dict[str, JSON]) -> JSON:
        held = table.me.soldiers
        keep = best_five(table, table.me) if len(held) > MAX_SOLDIERS else list(held)
        camp = Camp(table.me.banner, table.me.palace, keep)
        dead = set(dead_soldiers(table, camp))
        keep = [c for c in keep if c not in dead]
        let_go = [str(c) for c in held if c not in keep]
        if not let_go and "keep" in specs:
            return {"type": "keep"}
        if not let_go:  # cannot happen: "keep" is missing only with more than five soldiers
            return dict(prompt["default"])
        return {"type": "discard", "cards": let_go}


# --- the sums SamplerBot does ------------------------------------------------------------------


def aggression(prompt: JSON) -> int:
    """How often the other fighter has bet into us in this battle: the attack, if we defend,
    then every raise of theirs (the defender raises first, then they alternate, P10)."""
    raises = int(prompt["raises"])
    if prompt["role"] == "defender":
        return 1 + raises // 2
    return (raises + 1) // 2


def belief(rate: float) -> float:
    """How much an opponent's bet says about its hand, from how often it bets into us when it
    may (`reads.Reads`): fully (1) at the one in three a careful player does, nothing (0) from
    one who bets nearly every time (a maniac, an always-attacker)."""
    return max(0.0, min(1.0, (BLUFFER - rate) / (BLUFFER - CAREFUL)))


BLUFFER = 0.8
CAREFUL = 0.4


def shaded(p: float, factor: float) -> float:
    """`p` with its odds p / (1 - p) multiplied by `factor`."""
    if p >= 1.0:
        return 1.0
    odds = p / (1.0 - p) * factor
    return odds / (1.0 + odds)


def survival(table: Table, rest: Chances | None, beaten: int) -> float:
    """After beating `beaten`, the chance of then outlasting everyone else left: the product of
    the battle chances against them (an even chance against those of our banner suit, whom we
    cannot battle and who must be beaten by someone else or at the showdown)."""
    chance = 1.0
    for seat in table.opponents:
        if seat == beaten:
            continue
        chance *= rest.battle.get(seat, 0.5) if rest is not None else 0.5
    return chance


def battle_value(
    table: Table, soldiers: int, now: Chances, target: int, pot: int, *, spend: int = 0
) -> float | None:
    """Expected chips of battling `target` for the least bet ((soldiers + 1) small bets, P9):
    win it (and then the rest) to play for the pot with both bets in, else lose the bet. None
    when the bet cannot be paid (`spend`: chips paid first, for a buy)."""
    if target not in now.battle:
        return None
    s = table.small_bet
    stack = table.stack - spend
    if stack <= 0:
        return None
    bet = min((soldiers + 1) * s, stack)
    opponent = table.opponents[target]
    their_call = min((len(opponent.soldiers) + 1) * s, opponent.stack)  # P10: its own price
    after = survival(table, now, target)
    return now.battle[target] * after * (pot + bet + their_call) - bet


def _suits_that_count(table: Table) -> list[str]:
    """The suits a battle leaves out (live opponents' banner suits other than ours, P10)."""
    mine = table.me.banner.suit
    return sorted({o.banner.suit for o in table.opponents.values()} - {mine})


def _profile(camp: Camp, suits: Sequence[str]) -> tuple[Any, ...]:
    """How good a camp's hands are: without each opponent suit, then with every card."""
    cards = camp.cards()
    return (*(rank_without_suit(cards, suit) for suit in suits), rank_hand(cards))


def dead_soldiers(table: Table, camp: Camp) -> list[Card]:
    """Soldiers that improve no hand that counts (no battle hand against a live opponent's
    suit, not the showdown hand) and are not of our banner suit (the P10 tie-break): each costs
    a small bet per battle for nothing. Lowest first; taken away one at a time, so two cards
    that stand in for each other are not both let go."""
    suits = _suits_that_count(table)
    mine = camp.banner.suit
    soldiers = list(camp.soldiers)
    dead: list[Card] = []
    for card in sorted(soldiers, key=lambda c: (c.rank, c.index)):
        if card.suit == mine:
            continue
        with_it = _profile(Camp(camp.banner, camp.palace, soldiers), suits)
        rest = [c for c in soldiers if c is not card]
        if _profile(Camp(camp.banner, camp.palace, rest), suits) == with_it:
            soldiers = rest
            dead.append(card)
    return dead


def best_five(table: Table, camp: Camp) -> list[Card]:
    """The five soldiers to keep of more than five: the set whose hands rank best in sum, over
    the battle hands against each live opponent's suit and the showdown hand (eval7's values put
    the category first, so a sum favours better categories), then the most of our banner suit."""
    suits = _suits_that_count(table)
    mine = camp.banner.suit
    best: tuple[int, int] | None = None
    chosen: list[Card] = list(camp.soldiers[:MAX_SOLDIERS])
    for keep in itertools.combinations(camp.soldiers, MAX_SOLDIERS):
        ranks = _profile(Camp(camp.banner, camp.palace, list(keep)), suits)
        score = (sum(rank.key for rank in ranks), sum(c.suit == mine for c in keep))
        if best is None or score > best:
            best, chosen = score, list(keep)
    return chosen
