"""X10 (docs/rules/detective.md): nothing a seat may not know reaches its view or its events.

Tested as non-interference: two hands that differ only in what a seat (or a spectator) may not
know yet, i.e. the order of every card it has not seen (its own forehead card, the others'
private cards, burned and undealt cards) and which action cards the others placed face down,
must look exactly alike to it: the same view and the same events, up to any moment before
scoring. Over 10,000 random hands (3 or 4 players, either mode, any dealer, any observer), plus
hypothesis-drawn hands.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from pokerhall import games
from pokerhall.cards import FULL_DECK, Card, Deck
from pokerhall.engine.events import Event
from pokerhall.games.detective.actions import NO_CARD
from pokerhall.games.detective.hand import Hand
from pokerhall.games.detective.moves import parse_bet
from pokerhall.games.detective.state import Detective

HANDS = 10_000
TABLES: dict[tuple[int, bool, str | None], Detective] = {}


def table(n: int, expert: bool, spectators: str | None) -> Detective:
    """A game whose hand the test swaps in, to read views the way the game builds them; with
    the retired option `spectators_see` or without it (it must change nothing)."""
    key = (n, expert, spectators)
    if key not in TABLES:
        options: dict[str, Any] = {"expert": expert}
        if spectators is not None:
            options["spectators_see"] = spectators
        game = games.create("detective", n, options, seed=0)
        assert isinstance(game, Detective)
        TABLES[key] = game
    return TABLES[key]


def play(game: Detective, deck: list[Card], dealer: int, moves: list[dict[str, Any]]) -> Hand:
    n = game.num_seats
    hand = Hand(number=1, dealer=dealer, num_seats=n, deck=Deck(deck), expert=game.options.expert)
    hand.log = hand.start()  # type: ignore[attr-defined]
    for move in moves:
        seat = hand.to_act
        assert seat is not None
        hand.log += hand.apply(parse_bet(hand, seat, move))  # type: ignore[attr-defined]
    return hand


def told(game: Detective, hand: Hand, seat: int | None) -> dict[str, Any]:
    game.hand = hand
    events: list[Event] = hand.log  # type: ignore[attr-defined]
    return {"view": game.view(seat), "events": [e.to_json() for e in events if e.visible_to(seat)]}


def random_bets(n: int, dealer: int, rng: random.Random) -> list[dict[str, Any]]:
    """A whole hand of legal bets (X5: 1-3 chips, one kept per round to come; each card once),
    drawn without playing the hand."""
    chips = [7] * n
    cards = [["+1", "clockwise", "bluff", "none"] for _ in range(n)]
    moves = []
    for street in range(4):
        for k in range(n):
            seat = (dealer + street + 1 + k) % n
            count = rng.randint(1, min(3, chips[seat] - (3 - street)))
            card = rng.choice([NO_CARD, *cards[seat]])
            chips[seat] -= count
            if card:
                cards[seat].remove(card)
            moves.append({"type": "bet", "board": rng.randrange(n), "chips": count, "card": card})
    return moves


def check_hand(rng: random.Random) -> None:
    n = rng.choice([3, 4])
    game = table(n, rng.random() < 0.5, rng.choice([None, "public", "foreheads"]))
    dealer = rng.randrange(n)
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    moves = random_bets(n, dealer, rng)
    cut = rng.randrange(len(moves))  # any moment before the last bet scores the hand
    seat: int | None = rng.choice([None, *range(n)])
    mine = play(game, deck, dealer, moves[:cut])
    # What the observer has seen by then stays where it is; every other card may be anywhere.
    seen = {*mine.community, *mine.discarded}
    if seat is not None:  # X10: its own private card and the others' forehead cards
        seen |= {mine.private[seat], *(mine.forehead[o] for o in range(n) if o != seat)}
    unseen = [i for i, card in enumerate(deck) if card not in seen]
    shuffled = [deck[i] for i in unseen]
    rng.shuffle(shuffled)
    other_deck = list(deck)
    for i, card in zip(unseen, shuffled, strict=True):
        other_deck[i] = card
    # The others' face-down cards: any other cards, each at most once a hand.
    swapped = {o: rng.sample(["+1", "clockwise", "bluff", "none"], 4) for o in range(n)}
    other_moves, used = [], dict.fromkeys(range(n), 0)
    for index, move in enumerate(moves[:cut]):
        bettor = (mine.opener(index // n) + index % n) % n
        if bettor != seat and move["card"] != NO_CARD:
            move = {**move, "card": swapped[bettor][used[bettor]]}
            used[bettor] += 1
        other_moves.append(move)
    other = play(game, other_deck, dealer, other_moves)
    assert told(game, other, seat) == told(game, mine, seat), (seat, cut)


def test_x10_no_view_or_event_depends_on_what_a_seat_may_not_know() -> None:
    """X10 over 10,000 random hands (about five seconds)."""
    rng = random.Random(20240611)
    for _ in range(HANDS):
        check_hand(rng)


@settings(max_examples=100)
@given(st.integers(0, 2**32))
def test_x10_non_interference_for_drawn_hands(seed: int) -> None:
    check_hand(random.Random(seed))
