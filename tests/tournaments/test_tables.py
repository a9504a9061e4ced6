"""The tables of a poker tournament, driven by hand results written by the test rather than
played (docs/rules/tournaments.md T1-T6, T9): the draw, the moving button, who moves when
tables are balanced, which table breaks, places of players out together, the final table."""

from __future__ import annotations

from typing import Any

from pokerhall.tournaments import GameSpec, new_director
from pokerhall.tournaments.play import fill
from pokerhall.tournaments.poker import PokerDirector
from pokerhall.tournaments.seating import Table

from .helpers import PALACE_MTT, check_poker


def director(entrants: int, **change: Any) -> PokerDirector:
    made = new_director({**PALACE_MTT, **change})
    assert isinstance(made, PokerDirector)
    fill(made, entrants)
    made.start()
    return made


def bust(d: PokerDirector, spec: GameSpec, losers: list[str]) -> None:
    """Report `spec` with `losers` out, their chips to the first player still in."""
    stacks = list(spec.options["stacks"])
    keep = next(i for i, name in enumerate(spec.players) if name not in losers)
    for i, name in enumerate(spec.players):
        if name in losers:
            stacks[keep] += stacks[i]
            stacks[i] = 0
    d.report(spec.id, {"scores": stacks})
    check_poker(d)


def test_t1_the_draw_spreads_players_over_the_fewest_tables() -> None:
    d = director(20)
    assert [t.size for t in d.tables] == [7, 7, 6]
    seated = sorted(name for t in d.tables for name in t.players())
    assert seated == sorted(d.registered)
    other = director(20, seed=2)
    assert [t.seats for t in other.tables] != [t.seats for t in d.tables]


def test_t2_the_button_moves_to_the_next_occupied_seat() -> None:
    table = Table(1, ["A", None, "B", "C", None])
    assert table.next_button() == 0
    table.button = 0
    assert table.next_button() == 2
    table.button = 3
    assert table.next_button() == 0
    assert table.due_big_blind() == "C"  # button A, small blind B, big blind C
    heads_up = Table(1, ["A", None, "B"], button=2)
    assert heads_up.due_big_blind() == "B"  # A has the button, B is the other player


def test_t2_each_hand_starts_from_the_table_state() -> None:
    d = director(18)
    specs = d.next_games()
    spec = specs[0]
    assert spec.options["hands_per_session"] == 1
    assert spec.options["stacks"] == [40] * len(spec.players)
    assert (spec.options["small_bet"], spec.options["big_bet"]) == (2, 4)  # T9: level 1
    first = spec.options["dealer"]
    bust(d, spec, [])
    again = next(s for s in d.next_games() if s.table == spec.table)
    assert again.options["dealer"] == (first + 1) % len(spec.players)


def test_t3_the_player_due_for_the_big_blind_moves_to_the_smallest_table() -> None:
    d = director(18)  # two tables of nine
    specs = {s.table: s for s in d.next_games()}
    table_one = d.tables[0]
    losers = list(specs[1].players[:2])
    bust(d, specs[1], losers)  # table 1: 7, table 2 in play with 9
    assert [t.size for t in d.tables] == [7, 9]
    assert not any(e["type"] == "moved" for e in d.log)  # table 2 is in its hand: it waits
    due = d.tables[1].due_big_blind()
    bust(d, specs[2], [])  # its hand ends: two bigger, so its next big blind moves
    assert [t.size for t in d.tables] == [8, 8]
    assert due in table_one.players()
    assert [e["player"] for e in d.log if e["type"] == "moved"] == [due]


def test_t4_the_table_whose_hand_ended_breaks_when_the_rest_fit_one_table_fewer() -> None:
    d = director(18)
    specs = {s.table: s for s in d.next_games()}
    bust(d, specs[2], list(specs[2].players[:8]))  # table 2 keeps one player: 10 left
    assert not d.tables[1].broken
    assert d.next_games() == []  # table 1 is in its hand; table 2's one player waits
    bust(d, specs[1], [specs[1].players[0]])  # 9 left: they fit in one table, table 1 breaks
    assert d.tables[0].broken
    assert d.tables[1].size == 9
    assert d.final_table == 2  # T6
    assert [e["type"] for e in d.log].count("final_table") == 1


def test_t5_players_out_in_one_hand_place_by_their_starting_chips() -> None:
    d = director(4, table_size=4)
    spec = d.next_games()[0]
    a, b, c, e = spec.players
    d.report(spec.id, {"scores": [60, 40, 30, 30]})  # a:60 b:40 c:30 e:30
    spec = d.next_games()[0]
    assert list(spec.players) == [a, b, c, e]
    d.report(spec.id, {"scores": [160, 0, 0, 0]})  # three out together
    assert d.status == "finished"
    assert d.places == {a: 1, b: 2, c: 3, e: 3}  # c and e started with 30 each: shared
    assert d.prizes[a] > d.prizes[b] > d.prizes[c] == d.prizes[e] == 0


def test_t9_the_level_follows_the_table_that_has_played_most() -> None:
    d = director(18, hands_per_level=2)
    specs = {s.table: s for s in d.next_games()}
    bust(d, specs[1], [])
    assert d.level == 0
    spec = next(s for s in d.next_games() if s.table == 1)
    bust(d, spec, [])
    assert d.level == 1  # table 1 has two hands, table 2 is still in its first
    spec = next(s for s in d.next_games() if s.table == 1)
    assert spec.options["small_bet"] == 4
    bust(d, specs[2], [])
    assert d.level == 1  # table 2's first hand does not take the level back


def test_t7_a_late_player_moves_those_already_out_one_place_down() -> None:
    d = director(18, late_registration_level=3)
    specs = {s.table: s for s in d.next_games()}
    out = specs[1].players[0]
    bust(d, specs[1], [out])
    assert d.places[out] == 18
    d.register("Late")
    assert d.places[out] == 19
