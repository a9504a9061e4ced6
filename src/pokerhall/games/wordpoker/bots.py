"""Slovní poker bots, each deciding from its own seat's view alone.

- `MatcherBot` never raises, always matches (when it can pay), keeps its cards and plays its
  best word: the calling station against which raising must pay.
- `SamplerBot` decides by expected value. Its strength is the best word its cards and the dice
  make (`best.py`); its chance of taking the pot is estimated by sampling what it cannot see:
  the other hands, its replacement cards and the dice still to come. A sampled opponent is
  dealt five of the cards neither in its hand nor among its discards and plays them as a
  player does, keeping its best word's cards and exchanging the rest, in round 1 and again in
  round 2 as far as this seat's own exchange (sampling its final hand as any five cards made
  the chances far too high: 0.5 won 0.3 of the showdowns against `maxraise`). Every exchange
  it considers (none, the cards its best or its longest word leaves out, the whole hand) is
  rated on the same samples, so the comparison is not drowned in sampling noise, and the
  chosen one's chance is measured again on fresh samples (at least `RECHECK_DRAWS` deals),
  since the best of several noisy estimates flatters (unless there was no choice), and the two
  measures are pooled. A decision has a budget of best-word
  searches (`SEARCHES` a sample, `RECHECK` for measuring again, fewer under the dearer
  `values` scoring), and stops drawing early once its chance is clearly on one side of where
  the decision turns (`CLEAR`), which keeps its CPU time in bounds.

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
  * responding: it matches with the best exchange when its chance reaches the one from
    which matching is worth more than passing in the chance of finishing the game first
    (`standing_needed`): the pot odds early in a game; late, a seat far ahead passes more and
    one behind matches more, from everyone's points and the deals to come. In round 1 a
    match lets in round 2's raise (the chance one of the opponents still in raises, from its
    raise rate), but does not commit to it: round 2 is answered again, knowing more. The
    opponents who must answer the same raise (all at once, W6) are taken to match it at their
    match rate, with their best hands in that share, and the others to pass: at a full table
    against one who raises every hand, counting all of them in to the end made the bot pass
    half its hands (issue 22, the five-seat `maxraise` row);
  * the word: its best word (W18).

Both judge words by the scoring in force (the view's `scoring`, W18): the longest word under the
rule, the most valuable under the option `scoring=values`.
"""

from __future__ import annotations

import math
import random
import statistics
from collections import Counter
from collections.abc import Mapping, Sequence
from functools import lru_cache
from statistics import NormalDist

from pokerhall.engine.events import JSON
from pokerhall.games.wordpoker.best import best_word, spelt_best
from pokerhall.games.wordpoker.letters import Alphabet, Card, default_alphabet, stakes_table
from pokerhall.games.wordpoker.lexicons import WordList, lexicon
from pokerhall.games.wordpoker.views import PlayerView, WordPokerView, wordpoker_view

SAMPLES = 32
"""Deals sampled per decision: a budget of best-word searches, never a clock, so games replay."""
MARGIN = 0.1
"""How far p·n must exceed 1 before raising. Against a player who always matches, raising pays
from p·n > 1 on; the margin keeps the bot from raising on sampling noise alone (p·n's standard
error is about 0.18 heads-up at 32 samples) where the edge is too thin to be worth a swing."""
HAND = 5
NORMAL = NormalDist()
BELIEVED = 0.8
"""A raise rate from which an opponent's raise says nothing of its hand: one that raised at
its first two declarations is no longer believed."""
SEARCHES = 2.5
"""Best-word searches per sample at most: a decision's budget, counted as asked (each sampled
opponent takes three, its two exchanges and its final hand; this seat's exchanges one each).
At a full table fewer deals are drawn, which keeps a move's CPU time in bounds (p99 < 50 ms is
the budget, bench/bot_cpu.py)."""
RECHECK = 0.75
"""Best-word searches per sample for measuring the chosen exchange again."""
MIN_DRAWS = 12
"""Deals drawn before a decision may stop early as clear (`CLEAR`)."""
CLEAR = 2.5
"""How many standard errors from where a decision turns a sampled chance must be to stop
drawing: about one decision in a hundred that would have turned the other way on unlimited
samples stops early on the wrong side."""
DRIFT = 0.2
"""How far a chance is taken to move, either way, from a round-1 answer to the round-2 one
(two more dice, one more exchange each): round 1's match keeps round 2's choice open."""
MISFIT = 0.3
"""The weight of a sampled opponent whose round-1 exchange was not as many cards as it really
exchanged: the count is a hint, not proof (a player may keep a card its word does not take)."""
WORK = {"values": 0.7}
"""Scorings whose searches cost more than the rule's, with the share of the searches they get:
under `values` a shorter word may outscore a longer one, so the search tries more keys (about
1.4 times the CPU a search, bench/bot_cpu.py)."""
RECHECK_DRAWS = 4
"""Deals drawn at least for measuring the chosen exchange again, whatever their searches
cost: at a full table `RECHECK`'s budget alone paid for about two."""
MORE_DRAWS = 4
"""At most this many times `SAMPLES` deals drawn: a decision draws as many deals as its budget
of searches pays for, more where a deal costs few (round 2, where the hand kept is the same in
every deal, draws three times as many heads-up), which also makes up for the deals that
believed raises weigh down."""


