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
the longest rows that hold a word, about 40 keys of 220. Which sub-multisets are keys is no
longer asked of the trie one by one (about 45 questions a hand at a microsecond or more each,
a third of a search): the index's keys are split once a process into their consonants and
their die letters (`_Keys`), so a hand's at most 32 consonant parts are looked up and ANDed
with the bits of the die parts its dice hold, and a row lists only its keys. What
a word takes and scores is `Alphabet.spell`, and whether the hand can lay it `Alphabet.lays`
(what `check` refuses, `missing` with its reason), the rules' one place each; a key's words and
each word's spelling are cached, since the same keys come up hand after hand, and a key that
can only tie the best word so far has only its words alphabetically before it spelt.

Pruning the key enumeration with the trie's prefix queries was measured and dropped: most
sub-multisets are prefixes of some key, so it asked almost as many questions, each dearer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate, combinations, repeat
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
def _spellings(alphabet: Alphabet, words: WordList, key: str) -> tuple[Spelling, ...]:
    """The words of one anagram key the alphabet can spell (W17), spelt, alphabetically: one
    cache entry a key, as the search asks by key (a word the alphabet cannot spell is left
    out, as no hand lays it)."""
    out = []
    for word in words.by_letters(key):
        try:
            out.append(alphabet.spell(word))
        except Rejected:
            continue
    return tuple(out)


class _Keys:
    """The anagram index's keys split into their consonant part and their part of die letters
    (the vowels), for a search that asks for every key of a hand at once: a consonant part
    (a sorted string) -> the bits, one per die part (`bits`), of the keys it makes. A hand of
    five cards has at most 32 consonant parts, each one dict look-up; ANDed with the bits of
    the die parts its dice hold (`within`), what is left is exactly the hand's keys, where
    asking the trie of every sub-multiset (about 45 a hand, a microsecond each) was a third of
    a search. Keys with a letter the alphabet has on neither cards nor dice are left out (no
    hand makes them). About 40,000 consonant parts with the system dictionary: a few MB, built
    once a process (a second or two, at the first search)."""

    def __init__(self, words: WordList, vowels: frozenset[str], letters: frozenset[str]) -> None:
        self.vowels = vowels
        self.parts: dict[str, int] = {}
        self.die_parts: list[str] = []
        """Bit i's die part."""
        self.bits: dict[str, int] = {}
        """A die part -> its bit."""
        consonants_only = str.maketrans(dict.fromkeys(vowels))
        vowels_only = str.maketrans(dict.fromkeys(letters - vowels))
        for key in words.letter_keys():
            if not letters.issuperset(key):
                continue
            part = key.translate(vowels_only)
            if not part:
                continue  # no die letter: no hand lays it (W9)
            bit = self.bits.get(part)
            if bit is None:
                bit = self.bits[part] = len(self.die_parts)
                self.die_parts.append(part)
            consonants = key.translate(consonants_only)
            self.parts[consonants] = self.parts.get(consonants, 0) | 1 << bit
        self._within: dict[str, list[int]] = {}

    def within(self, shown: str) -> list[int]:
        """By length, the bits of every die part of that length the sorted die letters
        `shown` hold, remembered (a deal's dice come up again and again)."""
        found = self._within.get(shown)
        if found is None:
            found = [0] * (len(shown) + 1)
            for n in range(1, len(shown) + 1):
                for part in set(map("".join, combinations(shown, n))):
                    bit = self.bits.get(part)
                    if bit is not None:
                        found[n] |= 1 << bit
            if len(self._within) > 100_000:
                self._within.clear()
            self._within[shown] = found
        return found

    def held(self, consonants: str) -> list[tuple[str, int]]:
        """The sub-multisets of the sorted `consonants` that are the consonant part of some
        key, each with its bits."""
        parts = self.parts
        out = []
        for n in range(len(consonants) + 1):
            for part in dict.fromkeys(map("".join, combinations(consonants, n))):
                bits = parts.get(part)
                if bits:
                    out.append((part, bits))
        return out

    def row(self, length: int, held: list[tuple[str, int]], within: list[int]) -> Iterator[str]:
        """The keys of `length` letters made of one of the consonant parts `held` (`held`,
        longest first) and a die part of the bits `within` (`within`)."""
        die_parts = self.die_parts
        for part, bits in held:
            n = length - len(part)
            if n < 1:
                continue  # no room for a die letter (W9)
            if n >= len(within):
                break  # `held` is longest first: the rest need more die letters still
            hits = bits & within[n]
            while hits:
                low = hits & -hits
                hits ^= low
                yield "".join(sorted(part + die_parts[low.bit_length() - 1]))


