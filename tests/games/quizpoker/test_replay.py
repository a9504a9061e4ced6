"""Replay: a match record, through JSON and back, rebuilds every state exactly; stale moves are
refused by the state id their prompt carried."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from pokerhall import games
from pokerhall.content import library
from pokerhall.content.library import questions_digest
from pokerhall.engine.errors import IllegalMove, InvalidOptions
from pokerhall.engine.record import MatchRecord

from .driver import GameFactory, RandomPlayer, guess_all, play, snapshot

SETUPS = [
    pytest.param(2, {}, id="heads-up"),
    pytest.param(5, {"min_raise": "standard", "starting_stack": 300}, id="quizpoker-5"),
    pytest.param(4, {"ruleset": "duell", "starting_stack": 1000}, id="duell-4"),
    pytest.param(
        3, {"ruleset": "duell", "software_game_master": True, "starting_stack": 500}, id="duell-sgm"
    ),
]


def random_match(mini_pack: Path, players: int, options: dict[str, Any], moves: int) -> Any:
    options = {**options, "questions": "mini.en", "language": "en"}
    game = games.create("quizpoker", players, options, seed=11)
    player = RandomPlayer(seed=5)
    for _ in range(moves):
        if game.over:
            break
        seat, prompt = sorted(game.pending().items())[0]
        game.act(seat, player.move(seat, prompt))
    return game


def through_json(record: MatchRecord) -> MatchRecord:
    return MatchRecord.from_json(json.loads(json.dumps(record.to_json())))


def event_log(game: Any) -> list[dict[str, Any]]:
    return [event.to_json() for event in game.events]


@pytest.mark.parametrize(("players", "options"), SETUPS)
@pytest.mark.parametrize("moves", [0, 7, 10_000])
def test_replay_rebuilds_every_view_and_event(
    mini_pack: Path, players: int, options: dict[str, Any], moves: int
) -> None:
    """record -> JSON -> MatchRecord.from_json -> games.replay gives the same views for every
    seat and the spectator, the same prompts and the same event log (at the start, mid-hand,
    and after a finished game)."""
    game = random_match(mini_pack, players, options, moves)
    replayed = games.replay(through_json(game.record()))
    assert snapshot(replayed) == snapshot(game)
    assert event_log(replayed) == event_log(game)
    assert replayed.over == game.over
    assert replayed.result == game.result
    assert replayed.record() == game.record()


def test_replay_reports_each_move(mini_pack: Path) -> None:
    """games.replay hands every move and its events to `on_move`, in order."""
    game = random_match(mini_pack, 3, {}, 30)
    seen: list[tuple[int, dict[str, Any], list[Any]]] = []
    games.replay(
        game.record(), on_move=lambda seat, move, events: seen.append((seat, move, events))
    )
    assert [(seat, move) for seat, move, _ in seen] == list(game.record().moves)
    replayed_events = [event for _, _, events in seen for event in events]
    assert replayed_events == game.events[-len(replayed_events) :]


def test_record_saved_to_a_file_replays(mini_pack: Path, tmp_path: Path) -> None:
    """A record saved to disk loads back equal and replays to the same match."""
    game = random_match(mini_pack, 4, {"ruleset": "duell", "starting_stack": 500}, 10_000)
    path = tmp_path / "match.json"
    game.record().save(path)
    loaded = MatchRecord.load(path)
    assert loaded == game.record()
    assert snapshot(games.replay(loaded)) == snapshot(game)


def test_same_seed_same_match(mini_pack: Path) -> None:
    """The seed fixes the question order, so two games created alike start alike."""
    options = {"questions": "mini.en"}
    first = [games.create("quizpoker", 3, options, seed=99) for _ in range(2)]
    assert snapshot(first[0]) == snapshot(first[1])


def test_records_hold_moves_without_state_ids(new_game: Any) -> None:
    """The state id is checked and dropped: a record holds the move itself only."""
    game = new_game(2)
    prompt = game.pending()[0]
    game.act(0, {"type": "guess", "value": "5", "prompt_id": prompt["prompt_id"]})
    assert game.record().moves == ((0, {"type": "guess", "value": "5"}),)


def test_a_tampered_record_does_not_replay(new_game: Any) -> None:
    """A record whose moves break the rules fails loudly instead of rebuilding another match."""
    game = new_game(2)
    guess_all(game, {0: "1", 1: "2"})
    data = game.record().to_json()
    data["moves"].append({"seat": 1, "move": {"type": "call"}})  # seat 0 is to act
    with pytest.raises(IllegalMove, match="not seat 1's turn"):
        games.replay(MatchRecord.from_json(data))


# --- stale moves ---------------------------------------------------------------------------------


def test_stale_move_is_refused(new_game: Any) -> None:
    """A move sent for an earlier prompt (its state id) is refused and changes nothing."""
    game = new_game(3)
    guess_all(game, {0: "1", 1: "2", 2: "3"})
    old = game.pending()[0]["prompt_id"]
    play(game, (0, "call"))
    assert game.pending()[1]["prompt_id"] != old
    before = snapshot(game)
    with pytest.raises(IllegalMove, match=f"made for prompt {old}"):
        game.act(1, {"type": "call", "prompt_id": old})
    assert snapshot(game) == before
    game.act(1, {"type": "call", "prompt_id": game.pending()[1]["prompt_id"]})


def test_guess_prompts_of_a_new_hand_are_not_the_old_ones(new_game: Any) -> None:
    """A guess meant for one question round cannot land in the next one, even when the same
    seats are asked the same kind of question again."""
    game = new_game(2)
    old = game.pending()[1]["prompt_id"]
    game.act(0, {"type": "fold"})  # seat 1 wins at once; hand 2 asks both seats again
    assert game.view(None)["hand"]["number"] == 2
    with pytest.raises(IllegalMove, match="made for prompt"):
        game.act(1, {"type": "guess", "value": "1", "prompt_id": old})


def test_prompt_and_view_carry_the_same_state_id(new_game: Any) -> None:
    """Every prompt carries the id in the view, so a client can tell they belong together."""
    game = new_game(3)
    for seat, prompt in game.pending().items():
        assert prompt["prompt_id"] == game.view(seat)["prompt_id"]
    guess_all(game, {0: "1", 1: "2", 2: "3"})
    (seat, prompt), *_ = game.pending().items()
    assert prompt["prompt_id"] == game.view(seat)["prompt_id"] == game.view(None)["prompt_id"]


# --- content pinning ------------------------------------------------------------------------


def test_a_record_names_the_questions_it_was_played_with(mini_pack: Path) -> None:
    state = games.create("quizpoker", 3, {"questions": "mini.en"}, seed=4)
    digest = state.record().content["questions"]
    assert digest == questions_digest(library.questions("mini.en", "en"))
    assert games.create("quizpoker", 3, {"questions": "builtin"}, seed=4).content() != {
        "questions": digest
    }


def test_a_record_replayed_against_other_questions_is_refused(new_game: GameFactory) -> None:
    state = new_game(3, "100", seed=2)
    guess_all(state, {0: "1", 1: "2", 2: "3"})
    record = state.record()
    assert games.replay(record).view(None) == state.view(None)
    other = dataclasses.replace(record, options={**record.options, "questions": "mini.en"})
    with pytest.raises(
        InvalidOptions, match=r"played with other questions \(sha256:[0-9a-f]{64}\)"
    ):
        games.replay(other)


def test_a_record_without_content_replays_unchecked(mini_pack: Path) -> None:
    """Records written before content was pinned have no digests, and still replay."""
    state = games.create("quizpoker", 3, {"questions": "mini.en"}, seed=4)
    old = dataclasses.replace(state.record(), content={})
    assert games.replay(old).view(None) == state.view(None)
