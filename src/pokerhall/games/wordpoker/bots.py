"""Slovní poker bots, each deciding from its own seat's view alone.

- `MatcherBot` never raises, always matches (when it can pay), keeps its cards and plays its
  best word: the calling station against which raising must pay.
- `SamplerBot` decides by expected value. Its strength is the best word its cards and the dice
  make (`best.py`); its chance of taking the pot is estimated by sampling what it cannot see:
  the other hands (from the cards neither in its hand nor among its discards), its replacement
  cards and the dice still to come. Every exchange it considers (none, the cards its best or
  its longest word leaves out, the whole hand) is rated on the same samples, so the comparison
  is not drowned in sampling noise, and the chosen one's chance is measured again on fresh
  samples, since the best of several noisy estimates flatters (unless there was no choice). A
  decision has a budget of best-word searches (`SEARCHES` a sample, `RECHECK` for measuring
  again, fewer under the dearer `values` scoring), so a full table draws fewer samples, and
  at a full table the other hands of a sampled deal are searched only until one beats every
  exchange.

  It remembers what its own views showed of each opponent (`Reads`): how often it raised when
  it declared, and how often it passed a raise it had to pay. A raise is taken to come from
  the raiser's best hands in the share it raises: the sampled deals are weighed so that its
  hand as it stood when it declared is among that best share, and an opponent that raises
  nearly always (`BELIEVED`) is not believed at all. Then:

  * declaring (W6): a raise of x against opponents who each pass it with their pass rate (or
    surely, when x is more than they have left, W11, W20) gains over staying the pot times
    (1 − p) when all pass, and x·(p·(1 + callers) − 1) when some match (p its chance): it
    takes the best of the most it may raise and the least that puts every opponent out, and
    stays when neither gains (passing now is never better than staying, since it may still
    pass when the raise is known). Against players who always match this is the plain rule,
    raise the most when p·n exceeds 1 by a margin for the sampling error;
  * responding: matching with the best exchange is worth p × the pot once everyone in has
    matched, minus what matching costs; in round 1 the round-2 raise the opponents still in are
    expected to make (round 2's most times the chance one of them raises) is counted in both,
    since matching now lets it in. What it put in is gone either way, so it passes exactly
    when p is below (cost + that raise) ÷ (that pot + each player's share of it);
  * the word: its best word (W18).

Both judge words by the scoring in force (the view's `scoring`, W18): the longest word under the
rule, the most valuable under the option `scoring=values`.
"""

from __future__ import annotations

import math
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
BELIEVED = 0.8
"""A raise rate from which an opponent's raise says nothing of its hand: one that raised at
its first two declarations is no longer believed."""
SEARCHES = 3
"""Best-word searches per sample at most, however many opponents and exchanges: at a full
table (four other hands, three exchanges) fewer deals are drawn, which keeps a move's CPU time
in bounds (p99 < 50 ms is the target, bench/bot_cpu.py)."""
RECHECK = 1
"""Best-word searches per sample for measuring the chosen exchange again: with the first pass,
at most `SAMPLES` × 4 = 128 searches a decision (there were up to 192, p99 up to 86 ms)."""
WORK = {"values": 0.7}
"""Scorings whose searches cost more than the rule's, with the share of the searches they get:
under `values` a shorter word may outscore a longer one, so the search tries more keys (about
1.4 times the CPU a search, bench/bot_cpu.py)."""
MORE_DRAWS = 4
"""At most this many times `SAMPLES` deals drawn: a decision draws as many deals as its budget
of searches pays for, more where a deal costs few (round 2, where the hand kept is the same in
every deal, draws three times as many heads-up), which also makes up for the deals that
believed raises weigh down."""


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


class Reads:
    """What one opponent's play has shown this bot so far (only what its own views showed):
    how often it raised when it declared, and how often it passed a raise it had to pay."""

    def __init__(self) -> None:
        self.declared = 0
        self.raised = 0
        self.faced = 0
        self.passed = 0

    def raise_rate(self) -> float:
        """The share of its declarations that were raises, from a prior of one in two worth
        one declaration: a raiser is taken to raise with that share of its best hands (one
        that always raises is believed not at all)."""
        return (self.raised + 0.5) / (self.declared + 1)

    def pass_rate(self) -> float:
        """The share of the raises it faced that it passed, from a prior of one in four."""
        return (self.passed + 0.5) / (self.faced + 2)


