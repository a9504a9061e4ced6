"""Registration, late registration and every refusal (docs/rules/tournaments.md T7, T8): each
refusal has its code, says what is wrong, and changes nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pokerhall.tournaments import TournamentError, load, new_director
from pokerhall.tournaments.play import fill, play_game
from pokerhall.tournaments.poker import PokerDirector

from .helpers import PALACE_MTT, QUIZPOKER_MTT, check_poker


def refused(code: str, director: Any, call: Any) -> TournamentError:
    before = json.dumps(director.to_json(), sort_keys=True)
    with pytest.raises(TournamentError) as caught:
        call()
    assert caught.value.code == code
    assert caught.value.reason
    assert json.dumps(director.to_json(), sort_keys=True) == before  # nothing changed
    return caught.value


def test_t7_registration_refusals() -> None:
    director = new_director({**PALACE_MTT, "capacity": 3})
    director.register("Ann")
    refused("already_registered", director, lambda: director.register("Ann"))
    refused("bad_player_name", director, lambda: director.register(""))
    refused("bad_player_name", director, lambda: director.register("x" * 65))
    refused("not_registered", director, lambda: director.unregister("Bob"))
    refused("too_few_players", director, director.start)
    director.register("Bob")
    director.unregister("Bob")  # before the start, one may leave
    director.register("Bob")
    director.register("Cy")
    refused("tournament_full", director, lambda: director.register("Dee"))
    director.start()
    refused("tournament_started", director, lambda: director.unregister("Ann"))
    refused("tournament_started", director, director.start)
    error = refused("registration_closed", director, lambda: director.register("Dee"))
    assert "started" in error.reason


def test_t7_late_registration_until_its_level_then_a_clear_refusal() -> None:
    config = {**QUIZPOKER_MTT, "late_registration_level": 2, "hands_per_level": 1}
    director = new_director(config)
    assert isinstance(director, PokerDirector)
    fill(director, 20)
    director.start()
    director.register("Early")  # level 1: open
    assert any(e["type"] == "late" and e["player"] == "Early" for e in director.log)
    check_poker(director)
    while director.level + 1 <= 2:
        for spec in director.next_games():
            director.report(spec.id, play_game(spec))
        if director.level + 1 <= 2 and director.status == "running":
            director.register(f"Late {director.clock}")
            check_poker(director)
    error = refused("late_registration_closed", director, lambda: director.register("Too late"))
    assert error.params == {"level": 2, "current": director.level + 1}
    assert "level 2" in error.reason


def test_t7_a_late_player_opens_a_table_when_every_seat_is_taken() -> None:
    config = {**PALACE_MTT, "table_size": 2, "capacity": 10, "late_registration_level": 1}
    director = new_director(config)
    assert isinstance(director, PokerDirector)
    fill(director, 4)
    director.start()
    director.register("Late")
    assert len(director.tables) == 3
    assert director.tables[2].players() == ["Late"]
    director.register("Later")
    assert director.tables[2].players() == ["Late", "Later"]
    check_poker(director)


def test_t8_a_result_with_other_chips_is_refused() -> None:
    director = new_director(PALACE_MTT)
    fill(director, 18)
    director.start()
    spec = director.next_games()[0]
    result = play_game(spec)
    bad = {**result, "scores": [s + 1 for s in result["scores"]]}
    refused("bad_result", director, lambda: director.report(spec.id, bad))
    refused("bad_result", director, lambda: director.report(spec.id, {"scores": "many"}))
    refused("unknown_game", director, lambda: director.report("t99-h1", result))
    director.report(spec.id, result)
    refused("unknown_game", director, lambda: director.report(spec.id, result))


@pytest.mark.parametrize(
    ("change", "setting"),
    [
        ({"format": "knockout"}, "format"),
        ({"game": "chess"}, "game"),
        ({"table_size": 11}, "table_size"),
        ({"table_size": 1}, "table_size"),
        ({"levels": []}, "levels"),
        ({"levels": [20, 10]}, "levels"),
        ({"levels": [1]}, "every level's stake"),  # Palace's small bet is 2 at least
        ({"starting_stack": 0}, "starting_stack"),
        ({"starting_stack": 10**13}, "starting_stack"),
        ({"capacity": 1}, "capacity"),
        ({"hands_per_level": 0}, "hands_per_level"),
        ({"late_registration_level": -1}, "late_registration_level"),
        ({"options": {"stacks": [1, 2]}}, "stacks"),
        ({"options": {"small_bet": 4}}, "small_bet"),
        ({"options": {"betting": "pot"}}, "options"),
        ({"surprise": 1}, "surprise"),
        ({"format": "sit_and_go", "capacity": 100}, "capacity"),
        (
            {"format": "sit_and_go", "capacity": 9, "late_registration_level": 2},
            "late_registration_level",
        ),
        ({"seed": -1}, "seed"),
    ],
)
def test_bad_configs_are_refused_naming_the_setting(change: dict[str, Any], setting: str) -> None:
    with pytest.raises(TournamentError) as caught:
        new_director({**PALACE_MTT, **change})
    assert caught.value.code == "tournament_config"
    assert caught.value.params["setting"] == setting


def test_round_formats_need_a_fitting_game_and_poker_formats_a_game_of_hands() -> None:
    with pytest.raises(TournamentError) as caught:
        new_director({"format": "multi_table", "game": "detective", "table_size": 4})
    assert caught.value.params["setting"] == "format"
    with pytest.raises(TournamentError) as caught:
        new_director({"format": "swiss", "game": "detective", "table_size": 2})
    assert caught.value.params["setting"] in {"min_players", "table_size"}
    with pytest.raises(TournamentError):
        new_director({"format": "swiss", "game": "quizpoker", "options": {"chip_unit": 0}})


def test_a_stored_tournament_loads_and_goes_on_alike() -> None:
    """Persistence: mid-tournament JSON (as the server stores it) loads to a director that
    deals the same hands and ends the same way."""
    director = new_director({**PALACE_MTT, "capacity": 27})
    fill(director, 27)
    director.start()
    for _ in range(3):
        for spec in director.next_games():
            director.report(spec.id, play_game(spec, dict.fromkeys(director.registered, "random")))
    stored = json.loads(json.dumps(director.to_json()))
    again = load(stored)
    assert again.to_json() == director.to_json()
    bots = dict.fromkeys(director.registered, "random")
    for each in (director, again):
        while each.status == "running":
            for spec in each.next_games():
                each.report(spec.id, play_game(spec, bots))
    assert again.places == director.places
    assert again.to_json() == director.to_json()
    with pytest.raises(TournamentError):
        load({"kind": "nothing"})


def test_settings_left_out_follow_the_game() -> None:
    swiss = new_director({"format": "swiss", "game": "detective"})
    assert (swiss.config.table_size, swiss.config.min_players) == (3, 3)
    sit_and_go = new_director({"format": "sit_and_go", "game": "palace", "levels": [2, 4]})
    assert (sit_and_go.config.table_size, sit_and_go.config.capacity) == (9, 9)
    duel = new_director({"format": "round_robin", "game": "wordpoker"})
    assert duel.config.table_size == 2
