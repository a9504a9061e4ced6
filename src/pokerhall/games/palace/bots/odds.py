"""A seat's chances, estimated by dealing the cards it cannot see (Monte Carlo).

Each *scenario* gives every live opponent whose palace is unknown three cards from the seat's
pool (disjoint, as a real deal is), and optionally the card a buy would draw. A battle in a
scenario is decided by the game's own `battle.judge` (P10) and a showdown by
`battle.showdown_winners` (P15): the bots never restate the rules of comparing hands, so they
cannot drift from the game.

All estimates of one decision share their scenarios (common random numbers), so comparing two
options, such as two soldiers to let go, is not swamped by sampling noise. The number of scenarios
is set by a budget of hand comparisons, not by a clock, so a decision is the same on a slow and a
fast machine; `bench/ladder.py` measures what that budget costs.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from pokerhall.cards import Card
from pokerhall.games.palace.battle import Camp, battle_rank, judge, showdown_winners
from pokerhall.games.palace.bots.knowledge import PALACE_CARDS, Table, with_soldier


@dataclass(frozen=True, slots=True)
class Scenario:
    camps: dict[int, Camp]
    """Every live opponent's camp, with a known or sampled palace."""
    draw: Card | None
    """The card a buy would take now (from the pool, not in a sampled palace)."""


def scenarios(table: Table, rng: random.Random, count: int, *, draw: bool) -> list[Scenario]:
    """`count` deals of the unknown palaces (and the next card, when `draw`) from the pool."""
    unknown = table.unknown()
    pool = table.pool
    need = PALACE_CARDS * len(unknown)
    if draw and need >= len(pool):
        # Every card outside the palaces has been seen (a big table whose stock is a reshuffled
        # discard pile), so the next card is one the seat saw: it is not sampled.
        draw = False
    need += 1 if draw else 0
    out: list[Scenario] = []
    for _ in range(count):
        cards = rng.sample(pool, need)
        camps: dict[int, Camp] = {}
        for seat, opponent in table.opponents.items():
            palace = opponent.palace
            if palace is None:
                i = unknown.index(seat) * PALACE_CARDS
                palace = tuple(cards[i : i + PALACE_CARDS])
            camps[seat] = Camp(opponent.banner, palace, opponent.soldiers)
        out.append(Scenario(camps, cards[-1] if draw else None))
    return out


@dataclass(frozen=True, slots=True)
class Duel:
    """One battle against one opponent over the deals: per deal, our result if it is called
    (1 a win, 0.5 a split tie of the last two, else 0) and how strong the opponent's battle hand
    is from where it sits (its best hand without our banner suit, P10: what it knows and bets
    on). What its betting says about its hand is then a part of these deals (`within`)."""

    results: list[float]
    strength: list[int]

    def chance(self) -> float:
        return sum(self.results) / max(len(self.results), 1)

    def within(self, top: float) -> float:
        """Our chance when the opponent's hand is among its `top` strongest (a fraction of
        its hands): one who bets or calls with only part of its hands shows it holds that part.
        `top` 1 is no information at all (one who bets every hand)."""
        return self.band(1.0 - top, 1.0)

    def band(self, low: float, high: float) -> float:
        """Our chance when the opponent's hand lies between the `low` and `high` fractions of
        its hands, weakest first: `band(0, 1 - a)` when it did not attack with the `a`
        strongest, `band(f, 1)` when it calls with all but the weakest `f`."""
        n = len(self.results)
        if n == 0:
            return 0.0
        low, high = max(0.0, low), min(1.0, high)
        if low <= 0.0 and high >= 1.0:
            return self.chance()
        order = sorted(range(n), key=lambda i: self.strength[i])
        start = min(n - 1, int(low * n))
        stop = max(start + 1, round(high * n))
        picked = order[start:stop]
        return sum(self.results[i] for i in picked) / len(picked)


