"""The letters of Slovní poker as data (W15-W18): the deck, the dice, diacritics, the scoring.

Everything here is read from `data/letters.json`, so the association's real counts can be
dropped in without touching the code. A card is a consonant of the Czech alphabet, CH included
(W16), or a diacritic card (háček, čárka); a die shows a vowel. A written letter is one base
letter (from a card if the deck has it, else from a die) plus at most one diacritic card (W17):
Č is a C card and a háček card, Ů a U die and a čárka card, and every "ch" of a word is the
letter CH, laid with a CH card (a C card and an H card spell C and H, never CH). Which cards and
dice a word uses therefore follows from its letters alone (identical cards are interchangeable),
so a word move needs no assignment from the player: `spell` counts what the word needs and
compares it with what the player holds.

A word's score (W18) is its number of letters (`SCORINGS[0]`, the seed's "longest word"); the
option `scoring=values` scores Czech Scrabble letter values plus the diacritic cards instead
[ours]. An `Alphabet` carries the values of its scoring, so the one `spell` scores for both.
"""

from __future__ import annotations

import json
import unicodedata
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from pokerhall.content.czech import split_letters
from pokerhall.engine.messages import Message, message
from pokerhall.engine.values import value_class

DATA = Path(__file__).parent / "data"
HACEK = "hacek"
CARKA = "carka"
CH = "CH"
"""The card of the letter CH (W16)."""
MAX_WORD_CHARS = 20
"""Five cards and five dice spell at most ten letters (twenty characters if all were CH);
anything longer is not a try."""
SCORINGS = ("length", "values")
"""W18: a word scores its number of letters [seed], or its letters' values [ours]."""


@dataclass(frozen=True, slots=True)
class Card:
    """One card of the deck: `id` is unique in the deck ("N3", "hacek2"); `letter` is what it
    shows: a consonant ("N") or a diacritic card's kind ("hacek", "carka")."""

    id: str
    letter: str

    @property
    def is_mark(self) -> bool:
        return self.letter in (HACEK, CARKA)


@value_class
class Spelling:
    """What a word takes: its base letters from cards and from dice, its diacritic cards, its
    score (W18). A value class, cheap to create: the best-word search spells many words."""

    word: str
    card_letters: Counter[str]
    die_letters: Counter[str]
    marks: Counter[str]
    score: int
    letters: int
    """Letters of the Czech alphabet (CH one; a diacritic card makes none of its own)."""

    @property
    def cards_used(self) -> int:
        return sum(self.card_letters.values()) + sum(self.marks.values())

    @property
    def dice_used(self) -> int:
        return sum(self.die_letters.values())


class Rejected(Exception):
    """Why a word cannot be laid down (W17, W19), as a message of the game's catalog."""

    def __init__(self, reason: Message) -> None:
        super().__init__(reason["key"])
        self.reason = reason


