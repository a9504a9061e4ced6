"""The QuizPoker game: a sequence of question rounds until one player holds all the chips.

This module owns what spans hands: the button and game master (DU2, Q11), blind levels (QP5,
DU4), eliminations and the end of the game (Q10), the pot carried over by a split (DU7).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from pokerhall.content.library import UnknownPack, pinned_questions
from pokerhall.engine.errors import InvalidOptions
from pokerhall.engine.events import JSON, Event
from pokerhall.engine.messages import Message
from pokerhall.engine.results import game_result, places_from_standings
from pokerhall.engine.rng import make_rng
from pokerhall.games.quizpoker.deck import QuestionDeck
from pokerhall.games.quizpoker.events import Eliminated, QuizPokerEvent
from pokerhall.games.quizpoker.guesses import show
from pokerhall.games.quizpoker.hand import Hand, HandMove, Positions
from pokerhall.games.quizpoker.history import describe_event
from pokerhall.games.quizpoker.options import MAX_ASKED, QuizPokerOptions
from pokerhall.games.quizpoker.public_record import public_record
from pokerhall.games.quizpoker.views import build_view
from pokerhall.table.blinds import BlindLevel
from pokerhall.table.ledger import Ledger
from pokerhall.table.match import Match
from pokerhall.table.seats import left_of, right_of


class QuizPoker(Match[HandMove, QuizPokerEvent]):
    name = "quizpoker"

    def __init__(self, players: Sequence[str], opts: QuizPokerOptions, seed: int) -> None:
        """Made by the registry through `quizpoker.create`, which checks the options."""
        super().__init__(players, opts.to_json(), seed)
        self.options: QuizPokerOptions = opts
        try:
            questions, self._questions_digest = pinned_questions(
                opts.questions, opts.language, opts.topic, opts.topics, opts.difficulty
            )
        except UnknownPack as exc:  # one plain error, whatever exists on the server's disk
            raise InvalidOptions(str(exc)) from None
        except ValueError as exc:
            raise InvalidOptions(f"cannot load questions: {exc}") from None
        self._deck = QuestionDeck(questions, make_rng(seed), opts.asked)  # QP8
        self.asked: list[str] = []
        """The ids of the questions this game asked, in order (each public once read)."""
        self.stacks = opts.seat_stacks(len(players))  # QP6
        self.carry = 0
        self.hands_played = 0
        self.orbit = 1
        """DU4: the current round (orbit of the game master), counted from 1."""
        self.out_after_hand: list[int | None] = [None] * len(players)
        self.stack_history: list[list[int]] = [list(self.stacks)]
        self._button: int | None = None
        self.previous_hand: Hand | None = None
        """The hand before this one, for the summary views show."""
        self.hand: Hand = self._new_hand()
        self.events += self.hand.start()

    # --- protocol ----------------------------------------------------------------------------

    def compute_pending(self) -> dict[int, JSON]:
        return self.hand.pending(self.prompt_id)

    def parse(self, seat: int, move: Mapping[str, Any]) -> HandMove:
        return self.hand.parse(seat, move)

    def apply(self, seat: int, move: HandMove) -> list[Event[QuizPokerEvent]]:
        events = self.hand.apply(seat, move)
        if self.hand.phase == "done":
            events += self._end_hand()
        return events

    def seat_view(self, seat: int | None) -> JSON:
        # A view leaves the game as JSON (engine protocol); within the game it is a
        # `QuizPokerView`, which mypy checks where it is built.
        return cast(JSON, build_view(self, seat))

    def still_in(self, seat: int) -> bool:
        return self.in_game(seat)

    def resign(self, seat: int) -> list[Event[QuizPokerEvent]]:
        """The seat is blinded out: it keeps its chips and posts its blinds, and the engine folds
        it at every guess (the guess prompt's default), so its place is decided as usual."""
        return []

    def bot_briefing(self, seat: int) -> JSON | None:
        """The card's true answer for a bot playing this hand, and how well-known it is (the
        question's `difficulty`), which the bot turns into its own rough knowledge
        (`bots.knowledge`); never the hints, which it reads only once they are out, and
        nothing about other seats. Only bots are briefed (`engine.bots`)."""
        self.check_seat(seat)
        hand = self.hand
        if not hand.ledger.playing[seat]:
            return None
        q = hand.question
        question = {
            "id": q.id,
            "text": q.question,
            "unit": q.unit,
            "as_of": q.as_of.isoformat(),
            "difficulty": q.difficulty,  # how well-known the answer is (bots.knowledge.KNOWN)
        }
        return {"hand": hand.number, "question": question, "answer": show(q.answer)}

    def describe(self, event: Event[QuizPokerEvent]) -> Message:
        return describe_event(event)

    secret_moves = frozenset({"guess"})

    def public_record(self) -> JSON:
        return public_record(self)

    def content(self) -> dict[str, str]:
        """The exact questions this game draws from (see `content.library.questions_digest`)."""
        return {"questions": self._questions_digest}

    # --- between hands -----------------------------------------------------------------------

    def in_game(self, seat: int) -> bool:
        return self.out_after_hand[seat] is None

    def players_left(self) -> int:
        return self.out_after_hand.count(None)

    def blind_level(self) -> BlindLevel:
        if self.options.blinds_per_orbit:
            index = self.orbit - 1  # DU4: blinds rise after every orbit
        else:
            per_level = self.options.hands_per_level or len(self.players)  # QP5
            index = self.hands_played // per_level
        return self.options.schedule.level(index)

    def _new_hand(self) -> Hand:
        positions = self._move_buttons()
        gm = positions.game_master
        playing = [out is None and s != gm for s, out in enumerate(self.out_after_hand)]
        ledger = Ledger(stacks=self.stacks, playing=playing, carry=self.carry)
        question = self._deck.draw()
        self.asked.append(question.id)
        return Hand(
            number=self.hands_played + 1,
            question=question,
            positions=positions,
            level=self.blind_level(),
            ledger=ledger,
            options=self.options,
        )

    def _move_buttons(self) -> Positions:
        """Q11/DU2: the button moves one seat clockwise per question, skipping the eliminated."""
        n, opts, old = self.num_seats, self.options, self._button
        if old is None and opts.button >= 0:
            button = opts.button  # QP6: the table's state names the first button
        elif old is None:
            button = opts.oldest_seat if opts.game_master else 0
        elif not opts.game_master:
            positions = self._move_big_blind()
            if self._passes_oldest(old, positions.button):
                self.orbit += 1  # DU4 without a game master: the button's orbit counts
            return positions
        else:
            button = left_of(old, n, self.in_game)
            if self._passes_oldest(old, button):
                self.orbit += 1  # DU4: a new round begins with the oldest player still in
        self._button = button
        remaining = self.players_left()
        sits_out = opts.game_master and not opts.software_game_master and remaining >= 3
        game_master = button if sits_out else None  # DU8: with two left, nobody sits out

        def plays(seat: int) -> bool:
            return self.in_game(seat) and seat != game_master

        # Q12: heads-up, the button posts the small blind
        small = button if remaining == 2 else left_of(button, n, plays)
        return Positions(button, game_master, small, left_of(small, n, plays))

    def _move_big_blind(self) -> Positions:
        """Q11 without a game master: the big blind moves one seat clockwise to the next player
        still in, so nobody skips it when a player is eliminated, and the small blind moves onto
        the seat the big blind left. When that player is out, nobody posts a small blind this
        hand (a dead small blind, as in the TDA's dead-button rule) rather than one player paying
        it twice running. The button is the next player still in to the right of the blinds (it
        may stay put for a hand). Q12: with two players left, the other player posts the small
        blind and holds the button."""
        n, old_big = self.num_seats, self.hand.positions.big_blind
        big = left_of(old_big, n, self.in_game)
        if self.players_left() == 2:
            other = self._button = right_of(big, n, self.in_game)
            return Positions(other, None, other, big)
        small = old_big if self.in_game(old_big) else None
        button = self._button = right_of(big if small is None else small, n, self.in_game)
        return Positions(button, None, small, big)

    def _passes_oldest(self, old: int, new: int) -> bool:
        """Whether moving the button from `old` to `new` reaches the oldest player's seat (a
        button that stayed put passes nobody)."""
        n, oldest = self.num_seats, self.options.oldest_seat
        steps = (new - old) % n
        return any((old + k) % n == oldest for k in range(1, steps + 1))

    def _end_hand(self) -> list[Event[QuizPokerEvent]]:
        self.hands_played += 1
        self.carry = self.hand.ledger.carry
        events: list[Event[QuizPokerEvent]] = []
        for seat in range(self.num_seats):
            if self.in_game(seat) and self.stacks[seat] == 0:  # Q10
                self.out_after_hand[seat] = self.hands_played
                events.append(
                    Event.public(Eliminated(type="eliminated", seat=seat, hand=self.hands_played))
                )
        self.stack_history.append(list(self.stacks))
        alive = [s for s in range(self.num_seats) if self.in_game(s)]
        self.previous_hand = self.hand
        session = self.options.hands_per_session
        if len(alive) > 1 and (session == 0 or self.hands_played < session):
            self.hand = self._new_hand()
            return events + self.hand.start()
        if len(alive) == 1:
            self.stacks[alive[0]] += self.carry  # the last player takes chips left in the pot
            self.carry = 0
        # QP7: a session cut off by its hand count ends here; the options refuse a carried
        # pot with a hand count, so every chip is in a stack
        result = game_result(
            places=places_from_standings(self.standings(), self._tied()),
            scores=self.stacks,
            unit="chips",
            rounds=self.hands_played,
            asked_questions=asked_after(self.options.asked, self.asked),  # QP8
        )
        return [*events, self.finish(result)]

    def standings(self) -> list[int]:
        """Seats from first to last place: by chips while in the game, then by when they fell
        (QP7: seats still in with equal chips at the end of a session share a place)."""
        never = self.hands_played + 1

        def rank(seat: int) -> tuple[int, int, int]:
            out = self.out_after_hand[seat]
            chips = self.stacks[seat] if out is None else self.stack_history[out - 1][seat]
            return (-(out or never), -chips, seat)

        return sorted(range(self.num_seats), key=rank)

    def _tied(self) -> list[list[int]]:
        """QP7: players still in at the end of a session with equal chips share a place."""
        by_chips: dict[int, list[int]] = {}
        for seat in range(self.num_seats):
            if self.in_game(seat):
                by_chips.setdefault(self.stacks[seat], []).append(seat)
        return [group for group in by_chips.values() if len(group) > 1]


def asked_after(before: Sequence[str], asked: Sequence[str]) -> str:
    """QP8: the table's asked questions after this game, as the next game's `asked_questions`:
    those it was given and those it asked, each once where it was asked last, the newest
    MAX_ASKED of them."""
    latest: dict[str, None] = {}
    for ident in (*before, *asked):
        latest.pop(ident, None)
        latest[ident] = None
    return " ".join(list(latest)[-MAX_ASKED:])
