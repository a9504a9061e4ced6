"""Each game's discrete actions: a fixed list of buckets, each turned into one exact move of the
current prompt (or None: not legal now, masked). docs/rl.md lists them per game.

A bucket reads the prompt alone (its moves and their parameters' ranges) and, where a game
needs more to size a move, only what its seat may know: the seat's view, the game's public
word list (Slovní poker) and, in QuizPoker, the seat's own declared knowledge of the answer
(`QuizKnowledge`, the noise model the game's levelled bots get: `bots.knowledge.learn`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pokerhall.engine.events import JSON
from pokerhall.engine.protocol import Game
from pokerhall.engine.rng import derive_seed
from pokerhall.games.quizpoker.bots.knowledge import Knowledge, learn, write
from pokerhall.games.wordpoker.best import Best, best_word
from pokerhall.games.wordpoker.letters import Card
from pokerhall.games.wordpoker.views import WordPokerView, wordpoker_view

Move = JSON | None
View = Callable[[], JSON]
"""The seat's own view, built when a bucket needs it."""
POT_FRACTIONS = (("half_pot", 0.5), ("pot", 1.0))
GUESS_WIDTHS = (-2.0, -1.0, -0.5, 0.0, 0.5, 1.0, 2.0)
"""QuizPoker's guess buckets: the seat's estimate moved by this many of its knowledge's widths."""
SOLDIER_BUCKETS = 6
"""Palace's discard buckets: the first cards a soldiers or turn prompt lists."""


def spec_of(prompt: JSON, kind: str) -> JSON | None:
    """The prompt's entry for a move type, or None when it is not offered."""
    for spec in prompt["moves"]:
        if spec["type"] == kind:
            found: JSON = spec
            return found
    return None


def snap(desired: float, low: int, high: int, step: int) -> int:
    """`desired` rounded down to the parameter's step, within [low, high]."""
    if desired >= high:
        return high
    step = max(1, step)
    value = low + max(0, int(desired) - low) // step * step
    return min(high, max(low, value))


class Buckets:
    """A game's buckets: `names` (the action ids' meanings) and `moves` (one per name)."""

    names: tuple[str, ...] = ()
    skip: tuple[str, ...] = ("you.prompt",)
    """Parts of the view the observation leaves out (dotted paths, docs/rl.md): the seat's
    prompt (the action mask says what it may do) and what the env's options fix."""

    def __init__(self, game: Game[Any], seats: int) -> None:
        self.seats = seats

    def moves(self, game: Game[Any], seat: int, prompt: JSON, view: View) -> list[Move]:
        raise NotImplementedError

    on_demand = False
    """True when `mask` and `move` are cheaper than `moves` (they say which buckets are legal,
    and make one bucket's move, without making every move): the environment then uses them for
    its mask and its steps."""

    def mask(self, game: Game[Any], seat: int, prompt: JSON, view: View) -> list[bool]:
        """Which buckets `moves` would make a move of (not None)."""
        return [m is not None for m in self.moves(game, seat, prompt, view)]

    def move(self, game: Game[Any], seat: int, prompt: JSON, view: View, index: int) -> Move:
        """`moves(...)[index]`."""
        return self.moves(game, seat, prompt, view)[index]

    def start_score(self, game: Game[Any]) -> float:
        """Each seat's score when the match starts (the reward is the change from it)."""
        return 0.0

    def extra(self, game: Game[Any], seat: int) -> JSON | None:
        """What the seat knows beyond its view that its observation encodes (QuizPoker's
        knowledge of the answer), or None."""
        return None


# --- QuizPoker ---------------------------------------------------------------------------------


def betting(prompt: JSON) -> list[Move]:
    """fold, check_call, raise_min, raise_half_pot, raise_pot, all_in for a hold'em-style
    prompt whose raise is a total `to` (QuizPoker)."""
    fold = {"type": "fold"} if spec_of(prompt, "fold") else None
    if spec_of(prompt, "check"):
        passive: Move = {"type": "check"}
    elif spec_of(prompt, "call"):
        passive = {"type": "call"}
    else:
        passive = None
    window = spec_of(prompt, "raise") or spec_of(prompt, "bet")
    sized: list[Move] = [None, None, None]
    if window is not None:
        to = window["params"]["to"]
        low, high, step = int(to["min"]), int(to["max"]), int(to.get("step", 1))
        call = spec_of(prompt, "call")
        owed = int(call["amount"]) if call else 0
        current = int(prompt.get("current_bet", 0))
        pot = int(prompt.get("pot", 0)) + owed
        wanted = [low] + [current + fraction * pot for _, fraction in POT_FRACTIONS]
        sized = [{"type": window["type"], "to": snap(w, low, high, step)} for w in wanted]
    all_in = {"type": "all_in"} if spec_of(prompt, "all_in") else None
    return [fold, passive, *sized, all_in]


