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
  What its sums weigh, each a function below with its own test:
  - *fold equity*: a target folds a battle as often as it has folded ours, with the weakest of
    its hands (`battle_branches`), so a weak attack can pay against one who folds;
  - *what a quiet opponent holds*: one who could have attacked us this hand and did not is
    taken to hold the rest of its hands (`_attack_chance`);
  - *buying under threat*: a buy is paid in every branch, and before our next turn the target
    may attack the bigger camp with its strongest hands (`_buying`);
  - *the rest of the table*: a won battle still leaves everyone else to outlast (`survival`);
  - *the session's end* (P16 `hands_per_session`): chips count by the chance of finishing with
    the most, a step on the last hand (`worth`, `lead`); with no set end, expected chips.

A bot never sees the game: its moves are drawn only from its prompt's listed moves and their
parameters, so it cannot make an illegal move, and its decisions depend only on its seed, its
view and the views it was given before (tests/games/palace/test_bots.py checks both).
"""

from __future__ import annotations

import itertools
import math
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pokerhall.cards import Card, rank_hand, rank_without_suit
from pokerhall.engine.events import JSON
from pokerhall.games.palace.battle import MAX_SOLDIERS, Camp
from pokerhall.games.palace.bots.knowledge import Memory, Table, read
from pokerhall.games.palace.bots.odds import (
    Chances,
    afterwards,
    chances,
    comparisons,
    deal_count,
    duel,
    duel_chance,
    scenarios,
)
from pokerhall.games.palace.bots.reads import Habit, Reads
from pokerhall.games.palace.view_types import palace_view


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
        seen = palace_view(view)
        self._reads.observe(seen, prompt)
        table = read(seen, self._memory)
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
        self._reads.bet(seen, prompt, move)
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

    budget = 4000
    least_deals = 40
    most_deals = 300

    RAISE_FROM = 0.6
    """Raise only with at least this chance against the other fighter's betting range: a
    raise can be re-raised by a stronger hand. Down to an even chance against one whose raises
    say nothing (it raises every time it may, `belief`)."""
    BIG_BET_FROM = 0.75
    """No-limit: open a battle for half the pot (not the least bet) from this chance."""

    def turn(self, table: Table, prompt: JSON, specs: dict[str, JSON]) -> JSON:
        targets = self.targets(specs)
        buy = "buy" in specs
        count = self.deals(table, len(targets), draw=buy)
        deals = scenarios(table, self._rng, count, draw=buy)
        now = chances(table, table.me, deals, targets)
        pot, s = table.pot, table.small_bet
        folds = {t: self._reads.habit(t).fold_rate() for t in targets}
        options: list[tuple[float, int, JSON]] = [
            (worth(table, [Branch(1.0, 0, 0, pot)]), 0, {"type": "fold"})
        ]
        # Ordered by preference among equal values: stay, then discard, battle, buy, fold.
        if "stay" in specs:
            options.append((worth(table, staying(now, pot)), 5, {"type": "stay"}))
        if "discard" in specs:
            dead = dead_soldiers(table, table.me)
            if dead:
                cost = table.discard_cost
                value = worth(table, staying(now, pot, cost=cost), saving=len(dead) * s)
                options.append((value, 4, {"type": "discard", "cards": [str(c) for c in dead]}))
        # what each target's turns this hand say: it had the chance to attack us, a share
        # `attacks` of its hands would have, and it did not, so it holds the rest
        attacks = {t: self._attack_chance(table, t) for t in targets}
        capped = {t: 1.0 - attacks[t] if self._reads.quiet.get(t) else 1.0 for t in targets}
        beyond = {
            t: afterwards(table, table.me, deals, t, [o for o in targets if o != t])
            for t in targets
        }
        for target in targets:
            opening = battle_branches(
                table,
                len(table.me.soldiers),
                now,
                target,
                pot,
                folds=folds[target],
                band=(0.0, capped[target]),
                beyond=beyond[target],
            )
            if opening is not None:
                value = worth(table, opening, target)
                options.append((value, 3, self._opening(table, specs, now, target)))
        if buy:
            after = chances(table, table.me, deals, targets, drawn=True)
            grown = pot + table.buy_cost
            values = (
                [worth(table, staying(after, grown, cost=table.buy_cost))]
                if "stay" in specs
                else []
            )
            for target in targets:
                later = self._buying(
                    table, after, target, grown, folds[target], attacks[target], beyond[target]
                )
                if later is not None:
                    values.append(later)
            if values:
                options.append((max(values), 2, {"type": "buy"}))
        return max(options, key=lambda option: (option[0], option[1]))[2]

    def _attack_chance(self, table: Table, target: int) -> float:
        """The chance `target` attacks us on its turn: its rate of attacking us when it may,
        shared among the players it could attack (`reads`)."""
        habit = self._reads.habit(target)
        suit = table.opponents[target].banner.suit
        could = 1 + sum(
            1 for s, o in table.opponents.items() if s != target and o.banner.suit != suit
        )
        return min(1.0, habit.attack_rate() * (1.0 if could == 1 else 1.0 / could))

    def _buying(
        self,
        table: Table,
        after: Chances,
        target: int,
        grown: int,
        folds: float,
        attack: float,
        beyond: Mapping[int, float],
    ) -> float | None:
        """Buying now to battle `target` later: before our next turn it attacks us (`attack`,
        with its strongest hands), when we call or fold with the bought card, or it does not,
        when we battle it then (against the rest of its hands) or fold. The buy is paid in
        every branch."""
        spend, s = table.buy_cost, table.small_bet
        bigger = min(len(table.me.soldiers) + 1, MAX_SOLDIERS)
        quiet = battle_branches(
            table,
            bigger,
            after,
            target,
            grown,
            spend=spend,
            folds=folds,
            band=(0.0, 1.0 - attack),
            beyond=beyond,
        )
        if quiet is None:
            return None
        give_up = worth(table, [Branch(1.0, -spend, 0, grown)], target)
        later = max(worth(table, quiet, target), give_up)
        opponent = table.opponents[target]
        their_bet = min((len(opponent.soldiers) + 1) * s, opponent.stack)
        our_call = min((bigger + 1) * s, max(table.stack - spend, 0))
        pot = grown + their_bet
        won = after.within(target, attack) * survival(table, beyond, target)
        called = [
            Branch(won, pot - spend, their_bet),
            Branch(1.0 - won, -spend - our_call, their_bet, pot + our_call),
        ]
        folded = worth(table, [Branch(1.0, -spend, their_bet, pot)], target)
        attacked = max(worth(table, called, target), folded)
        return attack * attacked + (1.0 - attack) * later

    def _opening(self, table: Table, specs: dict[str, JSON], now: Chances, target: int) -> JSON:
        if not table.limit and now.battle[target] >= self.BIG_BET_FROM:
            return self.battle(specs, target, table.pot // 2)
        return self.battle(specs, target)

    def answer(self, table: Table, prompt: JSON, specs: dict[str, JSON]) -> JSON:
        other = self.other_fighter(table, prompt)
        others = [s for s in table.targets() if s != other]
        count = self.deals(table, 1 + len(others), draw=False)
        deals = scenarios(table, self._rng, count, draw=False)
        habit = self._reads.habit(other)
        top = betting_range(prompt, habit)
        fight = duel(table, table.me, other, deals)
        p = fight.within(top)
        after = survival(table, afterwards(table, table.me, deals, other, others), other)
        pot = int(prompt["pot"])
        call = int(specs["call"].get("amount", 0))
        fold_value = worth(table, [Branch(1.0, 0, 0, pot)], other)
        won = p * after
        call_value = worth(
            table, [Branch(won, pot, 0, 0), Branch(1.0 - won, -call, 0, pot + call)], other
        )
        raise_from = 0.5 + (self.RAISE_FROM - 0.5) * belief(habit.raise_rate())
        if "raise" in specs and p >= raise_from:
            move = self.raise_by(specs)
            by = int(move["by"])
            their = min(by, table.opponents[other].stack)  # stack depth: it can match no more
            folds = habit.fold_rate()
            called = fight.within(top * (1.0 - folds))  # it folds the weakest of its range
            paid = call + by
            raised = [
                Branch(folds * after, pot, 0, 0),
                Branch(folds * (1.0 - after), -paid, 0, pot + paid),
                Branch((1.0 - folds) * called * after, pot + their, their, 0),
                Branch((1.0 - folds) * (1.0 - called * after), -paid, their, pot + paid + their),
            ]
            if worth(table, raised, other) > max(call_value, fold_value):
                return move
        return {"type": "call"} if call_value > fold_value else {"type": "fold"}

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


def betting_range(prompt: JSON, habit: Habit) -> float:
    """The share of its hands the other fighter is taken to hold, from its bets into us in
    this battle: its attack, if we defend (it attacks us that share of the times it may), then
    each raise (the defender raises first, then they alternate, P10), a share of what it raised
    with. One who bets every time it may shows nothing (1)."""
    raises = int(prompt["raises"])
    if prompt["role"] == "defender":
        return habit.attack_rate() * habit.raise_rate() ** (raises // 2)
    return habit.raise_rate() ** ((raises + 1) // 2)


def belief(rate: float) -> float:
    """How much an opponent's bet says about its hand, from how often it bets into us when it
    may (`reads.Reads`): fully (1) at the one in three a careful player does, nothing (0) from
    one who bets nearly every time (a maniac, an always-attacker)."""
    return max(0.0, min(1.0, (BLUFFER - rate) / (BLUFFER - CAREFUL)))


BLUFFER = 0.8
CAREFUL = 0.4


def survival(table: Table, rest: Chances | Mapping[int, float] | None, beaten: int) -> float:
    """After beating `beaten`, the chance of then outlasting everyone else left. The others
    also fight each other (the pot goes to one of them), so it is not the product of our
    battle chances against each: taking each chance p as how much stronger we are than that
    one (p / (1 - p), an even chance against those of our banner suit, whom we cannot battle),
    our share of the strength of everyone left (1 / (1 + the sum of (1 - p) / p)): one over the
    players left when every chance is even, the battle chance itself against one."""
    weaker = 0.0
    for seat in table.opponents:
        if seat == beaten:
            continue
        chances = rest.battle if isinstance(rest, Chances) else rest
        p = chances.get(seat, 0.5) if chances is not None else 0.5
        if p <= 0.0:
            return 0.0
        weaker += (1.0 - p) / p
    return 1.0 / (1.0 + weaker)


@dataclass(frozen=True, slots=True)
class Branch:
    """One way a move can end the hand for us, in chips from now on (P10, P15)."""

    chance: float
    mine: int
    """Our chips back less what we pay from now on (the pot when we win it)."""
    paid: int = 0
    """What the other fighter pays from now on."""
    lost: int = 0
    """The pot left to the others when we lose it (0 when we win)."""


def worth(
    table: Table, branches: Sequence[Branch], other: int | None = None, *, saving: int = 0
) -> float:
    """What a move's branches are worth. In a session of a set number of hands, whose result
    ranks the players by their chips (P16), the chance of holding the most at its end: on the
    last hand ahead or behind is all that counts (a sure fold that keeps us ahead beats a likely
    win, behind only a win will do), before it a lead counts by how many swings of a big bet
    the hands left can undo (`lead`). A pot we lose is taken to go to the richest rival, the
    worst case. With no set end, expected chips. `saving`: chips a move saves later (discarded
    soldiers, each a small bet less per battle), half of it counted, in chips' worth."""
    if table.hands_left is None:
        return sum(b.chance * b.mine for b in branches) + SAVING_WEIGHT * saving
    spread = table.big_bet * math.sqrt(table.hands_left)
    total = 0.0
    for b in branches:
        mine = table.stack + b.mine + SAVING_WEIGHT * saving
        richest = max(
            (chips - (b.paid if seat == other else 0) for seat, chips in table.rivals.items()),
            default=0,
        )
        total += b.chance * lead(mine - richest - b.lost, spread)
    return total


