"""One question round (a hand): guesses, four betting rounds with reveals between, showdown.

The hand owns its `Ledger`; the game state hands it the stacks at the start and takes them back
when the hand is done. Every method that changes the hand returns the events it caused.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any, Literal

from pokerhall.content.questions import Question
from pokerhall.engine.events import JSON, Event
from pokerhall.engine.prompts import decimal_param
from pokerhall.engine.refusals import shown
from pokerhall.engine.values import value_class
from pokerhall.games.quizpoker.events import (
    Action,
    Answer,
    Award,
    BettingRoundOpened,
    BlindPosted,
    GameMasterCard,
    GuessesComplete,
    GuessRecorded,
    GuessShown,
    GuessStaysHidden,
    Hint,
    PotAwarded,
    QuestionAsked,
    QuizPokerEvent,
    RoundEnded,
    RoundStarted,
    Showdown,
    Street,
    UncalledReturned,
)
from pokerhall.games.quizpoker.guesses import MAX_GUESS_CHARS, distance, parse_guess, show
from pokerhall.games.quizpoker.options import MIN_RAISE, QuizPokerOptions
from pokerhall.games.quizpoker.refusals import refuse
from pokerhall.games.quizpoker.showdown import pot_winners, reveal_order, reveals
from pokerhall.table.betting import BetAction, BettingRound
from pokerhall.table.blinds import BlindLevel
from pokerhall.table.ledger import Ledger
from pokerhall.table.pots import Pot, award, split
from pokerhall.table.seats import clockwise

Phase = Literal["guess", "betting", "show", "done"]
GUESS_PARAM = decimal_param(MAX_GUESS_CHARS)
FOLD: JSON = {"type": "fold", "params": {}}
CHECK: JSON = {"type": "check", "params": {}}
"""Move entries shared by every prompt: prompts are read-only for their callers."""
STREETS: tuple[Street, ...] = ("guesses", "hint 1", "hint 2", "answer")
"""What betting round i follows (Q3)."""


@value_class
class Positions:
    """Who holds the buttons this hand; `game_master` is None when nobody sits out (DU2, DU8),
    `small_blind` None when the small blind is dead this hand (Q11, `QuizPoker._move_big_blind`)."""

    button: int
    game_master: int | None
    small_blind: int | None
    big_blind: int


@value_class
class HandMove:
    kind: Literal["guess", "fold", "bet", "show", "muck"]
    guess: Decimal | None = None
    bet: BetAction | None = None


class Hand:
    def __init__(
        self,
        *,
        number: int,
        question: Question,
        positions: Positions,
        level: BlindLevel,
        ledger: Ledger,
        options: QuizPokerOptions,
    ) -> None:
        self.number = number
        self.question = question
        self.positions = positions
        self.level = level
        self.ledger = ledger
        self.options = options
        self.phase: Phase = "guess"
        self.street = 0
        self.revealed = 0
        """Streets revealed: 0: question only; 1, 2: hints read out; 3: the answer too."""
        self.answer_read = False
        """The answer is out: after round 3 (Q3), or at the end of a hand that ended earlier."""
        self.betting: BettingRound | None = None
        self.guesses: dict[int, Decimal] = {}
        self.shown: dict[int, Decimal] = {}
        self.face_down: list[int] = []
        self.to_show: set[int] = set()
        self.blinds_posted = False
        self.awards: list[Award] = []
        self._distances: dict[int, Decimal] = {}

    @property
    def num_seats(self) -> int:
        return self.ledger.num_seats

    # --- starting ----------------------------------------------------------------------------

    def start(self) -> list[Event[QuizPokerEvent]]:
        p = self.positions
        started: RoundStarted = {
            "type": "round_started",
            "round": self.number,
            "button": p.button,
            "game_master": p.game_master,
            "small_blind": p.small_blind,
            "big_blind": p.big_blind,
            "blinds": self.level.to_json(),
            "playing": [s for s in range(self.num_seats) if self.ledger.playing[s]],
            "stacks": list(self.ledger.stacks),
            "carry": self.ledger.carry,
        }
        events: list[Event[QuizPokerEvent]] = [Event.public(started)]
        if self.options.blinds_before_question:
            events += self._post_blinds()  # DU3: before the question is read
        q = self.question
        asked: QuestionAsked = {
            "type": "question",
            "id": q.id,
            "text": q.question,
            "unit": q.unit,
            "topic": q.topic,
            "as_of": q.as_of.isoformat(),  # DU10: the facts hold as of this date
        }
        events.append(Event.public(asked))
        if p.game_master is not None:  # DU2: the game master reads the whole card
            events.append(
                Event.private(
                    [p.game_master],
                    GameMasterCard(
                        type="game_master_card", hint1=q.hint1, hint2=q.hint2, answer=show(q.answer)
                    ),
                )
            )
        return events

    def _post_blinds(self) -> list[Event[QuizPokerEvent]]:
        """Q11: a seat that cannot cover its blind posts what it has and is all-in."""
        self.blinds_posted = True
        p = self.positions
        events: list[Event[QuizPokerEvent]] = []
        kind: Literal["small", "big"]
        for kind, seat, amount in (
            ("small", p.small_blind, self.level.small),
            ("big", p.big_blind, self.level.big),
        ):
            if seat is None:  # a dead small blind: nobody posts it
                continue
            posted = self.ledger.commit(seat, amount)
            blind: BlindPosted = {
                "type": "blind_posted",
                "seat": seat,
                "blind": kind,
                "amount": posted,
                "all_in": self.ledger.stacks[seat] == 0,
            }
            events.append(Event.public(blind))
        return events

    # --- who is asked what -------------------------------------------------------------------

    def pending(self, prompt_id: int) -> dict[int, JSON]:
        """The prompts of `engine.prompts`; a bet prompt also shows the round, pot, current bet
        and chip unit. Built after nearly every move, so written out as plain literals."""
        if self.phase == "guess":
            prompt = {
                "type": "guess",
                "prompt_id": prompt_id,
                "moves": [
                    {"type": "guess", "params": {"value": GUESS_PARAM}},
                    {"type": "fold", "params": {}},
                ],
                "default": {"type": "fold"},  # an unwritten guess folds
            }
            return dict.fromkeys(self._guessers(), prompt)  # one shared, read-only prompt
        if self.phase == "betting" and self.betting is not None and self.betting.actor is not None:
            legal = self.betting.legal()
            unit = self.options.chip_unit
            if legal.call:
                moves = [FOLD, {"type": "call", "params": {}, "amount": legal.call}]
                default = {"type": "fold"}
            else:
                moves = [FOLD, CHECK]
                default = {"type": "check"}
            if legal.min_to is not None:
                window = {"kind": "int", "min": legal.min_to, "max": legal.max_to, "step": unit}
                kind = "bet" if legal.opens else "raise"
                moves.append({"type": kind, "params": {"to": window}})
            if legal.all_in:
                moves.append({"type": "all_in", "params": {}, "to": legal.max_to})
            return {
                legal.seat: {
                    "type": "bet",
                    "prompt_id": prompt_id,
                    "moves": moves,
                    "default": default,
                    "round": self.street + 1,
                    "pot": self.ledger.pot_total(),
                    "current_bet": self.betting.current_bet,
                    "unit": unit,
                }
            }
        if self.phase == "show":
            return {
                s: {
                    "type": "show_folded",
                    "prompt_id": prompt_id,
                    "moves": [{"type": "show", "params": {}}, {"type": "muck", "params": {}}],
                    "default": {"type": "muck"},
                }
                for s in sorted(self.to_show)
            }
        return {}

    def _guessers(self) -> list[int]:
        """Live seats that have not written their guess yet, in seat order."""
        return [seat for seat in self.ledger.live_seats() if seat not in self.guesses]

    # --- checking a move (changes nothing) ---------------------------------------------------

    def parse(self, seat: int, move: Mapping[str, Any]) -> HandMove:
        kind = move["type"]
        if self.phase == "guess":
            return self._parse_guess_phase(kind, move)
        if self.phase == "show":
            if kind not in ("show", "muck") or len(move) != 1:
                raise refuse("reject.show_or_muck")
            return HandMove(kind)
        assert self.betting is not None
        return HandMove("bet", bet=self.betting.parse(move))

    @staticmethod
    def _parse_guess_phase(kind: str, move: Mapping[str, Any]) -> HandMove:
        if kind == "fold":
            if len(move) != 1:
                raise refuse("reject.fold_fields")
            return HandMove("fold")
        if kind != "guess":
            raise refuse("reject.guessing_now", move=shown(kind))
        if len(move) != 2 or "value" not in move:  # "type" is checked by the protocol
            raise refuse("reject.guess_shape")
        return HandMove("guess", guess=parse_guess(move["value"]))

    # --- applying a move ---------------------------------------------------------------------

    def apply(self, seat: int, move: HandMove) -> list[Event[QuizPokerEvent]]:
        if move.kind == "guess":
            assert move.guess is not None
            self.guesses[seat] = move.guess
            recorded: GuessRecorded = {
                "type": "guess_recorded",
                "seat": seat,
                "value": show(move.guess),
            }
            events: list[Event[QuizPokerEvent]] = [Event.private([seat], recorded)]
            return events + self._after_guess_phase_move()
        if move.kind == "fold":  # while guesses are written (e.g. a player who ran out of time)
            self.ledger.fold(seat)
            fold: Action = {"type": "action", "seat": seat, "action": "fold", "added": 0, "to": 0}
            return [Event.public(fold), *self._after_guess_phase_move()]
        if move.kind in ("show", "muck"):
            return self._apply_folded_show(seat, move.kind == "show")
        assert move.bet is not None
        assert self.betting is not None
        outcome = self.betting.apply(seat, move.bet)
        action: Action = {
            "type": "action",
            "seat": seat,
            "action": outcome.kind,
            "added": outcome.added,
            "to": outcome.to,
            "all_in": outcome.all_in,
            "stack": self.ledger.stacks[seat],
            "pot": self.ledger.pot_total(),
        }
        events = [Event.public(action)]
        if self.betting.done:
            events += self._close_street()
        return events

    def _after_guess_phase_move(self) -> list[Event[QuizPokerEvent]]:
        if self._guessers() and self.ledger.live_count() > 1:
            return []
        complete: GuessesComplete = {"type": "guesses_complete"}
        events: list[Event[QuizPokerEvent]] = [Event.public(complete)]
        if not self.blinds_posted:  # QP: the blinds are posted once all have guessed
            events += self._post_blinds()
        if self.ledger.live_count() <= 1:
            return events + self._settle(self.ledger.pots())
        self.phase = "betting"
        return events + self._open_street()

    # --- streets -----------------------------------------------------------------------------

    def _open_street(self) -> list[Event[QuizPokerEvent]]:
        p = self.positions
        first = p.big_blind + 1 if self.street == 0 else p.button + 1
        self.betting = BettingRound(
            self.ledger,
            first=first,
            big_blind=self.level.big,
            unit=self.options.chip_unit,
            round_index=self.street,
            rule=MIN_RAISE[self.options.min_raise],
        )
        opened: BettingRoundOpened = {
            "type": "betting_round",
            "round": self.street + 1,
            "after": STREETS[self.street],
        }
        events: list[Event[QuizPokerEvent]] = [Event.public(opened)]
        if self.betting.done:  # Q7: at most one seat can act, so no betting
            events += self._close_street()
        return events

    def _close_street(self) -> list[Event[QuizPokerEvent]]:
        returned = self.ledger.end_round()
        pots = self.ledger.pots()
        events: list[Event[QuizPokerEvent]] = []
        if returned is not None:
            seat, amount = returned
            back: UncalledReturned = {"type": "uncalled_returned", "seat": seat, "amount": amount}
            events.append(Event.public(back))
        ended: RoundEnded = {
            "type": "round_ended",
            "round": self.street + 1,
            "pots": [pot.to_json() for pot in pots],
        }
        events.append(Event.public(ended))
        if self.ledger.live_count() <= 1:
            return events + self._settle(pots)
        if self.street == 3:
            return events + self._showdown(pots)
        self.street += 1
        events.append(self._reveal_next())
        return events + self._open_street()

    def _reveal_next(self) -> Event[QuizPokerEvent]:
        self.revealed += 1
        q = self.question
        hint: Hint
        if self.revealed == 1:
            hint = {"type": "hint", "number": 1, "text": q.hint1}
        elif self.revealed == 2:
            hint = {"type": "hint", "number": 2, "text": q.hint2}
        else:
            return self._read_answer()
        return Event.public(hint)

    def _read_answer(self) -> Event[QuizPokerEvent]:
        self.answer_read = True
        q = self.question
        answer: Answer = {
            "type": "answer",
            "value": show(q.answer),
            "unit": q.unit,
            "source": q.source,
        }
        return Event.public(answer)

    # --- the end of the hand -----------------------------------------------------------------

    def _showdown(self, pots: list[Pot]) -> list[Event[QuizPokerEvent]]:
        assert self.betting is not None
        live = self.ledger.live_seats()
        aggressor = self.betting.last_aggressor
        first = aggressor if aggressor in live else self.positions.button + 1
        order = reveal_order(live, first % self.num_seats, self.num_seats)
        everyone = self.options.everyone_shows or any(self.ledger.all_in(s) for s in live)
        showdown: Showdown = {"type": "showdown", "order": order}
        events: list[Event[QuizPokerEvent]] = [Event.public(showdown)]
        for seat, shows in reveals(order, self._distance, everyone_shows=everyone):
            if shows:
                self.shown[seat] = self.guesses[seat]
                events.append(self._reveal_event(seat))
            else:
                self.face_down.append(seat)
                hidden: GuessStaysHidden = {"type": "guess_stays_hidden", "seat": seat}
                events.append(Event.public(hidden))
        return events + self._settle(pots)

    def _distance(self, seat: int) -> Decimal:
        """Q8: how far the seat's guess is from the answer, worked out once per seat (the
        showdown order, the reveal and every pot the seat contests all ask)."""
        gap = self._distances.get(seat)
        if gap is None:
            gap = self._distances[seat] = distance(self.guesses[seat], self.question.answer)
        return gap

    def _reveal_event(self, seat: int) -> Event[QuizPokerEvent]:
        gap = self._distance(seat)
        guess_shown: GuessShown = {
            "type": "guess_shown",
            "seat": seat,
            "value": show(self.guesses[seat]),
            "distance": show(gap),
        }
        return Event.public(guess_shown)

    def _settle(self, pots: list[Pot]) -> list[Event[QuizPokerEvent]]:
        """Award every pot (Q6, Q8, Q9, QP4, DU7); then maybe ask folded players (DU6)."""
        events: list[Event[QuizPokerEvent]] = []
        order = clockwise(self.positions.button + 1, self.num_seats)
        leftover = 0
        for index, pot in enumerate(pots):
            winners = pot_winners(pot, self._distance)
            shares, rest = split(
                pot.amount,
                winners,
                unit=self.options.chip_unit,
                odd_chips=self.options.odd_chip_policy,
                order=order,
            )
            award(shares, self.ledger.stacks)
            leftover += rest
            awarded: Award = {
                "pot": index,
                "amount": pot.amount,
                "shares": {str(s): c for s, c in shares.items()},
                "carried": rest,
            }
            self.awards.append(awarded)  # as JSON, the same as the event and views show
            events.append(Event.public(PotAwarded(type="pot_awarded", **awarded)))
        self.ledger.put_in = [0] * self.num_seats
        self.ledger.carry = leftover
        if self.options.offer_folded_show:
            self.to_show = {
                s for s in range(self.num_seats) if self.ledger.folded[s] and s in self.guesses
            }
        self.phase = "show" if self.to_show else "done"
        if not self.answer_read:
            # The answer is read out at the end of every question, even when nobody bet to it;
            # hints that were never reached stay unread, in views as in events.
            events.append(self._read_answer())
        return events

    def _apply_folded_show(self, seat: int, shows: bool) -> list[Event[QuizPokerEvent]]:
        self.to_show.discard(seat)
        events: list[Event[QuizPokerEvent]] = []
        if shows:
            self.shown[seat] = self.guesses[seat]
            events.append(self._reveal_event(seat))
        if not self.to_show:
            self.phase = "done"
        return events