@dataclass(frozen=True, slots=True, eq=False)
class Alphabet:
    """The letters of one table, read from data; compared (and cached) by identity."""

    deck_counts: Mapping[str, int]
    """Consonant and diacritic cards by letter (W16)."""
    dice: tuple[tuple[str, ...], ...]
    """Each die's faces (W15)."""
    dice_shown_first: int
    values: Mapping[str, int]
    """What each base letter scores: 1 under `scoring` "length" (W18), else its value."""
    mark_values: Mapping[str, int]
    """What each diacritic card adds: 0 under "length" (it makes no letter), else its value."""
    marked: Mapping[str, tuple[str, str]]
    """A letter with a diacritic -> (its base letter, the diacritic card it takes) (W17)."""
    card_letters: frozenset[str] = field(init=False)
    """The consonants on cards (every card letter but the diacritic cards)."""
    die_letters: frozenset[str] = field(init=False)
    """Every letter on some die's face."""
    scoring: str = "length"
    _parts: Mapping[str, tuple[str, str, bool, int]] = field(init=False)
    """Each written letter `spell` can lay -> (base letter, diacritic card or "", whether the
    base is on a card, what it scores): one look-up a letter."""
    _deck: tuple[Card, ...] = field(init=False, repr=False)
    """Every card in `deck`'s order, made once: a deal starts with a copy (cards are frozen)."""

    def __post_init__(self) -> None:
        # Derived once: `spell` asks for these for every letter of every word it spells.
        cards = frozenset(k for k in self.deck_counts if k not in (HACEK, CARKA))
        dice = frozenset(f for die in self.dice for f in die)
        object.__setattr__(self, "card_letters", cards)
        object.__setattr__(self, "die_letters", dice)
        parts = {base: (base, "", base in cards, self.values[base]) for base in cards | dice}
        for char, (base, mark) in self.marked.items():
            if base in cards or base in dice:
                value = self.values[base] + self.mark_values[mark]
                parts[char] = (base, mark, base in cards, value)
        object.__setattr__(self, "_parts", parts)
        deck = tuple(
            Card(f"{letter}{copy}", letter)
            for letter, count in self.deck_counts.items()
            for copy in range(1, count + 1)
        )
        object.__setattr__(self, "_deck", deck)

    def deck(self) -> list[Card]:
        """Every card in a fixed order (shuffled by the deal), each with its own id."""
        return list(self._deck)

    def spell(self, word: str) -> Spelling:
        """The cards, dice and diacritics `word` takes, or Rejected saying why it has none."""
        card_letters: dict[str, int] = {}
        die_letters: dict[str, int] = {}
        marks: dict[str, int] = {}
        score = 0
        parts = self._parts
        lower = word.lower()
        # Most words have no "ch": their letters are their characters, with no regex to run
        # (the best-word search spells many new words a hand).
        letters = [x.upper() for x in split_letters(lower)] if "ch" in lower else lower.upper()
        for char in letters:
            part = parts.get(char)
            if part is None:
                raise Rejected(self._unlaid(char))
            base, mark, on_card, value = part
            if mark:
                marks[mark] = marks.get(mark, 0) + 1
            if on_card:
                card_letters[base] = card_letters.get(base, 0) + 1
            else:
                die_letters[base] = die_letters.get(base, 0) + 1
            score += value
        cards_counted, dice_counted = _counter(card_letters), _counter(die_letters)
        return Spelling(word, cards_counted, dice_counted, _counter(marks), score, len(letters))

    def _unlaid(self, char: str) -> Message:
        """Why no card or die lays `char` (upper case; CH is one)."""
        base, mark = self.marked.get(char, (char, ""))
        if len(base) > 1 or (mark and unicodedata.category(base) in ("Lu", "Ll")):
            return message("reject.no_such_letter", letter=char.lower())
        if not mark and len(unicodedata.normalize("NFD", char)) > 1:
            return message("reject.bad_mark", letter=char.lower())
        if unicodedata.category(base) in ("Lu", "Ll"):
            return message("reject.no_such_letter", letter=char.lower())
        return message("reject.not_letters", text=char)

    def check(self, spelling: Spelling, hand: Sequence[Card], dice: Sequence[str]) -> None:
        """W9, W17: the word uses only cards in `hand` and dice showing, each once, at least
        one card and one die; Rejected names the first thing missing."""
        reason = self.missing(spelling, Counter(card.letter for card in hand), Counter(dice))
        if reason is not None:
            raise Rejected(reason)

    @staticmethod
    def lays(spelling: Spelling, held: Mapping[str, int], shown: Mapping[str, int]) -> bool:
        """`missing(...) is None`, without building a reason: the best-word search's question,
        asked of many words a hand, most of which fail. Plain loops, each left at the first
        shortfall (a generator per check cost as much as the checks)."""
        for x, need in spelling.card_letters.items():
            if need > held.get(x, 0):
                return False
        for x, need in spelling.marks.items():
            if need > held.get(x, 0):
                return False
        for x, need in spelling.die_letters.items():
            if need > shown.get(x, 0):
                return False
        return spelling.dice_used > 0 and spelling.cards_used > 0

    @staticmethod
    def missing(
        spelling: Spelling, held: Mapping[str, int], shown: Mapping[str, int]
    ) -> Message | None:
        """What `check` refuses, as its reason or None, for a hand and dice already counted
        (`held`: the cards by letter, `shown`: the dice): the best-word search asks this of
        many words against one hand, and failing is common there, so it raises nothing."""
        for letter, need in sorted(spelling.card_letters.items()):
            if need > held.get(letter, 0):
                if letter == CH and held.get("C", 0) and held.get("H", 0):
                    return message("reject.ch_from_c_h", count=need, held=held.get(letter, 0))
                return message(
                    "reject.card_missing", letter=letter, count=need, held=held.get(letter, 0)
                )
        for mark, need in sorted(spelling.marks.items()):
            if need > held.get(mark, 0):
                return message(f"reject.{mark}_missing", count=need, held=held.get(mark, 0))
        for letter, need in sorted(spelling.die_letters.items()):
            if need > shown.get(letter, 0):
                return message(
                    "reject.die_missing", letter=letter, count=need, shown=shown.get(letter, 0)
                )
        if spelling.dice_used == 0:
            return message("reject.no_die")
        if spelling.cards_used == 0:
            return message("reject.no_card")
        return None


