"""The pruned best-word search (`best.py`) against plain references that try everything
(docs/rules/wordpoker.md W10 best word in the result, W17 diacritic cards, W18 score): with the
small lists every word of the list is spelt and checked against the hand; with the system
dictionary, every sub-multiset of the hand's letters is looked up and all its words tried."""

from __future__ import annotations

import itertools
import os
import random
from collections import Counter
from collections.abc import Iterable, Sequence

import pytest

from pokerhall.content.czech import CH_KEY, letter_count
from pokerhall.content.lexicon import Lexicon, LexiconUnavailable
from pokerhall.games.wordpoker.best import Best, best_word, candidates
from pokerhall.games.wordpoker.letters import (
    SCORINGS,
    Alphabet,
    Card,
    Rejected,
    Spelling,
    default_alphabet,
)
from pokerhall.games.wordpoker.lexicons import WordList, mini

from .helpers import ALPHABET, WORDS, cards


def reference(spellings: Iterable[Spelling]) -> Best:
    found = list(spellings)
    if not found:
        return Best(None, 0, None)
    top = min(found, key=lambda s: (-s.score, -letter_count(s.word), s.word))
    long = min(found, key=lambda s: (-letter_count(s.word), -s.score, s.word))
    return Best(top.word, top.score, long.word)


def playable(
    words: Iterable[str], hand: Sequence[Card], dice: Sequence[str], alphabet: Alphabet = ALPHABET
) -> list[Spelling]:
    out = []
    for word in words:
        try:
            spelt = alphabet.spell(word)
            alphabet.check(spelt, hand, dice)
        except Rejected:
            continue
        out.append(spelt)
    return out


def every_sub_multiset(hand: Sequence[Card], dice: Sequence[str]) -> Iterable[str]:
    def key_letter(letter: str) -> str:  # CH is one letter: one character of a key (W16)
        return CH_KEY if letter == "CH" else letter.lower()

    letters = [key_letter(c.letter) for c in hand if not c.is_mark] + [d.lower() for d in dice]
    seen: set[str] = set()
    for size in range(2, len(letters) + 1):
        for chosen in itertools.combinations(letters, size):
            key = "".join(sorted(chosen))
            if key not in seen:
                seen.add(key)
                yield key


def hands(
    rng: random.Random, words: Sequence[str], count: int
) -> Iterable[tuple[list[Card], list[str]]]:
    """Random deals, every other one built round a word of the list (its consonants and
    diacritics as cards, its vowels on the dice, the rest random), so many hands hold words."""
    deck = ALPHABET.deck()
    faces = ALPHABET.dice[0]
    for i in range(count):
        hand, dice = rng.sample(deck, 5), [rng.choice(die) for die in ALPHABET.dice]
        if i % 2:
            try:
                spelt = ALPHABET.spell(rng.choice(words))
            except Rejected:
                continue
            wanted = list((spelt.card_letters + spelt.marks).elements())
            vowels = list(spelt.die_letters.elements())
            if len(wanted) > 5 or len(vowels) > 5:
                continue
            filler = [c.letter for c in rng.sample(deck, 5 - len(wanted))]
            hand = cards(" ".join(wanted + filler).replace("hacek", "ˇ").replace("carka", "´"))
            dice = (vowels + [rng.choice(faces) for _ in range(5)])[:5]
            rng.shuffle(dice)
        yield hand, dice


@pytest.mark.parametrize("scoring", SCORINGS)
@pytest.mark.parametrize("name", ["fixture", "mini"])
def test_w10_w16_w18_the_pruned_search_equals_trying_every_word(name: str, scoring: str) -> None:
    """Under either scoring (W18), with CH cards in the deck (W16)."""
    words: WordList = WORDS if name == "fixture" else mini()
    assert isinstance(words, Lexicon)
    alphabet = default_alphabet(scoring)
    listed = list(words)
    rng = random.Random(18)
    compared = held = with_ch = 0
    for hand, dice in hands(rng, listed, 4000):
        tried = playable(listed, hand, dice, alphabet)
        expected = reference(tried)
        assert best_word(alphabet, words, hand, dice) == expected, (hand, dice)
        found = candidates(alphabet, words, hand, dice)
        assert sorted(s.word for s in found) == sorted(s.word for s in tried)
        with_ch += any("ch" in s.word for s in tried)
        compared += 1
        held += expected.word is not None
    assert compared > 3000
    assert held > 500  # the comparison is not only of empty hands
    assert with_ch > 20  # nor only of words without CH


def test_w17_a_diacritic_card_raises_the_bound_only_where_held() -> None:
    # čaj needs a háček; without one the best is another word, with one it is čaj (W17, W18).
    without = best_word(ALPHABET, WORDS, cards("C J P S K"), ["A", "E", "O", "U", "I"])
    with_hacek = best_word(ALPHABET, WORDS, cards("C J ˇ S K"), ["A", "E", "O", "U", "I"])
    assert without.word != "čaj"
    assert with_hacek == reference(playable(WORDS, cards("C J ˇ S K"), ["A", "E", "O", "U", "I"]))
    assert with_hacek.score >= ALPHABET.spell("čaj").score


@pytest.fixture(scope="module")
def system(tmp_path_factory: pytest.TempPathFactory) -> Lexicon:
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    try:
        return Lexicon.system(cache_dir=shared / "czech-lexicon-cache")
    except LexiconUnavailable as exc:
        pytest.skip(str(exc))


@pytest.mark.parametrize("scoring", SCORINGS)
def test_w10_w16_w18_with_the_system_dictionary_the_search_equals_trying_every_key(
    system: Lexicon, scoring: str
) -> None:
    alphabet = default_alphabet(scoring)
    rng = random.Random(10)
    seeds = ["kočka", "řeka", "dům", "žena", "ryba", "čepice", "chytrých", "ucho", "chata"]
    for hand, dice in hands(rng, seeds, 300):
        tried = playable(
            (w for key in every_sub_multiset(hand, dice) for w in system.by_letters(key)),
            hand,
            dice,
            alphabet,
        )
        assert best_word(alphabet, system, hand, dice) == reference(tried), (hand, dice)
        counted = Counter(s.word for s in candidates(alphabet, system, hand, dice))
        assert counted == Counter(s.word for s in tried)
