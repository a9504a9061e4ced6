"""The best word a hand and the dice allow: the highest score (W18), and the longest word.

Under the rule's scoring (a word scores its letters, CH one) the two are the same word; under
the option `scoring=values` they may differ. Lengths are counted in letters of the Czech
alphabet throughout: a hand's CH card is one letter of a key (`czech.CH_KEY`), and a C card and
an H card are two.

Shown to everyone in the deal's result (W10) and used by the bots as a hand's strength, so it
runs many times a decision and must stay well under a millisecond with the full lexicon.

Where the time went before: a hand offers up to 1,023 sub-multisets of its base letters (the
consonant cards plus the dice vowels, about 330 on average) and a third of them are keys of the
anagram index, with about 140 words between them, every one spelt and checked. So the search
now spells only where the answer can be. Every sub-multiset gets an upper bound on what a word
of it can score, its base letters' values plus the most valuable diacritic cards held, one per
letter (W17, W18); they are tried longest first and, within a length, best bound first, and a
length is left as soon as its bound cannot beat the best word so far. The first length with a
playable word gives the longest word. A length's sub-multisets are listed only when the search
reaches it (`itertools.combinations` of the letters, in C), and not at all when the length's
best bound cannot beat the best word so far: under the rule's scoring the search stops after
the longest rows that hold a word, about 40 keys of 220. Whether a sub-multiset is a key is
asked only when its bound is in reach (a trie membership test, about half a microsecond). What
a word takes and scores is `Alphabet.spell`, and whether the hand can lay it `Alphabet.lays`
(what `check` refuses, `missing` with its reason), the rules' one place each; a key's words and
each word's spelling are cached, since the same keys come up hand after hand, and a key that
can only tie the best word so far has only its words alphabetically before it spelt.

Pruning the key enumeration with the trie's prefix queries was measured and dropped: most
sub-multisets are prefixes of some key, so it asked almost as many questions, each dearer.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate, combinations
from operator import itemgetter

from pokerhall.content.czech import CH_KEY
from pokerhall.games.wordpoker.letters import CH, Alphabet, Card, Rejected, Spelling
from pokerhall.games.wordpoker.lexicons import WordList


@dataclass(frozen=True, slots=True)
class Best:
    """The best-scoring word (ties: the longer in letters, then the first alphabetically), its
    score, and the longest word (ties: the higher score, then alphabetical); None where there
    is none."""

    word: str | None
    score: int
    longest: str | None


NONE = Best(None, 0, None)


@lru_cache(maxsize=100_000)
def _words_of(words: WordList, key: str) -> tuple[str, ...]:
    """The words of one anagram key, alphabetically."""
    return tuple(words.by_letters(key))


@lru_cache(maxsize=300_000)
def _spelt(alphabet: Alphabet, word: str) -> Spelling | None:
    """What `word` takes and scores, or None where the alphabet cannot spell it (W17)."""
    try:
        return alphabet.spell(word)
    except Rejected:
        return None


def _count(letters: Iterable[str]) -> dict[str, int]:
    """How many of each letter (a `Counter`'s contents, built faster: once a search)."""
    counts: dict[str, int] = {}
    for letter in letters:
        counts[letter] = counts.get(letter, 0) + 1
    return counts


class _Hand:
    """One hand and the dice, counted once for the many words tried against them."""

    def __init__(self, alphabet: Alphabet, hand: Sequence[Card], dice: Sequence[str]) -> None:
        self.alphabet = alphabet
        self.held = _count(card.letter for card in hand)
        self.shown = _count(dice)
        values, mark_values = alphabet.values, alphabet.mark_values
        marks = sorted((mark_values[c.letter] for c in hand if c.is_mark), reverse=True)
        self.bonus = list(accumulate(marks, initial=0))
        counts = {**self.shown, **{x: max(n, self.shown.get(x, 0)) for x, n in self.held.items()}}
        letters = sorted(
            (CH_KEY if letter == CH else letter.lower(), values[letter])
            for letter, count in counts.items()
            if letter in values  # a diacritic card: no letter of its own
            for _ in range(count)
        )  # in key order
        self.letters = "".join(letter for letter, _ in letters)
        """The base letters held and shown as one anagram key (CH one character)."""
        self.values = [value for _, value in letters]
        self.most = list(accumulate(sorted(self.values, reverse=True), initial=0))
        """The most any `n` of the letters are worth, by `n`."""

    def playable(self, words: WordList, key: str, before: str | None = None) -> Iterator[Spelling]:
        """The words of `key` the hand can lay, alphabetically; only those before `before`."""
        alphabet, held, shown = self.alphabet, self.held, self.shown
        lays = alphabet.lays
        for word in _words_of(words, key):
            if before is not None and word >= before:
                return
            spelt = _spelt(alphabet, word)
            if spelt is not None and lays(spelt, held, shown):
                yield spelt

    def row(self, length: int) -> list[tuple[str, int]]:
        """Every sub-multiset of `length` of the base letters held and shown, written as an
        anagram key with its letters' values, highest value first. Most are no key of the
        lexicon; the search asks lazily. One row at a time, as the search reaches it: most
        searches stop after the longest few rows, which hold few keys."""
        chosen = zip(
            map("".join, combinations(self.letters, length)),
            map(sum, combinations(self.values, length)),
            strict=True,
        )  # the letters are in key order, so every key is built sorted
        return sorted(dict(chosen).items(), key=itemgetter(1), reverse=True)

    def bound(self, length: int) -> int:
        """The most a word of `length` letters can score: its base letters' values plus the
        most its diacritics can add, the most valuable diacritic cards held, one per letter
        (W17, W18). No key of `row(length)` has a higher bound than this."""
        return self.most[length] + self.extra(length)

    def extra(self, length: int) -> int:
        """The most the diacritic cards held can add to a word of `length` letters: a key's
        bound is its value plus this."""
        return self.bonus[min(length, len(self.bonus) - 1)]


def candidates(
    alphabet: Alphabet, words: WordList, hand: Sequence[Card], dice: Sequence[str]
) -> list[Spelling]:
    """Every dictionary word the hand and the dice can lay down, spelt (no pruning: for tests
    and for callers that want them all)."""
    held = _Hand(alphabet, hand, dice)
    return [
        spelt
        for length in range(2, len(held.letters) + 1)  # a word takes a card and a die
        for key, _ in held.row(length)
        if words.has_letters(key)
        for spelt in held.playable(words, key)
    ]


def best_word(
    alphabet: Alphabet, words: WordList, hand: Sequence[Card], dice: Sequence[str]
) -> Best:
    """The best word of the hand and the dice (`Best`), remembered for the last few thousand
    exact (hand, dice) pairs of a table's alphabet and word list: the same hand is asked about
    by the bots, the RL environment's buckets and the deal's scoring (W10). A `Best` is
    immutable, and its key is everything the search reads, so a remembered one cannot go
    stale."""
    return _best_of(alphabet, words, tuple(hand), tuple(dice))


@lru_cache(maxsize=4096)
def _best_of(
    alphabet: Alphabet, words: WordList, hand: tuple[Card, ...], dice: tuple[str, ...]
) -> Best:
    return search(alphabet, words, hand, dice)


def search(alphabet: Alphabet, words: WordList, hand: Sequence[Card], dice: Sequence[str]) -> Best:
    """The search itself, remembering nothing (what `bench/wordpoker_best.py` times).

    Longest keys first, each length best bound first: the first length with a playable
    word holds the longest word, and a row is left as soon as its bound cannot beat the best
    word so far (a tie of score loses to a longer word, so a shorter row needs more); a row
    whose best bound cannot is not even listed."""
    held = _Hand(alphabet, hand, dice)
    top: Spelling | None = None
    longest: str | None = None
    for length in range(len(held.letters), 1, -1):
        if top is not None and (held.bound(length), length) < (top.score, top.letters):
            continue
        extra = held.extra(length)
        for key, value in held.row(length):
            if top is not None and (value + extra, length) < (top.score, top.letters):
                break
            if words.has_letters(key):
                # A key whose bound only ties the best so far can beat it alphabetically only,
                # so its later words need not be spelt (under the length scoring, every key of
                # the longest row after the first word found).
                tie = top is not None and (value + extra, length) == (top.score, top.letters)
                for spelt in held.playable(words, key, top.word if tie and top else None):
                    if top is None or _by_score(spelt) < _by_score(top):
                        top = spelt
        if longest is None and top is not None:
            longest = top.word  # same length: best by score is best by (score, word)
    if top is None:
        return NONE
    return Best(top.word, top.score, longest)


def _by_score(s: Spelling) -> tuple[int, int, str]:
    return -s.score, -s.letters, s.word