def _counter(counts: dict[str, int]) -> Counter[str]:
    """A Counter of counts already made, filled as the dict it is: Counter's own `__init__`
    and `update` are Python code, which made them half of what spelling a word cost."""
    out: Counter[str] = Counter.__new__(Counter)
    dict.update(out, counts)
    return out


def normalize(word: str) -> str:
    """A word as typed, the way the dictionary writes it: composed (NFC), lower case, trimmed."""
    return unicodedata.normalize("NFC", word).strip().lower()


def _alphabet(data: Mapping[str, Any], scoring: str = "length") -> Alphabet:
    """The letters of `data` (the shape of `data/letters.json`) scored by `scoring` (W18)."""
    if scoring not in SCORINGS:
        raise ValueError(f"unknown scoring {scoring!r}; choose one of {', '.join(SCORINGS)}")
    deck = dict(data["deck"])
    deck.update(data["diacritic_cards"])
    dice = tuple(tuple(die) for die in data["dice"])
    marked = {k: (v[0], v[1]) for k, v in data["marked"].items()}
    values, mark_values = dict(data["values"]), dict(data["diacritic_values"])
    if scoring == "length":  # W18 [seed]: a letter is a letter; a diacritic card adds none
        values = dict.fromkeys(values, 1)
        mark_values = dict.fromkeys(mark_values, 0)
    alphabet = Alphabet(
        deck_counts=deck,
        dice=dice,
        dice_shown_first=int(data["dice_shown_first"]),
        values=values,
        mark_values=mark_values,
        marked=marked,
        scoring=scoring,
    )
    if alphabet.card_letters & alphabet.die_letters:
        raise ValueError("letters.json: a letter is both on a card and on a die")
    missing = (alphabet.card_letters | alphabet.die_letters) - set(alphabet.values)
    if missing:
        raise ValueError(f"letters.json: no value for {sorted(missing)}")
    return alphabet


@cache
def default_alphabet(scoring: str = "length") -> Alphabet:
    """The packaged letters (`data/letters.json`) under a scoring (W18), read once each."""
    data = json.loads((DATA / "letters.json").read_text(encoding="utf-8"))
    return _alphabet(data, scoring)


@dataclass(frozen=True, slots=True)
class Stakes:
    ante: int
    raise_caps: tuple[int, int]
    """The highest raise in round 1 and in round 2 (W5); the lowest is 1."""


@cache
def stakes_table() -> tuple[Stakes, ...]:
    """W5 by deal, from `data/stakes.json`: row i is deal i + 1."""
    data = json.loads((DATA / "stakes.json").read_text(encoding="utf-8"))
    return tuple(Stakes(row["ante"], (row["raise"][0], row["raise"][1])) for row in data["deals"])
