"""Deals with arranged cards and dice, and a real small Czech word list, for the Slovní poker
tests (docs/rules/wordpoker.md)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from pokerhall.content.lexicon import Lexicon
from pokerhall.engine.events import Event
from pokerhall.games.wordpoker.deal import Deal
from pokerhall.games.wordpoker.letters import Alphabet, Card, default_alphabet, stakes_table
from pokerhall.games.wordpoker.moves import parse

WORDS = Lexicon.from_words(
    [
        "pes",
        "les",
        "kočka",
        "čaj",
        "sůl",
        "nos",
        "kolo",
        "ryba",
        "led",
        "víno",
        "den",
        "dům",
        "řeka",
        "pán",
        "žena",
        "oko",
        "auto",
        "ty",
        "my",
        "sen",
        "dub",
        "lev",
        "kos",
        "rok",
        "pero",
        "kopec",
        "kapr",
        "kost",
        "most",
        "ucho",
        "chata",
        "chytrých",
        "kniha",
    ]
)
"""Real Czech words (every one in the hunspell-cs dictionary), written here, not mocked."""
ALPHABET = default_alphabet()
MARKS = {"ˇ": "hacek", "´": "carka"}


def cards(text: str) -> list[Card]:
    """ "P S ˇ K ´" as cards with fresh ids."""
    out = []
    seen: dict[str, int] = {}
    for word in text.split():
        letter = MARKS.get(word, word)
        seen[letter] = seen.get(letter, 0) + 1
        out.append(Card(f"{letter}{seen[letter]}", letter))
    return out


def new_deal(
    hands: Sequence[str],
    dice: str = "EUOAI",
    *,
    replacements: str = "",
    points: Sequence[int] | None = None,
    number: int = 1,
    words: Any = WORDS,
    on_submit: bool = False,
    alphabet: Alphabet = ALPHABET,
) -> tuple[Deal, list[Event]]:
    """A deal where seat i holds `hands[i]`, replacements come from `replacements` in order,
    and the dice show `dice` (the first three at the start)."""
    n = len(hands)
    dealt = [cards(h) for h in hands]
    ids = {c.id for hand in dealt for c in hand}
    extra = [Card(f"{c.id}x", c.letter) for c in cards(replacements)]
    order = [c for hand in dealt for c in hand] + extra
    order += [c for c in ALPHABET.deck() if c.id not in ids][: len(ALPHABET.deck()) - len(order)]
    deal = Deal(
        number=number,
        stakes=stakes_table()[number - 1],
        alphabet=alphabet,
        words=words,
        points=list(points or [100] * n),
        seats=list(range(n)),
        carry=0,
        rng=random.Random(1),
        check_on_submit=on_submit,
        stock=list(reversed(order)),
        faces=list(dice),
    )
    return deal, deal.start()


def act(deal: Deal, seat: int, **move: Any) -> list[Event]:
    """One move through the game's own checks."""
    return deal.apply(seat, parse(deal, seat, move))


def everyone(deal: Deal, **move: Any) -> list[Event]:
    events: list[Event] = []
    for seat in deal.waiting:
        events += act(deal, seat, **move)
    return events


def ids(deal: Deal, seat: int, letters: str) -> list[str]:
    """The ids of cards in `seat`'s hand showing these letters (ˇ ´ for the marks)."""
    out: list[str] = []
    for letter in letters.split():
        want = MARKS.get(letter, letter)
        out.append(next(c.id for c in deal.hands[seat] if c.letter == want and c.id not in out))
    return out
