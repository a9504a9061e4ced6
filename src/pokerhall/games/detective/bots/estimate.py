"""Who is likely best (and worst) right now, from one seat's view alone (X7, X10).

The bot knows its private card, the others' forehead cards and the community cards; it does not
know its own forehead card nor the others' private cards. It deals those from the cards it has
not seen (burned and undealt cards are among them, as they are for a player at a table) many
times over and counts, per seat, how often that seat's hand is the best (ties count for every
tied seat, X7) and how often it is the worst, which is what Bluff bets on (X6).
"""

from __future__ import annotations

import random

from pokerhall.cards import FULL_DECK, Card, rank_hand
from pokerhall.engine.bots import seat_of
from pokerhall.games.detective.bots.reads import Reads, open_bets
from pokerhall.games.detective.ranking import BOARD_SIZE, extremes, hand_rank
from pokerhall.games.detective.views import DetectiveView


def seen_cards(view: DetectiveView) -> tuple[Card, list[Card | None], list[Card]]:
    """(own private card, each seat's forehead card or None when unseen, community cards)."""
    you = view["you"]
    foreheads = [None if p["forehead"] is None else Card(p["forehead"]) for p in view["players"]]
    community = [Card(c) for c in view["hand"]["community"]]
    return Card(you["private"]), foreheads, community


def unseen(
    view: DetectiveView, private: Card, foreheads: list[Card | None], community: list[Card]
) -> list[Card]:
    """The cards this seat has not seen, in deck order: what a sampled deal draws from."""
    known = {private, *community, *(f for f in foreheads if f is not None)}
    known |= {Card(c) for c in view["hand"]["discarded"]}
    return [c for c in FULL_DECK if c not in known]


def chances(
    view: DetectiveView, samples: int, rng: random.Random
) -> tuple[list[float], list[float]]:
    """(P(seat has the best hand), P(seat has the worst hand)) per seat, by `samples` deals."""
    seat = seat_of(view)
    private, foreheads, community = seen_cards(view)
    n = len(foreheads)
    pool = unseen(view, private, foreheads, community)
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


def read_chances(
    view: DetectiveView, samples: int, rng: random.Random, reads: Reads
) -> tuple[list[float], list[float]]:
    """`chances` with every sampled deal weighed by how well it fits the others' open bets of
    this hand (`reads`): a deal in which a bet went to its bettor's pick is likelier, the more
    so the more that bettor is believed. The others see this seat's forehead card, so their
    bets are the only thing it can learn of it by."""
    seat = seat_of(view)
    private, foreheads, community = seen_cards(view)
    n = len(foreheads)
    pool = unseen(view, private, foreheads, community)
    bets = [b for b in open_bets(view) if b.seat != seat]
    trust = {s: reads.trust(s, n) for s in {b.seat for b in bets}}
    bets = [b for b in bets if trust[b.seat] > 0]
    streets = sorted({b.street for b in bets})
    # One card's rank with each round's community, for every card that may be shown.
    shown_rank = {
        street: {
            card: rank_hand((card, *community[: BOARD_SIZE[street]]))
            for card in [*pool, *(f for f in foreheads if f is not None)]
        }
        for street in streets
    }
    others = [s for s in range(n) if s != seat]
    fixed = {s: card for s in others if (card := foreheads[s]) is not None}
    best = [0.0] * n
    worst = [0.0] * n
    total = 0.0
    for _ in range(samples):
        drawn = rng.sample(pool, n)
        mine = drawn[0]
        hidden = dict(zip(others, drawn[1:], strict=True))
        weight = 1.0
        for bet in bets:
            ranks = shown_rank[bet.street]
            shown = [
                ranks[hidden[s] if s == bet.seat else mine if s == seat else fixed[s]]
                for s in range(n)
            ]
            top = max(shown)
            tied = shown.count(top)
            hit = 1.0 / tied if shown[bet.board] == top else 0.0
            weight *= trust[bet.seat] * hit + (1 - trust[bet.seat]) / n
        ranks_now = [hand_rank(private, mine, community)] * n
        for other in others:
            ranks_now[other] = hand_rank(hidden[other], fixed[other], community)
        top_seats, bottom = extremes(ranks_now)
        total += weight
        for s in top_seats:
            best[s] += weight
        for s in bottom:
            worst[s] += weight
    return [b / total for b in best], [w / total for w in worst]
