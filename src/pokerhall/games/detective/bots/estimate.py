"""Who is likely best (and worst) right now, from one seat's view alone (X7, X10).

The bot knows its private card, the others' forehead cards and the community cards; it does not
know its own forehead card nor the others' private cards. It deals those from the cards it has
not seen (burned and undealt cards are among them, as they are for a player at a table) many
times over and counts, per seat, how often that seat's hand is the best (ties count for every
tied seat, X7) and how often it is the worst, which is what Bluff bets on (X6).
"""

from __future__ import annotations

import random

from pokerhall.cards import FULL_DECK, Card
from pokerhall.engine.events import JSON
from pokerhall.games.detective.ranking import extremes, hand_rank


def seen_cards(view: JSON) -> tuple[Card, list[Card | None], list[Card]]:
    """(own private card, each seat's forehead card or None when unseen, community cards)."""
    you = view["you"]
    foreheads = [None if p["forehead"] is None else Card(p["forehead"]) for p in view["players"]]
    community = [Card(c) for c in view["hand"]["community"]]
    return Card(you["private"]), foreheads, community


def chances(view: JSON, samples: int, rng: random.Random) -> tuple[list[float], list[float]]:
    """(P(seat has the best hand), P(seat has the worst hand)) per seat, by `samples` deals."""
    seat: int = view["seat"]
    private, foreheads, community = seen_cards(view)
    n = len(foreheads)
    known = {private, *community, *(f for f in foreheads if f is not None)}
    known |= {Card(c) for c in view["hand"]["discarded"]}
    pool = [c for c in FULL_DECK if c not in known]
    best = [0] * n
    worst = [0] * n
    others = [s for s in range(n) if s != seat]
    fixed = {s: card for s in others if (card := foreheads[s]) is not None}
    for _ in range(samples):
        drawn = rng.sample(pool, n)
        ranks = [hand_rank(private, drawn[0], community)] * n
        for k, other in enumerate(others, start=1):
            ranks[other] = hand_rank(drawn[k], fixed[other], community)
        top, bottom = extremes(ranks)
        for s in top:
            best[s] += 1
        for s in bottom:
            worst[s] += 1
    return [b / samples for b in best], [w / samples for w in worst]
