"""One deal (*partie*, W3-W10): antes, the deal, two rounds of sealed raises and responses with
card exchanges, the dice, the final words, the result.

Each round has two sealed simultaneous steps (`table/sealed.py`): everyone declares a raise (or
none, or passes); the declarations are revealed and the raises paid; then everyone matches the
highest raise, naming the cards to exchange, or passes (W6). Who cannot pay what matching costs
is out of the deal and keeps the rest (W11, W20: no side pots). Replacements come from the rest
of the deck; discards are dead (W6). Three dice are shown at the start, two after round 1 (W4,
W7). Then the final words, sealed too (W9), and the result everyone reads at once (W10).
"""

from __future__ import annotations

import random
from typing import Literal, TypeVar

from pokerhall.engine.events import Event
from pokerhall.games.wordpoker.best import best_word
from pokerhall.games.wordpoker.events import (
    Absent,
    AntesPaid,
    DealResult,
    DealSummary,
    DeclarationJSON,
    DeclarationsRevealed,
    Declared,
    DiceRolled,
    HandCards,
    Responded,
    ResponsesRevealed,
    RoundOpened,
    ScoredWord,
    WordPokerEvent,
    WordsAsked,
    WordSealed,
)
from pokerhall.games.wordpoker.letters import Alphabet, Card, Stakes
from pokerhall.games.wordpoker.lexicons import WordList
from pokerhall.games.wordpoker.moves import Declaration, Entry, Move, Response, unknown_reason
from pokerhall.table.ledger import Ledger
from pokerhall.table.pots import OddChips, split
from pokerhall.table.sealed import SealedRound

HAND = 5
"""W4: five cards each."""
M = TypeVar("M", Declaration, Response, Entry)
Phase = Literal["declare", "respond", "word", "done"]


def letters(cards: list[Card]) -> list[str]:
    """Cards as everyone may read them once shown: letters, never the cards' ids."""
    return [card.letter for card in cards]


