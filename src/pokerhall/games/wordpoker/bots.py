"""Slovní poker bots, each deciding from its own seat's view alone.

- `MatcherBot` never raises, always matches (when it can pay), keeps its cards and plays its
  best word: the calling station against which raising must pay.
- `SamplerBot` decides by expected value. Its strength is the best word its cards and the dice
  make (`best.py`); its chance of taking the pot is estimated by sampling what it cannot see:
  the other hands (from the cards neither in its hand nor among its discards), its replacement
  cards and the dice still to come. Every exchange it considers (none, the cards its best or
  its longest word leaves out, the whole hand) is rated on the same samples, so the comparison
  is not drowned in sampling noise, and the chosen one's chance is measured again on fresh
  samples, since the best of several noisy estimates flatters. Then:

  * declaring (W6): a raise of x that everyone matches adds x·(p·n − 1) to what it expects
    (p its chance, n the players in), so it raises the most it may when p·n exceeds 1 by a
    margin for the sampling error, and otherwise stays (passing now is never better than
    staying, since it may still pass when the raise is known);
  * responding: matching with the best exchange is worth p × the pot once everyone in has
    matched, minus what matching costs; what it put in is gone either way, so it passes
    exactly when that is negative, when p is below cost ÷ that pot;
  * the word: its best word (W18).

Both judge words by the scoring in force (the view's `scoring`, W18): the longest word under the
rule, the most valuable under the option `scoring=values`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from pokerhall.engine.events import JSON
from pokerhall.games.wordpoker.best import best_word
from pokerhall.games.wordpoker.letters import Alphabet, Card, default_alphabet
from pokerhall.games.wordpoker.lexicons import WordList, lexicon

SAMPLES = 32
"""Deals sampled per decision: a budget of best-word searches, never a clock, so games replay."""
MARGIN = 0.1
"""How far p·n must exceed 1 before raising. Against a player who always matches, raising pays
from p·n > 1 on; the margin keeps the bot from raising on sampling noise alone (p·n's standard
error is about 0.18 heads-up at 32 samples) where the edge is too thin to be worth a swing."""
HAND = 5


@lru_cache(maxsize=100_000)
def _score(
    alphabet: Alphabet, words: WordList, letters: tuple[str, ...], dice: tuple[str, ...]
) -> int:
    """The best score of cards showing `letters` (sorted) and the dice (sorted): a sampled deal
    often repeats one (the hand kept with dice that are all shown, or the same two dice to
    come), and only the letters matter, not which copies of the cards they are."""
    cards = [Card(str(i), letter) for i, letter in enumerate(letters)]
    return best_word(alphabet, words, cards, dice).score


def strength(
    alphabet: Alphabet, words: WordList, cards: Sequence[Card], dice: Sequence[str]
) -> int:
    """The best word's score, cached by letters."""
    return _score(alphabet, words, tuple(sorted(c.letter for c in cards)), tuple(sorted(dice)))


def _hand(view: JSON) -> list[Card]:
    return [Card(c["id"], c["letter"]) for c in view["you"]["hand"]]


def alphabet_of(view: JSON) -> Alphabet:
    """The letters as the table scores them (W18)."""
    return default_alphabet(str(view.get("scoring", "length")))


def _best_move(view: JSON, words: WordList, alphabet: Alphabet) -> JSON:
    found = best_word(alphabet, words, _hand(view), view["deal"]["dice"])
    return {"type": "word", "word": found.word} if found.word else {"type": "no_word"}


class MatcherBot:
    def __init__(self, seed: int) -> None:
        self.alphabet = default_alphabet()

    def choose(self, view: JSON, prompt: JSON) -> JSON:
        self.alphabet = alphabet_of(view)
        if prompt["type"] == "declare":
            return {"type": "stay"}
        if prompt["type"] == "respond":
            return {"type": "call", "exchange": []}
        return _best_move(view, lexicon(view["lexicon"]), self.alphabet)