class SamplerBot:
    def __init__(self, seed: int, samples: int = SAMPLES) -> None:
        self.rng = random.Random(seed)
        self.samples = samples
        self.alphabet = default_alphabet()
        self.reads: dict[int, Reads] = {}
        self._seen: set[tuple[int, int]] = set()
        """(deal, round) whose revealed declarations are counted."""
        self._faced: list[tuple[int, int]] = []
        """(deal, seat): an opponent that had a raise to pay, its answer not yet seen."""

    def read(self, seat: int) -> Reads:
        return self.reads.setdefault(seat, Reads())

    def observe(self, view: JSON) -> None:
        """Counts what the view newly shows of the others' play: the declarations last
        revealed, and whether an opponent that faced a raise matched it (still in the deal,
        or in its result) or passed."""
        deal = view["deal"]
        me = view["seat"]
        revealed_round = deal["round"] - (1 if deal["phase"] == "declare" else 0)
        key = (deal["number"], revealed_round)
        if deal["declarations"] and revealed_round >= 1 and key not in self._seen:
            self._seen.add(key)
            for seat, move in deal["declarations"].items():
                if int(seat) == me or move["choice"] == "pass":
                    continue
                reads = self.read(int(seat))
                reads.declared += 1
                reads.raised += move["choice"] == "raise"
        waiting = []
        last = view.get("last_deal") or {}
        status = {p["seat"]: p["status"] for p in view["players"]}
        for number, seat in self._faced:
            if number == deal["number"] and deal["phase"] != "respond":
                answered_in = status[seat] == "in"
            elif number == deal["number"]:
                waiting.append((number, seat))
                continue
            elif last.get("deal") == number:
                shown = {w["seat"] for w in last.get("words", [])}
                answered_in = seat in shown or seat in last.get("winners", [])
            else:
                continue
            reads = self.read(seat)
            reads.faced += 1
            reads.passed += not answered_in
        self._faced = waiting

    def choose(self, view: JSON, prompt: JSON) -> JSON:
        self.alphabet = alphabet_of(view)
        self.observe(view)
        words = lexicon(view["lexicon"])
        if prompt["type"] == "word":
            return _best_move(view, words, self.alphabet)
        players_in = [p for p in view["players"] if p["status"] == "in"]
        if prompt["type"] == "declare":
            return self.declare(view, prompt, words, players_in)
        highest = view["deal"]["highest"]
        for p in players_in:
            if p["seat"] != view["seat"] and p["raised"] < highest:
                self._faced.append((view["deal"]["number"], p["seat"]))
        pot = prompt["pot"] + sum(highest - p["raised"] for p in players_in)
        later = self.expected_raise(view, players_in)
        needed = (prompt["cost"] + later) / (pot + len(players_in) * later)
        ids, chance = self.best_exchange(view, words, prompt["max_exchange"], needed)
        if chance < needed:
            return {"type": "pass"}
        return {"type": "call", "exchange": list(ids)}

    def expected_raise(self, view: JSON, players_in: list[JSON]) -> float:
        """In round 1, the round-2 raise that matching now lets in: round 2's most times the
        chance that some opponent still in raises (its raise rate), paid if it comes; a
        match against one who raises at every declaration buys a showdown at both rounds'
        prices. None in round 2, the last."""
        deal = view["deal"]
        if deal["round"] >= len(deal["most"]):
            return 0.0
        quiet = math.prod(
            1 - self.read(p["seat"]).raise_rate() for p in players_in if p["seat"] != view["seat"]
        )
        return float(deal["most"][deal["round"]]) * (1 - quiet)

    def declare(self, view: JSON, prompt: JSON, words: WordList, players_in: list[JSON]) -> JSON:
        """The raise worth most against staying, or stay. A raise of x against opponents who
        each pass a raise with probability q_i (what they have shown, or 1 when x is more
        than they have left: W11, W20 put them out) gains, over staying, F·P·(1 − p) (all
        pass: the pot P is taken without the word that would have won it a share p of the
        time) plus (1 − F)·x·(p·(1 + c) − 1) (c callers expected when some call), F being the
        chance that all pass. Linear in x, so the candidates are the most it may raise and the
        least that puts every opponent out."""
        most = max(
            (m["params"]["amount"]["max"] for m in prompt["moves"] if m["type"] == "raise"),
            default=0,
        )
        if not most:
            return {"type": "stay"}  # nothing left to raise with: nothing to weigh
        room = min(HAND, view["deal"]["stock"] // max(len(players_in), 1))
        others = [p for p in players_in if p["seat"] != view["seat"]]
        deepest = max((p["points"] for p in others), default=0)
        candidates = {most}
        if deepest < most:
            candidates.add(deepest + 1)
        needed = (1 + MARGIN) / len(players_in)
        _, chance = self.best_exchange(view, words, room, needed)
        best, gain = 0, 0.0
        for amount in sorted(candidates):
            passing = [
                1.0 if p["points"] < amount else self.read(p["seat"]).pass_rate() for p in others
            ]
            everyone = math.prod(passing)
            callers = sum(1 - q for q in passing) / (1 - everyone) if everyone < 1 else 0.0
            edge = chance * (1 + callers) - 1 - MARGIN
            value = everyone * prompt["pot"] * (1 - chance) + (1 - everyone) * amount * edge
            if value > gain:
                best, gain = amount, value
        return {"type": "raise", "amount": best} if best else {"type": "stay"}

    def best_exchange(
        self, view: JSON, words: WordList, room: int, needed: float
    ) -> tuple[tuple[str, ...], float]:
        """The exchange with the best sampled chance, and its chance. The best of several
        noisy estimates is biased upwards, so when that chance reaches `needed` (where raising
        or matching starts to pay) it is measured again on fresh samples; below, the biased
        estimate already says no, and a chance of 0 needed (a free match) asks no more."""
        rated = self.chances(view, words, self.exchanges(view, words, room))
        ids = max(rated, key=lambda option: (rated[option], -len(option)))
        if rated[ids] < needed or needed <= 0 or len(rated) == 1:  # one option: no bias
            return ids, rated[ids]
        again = self.chances(view, words, [ids], max(1, self.samples // 2), RECHECK * self.samples)
        return ids, again[ids]

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

    def believed(self, view: JSON) -> dict[int, float]:
        """The opponents still in whose last revealed raise says something: each with the
        share of its best hands it is taken to raise with (its raise rate); one that raises
        nearly always is left out, its raise saying nothing."""
        out = {}
        for seat, move in view["deal"]["declarations"].items():
            other = int(seat)
            still_in = view["players"][other]["status"] == "in"
            if other != view["seat"] and move["choice"] == "raise" and still_in:
                rate = self.read(other).raise_rate()
                if rate < BELIEVED:
                    out[other] = rate
        return out

    def chances(
        self,
        view: JSON,
        words: WordList,
        exchanges: Sequence[tuple[str, ...]],
        samples: int | None = None,
        searches: int | None = None,
    ) -> dict[tuple[str, ...], float]:
        """Each exchange's sampled chance of taking the pot (a split counts its share), all
        on the same sampled deals: the same other hands, replacement order and dice. A sampled
        deal is weighed by how well it fits the believed raises: a raiser's sampled hand, as
        it stood when it declared, must be among the best `rate` of such hands (a hand at the
        cut-off counts in part). As many deals as `searches` best-word searches pay for
        (`SEARCHES` a sample, fewer under a dearer scoring)."""
        deal = view["deal"]
        me = view["seat"]
        others = [p["seat"] for p in view["players"] if p["status"] == "in" and p["seat"] != me]
        raisers = self.believed(view)
        declared_dice = list(deal["dice"])
        if deal["phase"] == "declare":  # the raises shown were declared in round 1
            declared_dice = declared_dice[: self.alphabet.dice_shown_first]
        samples = self.samples if samples is None else samples
        searches = samples * SEARCHES if searches is None else searches
        searches = round(searches * WORK.get(str(view.get("scoring", "length")), 1.0))
        # Keeping every card with every die shown is the same hand in every deal: one search.
        fixed = () in exchanges and len(deal["dice"]) == len(self.alphabet.dice)
        per_draw = len(others) + len(exchanges) - fixed + len(raisers)
        draws = max(1, min(samples * MORE_DRAWS, (searches - fixed) // per_draw))
        unseen = Counter(self.alphabet.deck_counts)
        unseen.subtract(c["letter"] for c in view["you"]["hand"])
        unseen.subtract(view["you"]["discards"])
        pool = [Card("?", letter) for letter, n in unseen.items() for _ in range(max(n, 0))]
        hand = _hand(view)
        kept = {ids: [c for c in hand if c.id not in ids] for ids in exchanges}
        deepest = max((len(ids) for ids in exchanges), default=0)
        rows: list[tuple[dict[int, int], dict[tuple[str, ...], float]]] = []
        declared: list[int] = []
        for _ in range(draws):
            drawn = self.rng.sample(pool, min(len(pool), HAND * len(others) + deepest))
            dice = list(deal["dice"])
            dice += [self.rng.choice(die) for die in self.alphabet.dice[len(dice) :]]
            hands = [drawn[HAND * k : HAND * k + HAND] for k in range(len(others))]
            then = {
                k: strength(self.alphabet, words, hands[k], declared_dice)
                for k, seat in enumerate(others)
                if seat in raisers
            }
            declared += then.values()
            fresh = drawn[HAND * len(others) :]
            mine = {
                ids: strength(self.alphabet, words, cards + fresh[: len(ids)], dice)
                for ids, cards in kept.items()
            }
            top, ties = self._top(words, hands, dice, max(mine.values(), default=-1))
            won = {
                ids: 1.0 if score > top else 1 / (1 + ties) if score == top else 0.0
                for ids, score in mine.items()
            }
            rows.append((then, won))
        cuts = {seat: _cut(declared, rate) for seat, rate in raisers.items()}
        total = dict.fromkeys(exchanges, 0.0)
        weights = 0.0
        for then, won in rows:
            weight = 1.0
            for k, s in then.items():
                level, part = cuts[others[k]]
                weight *= 1.0 if s > level else part if s == level else 0.0
            weights += weight
            for ids in exchanges:
                total[ids] += weight * won[ids]
        if weights <= 0:
            return dict.fromkeys(exchanges, 0.0)
        return {ids: n / weights for ids, n in total.items()}

    def _top(
        self, words: WordList, hands: Sequence[Sequence[Card]], dice: Sequence[str], mine: int
    ) -> tuple[int, int]:
        """(the best of the other hands' strengths, how many have it), the hands searched one
        by one: once one beats `mine` (the best of this seat's exchanges) every exchange loses
        this deal whatever the rest hold, so they are not searched (the answer is the same,
        for less work: at a full table most deals are lost to the first hand or two)."""
        top, ties = -1, 0
        for cards in hands:
            score = strength(self.alphabet, words, cards, dice)
            if score > top:
                top, ties = score, 1
            elif score == top:
                ties += 1
            if top > mine:
                break
        return top, ties


def _cut(values: Sequence[int], rate: float) -> tuple[int, float]:
    """The score from which a hand is among the best `rate` of `values`, and the part of a
    hand at exactly that score that counts, so that the counted share is `rate`."""
    if not values:
        return -1, 1.0
    ranked = sorted(values, reverse=True)
    level = ranked[min(len(ranked) - 1, max(0, math.ceil(rate * len(ranked)) - 1))]
    above = sum(1 for v in values if v > level)
    at = sum(1 for v in values if v == level)
    return level, max(0.0, min(1.0, (rate * len(values) - above) / at))