@dataclass(slots=True)
class QuizKnowledge:
    """The seat's estimate of this hand's answer and the guesses of its buckets (written when
    a guess prompt first asks for them: most hands' observations need the estimate alone)."""

    hand: int
    estimate: float
    width: float
    known: Knowledge
    written: list[str | None] = field(default_factory=lambda: [None] * len(GUESS_WIDTHS))

    def guess(self, i: int) -> str:
        """The guess of bucket `guess_i` (GUESS_WIDTHS[i]), written when first asked for: a
        step needs only the one it makes."""
        found = self.written[i]
        if found is None:
            k = self.known
            value = min(k.high, max(k.low, k.from_space(k.centre + GUESS_WIDTHS[i] * k.width)))
            if math.isfinite(value):
                rough = k.space == "log" and not k.exact
                found = write(value, k.decimals, significant=rough, low=k.low)
            else:
                found = k.guess()
            self.written[i] = found
        return found

    @property
    def guesses(self) -> tuple[str, ...]:
        return tuple(self.guess(i) for i in range(len(GUESS_WIDTHS)))


class QuizPokerBuckets(Buckets):
    """QuizPoker (both rulesets): betting, guesses around the seat's estimate, show or muck.

    A seat that guesses knows the answer roughly, as the game's levelled bots do: its estimate
    is drawn by the bots' declared noise model (`bots.knowledge.learn`) at the env's
    `knowledge` level, seeded by the match seed and the seat; nothing else of the answer."""

    names = (
        "fold",
        "check_call",
        "raise_min",
        "raise_half_pot",
        "raise_pot",
        "all_in",
        *(f"guess_{w:+g}w" for w in GUESS_WIDTHS),
        "show",
        "muck",
    )
    skip = ("you.prompt", "game", "ruleset", "chip_unit", "hand.awards", "previous_hand.awards")

    def __init__(self, game: Game[Any], seats: int, level: str = "casual") -> None:
        super().__init__(game, seats)
        self.level = level
        self._known: dict[int, QuizKnowledge] = {}

    def start_score(self, game: Game[Any]) -> float:
        return float(game.options.starting_stack)  # type: ignore[attr-defined]

    def knowledge(self, game: Game[Any], seat: int) -> QuizKnowledge | None:
        known = self._known.get(seat)
        if known is not None and known.hand == game.hand.number:  # type: ignore[attr-defined]
            return known
        briefing = game.bot_briefing(seat)
        if briefing is None:
            return None
        q = briefing["question"]
        k = learn(
            question_id=q["id"],
            hand=briefing["hand"],
            question=q["text"],
            unit=q["unit"],
            as_of=int(q["as_of"][:4]),
            answer=briefing["answer"],
            difficulty=int(q["difficulty"]),
            level=self.level,  # type: ignore[arg-type]
            seed=derive_seed(game.seed, f"rl:{seat}"),
        )
        estimate = min(k.high, max(k.low, k.from_space(k.centre)))
        known = QuizKnowledge(briefing["hand"], estimate, k.width, k)
        self._known[seat] = known
        return known

    def moves(self, game: Game[Any], seat: int, prompt: JSON, view: View) -> list[Move]:
        kind = prompt["type"]
        out: list[Move] = [None] * len(self.names)
        if kind == "bet":
            out[:6] = betting(prompt)
        elif kind == "guess":
            out[0] = {"type": "fold"} if spec_of(prompt, "fold") else None
            known = self.knowledge(game, seat)
            if known is not None:
                for i, guess in enumerate(known.guesses):
                    out[6 + i] = {"type": "guess", "value": guess}
        elif kind == "show_folded":
            out[-2] = {"type": "show"} if spec_of(prompt, "show") else None
            out[-1] = {"type": "muck"} if spec_of(prompt, "muck") else None
        return out

    on_demand = True
    _GUESS = 6
    """The first guess bucket's id."""

    def mask(self, game: Game[Any], seat: int, prompt: JSON, view: View) -> list[bool]:
        if prompt["type"] != "guess":
            return super().mask(game, seat, prompt, view)
        out = [False] * len(self.names)
        out[0] = spec_of(prompt, "fold") is not None
        if self.knowledge(game, seat) is not None:
            out[self._GUESS : self._GUESS + len(GUESS_WIDTHS)] = [True] * len(GUESS_WIDTHS)
        return out

    def move(self, game: Game[Any], seat: int, prompt: JSON, view: View, index: int) -> Move:
        if prompt["type"] != "guess":
            return super().move(game, seat, prompt, view, index)
        if index == 0:
            return {"type": "fold"} if spec_of(prompt, "fold") else None
        known = self.knowledge(game, seat)
        at = index - self._GUESS
        if known is None or not 0 <= at < len(GUESS_WIDTHS):
            return None
        return {"type": "guess", "value": known.guess(at)}

    def extra(self, game: Game[Any], seat: int) -> JSON | None:
        known = self.knowledge(game, seat)
        return None if known is None else {"estimate": known.estimate, "width": known.width}


