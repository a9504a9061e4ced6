"""Hands with arranged cards, and random legal bets, for the Detective Poker tests."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from pokerhall.cards import FULL_DECK, Card, Deck, parse_cards
from pokerhall.engine.events import Event
from pokerhall.games.detective.actions import NO_CARD
from pokerhall.games.detective.hand import Hand
from pokerhall.games.detective.moves import parse_bet


def arranged_deck(dealer: int, private: str, forehead: str, board: str, rest: str = "") -> Deck:
    """A deck dealing seat i the i-th card of `private` and of `forehead` (seats counted from 0,
    dealt from the dealer's left, X2), then burn, flop, burn, turn, burn, river from `board`
    (five cards; burns are drawn from the unused cards), then `rest`, then the other cards."""
    mine, heads = parse_cards(private), parse_cards(forehead)
    n = len(mine)
    order = [(dealer + 1 + k) % n for k in range(n)]
    community = parse_cards(board)
    used = {*mine, *heads, *community, *parse_cards(rest)}
    spare = [c for c in FULL_DECK if c not in used]
    burns = spare[:3]
    cards: list[Card] = [mine[s] for s in order] + [heads[s] for s in order]
    cards += [burns[0], *community[:3], burns[1], community[3], burns[2], community[4]]
    cards += [*parse_cards(rest), *spare[3:]]
    return Deck(cards)


def new_hand(
    private: str,
    forehead: str,
    board: str,
    *,
    dealer: int = 0,
    expert: bool = False,
    rest: str = "",
) -> tuple[Hand, list[Event]]:
    n = len(private.split())
    deck = arranged_deck(dealer, private, forehead, board, rest)
    hand = Hand(number=1, dealer=dealer, num_seats=n, deck=deck, expert=expert)
    return hand, hand.start()


def bet(hand: Hand, board: int, chips: int = 1, card: str = NO_CARD) -> list[Event]:
    """The seat to act bets (checked by the game's own parser)."""
    seat = hand.to_act
    assert seat is not None
    move = {"type": "bet", "board": board, "chips": chips, "card": card}
    return hand.apply(parse_bet(hand, seat, move))


def play_bets(hand: Hand, bets: Sequence[tuple[int, int, str]]) -> list[Event]:
    """Bets in betting order: (board, chips, card) each."""
    events: list[Event] = []
    for board, chips, card in bets:
        events += bet(hand, board, chips, card)
    return events


def random_bet(hand: Hand, rng: random.Random) -> dict[str, Any]:
    """Any legal bet for the seat to act: every board, chip count and card in hand."""
    seat = hand.to_act
    assert seat is not None
    return {
        "type": "bet",
        "board": rng.randrange(hand.num_seats),
        "chips": rng.randint(1, hand.max_chips(seat)),
        "card": rng.choice([NO_CARD, *hand.cards[seat]]),
    }


def own_bets(hand: Hand, chips: int = 1) -> list[Event]:
    """Every seat bets on its own board with no card until the hand is scored."""
    events: list[Event] = []
    while hand.phase == "betting":
        seat = hand.to_act
        assert seat is not None
        events += bet(hand, seat, min(chips, hand.max_chips(seat)))
    return events
