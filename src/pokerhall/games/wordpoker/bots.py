"""Slovní poker bots, each deciding from its own seat's view alone.

- `MatcherBot` never raises, always matches (when it can pay), keeps its cards and plays its
  best word: the calling station against which raising must pay.
- `SamplerBot` knows its strength, the best word its cards and the dice make (`best.py`), and
  estimates its chance of winning by sampling what it cannot see: the other hands (from the
  cards neither in its hand nor among its discards), its replacement cards and the dice still
  to come. It exchanges the cards its best word does not use when that raises the chance, raises
  with a strong chance, and matches when the expected value of matching beats passing.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from pokerhall.engine.events import JSON
from pokerhall.games.wordpoker.best import best_word
from pokerhall.games.wordpoker.letters import Alphabet, Card, default_alphabet
from pokerhall.games.wordpoker.lexicons import WordList, lexicon

SAMPLES = 24


def _hand(view: JSON) -> list[Card]:
    return [Card(c["id"], c["letter"]) for c in view["you"]["hand"]]


def _best_move(view: JSON, words: WordList, alphabet: Alphabet) -> JSON:
    found = best_word(alphabet, words, _hand(view), view["deal"]["dice"])
    return {"type": "word", "word": found.word} if found.word else {"type": "no_word"}


class MatcherBot:
    def __init__(self, seed: int) -> None:
        self.alphabet = default_alphabet()

    def choose(self, view: JSON, prompt: JSON) -> JSON:
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
        words = lexicon(view["lexicon"])
        if prompt["type"] == "word":
            return _best_move(view, words, self.alphabet)
        if prompt["type"] == "declare":
            chance = self.chance(view, words, ())
            most = max(
                (m["params"]["amount"]["max"] for m in prompt["moves"] if m["type"] == "raise"),
                default=0,
            )
            if most and chance > 0.55:
                return {
                    "type": "raise",
                    "amount": max(1, round(most * min(1.0, (chance - 0.5) * 2))),
                }
            return {"type": "stay"}
        options: list[tuple[str, ...]] = [()]
        keep = self.unused(view, words)
        if keep and len(keep) <= prompt["max_exchange"]:
            options.append(tuple(keep))
        rated = [(self.chance(view, words, ids), ids) for ids in options]
        chance, ids = max(rated, key=lambda r: r[0])
        cost, pot = prompt["cost"], prompt["pot"]
        if cost and chance * (pot + cost) < cost:
            return {"type": "pass"}
        return {"type": "call", "exchange": list(ids)}

    def unused(self, view: JSON, words: WordList) -> list[str]:
        """The ids of the cards the best word so far leaves out."""
        hand = _hand(view)
        found = best_word(self.alphabet, words, hand, view["deal"]["dice"])
        if found.word is None:
            return [c.id for c in hand]
        needs = self.alphabet.spell(found.word)
        wanted = Counter(needs.card_letters) + Counter(needs.marks)
        out = []
        for card in hand:
            if wanted[card.letter]:
                wanted[card.letter] -= 1
            else:
                out.append(card.id)
        return out

    def chance(self, view: JSON, words: WordList, exchange: Sequence[str]) -> float:
        """The sampled chance of taking the pot (a split counts its share)."""
        deal = view["deal"]
        others = [p for p in view["players"] if p["status"] == "in" and p["seat"] != view["seat"]]
        unseen = Counter(self.alphabet.deck_counts)
        unseen.subtract(c["letter"] for c in view["you"]["hand"])
        unseen.subtract(view["you"]["discards"])
        pool = [Card("?", letter) for letter, n in unseen.items() for _ in range(max(n, 0))]
        kept = [c for c in _hand(view) if c.id not in exchange]
        missing = len(self.alphabet.dice) - len(deal["dice"])
        won = 0.0
        for _ in range(self.samples):
            drawn = self.rng.sample(pool, min(len(pool), len(exchange) + 5 * len(others)))
            dice = (
                list(deal["dice"])
                + [self.rng.choice(die) for die in self.alphabet.dice[len(deal["dice"]) :]][
                    :missing
                ]
            )
            mine = best_word(self.alphabet, words, kept + drawn[: len(exchange)], dice).score
            rest = drawn[len(exchange) :]
            theirs = [
                best_word(self.alphabet, words, rest[5 * k : 5 * k + 5], dice).score
                for k in range(len(others))
            ]
            top = max(theirs, default=-1)
            if mine > top:
                won += 1
            elif mine == top:
                won += 1 / (1 + theirs.count(top))
        return won / self.samples
