"""What a tournament table remembers from hand to hand (docs/rules/tournaments.md T17; the game's
side is QuizPoker's QP8): a QuizPoker multi-table tournament never asks a question twice at one
table and keeps Q1's deal across the table's hands; the memory comes from each hand's public
result, is checked like the game's option, and is stored with the table."""

from __future__ import annotations

from typing import Any

import pytest

from pokerhall.content.library import pinned_questions
from pokerhall.games.quizpoker.deck import WINDOW, group_of
from pokerhall.tournaments import Director, GameSpec, TournamentError, load, new_director
from pokerhall.tournaments.play import fill, play_game, play_tournament
from pokerhall.tournaments.poker import PokerDirector

from .helpers import PALACE_MTT, QUIZPOKER_MTT, check_finished


def started(config: dict[str, Any], entrants: int) -> PokerDirector:
    director = new_director(config)
    assert isinstance(director, PokerDirector)
    fill(director, entrants)
    director.start()
    return director


def test_t17_qp8_no_question_twice_at_a_table_and_q1s_window_across_its_hands() -> None:
    """45 bots at five tables: every table's questions, in the order asked, repeat no question
    and no template or topic within five; each hand got the list its table's last hand gave."""
    director = started({**QUIZPOKER_MTT, "capacity": 45, "seed": 3}, 45)
    questions, _ = pinned_questions("builtin", "en")
    by_id = {q.id: q for q in questions}
    asked: dict[int, list[str]] = {}
    handed_on: dict[int, str] = {}

    def watch(d: Director, spec: GameSpec, result: Any) -> None:
        assert spec.options.get("asked_questions", "") == handed_on.get(spec.table, "")  # T17
        handed_on[spec.table] = result["asked_questions"]
        asked.setdefault(spec.table, []).append(result["asked_questions"].split()[-1])

    play_tournament(director, dict.fromkeys(director.registered, "casual"), watch)
    check_finished(director)
    assert max(len(ids) for ids in asked.values()) >= 10
    for table, ids in asked.items():
        assert len(set(ids)) == len(ids), f"table {table} asked a question twice"
        groups = [group_of(by_id[ident]) for ident in ids]
        for start in range(len(groups)):
            chunk = groups[start : start + WINDOW]
            assert len(set(chunk)) == len(chunk), f"table {table}: {chunk}"


def test_t17_the_memory_is_stored_with_the_table_and_survives_a_reload() -> None:
    director = started({**QUIZPOKER_MTT, "capacity": 18}, 18)
    spec = director.next_games()[0]
    assert "asked_questions" not in spec.options  # the first hand: the option's default
    result = play_game(spec)
    director.report(spec.id, result)
    again = load(director.to_json())
    assert isinstance(again, PokerDirector)
    assert again.tables[spec.table - 1].carried == result["asked_questions"]
    following = next(s for s in again.next_games() if s.table == spec.table)
    assert following.options["asked_questions"] == result["asked_questions"]


@pytest.mark.parametrize("carried", ["missing", ["a list"], "q " * 20_000])
def test_t17_a_result_without_a_fitting_memory_is_refused_and_changes_nothing(
    carried: Any,
) -> None:
    director = started({**QUIZPOKER_MTT, "capacity": 18}, 18)
    spec = director.next_games()[0]
    result = dict(play_game(spec))
    if carried == "missing":
        del result["asked_questions"]
    else:
        result["asked_questions"] = carried
    before = director.to_json()
    with pytest.raises(TournamentError) as caught:
        director.report(spec.id, result)
    assert caught.value.code == "bad_result"
    assert director.to_json() == before


def test_t17_the_memory_is_the_tournaments_to_set_and_a_game_without_one_carries_nothing() -> None:
    with pytest.raises(TournamentError) as caught:
        new_director({**QUIZPOKER_MTT, "options": {"asked_questions": "x"}})
    assert caught.value.params["setting"] == "asked_questions"
    director = started({**PALACE_MTT, "capacity": 9}, 9)
    spec = director.next_games()[0]
    director.report(spec.id, play_game(spec, dict.fromkeys(spec.players, "random")))
    assert director.tables[0].carried is None
