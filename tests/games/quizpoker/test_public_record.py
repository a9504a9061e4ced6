"""What QuizPoker publishes of a finished match (docs/rules/quizpoker.md QP3, Q2): the seed and
the question order, and every guess except those never shown to anyone."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pokerhall import games
from pokerhall.engine.protocol import Game
from pokerhall.engine.record import PUBLIC_RECORD_FORMAT, MatchRecord


def test_qp3_a_face_down_guess_is_left_out_of_the_public_record(
    face_down_match: Game[Any],
) -> None:
    game = face_down_match
    assert game.over
    hidden = [e for e in game.events if e.type == "guess_stays_hidden"]
    assert {e.data["seat"] for e in hidden[:2]} == {0, 1}  # the first hand's worse guesses
    face_down = game.record().moves[0][1]["value"]
    public = game.public_record()
    text = json.dumps(public)
    assert face_down not in text
    assert "80.0000456" not in text
    assert '"97"' in text  # shown at the showdown, so published
    assert '"103"' in text
    assert public["format"] == PUBLIC_RECORD_FORMAT
    assert public["seed"] == game.seed
    first = public["moves"][0]
    assert first == {"seat": 0, "move": {"type": "guess", "withheld": ["value"]}}
    asked = [e.data["id"] for e in game.events if e.type == "question"]
    assert public["questions"] == asked
    assert len(asked) == len([e for e in game.events if e.type == "answer"]) > 1


def test_the_public_record_is_not_the_full_record(face_down_match: Game[Any]) -> None:
    """The full record (the operator's) still replays the match exactly; the public one is
    refused as a record, so nobody replays a match with guesses missing."""
    game = face_down_match
    replayed = games.replay(MatchRecord.from_json(game.record().to_json()))
    assert replayed.result == game.result
    with pytest.raises(ValueError, match="not a pokerhall-match record"):
        MatchRecord.from_json(game.public_record())
