"""The best word a hand and the dice allow: the highest score (W18), and the longest word.

Shown to everyone in the deal's result (W10) and used by the bots as a hand's strength. The
search asks the anagram index (`WordList.by_letters`) once for every sub-multiset of the base
letters on offer, the consonant cards plus the dice vowels (at most 2^10 keys for five cards
and five dice, built in sorted order; one-letter keys are skipped, since a word takes a card
and a die), then keeps the words the diacritic cards can mark (W17) and that use at least
one card and one die (W9). What a word takes and scores is `Alphabet.spell`, the rule's one
place; its outcome per word is cached, since the same words come up hand after hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from pokerhall.games.wordpoker.letters import Alphabet, Card, Rejected, Spelling
from pokerhall.games.wordpoker.lexicons import WordList


@dataclass(frozen=True, slots=True)
class Best:
    """The best-scoring word (ties: the longer, then the first alphabetically), its score, and
    the longest word (ties: the higher score, then alphabetical); None where there is none."""

    word: str | None
    score: int
    longest: str | None


NONE = Best(None, 0, None)


@lru_cache(maxsize=200_000)
def _spelt(alphabet: Alphabet, word: str) -> Spelling | None:
    try:
        return alphabet.spell(word)
    except Rejected:
        return None


def candidates(
    alphabet: Alphabet, words: WordList, hand: Sequence[Card], dice: Sequence[str]
) -> list[Spelling]:
    """Every dictionary word the hand and the dice can lay down, spelt."""
    pool = Counter(c.letter.lower() for c in hand if not c.is_mark)
    pool.update(d.lower() for d in dice)
    marks = Counter(c.letter for c in hand if c.is_mark)
    keys = [""]
    for letter in sorted(pool):
        runs = [letter * k for k in range(pool[letter] + 1)]
        keys = [key + run for key in keys for run in runs]
    found: list[Spelling] = []
    lookup = words.by_letters
    for key in keys:
        hits = lookup(key) if len(key) > 1 else ()
        for word in hits:
            spelt = _spelt(alphabet, word)
            if spelt is None or spelt.dice_used == 0 or spelt.cards_used == 0:
                continue
            if all(marks[m] >= n for m, n in spelt.marks.items()):
                found.append(spelt)
    return found


def best_word(
    alphabet: Alphabet, words: WordList, hand: Sequence[Card], dice: Sequence[str]
) -> Best:
    found = candidates(alphabet, words, hand, dice)
    if not found:
        return NONE
    top = min(found, key=lambda s: (-s.score, -len(s.word), s.word))
    long = min(found, key=lambda s: (-len(s.word), -s.score, s.word))
    return Best(top.word, top.score, long.word)