@lru_cache(maxsize=200_000)
def _search(
    alphabet: Alphabet, words: WordList, letters: tuple[str, ...], dice: tuple[str, ...]
) -> tuple[int, tuple[str, ...]]:
    """The best score of cards showing `letters` (sorted) and the dice (sorted), and the
    letters of the cards its word takes: a sampled deal often repeats one (the hand kept with
    dice that are all shown, or the same two dice to come), and only the letters matter, not
    which copies of the cards they are."""
    top, _ = spelt_best(
        alphabet, words, [Card(str(i), letter) for i, letter in enumerate(letters)], dice
    )
    if top is None:
        return 0, ()
    wanted = dict(top.card_letters)
    for mark, n in top.marks.items():
        wanted[mark] = n  # no card is both a letter and a diacritic
    keep = []
    for letter in letters:
        if wanted.get(letter, 0) > 0:
            wanted[letter] -= 1
            keep.append(letter)
    return top.score, tuple(keep)


def strength(
    alphabet: Alphabet, words: WordList, cards: Sequence[Card], dice: Sequence[str]
) -> int:
    """The best word's score, cached by letters."""
    return _search(alphabet, words, tuple(sorted(c.letter for c in cards)), tuple(sorted(dice)))[0]


def kept_letters(
    alphabet: Alphabet, words: WordList, cards: Sequence[Card], dice: Sequence[str]
) -> tuple[str, ...]:
    """The letters of the cards the best word takes: what a player who exchanges the rest
    keeps (none without a word)."""
    return _search(alphabet, words, tuple(sorted(c.letter for c in cards)), tuple(sorted(dice)))[1]


def _hand(view: WordPokerView) -> list[Card]:
    return [Card(c["id"], c["letter"]) for c in view["you"]["hand"]]


def alphabet_of(view: WordPokerView) -> Alphabet:
    """The letters as the table scores them (W18)."""
    return default_alphabet(str(view.get("scoring", "length")))


def _best_move(view: WordPokerView, words: WordList, alphabet: Alphabet) -> JSON:
    found = best_word(alphabet, words, _hand(view), view["deal"]["dice"])
    return {"type": "word", "word": found.word} if found.word else {"type": "no_word"}


