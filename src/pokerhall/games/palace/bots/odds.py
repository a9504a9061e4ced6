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
from dataclasses import dataclass

from pokerhall.cards import Card
from pokerhall.games.palace.battle import Camp, judge, showdown_winners
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
class Chances:
    battle: dict[int, float]
    """Per target: the chance to win a called battle (a tie counts half between the last two,
    who split the pot; otherwise a tie puts both out and counts nothing)."""
    showdown: float
    """The expected share of the pot at a showdown now (P15)."""

    def best_target(self) -> int | None:
        """The weakest opponent: the highest chance, the lowest seat among equals."""
        if not self.battle:
            return None
        return max(sorted(self.battle), key=lambda seat: self.battle[seat])


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
    wins = dict.fromkeys(targets, 0.0)
    share = 0.0
    seat = table.seat
    for deal in deals:
        camp = me
        if drawn and deal.draw is not None:
            camp = with_soldier(me, deal.draw, keep)
        for target in targets:
            verdict = judge(seat, camp, target, deal.camps[target])
            if verdict.winner == seat:
                wins[target] += 1.0
            elif verdict.winner is None and heads_up:
                wins[target] += 0.5
        everyone = {seat: camp, **deal.camps}
        winners = showdown_winners(everyone)
        if seat in winners:
            share += 1.0 / len(winners)
    n = max(len(deals), 1)
    return Chances({t: w / n for t, w in wins.items()}, share / n)


def duel_chance(table: Table, me: Camp, other: int, deals: Sequence[Scenario]) -> float:
    """The chance of winning a called battle against `other` alone (ties as in `chances`)."""
    heads_up = len(table.opponents) == 1
    wins = 0.0
    for deal in deals:
        verdict = judge(table.seat, me, other, deal.camps[other])
        if verdict.winner == table.seat:
            wins += 1.0
        elif verdict.winner is None and heads_up:
            wins += 0.5
    return wins / max(len(deals), 1)


def comparisons(table: Table, targets: int) -> int:
    """Hand rankings one scenario costs `chances`: two per battle, one per showdown hand."""
    return 2 * targets + table.live


def deal_count(budget: int, per_deal: int, low: int, high: int) -> int:
    """Scenarios that fit a budget of hand rankings, between `low` and `high`."""
    return max(low, min(high, budget // max(per_deal, 1)))