@dataclass(frozen=True, slots=True)
class Chances:
    battle: dict[int, float]
    """Per target: the chance to win a called battle (a tie counts half between the last two,
    who split the pot; otherwise a tie puts both out and counts nothing)."""
    showdown: float
    """The expected share of the pot at a showdown now (P15)."""
    duels: dict[int, Duel] = field(default_factory=dict)
    """Per target, deal by deal (`Duel`); empty when built by hand."""

    def best_target(self) -> int | None:
        """The weakest opponent: the highest chance, the lowest seat among equals."""
        if not self.battle:
            return None
        return max(sorted(self.battle), key=lambda seat: self.battle[seat])

    def within(self, target: int, top: float) -> float:
        """The chance against `target` when its hand is among its `top` strongest."""
        return self.band(target, 1.0 - top, 1.0)

    def band(self, target: int, low: float, high: float) -> float:
        """The chance against `target` when its hand lies in that band (`Duel.band`)."""
        duel = self.duels.get(target)
        return self.battle[target] if duel is None else duel.band(low, high)


def _result(seat: int, me: Camp, other: int, camp: Camp, heads_up: bool) -> float:
    verdict = judge(seat, me, other, camp)
    if verdict.winner == seat:
        return 1.0
    return 0.5 if verdict.winner is None and heads_up else 0.0


def chances(
    table: Table,
    me: Camp,
    deals: Sequence[Scenario],
    targets: Iterable[int],
    *,
    drawn: bool = False,
    keep: Sequence[Card] | None = None,
) -> Chances:
    """The chances of `me` over `deals`; with `drawn`, of `me` after buying each deal's card
    (soldiers beyond five let go lowest first), optionally keeping only `keep` before the buy."""
    targets = list(targets)
    heads_up = len(table.opponents) == 1
    duels = {t: Duel([], []) for t in targets}
    share = 0.0
    seat = table.seat
    for deal in deals:
        camp = me
        if drawn and deal.draw is not None:
            camp = with_soldier(me, deal.draw, keep)
        for target in targets:
            theirs = deal.camps[target]
            duels[target].results.append(_result(seat, camp, target, theirs, heads_up))
            duels[target].strength.append(battle_rank(theirs, camp).key)
        everyone = {seat: camp, **deal.camps}
        winners = showdown_winners(everyone)
        if seat in winners:
            share += 1.0 / len(winners)
    n = max(len(deals), 1)
    return Chances({t: d.chance() for t, d in duels.items()}, share / n, duels)


def spoils(table: Table, me: Camp, beaten: int) -> Camp:
    """`me` after beating `beaten`: its banner and soldiers become ours (P10), the lowest let go
    beyond five."""
    camp = me
    loser = table.opponents[beaten]
    for card in (*loser.soldiers, loser.banner):
        camp = with_soldier(camp, card)
    return camp


def afterwards(
    table: Table, me: Camp, deals: Sequence[Scenario], beaten: int, rest: Iterable[int]
) -> dict[int, float]:
    """Our battle chances against each of `rest` once `beaten` is beaten and its cards are
    ours (`spoils`): what winning a battle does to the battles still to come."""
    camp = spoils(table, me, beaten)
    rest = list(rest)
    wins = dict.fromkeys(rest, 0.0)
    heads_up = len(table.opponents) == 2  # after the battle, two of us are left
    for deal in deals:
        for other in rest:
            wins[other] += _result(table.seat, camp, other, deal.camps[other], heads_up)
    n = max(len(deals), 1)
    return {other: w / n for other, w in wins.items()}


def duel(table: Table, me: Camp, other: int, deals: Sequence[Scenario]) -> Duel:
    """A called battle against `other` alone, deal by deal (ties as in `chances`)."""
    heads_up = len(table.opponents) == 1
    out = Duel([], [])
    for deal in deals:
        theirs = deal.camps[other]
        out.results.append(_result(table.seat, me, other, theirs, heads_up))
        out.strength.append(battle_rank(theirs, me).key)
    return out


def duel_chance(table: Table, me: Camp, other: int, deals: Sequence[Scenario]) -> float:
    """The chance of winning a called battle against `other` alone (ties as in `chances`)."""
    return duel(table, me, other, deals).chance()


def comparisons(table: Table, targets: int) -> int:
    """Hand rankings one scenario costs: three per battle in `chances` (both battle hands, and
    the opponent's again for its strength), one per showdown hand, and two per battle still to
    come after each (`afterwards`)."""
    return 3 * targets + 2 * targets * (targets - 1) + table.live


def deal_count(budget: int, per_deal: int, low: int, high: int) -> int:
    """Scenarios that fit a budget of hand rankings, between `low` and `high`."""
    return max(low, min(high, budget // max(per_deal, 1)))
