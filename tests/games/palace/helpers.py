"""Builders for Palace rule tests: a game whose hand is rigged with known cards, and moves."""

from __future__ import annotations

from typing import Any

from pokerhall import games
from pokerhall.cards import Card, Deck, parse_cards
from pokerhall.games.palace.battle import Camp
from pokerhall.games.palace.state import Palace


def new(players: int = 3, *, seed: int = 1, **options: Any) -> Palace:
    game = games.create("palace", players, options, seed=seed)
    assert isinstance(game, Palace)
    return game


def rig(
    game: Palace,
    camps: dict[int, tuple[str, str, str]],
    *,
    stock: str | None = None,
    discards: str = "",
) -> None:
    """Give each seat (banner, palace, soldiers), e.g. {0: ("Ah", "Kh Qh Jh", "2c 3c")}; the
    stock is the given cards, top first (or, by default, every card not on the table)."""
    hand = game.hand
    for seat, (banner, palace, soldiers) in camps.items():
        hand.camps[seat] = Camp(Card(banner), parse_cards(palace), list(parse_cards(soldiers)))
        hand.public.add(Card(banner))
        hand.public.update(parse_cards(soldiers))
    hand.discards = list(parse_cards(discards))
    if stock is None:
        used = {c for camp in hand.camps.values() for c in camp.cards()} | set(hand.discards)
        hand.stock = Deck(c for c in Deck.shuffled(hand.rng) if c not in used)
    else:
        hand.stock = Deck(parse_cards(stock))
    game._version += 1  # the prompts are built anew


def act(game: Palace, seat: int, move: dict[str, Any]) -> list[Any]:
    return game.act(seat, move)


def types(events: list[Any]) -> list[str]:
    return [e.type for e in events]


def moves_of(game: Palace, seat: int) -> dict[str, Any]:
    return {m["type"]: m for m in game.pending()[seat]["moves"]}