# --- Palace Poker ------------------------------------------------------------------------------


class PalaceBuckets(Buckets):
    """Palace Poker: the turn (buy, discard, battle a seat with a sized bet, stay, fold), the
    battle's betting (fold, call, raise by the least, half the pot, the pot, the most) and the
    soldiers kept or discarded. Targets are counted clockwise from the seat (`t1` is the next
    seat); a discard bucket `discard_i` lays down the prompt's i-th listed card (with the
    following ones when more must go)."""

    SIZES = ("min", "half_pot", "pot", "max")
    skip = ("you.prompt", "game", "rules")

    def __init__(self, game: Game[Any], seats: int) -> None:
        super().__init__(game, seats)
        battles = [f"battle_t{t}_{size}" for t in range(1, seats) for size in self.SIZES]
        self.names = (
            "fold",
            "call",
            *(f"raise_{size}" for size in self.SIZES),
            "buy",
            "stay",
            "keep",
            *(f"discard_{i}" for i in range(SOLDIER_BUCKETS)),
            *battles,
        )
        self._battle_at = self.names.index(battles[0]) if battles else len(self.names)

    def start_score(self, game: Game[Any]) -> float:
        return float(game.options.starting_stack)  # type: ignore[attr-defined]

    @staticmethod
    def _sizes(window: JSON, pot: int) -> list[int]:
        low, high, step = int(window["min"]), int(window["max"]), int(window.get("step", 1))
        return [low, snap(pot / 2, low, high, step), snap(pot, low, high, step), high]

    def moves(self, game: Game[Any], seat: int, prompt: JSON, view: View) -> list[Move]:
        out: list[Move] = [None] * len(self.names)
        pot = int(prompt.get("pot", 0))
        for spec in prompt["moves"]:
            kind = spec["type"]
            if kind == "fold":
                out[0] = {"type": "fold"}
            elif kind == "call":
                out[1] = {"type": "call"}
            elif kind == "raise":
                for i, by in enumerate(self._sizes(spec["params"]["by"], pot)):
                    out[2 + i] = {"type": "raise", "by": by}
            elif kind in ("buy", "stay", "keep"):
                out[self.names.index(kind)] = {"type": kind}
            elif kind == "discard":
                cards = spec["params"]["cards"]
                choices, least = list(cards["choices"]), max(1, int(cards["min"]))
                for i in range(min(SOLDIER_BUCKETS, len(choices))):
                    picked = [choices[(i + k) % len(choices)] for k in range(least)]
                    out[9 + i] = {"type": "discard", "cards": picked}
            elif kind == "battle":
                targets = spec["params"]["target"]["choices"]
                bets = self._sizes(spec["params"]["bet"], pot)
                for target in targets:
                    base = self._battle_at + ((target - seat) % self.seats - 1) * len(self.SIZES)
                    for i, bet in enumerate(bets):
                        out[base + i] = {"type": "battle", "target": target, "bet": bet}
        return out


# --- Detective Poker ---------------------------------------------------------------------------

DETECTIVE_CARDS = ("", "+1", "clockwise", "bluff", "none")
DETECTIVE_SKIP = ("you.prompt", "game", "ruleset", "expert", "last_hand.scoring")