class SamplerBot:
    def __init__(self, seed: int, samples: int = SAMPLES) -> None:
        self.rng = random.Random(seed)
        self.samples = samples
        self.alphabet = default_alphabet()

    def choose(self, view: JSON, prompt: JSON) -> JSON:
        self.alphabet = alphabet_of(view)
        words = lexicon(view["lexicon"])
        if prompt["type"] == "word":
            return _best_move(view, words, self.alphabet)
        players_in = [p for p in view["players"] if p["status"] == "in"]
        if prompt["type"] == "declare":
            most = max(
                (m["params"]["amount"]["max"] for m in prompt["moves"] if m["type"] == "raise"),
                default=0,
            )
            if not most:
                return {"type": "stay"}  # nothing left to raise with: nothing to weigh
            room = min(HAND, view["deal"]["stock"] // max(len(players_in), 1))
            needed = (1 + MARGIN) / len(players_in)
            _, chance = self.best_exchange(view, words, room, needed)
            return {"type": "raise", "amount": most} if chance > needed else {"type": "stay"}
        highest = view["deal"]["highest"]
        pot = prompt["pot"] + sum(highest - p["raised"] for p in players_in)
        needed = prompt["cost"] / pot
        ids, chance = self.best_exchange(view, words, prompt["max_exchange"], needed)
        if chance < needed:
            return {"type": "pass"}
        return {"type": "call", "exchange": list(ids)}

    def best_exchange(
        self, view: JSON, words: WordList, room: int, needed: float
    ) -> tuple[tuple[str, ...], float]:
        """The exchange with the best sampled chance, and its chance. The best of several
        noisy estimates is biased upwards, so when that chance reaches `needed` (where raising
        or matching starts to pay) it is measured again on fresh samples; below, the biased
        estimate already says no, and a chance of 0 needed (a free match) asks no more."""
        rated = self.chances(view, words, self.exchanges(view, words, room))
        ids = max(rated, key=lambda option: (rated[option], -len(option)))
        if rated[ids] < needed or needed <= 0:
            return ids, rated[ids]
        return ids, self.chances(view, words, [ids])[ids]

    def exchanges(self, view: JSON, words: WordList, room: int) -> list[tuple[str, ...]]:
        """The exchanges worth rating, at most `room` cards each: none, the cards the best and
        the longest word leave out, the whole hand."""
        hand = _hand(view)
        found = best_word(self.alphabet, words, hand, view["deal"]["dice"])
        options = [(), tuple(c.id for c in hand)]
        for word in (found.word, found.longest):
            options.append(tuple(self._unused(hand, word)))
        unique = dict.fromkeys(o for o in options if len(o) <= room)
        return list(unique)

    def _unused(self, hand: Sequence[Card], word: str | None) -> list[str]:
        if word is None:
            return [c.id for c in hand]
        needs = self.alphabet.spell(word)
        wanted = needs.card_letters + needs.marks
        out = []
        for card in hand:
            if wanted[card.letter]:
                wanted[card.letter] -= 1
            else:
                out.append(card.id)
        return out

    def chances(
        self, view: JSON, words: WordList, exchanges: Sequence[tuple[str, ...]]
    ) -> dict[tuple[str, ...], float]:
        """Each exchange's sampled chance of taking the pot (a split counts its share), all
        on the same sampled deals: the same other hands, replacement order and dice."""
        deal = view["deal"]
        others = sum(
            1 for p in view["players"] if p["status"] == "in" and p["seat"] != view["seat"]
        )
        unseen = Counter(self.alphabet.deck_counts)
        unseen.subtract(c["letter"] for c in view["you"]["hand"])
        unseen.subtract(view["you"]["discards"])
        pool = [Card("?", letter) for letter, n in unseen.items() for _ in range(max(n, 0))]
        hand = _hand(view)
        kept = {ids: [c for c in hand if c.id not in ids] for ids in exchanges}
        deepest = max((len(ids) for ids in exchanges), default=0)
        won = dict.fromkeys(exchanges, 0.0)
        for _ in range(self.samples):
            drawn = self.rng.sample(pool, min(len(pool), HAND * others + deepest))
            dice = list(deal["dice"])
            dice += [self.rng.choice(die) for die in self.alphabet.dice[len(dice) :]]
            theirs = [
                strength(self.alphabet, words, drawn[HAND * k : HAND * k + HAND], dice)
                for k in range(others)
            ]
            top = max(theirs, default=-1)
            ties = theirs.count(top)
            fresh = drawn[HAND * others :]
            for ids, cards in kept.items():
                mine = strength(self.alphabet, words, cards + fresh[: len(ids)], dice)
                if mine > top:
                    won[ids] += 1
                elif mine == top:
                    won[ids] += 1 / (1 + ties)
        return {ids: n / self.samples for ids, n in won.items()}