def lead(ahead: float, spread: float) -> float:
    """The chance that a lead of `ahead` chips holds (a tie half) when the hands left swing
    the chips by about `spread` (normal): a step on the last hand."""
    if spread <= 0:
        return 1.0 if ahead > 0 else 0.5 if ahead == 0 else 0.0
    return 0.5 * (1.0 + math.erf(ahead / (spread * math.sqrt(2.0))))


SAVING_WEIGHT = 0.5
"""How much of a small bet per dead soldier a discard is worth: the chance that the saving is
ever used in a battle."""


def staying(now: Chances, pot: int, *, cost: int = 0) -> list[Branch]:
    """Staying (or discarding for `cost`) until a showdown now: our share of the pot (P15)."""
    return [Branch(now.showdown, pot - cost), Branch(1.0 - now.showdown, -cost, 0, pot)]


def battle_branches(
    table: Table,
    soldiers: int,
    now: Chances,
    target: int,
    pot: int,
    *,
    spend: int = 0,
    folds: float = 0.0,
    band: tuple[float, float] = (0.0, 1.0),
    beyond: Mapping[int, float] | None = None,
) -> list[Branch] | None:
    """Battling `target` for the least bet ((soldiers + 1) small bets, P9): it folds `folds`
    of the time, its weakest hands (we then play on for the pot with our bet in), else calls
    for its own price (P10) with the rest, when we must win the battle and then outlast the
    rest (`beyond`: our chances against them once its cards are ours, else `now`'s). `band`: the
    part of its hands it is known to hold (weakest first, `odds.Duel.band`).
    None when the bet cannot be paid (`spend`: chips paid first, for a buy)."""
    if target not in now.battle:
        return None
    s = table.small_bet
    stack = table.stack - spend
    if stack <= 0:
        return None
    bet = min((soldiers + 1) * s, stack)
    opponent = table.opponents[target]
    their_call = min((len(opponent.soldiers) + 1) * s, opponent.stack)  # P10: its own price
    if opponent.stack <= 0:
        folds = 0.0  # no chips left: it calls for nothing rather than fold
    after = survival(table, now if beyond is None else beyond, target)
    low, high = band
    won = (1.0 - folds) * now.band(target, low + folds * (high - low), high) * after
    paid = spend + bet
    return [
        Branch(folds * after, pot - spend),
        Branch(folds * (1.0 - after), -paid, 0, pot + bet),
        Branch(won, pot - spend + their_call, their_call),
        Branch(1.0 - folds - won, -paid, their_call, pot + bet + their_call),
    ]


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