class DetectiveBuckets(Buckets):
    """Detective Poker: every bet there is, `bet_b{k}_c{chips}_{card}`: on the board `k` seats
    clockwise from the seat's own (0: its own), 1-3 chips, with no action card (`plain`) or
    one of the four."""

    skip = DETECTIVE_SKIP

    def __init__(self, game: Game[Any], seats: int) -> None:
        super().__init__(game, seats)
        self.names = tuple(
            f"bet_b{board}_c{chips}_{card or 'plain'}"
            for board in range(seats)
            for chips in (1, 2, 3)
            for card in DETECTIVE_CARDS
        )
        self._index = {
            (board, chips, card): i
            for i, (board, chips, card) in enumerate(
                (b, c, card) for b in range(seats) for c in (1, 2, 3) for card in DETECTIVE_CARDS
            )
        }

    def moves(self, game: Game[Any], seat: int, prompt: JSON, view: View) -> list[Move]:
        out: list[Move] = [None] * len(self.names)
        spec = spec_of(prompt, "bet")
        if spec is None:
            return out
        params = spec["params"]
        chips = params["chips"]
        for board in params["board"]["choices"]:
            offset = (board - seat) % self.seats
            for n in range(int(chips["min"]), int(chips["max"]) + 1):
                for card in params["card"]["choices"]:
                    index = self._index.get((offset, n, card))
                    if index is not None:
                        out[index] = {"type": "bet", "board": board, "chips": n, "card": card}
        return out


# --- Slovní poker ------------------------------------------------------------------------------


class WordPokerBuckets(Buckets):
    """Slovní poker: declare (raise by the least, half the cap, the cap; stay; pass), respond
    (call exchanging nothing, the cards the best word leaves out, the cards the longest word
    leaves out, or as many as allowed from the left; pass) and the word (the best word by the
    game's own best-word search, or no word). An exchange bucket whose cards are more than
    `max_exchange` is masked."""

    names = (
        "raise_min",
        "raise_half",
        "raise_max",
        "stay",
        "pass",
        "call_keep",
        "call_unused_best",
        "call_unused_longest",
        "call_all",
        "word_best",
        "no_word",
    )
    skip = (
        "you.prompt",
        "game",
        "ruleset",
        "lexicon",
        "check_words",
        "scoring",
        "language",
        "letters",
    )

    def start_score(self, game: Game[Any]) -> float:
        return float(game.options.points)  # type: ignore[attr-defined]

    def moves(self, game: Game[Any], seat: int, prompt: JSON, view: View) -> list[Move]:
        out: list[Move] = [None] * len(self.names)
        kind = prompt["type"]
        if kind == "declare":
            spec = spec_of(prompt, "raise")
            if spec is not None:
                amount = spec["params"]["amount"]
                low, high = int(amount["min"]), int(amount["max"])
                for i, value in enumerate((low, max(low, (low + high) // 2), high)):
                    out[i] = {"type": "raise", "amount": value}
            out[3] = {"type": "stay"} if spec_of(prompt, "stay") else None
            out[4] = {"type": "pass"} if spec_of(prompt, "pass") else None
        elif kind == "respond":
            out[4] = {"type": "pass"} if spec_of(prompt, "pass") else None
            spec = spec_of(prompt, "call")
            if spec is not None:
                most = int(spec["params"]["exchange"]["max"])
                ids = list(spec["params"]["exchange"]["choices"])
                best = self._best(game, wordpoker_view(view()))
                options: Sequence[list[str] | None] = (
                    [],
                    self._unused(game, wordpoker_view(view()), best.word),
                    self._unused(game, wordpoker_view(view()), best.longest),
                    ids[:most],
                )
                for i, exchange in enumerate(options):
                    if exchange is not None and len(exchange) <= most:
                        out[5 + i] = {"type": "call", "exchange": exchange}
        elif kind == "word":
            found = self._best(game, wordpoker_view(view())).word
            out[9] = {"type": "word", "word": found} if found else None
            out[10] = {"type": "no_word"} if spec_of(prompt, "no_word") else None
        return out

    @staticmethod
    def _cards(view: WordPokerView) -> list[Card]:
        return [Card(c["id"], c["letter"]) for c in view["you"]["hand"]]

    def _best(self, game: Game[Any], view: WordPokerView) -> Best:
        """The game's best-word search over the seat's own cards and the dice it sees, with
        the table's public word list and letter values."""
        words, alphabet = game.words, game.alphabet  # type: ignore[attr-defined]
        return best_word(alphabet, words, self._cards(view), view["deal"]["dice"])

    def _unused(self, game: Game[Any], view: WordPokerView, word: str | None) -> list[str] | None:
        if word is None:
            return None
        needs = game.alphabet.spell(word)  # type: ignore[attr-defined]
        wanted = needs.card_letters + needs.marks
        out = []
        for card in self._cards(view):
            if wanted[card.letter]:
                wanted[card.letter] -= 1
            else:
                out.append(card.id)
        return out


BUCKETS: dict[str, Callable[..., Buckets]] = {
    "quizpoker": QuizPokerBuckets,
    "palace": PalaceBuckets,
    "detective": DetectiveBuckets,
    "wordpoker": WordPokerBuckets,
}
