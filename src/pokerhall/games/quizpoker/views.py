"""Per-seat views: everything a seat (or a spectator, None) may know, nothing more.

Secrets of QuizPoker: each guess (its owner only, until shown at the showdown, QP3/DU6), the
hints and answer before they are read out (the game master of the duell reads the card, DU2),
and the question deck. Nothing here reveals whether another seat has guessed yet (Q2).
"""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar, cast

from pokerhall.engine.events import JSON, copy_json
from pokerhall.games.quizpoker.guesses import show
from pokerhall.games.quizpoker.hand import Hand
from pokerhall.games.quizpoker.history import describe_award
from pokerhall.games.quizpoker.options import QuizPokerOptions
from pokerhall.games.quizpoker.view_types import (
    AwardView,
    CardView,
    HandSummary,
    HandView,
    PlayerView,
    QuizPokerView,
)

T = TypeVar("T")


class Table(Protocol):
    """What a view reads of the game between hands (`QuizPoker` is one): views depend on this,
    not on the game's module, which builds them."""

    @property
    def resigned(self) -> Container[int]: ...

    options: QuizPokerOptions
    players: tuple[str, ...]
    stacks: list[int]
    hands_played: int
    orbit: int
    hand: Hand
    previous_hand: Hand | None
    stack_history: list[list[int]]

    @property
    def prompt_id(self) -> int: ...
    @property
    def num_seats(self) -> int: ...
    @property
    def over(self) -> bool: ...
    @property
    def result(self) -> JSON | None: ...
    def pending(self) -> dict[int, JSON]: ...
    def shared_view(self, build: Callable[[], Shared]) -> Shared: ...
    def lasting_view(self, name: str, key: object, build: Callable[[], T]) -> T: ...
    def in_game(self, seat: int) -> bool: ...
    def standings(self) -> Sequence[int]: ...


def build_view(game: Table, seat: int | None) -> QuizPokerView:
    """The view of `seat`: the part every audience shares, built once per state
    (`Game.shared_view`), with the seat's own parts around it (its number, its guess and prompt,
    the game master's card)."""
    shared = game.shared_view(lambda: _shared(game))
    view = cast(QuizPokerView, {**shared.head, "seat": seat, **shared.tail})
    hand = game.hand
    if seat is not None and seat == hand.positions.game_master:  # DU2: the game master's card
        q = hand.question
        card: CardView = {"hint1": q.hint1, "hint2": q.hint2, "answer": show(q.answer)}
        view["hand"] = {**view["hand"], "card": card}
    if seat is not None:
        own = hand.guesses.get(seat)
        view["you"] = {
            "guess": None if own is None else show(own),
            "prompt": copy_json(game.pending().get(seat)),  # prompts are shared
        }
    return view


@dataclass(frozen=True)
class Shared:
    """What every audience's view of one state holds: the keys before `seat` and those after it
    (a view's keys keep their order, so its JSON is the same text)."""

    head: Mapping[str, object]
    tail: Mapping[str, object]


def _shared(game: Table) -> Shared:
    hand = game.hand
    head = {
        "game": "quizpoker",  # both rulesets are the one game
        "ruleset": game.options.ruleset,
        "prompt_id": game.prompt_id,  # never the move count, which counts secret guesses (Q2)
    }
    tail = {
        "chip_unit": game.options.chip_unit,
        "hands_played": game.hands_played,
        "orbit": game.orbit,
        "players": [_player(game, hand, s) for s in range(game.num_seats)],
        "hand": hand_view(hand, None),
        "previous_hand": game.lasting_view(
            "previous_hand", game.hands_played, lambda: _summary(game)
        ),
        "stack_history": game.lasting_view(
            "stack_history",
            len(game.stack_history),
            lambda: [list(row) for row in game.stack_history],
        ),
        "standings": list(game.standings()),
        "over": game.over,
        "result": game.result,
    }
    return Shared(head, tail)


def _summary(game: Table) -> HandSummary | None:
    """The last hand's summary, which lasts from one hand's end to the next's (`_end_hand`
    counts the hand and makes it the previous one at once)."""
    return None if game.previous_hand is None else hand_summary(game.previous_hand)


def _player(game: Table, hand: Hand, seat: int) -> PlayerView:
    led = hand.ledger
    shown = hand.shown.get(seat)
    return {
        "seat": seat,
        "name": game.players[seat],
        "stack": game.stacks[seat],
        "in_game": game.in_game(seat),
        "resigned": seat in game.resigned,
        "in_hand": led.playing[seat],
        "folded": led.playing[seat] and led.folded[seat],
        "all_in": led.all_in(seat),
        "bet": led.this_round[seat],
        "put_in": led.put_in[seat],
        "guess": None if shown is None else show(shown),
        "guess_hidden": seat in hand.face_down,
    }


def hand_view(hand: Hand, seat: int | None) -> HandView:
    q, p = hand.question, hand.positions
    betting = hand.betting if hand.phase == "betting" else None
    out: HandView = {
        "number": hand.number,
        "phase": hand.phase,
        "round": hand.street + 1 if hand.phase == "betting" else None,
        "button": p.button,
        "game_master": p.game_master,
        "small_blind": p.small_blind,
        "big_blind": p.big_blind,
        "blinds": hand.level.to_json(),
        "question": {
            "id": q.id,
            "text": q.question,
            "unit": q.unit,
            "topic": q.topic,
            "as_of": q.as_of.isoformat(),  # DU10
        },
        "hints": [q.hint1, q.hint2][: min(hand.revealed, 2)],
        "answer": show(q.answer) if hand.answer_read else None,
        "source": q.source if hand.answer_read else None,
        "pot": hand.ledger.pot_total(),
        "pots": [pot.to_json() for pot in hand.ledger.pots()],
        "current_bet": betting.current_bet if betting else 0,
        "to_act": betting.actor if betting else None,
        "awards": _awards(hand),
    }
    if seat is not None and seat == p.game_master:  # DU2: the game master holds the card
        out["card"] = {"hint1": q.hint1, "hint2": q.hint2, "answer": show(q.answer)}
    return out


def hand_summary(hand: Hand) -> HandSummary:
    """What everyone learnt from a finished hand, for the table's hand summary."""
    q = hand.question
    return {
        "number": hand.number,
        "question": q.question,
        "answer": show(q.answer),
        "unit": q.unit,
        "shown": {str(s): show(g) for s, g in hand.shown.items()},
        "awards": _awards(hand),
    }


def _awards(hand: Hand) -> list[AwardView]:
    """The hand's pot awards, each with its hand-history message (for the hand summary, which
    outlives the events after a reload); copies, so a reader changing one changes no hand."""
    return [
        {**award, "shares": dict(award["shares"]), "message": describe_award(award)}
        for award in hand.awards
    ]
