"""Dealing: the first dealer by high card (P3), the banner deal (P4) and the palace deal (P5).

Every face-up card is a public event as it is dealt; palace cards are private to their owner.
Each function takes the game's seeded generator, so a replay deals the same cards.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from pokerhall.cards import FULL_DECK, Card, Deck
from pokerhall.engine.events import Event
from pokerhall.games.palace.events import (
    BannerCard,
    BannersReshuffled,
    DealerDraw,
    FirstDealer,
    PalaceCards,
    PalaceDealt,
    PalaceEvent,
)

GROUP_SIZE = 4
"""P4: banners differ in suit within each group of four players in dealing order."""
PALACE_CARDS = 3


def first_dealer(seats: Sequence[int], rng: random.Random) -> tuple[int, list[Event[PalaceEvent]]]:
    """P3: everyone is dealt a card face up; the highest rank deals. Suits are unranked (P1),
    so the players tied for the highest rank draw again, until one is left. When the deck has
    too few cards for another draw, all cards go back and it is shuffled anew."""
    deck = Deck.shuffled(rng)
    drawing = list(seats)
    events: list[Event[PalaceEvent]] = []
    draw = 1
    while True:
        if len(deck) < len(drawing):
            deck = Deck.shuffled(rng)
        cards = {seat: deck.draw() for seat in drawing}
        events.append(
            Event.public(
                DealerDraw(
                    type="dealer_draw",
                    draw=draw,
                    cards=[{"seat": s, "card": str(c)} for s, c in cards.items()],
                )
            )
        )
        best = max(card.rank for card in cards.values())
        drawing = [seat for seat, card in cards.items() if card.rank == best]
        if len(drawing) == 1:
            events.append(
                Event.public(FirstDealer(type="first_dealer", seat=drawing[0], draws=draw))
            )
            return drawing[0], events
        draw += 1


@dataclass
class BannerDeal:
    """The outcome of the banner deal: each seat's banner, and the events that showed it."""

    banners: dict[int, Card] = field(default_factory=dict)
    events: list[Event[PalaceEvent]] = field(default_factory=list)
    seen: set[Card] = field(default_factory=set)
    """Every card dealt face up (the banners and the rejected cards)."""


def deal_banners(order: Sequence[int], rng: random.Random) -> BannerDeal:
    """P4: in dealing order, each player gets face-up cards one at a time until one has a suit
    no banner of their group has yet; that card is their banner. Groups are players 1-4, 5-8
    and 9-10 in dealing order. Rejected cards go to the banner discard pile, which is shuffled
    into a new stock when the stock runs out."""
    out = BannerDeal()
    stock = Deck.shuffled(rng)
    rejected: list[Card] = []
    for index, seat in enumerate(order):
        group = order[index - index % GROUP_SIZE : index]
        taken = {out.banners[other].suit for other in group}
        while True:
            if stock.empty:
                stock.add_shuffled(rejected, rng)
                out.events.append(
                    Event.public(BannersReshuffled(type="banners_reshuffled", cards=len(rejected)))
                )
                rejected = []
            card = stock.draw()
            out.seen.add(card)
            kept = card.suit not in taken
            out.events.append(
                Event.public(BannerCard(type="banner_card", seat=seat, card=str(card), kept=kept))
            )
            if kept:
                out.banners[seat] = card
                break
            rejected.append(card)
    return out


def deal_palaces(
    order: Sequence[int], banners: dict[int, Card], rng: random.Random
) -> tuple[dict[int, tuple[Card, ...]], Deck, list[Event[PalaceEvent]]]:
    """P5: every card but the banners is gathered and shuffled; each player gets three face-down
    palace cards one at a time from the dealer's left; the rest is the stock."""
    kept = set(banners.values())
    stock = Deck.shuffled(rng, [card for card in FULL_DECK if card not in kept])
    dealt: dict[int, list[Card]] = {seat: [] for seat in order}
    for _ in range(PALACE_CARDS):
        for seat in order:
            dealt[seat].append(stock.draw())
    palaces = {seat: tuple(cards) for seat, cards in dealt.items()}
    events: list[Event[PalaceEvent]] = [
        Event.public(
            PalaceDealt(
                type="palace_dealt", seats=list(order), cards=PALACE_CARDS, stock=len(stock)
            )
        )
    ]
    events += [
        Event.private(
            [seat], PalaceCards(type="palace_cards", seat=seat, cards=[str(c) for c in cards])
        )
        for seat, cards in palaces.items()
    ]
    return palaces, stock, events