def _keys(words: WordList, alphabet: Alphabet) -> _Keys:
    """The index of `words` split by the alphabet's die letters (the same for both scorings:
    built once for both)."""
    vowels = frozenset(letter.lower() for letter in alphabet.die_letters)
    cards = frozenset(CH_KEY if x == CH else x.lower() for x in alphabet.card_letters)
    return _split(words, vowels, cards | vowels)


@lru_cache(maxsize=8)
def _split(words: WordList, vowels: frozenset[str], letters: frozenset[str]) -> _Keys:
    return _Keys(words, vowels, letters)


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
        self.uniform = len(set(self.values)) <= 1
        """Whether every letter is worth the same (`row` then needs no sorting)."""

    def playable(self, words: WordList, key: str, before: str | None = None) -> Iterator[Spelling]:
        """The words of `key` the hand can lay, alphabetically; only those before `before`."""
        held, shown, lays = self.held, self.shown, self.alphabet.lays
        for spelt in _spellings(self.alphabet, words, key):
            if before is not None and spelt.word >= before:
                return
            if lays(spelt, held, shown):
                yield spelt

    def row(self, length: int) -> Iterable[tuple[str, int]]:
        """Every sub-multiset of `length` of the base letters held and shown, written as an
        anagram key with its letters' values, highest value first. Most are no key of the
        lexicon; the search asks lazily. One row at a time, as the search reaches it: most
        searches stop after the longest few rows, which hold few keys. Where every letter
        is worth the same (the rule's scoring) no key is summed or sorted: a row is its keys
        in the order listed, each worth the same."""
        keys = map("".join, combinations(self.letters, length))
        if self.uniform:  # the letters are in key order, so every key is built sorted
            return zip(dict.fromkeys(keys), repeat(self.most[length]))
        chosen = zip(keys, map(sum, combinations(self.values, length)), strict=True)
        return sorted(dict(chosen).items(), key=itemgetter(1), reverse=True)

    def keys(self, keys: _Keys) -> Callable[[int], list[tuple[str, int]]]:
        """`row` with only the keys of the lexicon, in the same order, found without asking
        the trie about the others (`_Keys`): a length's row is listed when asked for."""
        vowels = keys.vowels
        held = keys.held("".join(x for x in self.letters if x not in vowels))
        held.reverse()  # longest consonant parts first: `_Keys.row` stops at the short ones
        within = keys.within("".join(x for x in self.letters if x in vowels))
        if self.uniform:
            each = self.values[0] if self.values else 0
            return lambda length: [(key, each * length) for key in keys.row(length, held, within)]
        value = dict(zip(self.letters, self.values, strict=True))

        def row(length: int) -> list[tuple[str, int]]:
            found = [(key, sum(value[x] for x in key)) for key in keys.row(length, held, within)]
            found.sort(key=itemgetter(1), reverse=True)
            return found

        return row

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
    top, longest = spelt_best(alphabet, words, hand, dice)
    if top is None:
        return NONE
    return Best(top.word, top.score, longest)


def spelt_best(
    alphabet: Alphabet, words: WordList, hand: Sequence[Card], dice: Sequence[str]
) -> tuple[Spelling | None, str | None]:
    """`search`'s best word as spelt (what it takes, for a caller that asks which cards it
    keeps: the bots, which would otherwise spell it again), and the longest word."""
    held = _Hand(alphabet, hand, dice)
    row = held.keys(_keys(words, alphabet))
    top: Spelling | None = None
    longest: str | None = None
    for length in range(len(held.letters), 1, -1):
        if top is not None and (held.bound(length), length) < (top.score, top.letters):
            continue
        extra = held.extra(length)
        for key, value in row(length):
            if top is not None and (value + extra, length) < (top.score, top.letters):
                break
            if True:
                # A key whose bound only ties the best so far can beat it alphabetically only,
                # so its later words need not be spelt (under the length scoring, every key of
                # the longest row after the first word found).
                tie = top is not None and (value + extra, length) == (top.score, top.letters)
                for spelt in held.playable(words, key, top.word if tie and top else None):
                    if top is None or _by_score(spelt) < _by_score(top):
                        top = spelt
        if longest is None and top is not None:
            longest = top.word  # same length: best by score is best by (score, word)
    return top, longest


def _by_score(s: Spelling) -> tuple[int, int, str]:
    return -s.score, -s.letters, s.word