class Deal:
    def __init__(
        self,
        *,
        number: int,
        stakes: Stakes,
        alphabet: Alphabet,
        words: WordList,
        points: list[int],
        seats: list[int],
        carry: int,
        rng: random.Random,
        check_on_submit: bool = False,
        stock: list[Card] | None = None,
        faces: list[str] | None = None,
    ) -> None:
        """`seats` are dealt in (they can pay the ante, W11); `points` are everyone's balances.
        Tests may arrange the `stock` (drawn from its end) and the dice `faces` rolled."""
        self.number = number
        self.stakes = stakes
        self.alphabet = alphabet
        self.words = words
        self.rng = rng
        self.check_on_submit = check_on_submit
        n = len(points)
        self.ledger = Ledger(
            stacks=list(points), playing=[s in seats for s in range(n)], carry=carry
        )
        self.dealt_in = list(seats)
        self.stock = alphabet.deck() if stock is None else list(stock)
        if stock is None:
            rng.shuffle(self.stock)
        self.faces = None if faces is None else list(faces)
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.discards: list[list[Card]] = [[] for _ in range(n)]
        self.exchanged: list[list[int]] = [[] for _ in range(n)]
        """Cards exchanged per round, per seat (public counts)."""
        self.dice: list[str] = []
        self.round = 1
        self.phase: Phase = "declare"
        self.raised = [0] * n
        """Each seat's raise this round, paid at the reveal."""
        self.highest = 0
        self.max_exchange = 0
        self.declarations: dict[int, Declaration] = {}
        """The last revealed declarations."""
        self.sealed: SealedRound[Move] = SealedRound(seats)
        self.result: DealSummary | None = None
        self.came: set[int] = set()
        """Seats that made a move of their own in this deal (W12)."""
        self.timed_out: set[int] = set()
        """Seats whose move the turn clock made at least once in this deal (W12)."""

    # --- who may do what -----------------------------------------------------------------------

    def live(self) -> list[int]:
        return self.ledger.live_seats()

    def raise_cap(self, seat: int) -> int:
        """W5 for the round, capped by what the seat can pay (W20)."""
        return min(self.stakes.raise_caps[self.round - 1], self.ledger.stacks[seat])

    def cost(self, seat: int) -> int:
        """What matching the highest raise still costs the seat."""
        return self.highest - self.raised[seat]

    @property
    def waiting(self) -> list[int]:
        return [] if self.phase == "done" else self.sealed.waiting

    # --- the start -----------------------------------------------------------------------------

    def start(self) -> list[Event[WordPokerEvent]]:
        """W4: antes, five cards each (privately), the first dice shown."""
        for seat in self.dealt_in:
            self.ledger.pay(seat, self.stakes.ante)
        events: list[Event[WordPokerEvent]] = [
            Event.public(
                AntesPaid(
                    type="antes_paid",
                    seats=list(self.dealt_in),
                    ante=self.stakes.ante,
                    pot=self.ledger.pot_total(),
                    carry=self.ledger.carry,
                )
            )
        ]
        for seat in self.dealt_in:
            self.hands[seat] = [self.stock.pop() for _ in range(HAND)]
            events.append(self._hand_event(seat, "cards_dealt", []))
        events.append(self._roll(self.alphabet.dice_shown_first))
        return [*events, self._open_round()]

    def _hand_event(
        self, seat: int, kind: Literal["cards_dealt", "cards_replaced"], new: list[Card]
    ) -> Event[HandCards]:
        hand = HandCards(
            type=kind,
            seat=seat,
            cards=[{"id": c.id, "letter": c.letter} for c in self.hands[seat]],
            new=[c.id for c in new],
            discarded=[c.id for c in self.discards[seat]],
        )
        return Event.private([seat], hand)

    def _roll(self, count: int) -> Event[WordPokerEvent]:
        """Dice are rolled when they are shown, so no unshown die is ever stored."""
        first = len(self.dice)
        for die in self.alphabet.dice[first : first + count]:
            self.dice.append(self.rng.choice(die) if self.faces is None else self.faces.pop(0))
        return Event.public(
            DiceRolled(type="dice_rolled", new=self.dice[first:], dice=list(self.dice))
        )

    def _open_round(self) -> Event[WordPokerEvent]:
        self.phase = "declare"
        self.raised = [0] * len(self.raised)
        self.highest = 0
        self.sealed = SealedRound(self.live())
        return Event.public(
            RoundOpened(
                type="round_opened",
                deal=self.number,
                round=self.round,
                most=self.stakes.raise_caps[self.round - 1],
                seats=self.live(),
                pot=self.ledger.pot_total(),
            )
        )

    # --- moves -----------------------------------------------------------------------------------

    def apply(self, seat: int, move: Move) -> list[Event[WordPokerEvent]]:
        """A sealed move: only its maker hears of it, until the step's last one reveals all."""
        sealed: Event[WordPokerEvent]
        if isinstance(move, Declaration):
            sealed = Event.private(
                [seat], Declared(type="declared", seat=seat, **_declaration(move))
            )
        elif isinstance(move, Response):
            sealed = Event.private(
                [seat],
                Responded(
                    type="responded", seat=seat, call=move.call, exchange=list(move.exchange)
                ),
            )
        else:
            word = None if move.spelling is None else move.spelling.word
            sealed = Event.private([seat], WordSealed(type="word_sealed", seat=seat, word=word))
        done = self.sealed.declare(seat, move)
        return [sealed, *self._advance()] if done else [sealed]

    def withdraw(self, seat: int) -> list[Event[WordPokerEvent]]:
        """A seat that resigned leaves the deal at once, losing what it put in (W12)."""
        if not self.ledger.live(seat) or self.phase == "done":
            return []
        self.ledger.fold(seat)
        self.timed_out.discard(seat)  # it forfeits as one who resigns, not as one absent
        complete = self.sealed.withdraw(seat)
        if self.ledger.live_count() <= 1:
            return self._end()
        return self._advance() if complete else []

    def _end(self) -> list[Event[WordPokerEvent]]:
        """W12, then the result: a seat whose every prompt of the deal the clock answered
        (no move of its own) did not come, and forfeits the deal as one who resigns: it is
        out of the deal before the words are judged, losing what it put in."""
        events: list[Event[WordPokerEvent]] = []
        for seat in sorted(self.timed_out - self.came):
            if self.ledger.live(seat):
                self.ledger.fold(seat)
            events.append(
                Event.public(
                    Absent(
                        type="absent", seat=seat, deal=self.number, points=self.ledger.put_in[seat]
                    )
                )
            )
        return events + self._score()

    def _advance(self) -> list[Event[WordPokerEvent]]:
        if self.phase == "declare":
            return self._reveal_declarations()
        if self.phase == "respond":
            return self._reveal_responses()
        return self._end()

    def _reveal_declarations(self) -> list[Event[WordPokerEvent]]:
        """W6: the highest raise is announced; raises are paid; passes leave; whoever cannot
        pay what matching costs drops out (W11, W20)."""
        self.declarations = {s: _as(Declaration, m) for s, m in self.sealed.revealed().items()}
        for seat, move in self.declarations.items():
            if move.choice == "pass":
                self.ledger.fold(seat)
            elif move.choice == "raise":
                self.raised[seat] = self.ledger.pay(seat, move.amount)
        self.highest = max(self.raised)
        short = [s for s in self.live() if self.ledger.stacks[s] < self.cost(s)]
        for seat in short:
            self.ledger.fold(seat)
        events: list[Event[WordPokerEvent]] = [
            Event.public(
                DeclarationsRevealed(
                    type="declarations_revealed",
                    round=self.round,
                    declarations={str(s): _declaration(m) for s, m in self.declarations.items()},
                    highest=self.highest,
                    cannot_match=short,
                    pot=self.ledger.pot_total(),
                )
            )
        ]
        if self.ledger.live_count() <= 1:
            return events + self._end()
        self.phase = "respond"
        live = self.live()
        self.max_exchange = min(HAND, len(self.stock) // len(live))
        self.sealed = SealedRound(live)
        return events

    def _reveal_responses(self) -> list[Event[WordPokerEvent]]:
        """W6-W8: who matched and how many cards each exchanged are public; the cards are not.
        Then the replacements, privately; after round 1 the last two dice."""
        answers = {s: _as(Response, m) for s, m in self.sealed.revealed().items()}
        for seat, answer in answers.items():
            if answer.call:
                self.ledger.pay(seat, self.cost(seat))
            else:
                self.ledger.fold(seat)
        called = [s for s, a in answers.items() if a.call]
        events: list[Event[WordPokerEvent]] = [
            Event.public(
                ResponsesRevealed(
                    type="responses_revealed",
                    round=self.round,
                    called=called,
                    passed=[s for s, a in answers.items() if not a.call],
                    exchanged={str(s): len(answers[s].exchange) for s in called},
                    pot=self.ledger.pot_total(),
                    stock=len(self.stock) - sum(len(answers[s].exchange) for s in called),
                )
            )
        ]
        if self.ledger.live_count() <= 1:
            return events + self._end()
        for seat in called:
            events += self._exchange(seat, answers[seat].exchange)
        if self.round == 1:
            self.round = 2
            events.append(self._roll(len(self.alphabet.dice) - len(self.dice)))
            return [*events, self._open_round()]
        self.phase = "word"
        self.sealed = SealedRound(self.live())
        return [
            *events,
            Event.public(WordsAsked(type="words_asked", deal=self.number, seats=self.live())),
        ]

    def _exchange(self, seat: int, ids: tuple[str, ...]) -> list[Event[WordPokerEvent]]:
        self.exchanged[seat].append(len(ids))
        if not ids:
            return []
        out = [c for c in self.hands[seat] if c.id in ids]
        self.discards[seat] += out
        new = [self.stock.pop() for _ in out]
        self.hands[seat] = [c for c in self.hands[seat] if c.id not in ids] + new
        return [self._hand_event(seat, "cards_replaced", new)]

    # --- the end ---------------------------------------------------------------------------------

    def _score(self) -> list[Event[WordPokerEvent]]:
        """W9, W10, W18, W19: every word scored, the highest takes the pot, equal scores split
        it with no tie-break; odd points stay in the pot for the next deal. Nobody left (all
        passed at once): the pot goes to the next deal."""
        live = self.live()
        entries: dict[int, Entry] = {}
        if self.phase == "word" and self.sealed.complete:
            entries = {s: _as(Entry, m) for s, m in self.sealed.revealed().items()}
        self.phase = "done"
        words: list[ScoredWord] = []
        scores: dict[int, int] = {}
        for seat in live if entries else []:
            spelling = entries[seat].spelling
            known = spelling is not None and self.words.contains(spelling.word)
            scores[seat] = spelling.score if spelling is not None and known else 0
            best = best_word(self.alphabet, self.words, self.hands[seat], self.dice)
            words.append(
                {
                    "seat": seat,
                    "word": None if spelling is None else spelling.word,
                    "valid": known,
                    "reason": None if known or spelling is None else unknown_reason(spelling.word),
                    "score": scores[seat],
                    "hand": letters(self.hands[seat]),
                    "best": best.word,
                    "best_score": best.score,
                    "longest": best.longest,
                }
            )
        pot = self.ledger.pot_total()
        winners = [s for s in live if scores.get(s, 0) == max(scores.values(), default=0)]
        shares: dict[int, int] = {}
        carry = pot
        if winners:
            shares, carry = split(pot, winners, unit=1, odd_chips=OddChips.CARRY, order=winners)
        for seat, share in shares.items():
            self.ledger.stacks[seat] += share
        result: DealSummary = {
            "deal": self.number,
            "words": words,
            "dice": list(self.dice),
            "pot": pot,
            "winners": winners,
            "shares": {str(s): v for s, v in shares.items()},
            "carry": carry,
            "put_in": list(self.ledger.put_in),
            "balances": list(self.ledger.stacks),
            "uncontested": not entries,
        }
        self.result = result
        return [Event.public(DealResult(type="deal_result", **result))]


def _as(kind: type[M], move: Move) -> M:
    """A revealed move of the step's one kind (each step seals one kind of move)."""
    assert isinstance(move, kind)
    return move


def _declaration(move: Declaration) -> DeclarationJSON:
    return {"choice": move.choice, "amount": move.amount}
