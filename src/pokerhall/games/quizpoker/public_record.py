"""What QuizPoker publishes of a finished match (QP3, Q2): every move, except the guesses that
were never shown. A guess is shown at the showdown (or by a folded player who chooses to, DU6);
QP3 lets a worse guess stay face down, "never shown to anyone", and a player who folded keeps
theirs too, so those stay out of the public record. The seed and the question ids in the order
they were asked are published, which is what a check of the deal's fairness needs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerhall.engine.events import JSON
from pokerhall.engine.record import public_record_json

if TYPE_CHECKING:
    from pokerhall.games.quizpoker.state import QuizPoker


def public_record(game: QuizPoker) -> JSON:
    """The match rebuilt move by move, noting for each guess its hand and seat, and for each
    hand the seats whose guess a public event showed."""
    again = type(game)(game.players, game.options, game.seed)
    guesses: dict[tuple[int, int], int] = {}
    shown: set[tuple[int, int]] = set()
    for number, (seat, move) in enumerate(game.moves):
        hand = again.hands_played + 1  # every event of this move happens in this hand
        if move["type"] == "guess":
            guesses[(hand, seat)] = number
        for event in again.act(seat, move):
            payload = event.payload
            if event.is_public and payload["type"] == "guess_shown":
                shown.add((hand, payload["seat"]))
    withheld = [number for key, number in guesses.items() if key not in shown]
    questions = [
        payload["id"]
        for payload in (e.payload for e in game.events if e.is_public)
        if payload["type"] == "question"
    ]
    return public_record_json(game.record(), withheld, questions=questions)