class MatcherBot:
    def __init__(self, seed: int) -> None:
        self.alphabet = default_alphabet()

    def choose(self, view: JSON, prompt: JSON) -> JSON:
        seen = wordpoker_view(view)
        self.alphabet = alphabet_of(seen)
        if prompt["type"] == "declare":
            return {"type": "stay"}
        if prompt["type"] == "respond":
            return {"type": "call", "exchange": []}
        return _best_move(seen, lexicon(seen["lexicon"]), self.alphabet)


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

    def observe(self, view: WordPokerView) -> None:
        """Counts what the view newly shows of the others' play: the declarations last
        revealed, and whether an opponent that faced a raise matched it (still in the deal,
        or in its result) or passed."""
        deal = view["deal"]
        me = view["seat"]
        revealed_round = deal["round"] - (1 if deal["phase"] == "declare" else 0)
        key = (deal["number"], revealed_round)
        if deal["declarations"] and revealed_round >= 1 and key not in self._seen:
            self._seen.add(key)
            for key_seat, move in deal["declarations"].items():
                if int(key_seat) == me or move["choice"] == "pass":
                    continue
                reads = self.read(int(key_seat))
                reads.declared += 1
                reads.raised += move["choice"] == "raise"
        waiting = []
        last = view["last_deal"]
        status = {p["seat"]: p["status"] for p in view["players"]}
        for number, seat in self._faced:
            if number == deal["number"] and deal["phase"] != "respond":
                answered_in = status[seat] == "in"
            elif number == deal["number"]:
                waiting.append((number, seat))
                continue
            elif last is not None and last["deal"] == number:
                shown = {w["seat"] for w in last["words"]}
                answered_in = seat in shown or seat in last["winners"]
            else:
                continue
            reads = self.read(seat)
            reads.faced += 1
            reads.passed += not answered_in
        self._faced = waiting

    def choose(self, view: JSON, prompt: JSON) -> JSON:
        seen = wordpoker_view(view)
        self.alphabet = alphabet_of(seen)
        self.observe(seen)
        words = lexicon(seen["lexicon"])
        if prompt["type"] == "word":
            return _best_move(seen, words, self.alphabet)
        players_in = [p for p in seen["players"] if p["status"] == "in"]
        if prompt["type"] == "declare":
            return self.declare(seen, prompt, words, players_in)
        highest = seen["deal"]["highest"]
        for p in players_in:
            if p["seat"] != seen["seat"] and p["raised"] < highest:
                self._faced.append((seen["deal"]["number"], p["seat"]))
        deal = seen["deal"]
        later = deal["most"][deal["round"]] if deal["round"] < len(deal["most"]) else 0
        needed = standing_needed(
            seen, prompt["pot"], later, self.raise_chance(seen, players_in), self.matching(seen)
        )
        ids, chance = self.best_exchange(seen, words, prompt["max_exchange"], needed)
        if chance < needed:
            return {"type": "pass"}
        return {"type": "call", "exchange": list(ids)}

    def raise_chance(self, view: WordPokerView, players_in: list[PlayerView]) -> float:
        """The chance that some opponent still in raises in round 2 (each at its raise
        rate): one who raises at every declaration surely does."""
        quiet = math.prod(
            1 - self.read(p["seat"]).raise_rate() for p in players_in if p["seat"] != view["seat"]
        )
        return 1 - quiet

    def declare(
        self, view: WordPokerView, prompt: JSON, words: WordList, players_in: list[PlayerView]
    ) -> JSON:
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
        self, view: WordPokerView, words: WordList, room: int, needed: float
    ) -> tuple[tuple[str, ...], float]:
        """The exchange with the best sampled chance, and its chance. The best of several
        noisy estimates is biased upwards, so when that chance reaches `needed` (where raising
        or matching starts to pay) it is measured again on fresh samples (at least
        `RECHECK_DRAWS` deals) and the two measures are pooled; below, the biased estimate
        already says no, and a chance of 0 needed (a free match) asks no more. At a full table
        a deal costs many searches, and the fresh measure alone was two deals or so: a chance
        of 0.4 read as 0 one time in three, so good hands passed and poor ones matched."""
        if needed <= 0:  # a free match: any chance will do, only the exchange is asked
            rated = self.chances(view, words, self.exchanges(view, words, room))
            return max(rated, key=lambda option: (rated[option], -len(option))), 0.0
        rated, weight = self.rate(view, words, self.exchanges(view, words, room), needed=needed)
        ids = max(rated, key=lambda option: (rated[option], -len(option)))
        if rated[ids] < needed or len(rated) == 1:  # one option: no bias
            return ids, rated[ids]
        again, more = self.rate(
            view,
            words,
            [ids],
            max(1, self.samples // 2),
            RECHECK * self.samples,
            needed,
            RECHECK_DRAWS,
        )
        if weight + more <= 0:
            return ids, 0.0
        return ids, (rated[ids] * weight + again[ids] * more) / (weight + more)

    def exchanges(self, view: WordPokerView, words: WordList, room: int) -> list[tuple[str, ...]]:
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

    def believed(self, view: WordPokerView) -> dict[int, float]:
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

    def matching(self, view: WordPokerView) -> dict[int, float]:
        """The opponents still in that must answer the raise with this seat (W6: sealed and
        at once), each with the share of its hands it is taken to match with (one minus its
        pass rate): a passer keeps its best hands in. The raiser who set the highest raise
        pays nothing and is surely in; at a full table against one who raises every hand the
        others pass half their hands, and a chance sampled as if all of them stayed to the
        end would be far too low (the 70 % of issue 22 at five seats)."""
        deal = view["deal"]
        if deal["phase"] != "respond":
            return {}
        return {
            p["seat"]: 1 - self.read(p["seat"]).pass_rate()
            for p in view["players"]
            if p["seat"] != view["seat"] and p["status"] == "in" and p["raised"] < deal["highest"]
        }

    def chances(
        self,
        view: WordPokerView,
        words: WordList,
        exchanges: Sequence[tuple[str, ...]],
        samples: int | None = None,
        searches: float | None = None,
        needed: float | None = None,
    ) -> dict[tuple[str, ...], float]:
        """Each exchange's sampled chance of taking the pot (`rate`)."""
        return self.rate(view, words, exchanges, samples, searches, needed)[0]

    def rate(
        self,
        view: WordPokerView,
        words: WordList,
        exchanges: Sequence[tuple[str, ...]],
        samples: int | None = None,
        searches: float | None = None,
        needed: float | None = None,
        least: int = 1,
    ) -> tuple[dict[tuple[str, ...], float], float]:
        """Each exchange's sampled chance of taking the pot (a split counts its share), all
        on the same sampled deals: the same other hands, replacement order and dice.

        An opponent's hand is not any five cards: it plays its cards as a player does (the
        exploiters' and the matcher's way), keeping the cards of its best word and exchanging
        the rest, in round 1 (with the first dice) and in round 2 (with all five). So a
        sampled opponent is dealt five cards and plays both exchanges (`_plays`); sampling its
        final hand as any five cards made the bot's chances far too high (its 0.5 won 0.3 of
        the showdowns against `maxraise`). In round 2 a sampled opponent whose round-1
        exchange was not as many cards as it really exchanged (public, W6) counts `MISFIT` as
        much: a player who kept all five has a made word. A sampled deal is also weighed by
        how well it fits the believed raises: a raiser's sampled hand, as it stood when it
        declared, must be among the best `rate` of such hands (a hand at the cut-off counts in
        part).

        The budget is `searches` best-word searches (`SEARCHES` a sample, fewer under a dearer
        scoring), counted as asked, cached or not, so a game replays. Deals are drawn until
        it is spent, or, given `needed`, as soon as the best exchange's chance is `CLEAR`
        standard errors from it: a clear decision needs few deals; at least `least` deals
        are drawn whatever they cost. With the chances, the deals' total weight (how much
        they are worth, pooled with another measure)."""
        deal = view["deal"]
        me = view["seat"]
        players = view["players"]
        others = [p["seat"] for p in players if p["status"] == "in" and p["seat"] != me]
        raisers = self.believed(view)
        matching = self.matching(view)
        first = self.alphabet.dice_shown_first
        # The raises shown were declared in round 1 (with the first dice, before any exchange)
        # unless this is round 2's response.
        late = deal["phase"] == "respond" and deal["round"] >= 2
        # The opponents' exchanges up to this seat's: in round 1 one each, as this seat's
        # exchange is its one (neither side's round-2 exchange is played out, alike).
        stage = 2 if deal["round"] >= 2 else 1
        samples = self.samples if samples is None else samples
        budget = samples * SEARCHES if searches is None else searches
        budget *= WORK.get(str(view.get("scoring", "length")), 1.0)
        swapped = {
            k: players[seat]["exchanged"][0]
            for k, seat in enumerate(others)
            if deal["round"] >= 2 and players[seat]["exchanged"]
        }
        unseen = Counter(self.alphabet.deck_counts)
        unseen.subtract(c["letter"] for c in view["you"]["hand"])
        unseen.subtract(view["you"]["discards"])
        pool = [Card("?", letter) for letter, n in unseen.items() for _ in range(max(n, 0))]
        hand = _hand(view)
        kept = {ids: [c for c in hand if c.id not in ids] for ids in exchanges}
        deepest = max((len(ids) for ids in exchanges), default=0)
        # Keeping every card with every die shown is the same hand in every deal: one search.
        fixed: dict[tuple[str, ...], int] = {}
        if () in exchanges and len(deal["dice"]) == len(self.alphabet.dice):
            fixed[()] = strength(self.alphabet, words, hand, deal["dice"])
        used = len(fixed)
        rows: list[_Row] = []
        declared: list[int] = []
        answered: list[int] = []
        total = dict.fromkeys(exchanges, 0.0)
        weights = squares = 0.0
        sure = [k for k, seat in enumerate(others) if seat not in matching]
        unsure = [k for k, seat in enumerate(others) if seat in matching]
        while len(rows) < samples * MORE_DRAWS and (len(rows) < least or used < budget):
            deck = self.rng.sample(pool, len(pool))
            dice = list(deal["dice"])
            dice += [self.rng.choice(die) for die in self.alphabet.dice[len(dice) :]]
            fresh = deck[:deepest]
            opponents = _Opponents(self, words, deck, deepest, dice, first)
            then: dict[int, int] = {}
            for k, seat in enumerate(others):
                if seat in raisers:
                    then[k] = opponents.declared(k, late)
            held = {k: then[k] if k in then else opponents.declared(k, late) for k in unsure}
            mine = {
                ids: fixed[ids]
                if ids in fixed
                else strength(self.alphabet, words, cards + fresh[: len(ids)], dice)
                for ids, cards in kept.items()
            }
            best = max(mine.values(), default=-1)
            top, ties = opponents.top(sure, best, stage)
            # Who of the unsure matches is known only from every row's strengths (`_cut`):
            # their final hands are searched unless a sure opponent already beats this seat.
            finals = {k: opponents.final(k, stage) for k in unsure} if top <= best else {}
            fit = math.prod(1.0 if opponents.swaps(k) == n else MISFIT for k, n in swapped.items())
            used += opponents.searches + len(mine) - len(fixed)
            declared += then.values()
            answered += held.values()
            rows.append(_Row(then, held, finals, top, ties, fit, mine))
            if raisers or matching:
                continue  # the weights need every row's declared strengths: no early stop
            won = rows[-1].won(set())
            weights += fit
            squares += fit * fit
            for ids in exchanges:
                total[ids] += fit * won[ids]
            if (
                needed is not None
                and len(rows) >= MIN_DRAWS
                and _clear(max(total.values()) / weights, needed, weights * weights / squares)
            ):
                break
        if raisers or matching:
            cuts = {seat: _cut(declared, rate) for seat, rate in raisers.items()}
            stays = {seat: _cut(answered, rate) for seat, rate in matching.items()}
            for row in rows:
                weight = row.fit
                for k, s in row.then.items():
                    level, part = cuts[others[k]]
                    weight *= 1.0 if s > level else part if s == level else 0.0
                won = row.won({k for k, s in row.held.items() if _among(s, stays[others[k]])})
                weights += weight
                for ids in exchanges:
                    total[ids] += weight * won[ids]
        if weights <= 0:
            return dict.fromkeys(exchanges, 0.0), 0.0
        return {ids: n / weights for ids, n in total.items()}, weights


class _Row:
    """One sampled deal as drawn: the believed raisers' strengths when they declared (`then`),
    the strengths with which the opponents that may pass the raise answer it (`held`), their
    final strengths (`finals`, none when a sure opponent already beats this seat), the best
    of the sure opponents' hands (`top`, `ties`), the deal's weight from the exchanges shown
    (`fit`) and this seat's strength with each exchange (`mine`)."""

    __slots__ = ("finals", "fit", "held", "mine", "then", "ties", "top")

    def __init__(
        self,
        then: dict[int, int],
        held: dict[int, int],
        finals: dict[int, int],
        top: int,
        ties: int,
        fit: float,
        mine: dict[tuple[str, ...], int],
    ) -> None:
        self.then, self.held, self.finals = then, held, finals
        self.top, self.ties, self.fit, self.mine = top, ties, fit, mine

    def won(self, staying: set[int]) -> dict[tuple[str, ...], float]:
        """Each exchange's share of the pot in this deal when of the unsure opponents only
        `staying` match (a split counts its share)."""
        top, ties = self.top, self.ties
        for k, score in self.finals.items():
            if k not in staying:
                continue
            if score > top:
                top, ties = score, 1
            elif score == top:
                ties += 1
        return {
            ids: 1.0 if score > top else 1 / (1 + ties) if score == top else 0.0
            for ids, score in self.mine.items()
        }


class _Opponents:
    """The other hands of one sampled deal, each played as a player plays its cards: dealt
    five from the shuffled unseen cards, it keeps its best word's cards with the first dice
    and exchanges the rest (round 1), then again with all five dice (round 2); the
    replacements come from the same shuffled cards, so no card is in two hands. Worked out
    only as far as asked (`top` stops at the first hand that beats this seat), counting the
    best-word searches asked (`searches`)."""

    def __init__(
        self,
        bot: SamplerBot,
        words: WordList,
        deck: list[Card],
        start: int,
        dice: list[str],
        first: int,
    ) -> None:
        self.alphabet = bot.alphabet
        self.words = words
        self.deck = deck
        self.next = start
        self.dice = dice
        self.first = first
        self.hands: dict[int, list[list[Card]]] = {}
        self.searches = 0

    def _draw(self, n: int) -> list[Card]:
        out = self.deck[self.next : self.next + n]
        self.next += len(out)
        return out

    def _exchange(self, cards: list[Card], dice: Sequence[str]) -> list[Card]:
        self.searches += 1
        keep = kept_letters(self.alphabet, self.words, cards, dice)
        return [Card("?", letter) for letter in keep] + self._draw(HAND - len(keep))

    def _hands(self, k: int, stage: int) -> list[list[Card]]:
        """Opponent k's hands up to `stage`: as dealt (0), after round 1's exchange (1),
        after round 2's (2), each exchange worked out only when first asked for."""
        hands = self.hands.setdefault(k, [self._draw(HAND)])
        while len(hands) <= stage:
            dice = self.dice[: self.first] if len(hands) == 1 else self.dice
            hands.append(self._exchange(hands[-1], dice))
        return hands

    def swaps(self, k: int) -> int:
        """How many cards opponent k exchanged in round 1, as sampled."""
        dealt, middle = self._hands(k, 1)[:2]
        return HAND - sum(
            (Counter(c.letter for c in dealt) & Counter(c.letter for c in middle)).values()
        )

    def declared(self, k: int, late: bool) -> int:
        """Opponent k's strength when it declared the raise shown: in round 2 (`late`) its
        hand after round 1's exchange with every die, else its hand as dealt with the first.
        That is the search of the exchange it makes next from that hand with those dice, which
        is asked for here, so the strength costs no search of its own."""
        if late:
            return strength(self.alphabet, self.words, self._hands(k, 2)[1], self.dice)
        return strength(self.alphabet, self.words, self._hands(k, 1)[0], self.dice[: self.first])

    def final(self, k: int, stage: int) -> int:
        """Opponent k's strength after its exchanges up to `stage`."""
        self.searches += 1
        return strength(self.alphabet, self.words, self._hands(k, stage)[stage], self.dice)

    def top(self, ks: Sequence[int], mine: int, stage: int) -> tuple[int, int]:
        """(the best of the hands' strengths after their exchanges up to `stage`, how many
        have it), searched one by one:
        once one beats `mine` (the best of this seat's exchanges) every exchange loses this
        deal whatever the rest hold, so they are not searched (the answer is the same, for
        less work: at a full table most deals are lost to the first hand or two)."""
        top, ties = -1, 0
        for k in ks:
            score = self.final(k, stage)
            if score > top:
                top, ties = score, 1
            elif score == top:
                ties += 1
            if top > mine:
                break
        return top, ties


def _clear(chance: float, needed: float, effective: float) -> bool:
    """Whether a sampled chance is `CLEAR` standard errors from `needed` (the spread taken at
    least that of a chance of 5 %, so that a run of wins or losses is not taken for a
    certainty)."""
    spread = max(chance * (1 - chance), 0.05 * 0.95)
    return abs(chance - needed) > CLEAR * math.sqrt(spread / effective)


def spread(view: WordPokerView) -> float:
    """How far the points may still swing after this deal: the square root of the sum, over
    the deals still to come, of each one's typical swing squared (its ante and half of each
    round's most, `data/stakes.json`, W5); 0 after the last deal."""
    number = int(view["deal"]["number"])
    later = stakes_table()[number : int(view.get("deals", number))]
    return math.sqrt(sum((s.ante + sum(s.raise_caps) / 2) ** 2 for s in later))


def _first(mine: float, rivals: Sequence[float], sigma: float) -> float:
    """The chance of finishing the game with the most points from `mine` against the best of
    `rivals`, the rest of the game a normal swing of `sigma` (a tie counts half; past the
    last deal, where nothing swings, it is the standing itself)."""
    lead = mine - max(rivals, default=0.0)
    if sigma <= 0:
        return 1.0 if lead > 0 else 0.5 if lead == 0 else 0.0
    return NORMAL.cdf(lead / sigma)


def standing_needed(
    view: WordPokerView,
    pot_now: int,
    later: int,
    raising: float,
    matches: Mapping[int, float] | None = None,
) -> float:
    """The chance of taking the pot from which matching is worth more than passing, judged
    not in points but in the chance of finishing first (the game is won by the most points
    after the last deal, W2, W9): from what each way leaves this seat and its rivals, that is
    everyone's points (stack depth), the deals still to come (`spread`) and the opponents in
    the deal, each as likely to take the pot when this seat does not. Early in a game it is
    close to the pot odds, cost ÷ the pot; late, a seat that is ahead passes more and one
    behind matches more.

    In round 1 matching lets in round 2, where with chance `raising` the opponents raise
    `later` (round 2's most): then this seat answers again, knowing more, its chance having
    moved by about `DRIFT` either way, and it matches only where that pays. So a match now is
    worth the better of matching and passing then, not a commitment to round 2's price.

    An opponent that must answer the raise too matches it with the chance `matches` gives
    (surely when not given): the pot holds what it is expected to pay."""
    me = view["seat"]
    highest = view["deal"]["highest"]
    players = [p for p in view["players"] if p["status"] not in ("bankrupt", "resigned")]
    inside = [p for p in players if p["status"] == "in" and p["seat"] != me]
    outside = [float(p["points"]) for p in players if p["status"] != "in"]
    mine = next(p for p in view["players"] if p["seat"] == me)
    keep = float(mine["points"])
    cost = highest - mine["raised"]
    left = {p["seat"]: float(p["points"] - (highest - p["raised"])) for p in inside}
    stays = {p["seat"]: 1.0 if matches is None else matches.get(p["seat"], 1.0) for p in inside}
    pot = pot_now + sum((highest - p["raised"]) * stays[p["seat"]] for p in inside)
    callers = sum(stays.values())
    sigma = spread(view)
    later = max(0, min([later, int(keep - cost), *(int(v) for v in left.values())]))  # W20
    raising = raising if later > 0 else 0.0

    def win(paid: float, each: float, total: float) -> float:
        """This seat takes `total`, having paid `paid` more, each opponent in `each` more."""
        return _first(keep - paid + total, outside + [v - each for v in left.values()], sigma)

    def lose(paid: float, each: float, total: float) -> float:
        """An opponent in the deal (each alike) takes `total`."""
        if not left:
            return _first(keep - paid, outside, sigma)
        return statistics.fmean(
            _first(
                keep - paid,
                outside + [v - each + (total if s == w else 0.0) for s, v in left.items()],
                sigma,
            )
            for w in left
        )

    def shown(p: float, paid: float, each: float, total: float) -> float:
        p = min(1.0, max(0.0, p))
        return p * win(paid, each, total) + (1 - p) * lose(paid, each, total)

    first = pot + cost
    raised = first + later * (callers + 1)
    passing = lose(0, 0, pot)
    answer_late = lose(cost, later, first + later * callers)

    def matching(p: float) -> float:
        quiet = shown(p, cost, 0, first)
        if not raising:
            return quiet
        late = statistics.fmean(
            max(shown(q, cost + later, later, raised), answer_late) for q in (p - DRIFT, p + DRIFT)
        )
        return raising * late + (1 - raising) * quiet

    if matching(1.0) <= passing:
        return 1.0 + MARGIN  # not even a sure win pays: pass whatever the chance
    if matching(0.0) >= passing:
        return 0.0
    low, high = 0.0, 1.0
    for _ in range(20):  # matching's worth rises with the chance: halve the interval
        middle = (low + high) / 2
        if matching(middle) >= passing:
            high = middle
        else:
            low = middle
    return high


def _among(score: int, cut: tuple[int, float]) -> bool:
    """Whether a hand of `score` is among the best share `cut` marks (`_cut`): one at the
    cut-off score is in when at least half of such hands count."""
    level, part = cut
    return score > level or (score == level and part >= 0.5)


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
