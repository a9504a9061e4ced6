"""The game protocol's shared checks, on a toy game that uses nothing but the engine.

The toy game ("secret numbers"): both seats pick a number at the same time, each told only its
own; then seat 0 announces (a public event) and the game is over.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import pytest

from pokerhall.engine import Event, Game, IllegalMove, prompts, visible_events
from pokerhall.engine.messages import load_catalog, render
from pokerhall.engine.prompts import int_param, move_spec
from pokerhall.engine.protocol import MAX_MOVE_CHARS


class SecretNumbers(Game[dict[str, Any]]):
    name = "secret-numbers"

    def __init__(self) -> None:
        super().__init__(["Ann", "Bob"], {}, seed=3)
        self.picks: dict[int, int] = {}
        self.announced = False

    def compute_pending(self) -> dict[int, dict[str, Any]]:
        if len(self.picks) < 2:
            moves = [move_spec("pick", {"number": int_param(0, 9)})]
            prompt = prompts.prompt("pick", self.prompt_id, moves, {"type": "pick"})
            return {seat: dict(prompt) for seat in (0, 1) if seat not in self.picks}
        if not self.announced:
            asked = prompts.prompt(
                "announce", self.prompt_id, [move_spec("announce")], {"type": "announce"}
            )
            return {0: asked}
        return {}

    def seat_view(self, seat: int | None) -> dict[str, Any]:
        mine = self.picks.get(seat) if seat is not None else None
        shown = dict(self.picks) if self.announced else {}
        return {"prompt_id": self.prompt_id, "mine": mine, "shown": shown}

    @property
    def over(self) -> bool:
        return self.announced

    @property
    def result(self) -> dict[str, Any] | None:
        return {"picks": self.picks} if self.announced else None

    def parse(self, seat: int, move: Mapping[str, Any]) -> dict[str, Any]:
        expected = self.pending()[seat]["type"]
        if move["type"] != expected:
            raise IllegalMove(f"expected a {expected} move")
        return dict(move)

    def apply(self, seat: int, move: dict[str, Any]) -> list[Event]:
        if move["type"] == "pick":
            self.picks[seat] = int(move.get("number", 0))
            return [Event.private([seat], "picked", number=self.picks[seat])]
        self.announced = True
        return [Event.public("announced", picks=dict(self.picks))]


def pick(number: int, **extra: Any) -> dict[str, Any]:
    return {"type": "pick", "number": number, **extra}


# --- the envelope -------------------------------------------------------------------------------


@pytest.mark.parametrize("seat", [2, -1, True, "0", 0.0, None], ids=repr)
def test_unknown_seats_are_refused(seat: Any) -> None:
    with pytest.raises(IllegalMove, match="there is no seat"):
        SecretNumbers().act(seat, pick(1))


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        ("pick", "must be an object"),
        ([("type", "pick")], "must be an object"),
        ({"type": "pick", "number": float("nan")}, "plain JSON"),
        ({"type": "pick", "number": {1}}, "plain JSON"),
        ({"type": "pick", "x": "y" * MAX_MOVE_CHARS}, f"at most {MAX_MOVE_CHARS}"),
        ({"number": 1}, 'needs a "type"'),
        ({"type": ["pick"]}, 'needs a "type"'),
        (pick(1, prompt_id=1), "made for prompt 1, but the game is at 0"),
        (pick(1, prompt_id="0"), "prompt_id must be the number"),
        (pick(1, prompt_id=True), "prompt_id must be the number"),
        ({"type": "announce"}, "expected a pick move"),
    ],
    ids=repr,
)
def test_malformed_moves_are_refused(move: Any, reason: str) -> None:
    game = SecretNumbers()
    with pytest.raises(IllegalMove, match=reason):
        game.act(0, move)
    assert game.moves == []
    assert game.events == []
    assert game.pending() == SecretNumbers().pending()
    assert {p["prompt_id"] for p in game.pending().values()} == {0}


def test_out_of_turn_and_after_the_end() -> None:
    game = SecretNumbers()
    game.act(1, pick(5))
    with pytest.raises(IllegalMove, match="not seat 1's turn"):
        game.act(1, pick(6))
    game.act(0, pick(4))
    with pytest.raises(IllegalMove, match="not seat 1's turn"):
        game.act(1, {"type": "announce"})
    game.act(0, {"type": "announce"})
    with pytest.raises(IllegalMove, match="the game is over"):
        game.act(0, {"type": "announce"})


def test_moves_are_cleaned_and_recorded() -> None:
    """A move is stored as the JSON it was (tuples become lists) without its state id."""
    game = SecretNumbers()
    game.act(0, {"type": "pick", "number": 3, "prompt_id": 0, "note": ("a", "b")})
    assert game.moves == [(0, {"type": "pick", "number": 3, "note": ["a", "b"]})]
    record = game.record()
    assert (record.game, record.players, record.seed) == ("secret-numbers", ("Ann", "Bob"), 3)
    assert record.moves == ((0, {"type": "pick", "number": 3, "note": ["a", "b"]}),)


def test_events_are_logged_in_order() -> None:
    game = SecretNumbers()
    first = game.act(0, pick(1))
    second = game.act(1, pick(2))
    third = game.act(0, {"type": "announce"})
    assert game.events == first + second + third


# --- state ids --------------------------------------------------------------------------------


def test_state_id_counts_moves_and_prompt_id_names_prompts() -> None:
    """`state_id` numbers moves (for records and logs); `prompt_id` goes up by one only when what
    somebody else is asked, or what they can see, changes, so it never tells how many quiet
    moves were made in between."""
    game = SecretNumbers()
    assert (game.state_id, game.prompt_id) == (0, 0)
    game.act(0, pick(1))  # private, and seat 1 is still asked the same
    assert (game.state_id, game.prompt_id) == (1, 0)
    game.act(1, pick(2, prompt_id=0))  # seat 1's prompt is still valid
    assert (game.state_id, game.prompt_id) == (2, 1)  # seat 0 is asked something new
    game.act(0, {"type": "announce", "prompt_id": 1})
    assert (game.state_id, game.prompt_id) == (3, 2)


def test_a_private_simultaneous_move_is_invisible_to_the_other_seat() -> None:
    """The other seat's view and prompt stay identical, so it cannot tell that anybody moved."""
    game = SecretNumbers()
    before = (game.view(1), game.pending()[1], game.view(None))
    events = game.act(0, pick(7))
    assert visible_events(events, 1) == []
    assert visible_events(events, None) == []
    assert (game.view(1), game.pending()[1], game.view(None)) == before


def test_a_public_event_makes_a_new_prompt_id() -> None:
    """When a move tells others something, earlier prompts are stale even if they look alike."""

    class LoudNumbers(SecretNumbers):
        def apply(self, seat: int, move: dict[str, Any]) -> list[Event]:
            return [*super().apply(seat, move), Event.public("someone_picked")]

    game = LoudNumbers()
    game.act(0, pick(1))
    assert game.prompt_id == 1
    with pytest.raises(IllegalMove, match="made for prompt 0"):
        game.act(1, pick(2, prompt_id=0))


# --- events -------------------------------------------------------------------------------------


def test_event_visibility() -> None:
    public = Event.public("hint", text="Between 1 and 10.")
    private = Event.private([2, 0], "guess_recorded", value="7")
    assert public.is_public
    assert not private.is_public
    assert [public.visible_to(s) for s in (None, 0, 5)] == [True, True, True]
    assert [private.visible_to(s) for s in (None, 0, 1, 2)] == [False, True, False, True]
    assert public.to_json() == {"type": "hint", "text": "Between 1 and 10.", "visibility": "public"}
    assert private.to_json() == {"type": "guess_recorded", "value": "7", "visibility": [0, 2]}
    assert visible_events([public, private], 1) == [public]
    assert visible_events([public, private], 2) == [public, private]
    json.dumps([public.to_json(), private.to_json()])


def test_describe_has_a_default() -> None:
    message = SecretNumbers().describe(Event.public("x", a=1))
    assert message == {"key": "event", "params": {"type": "x", "data": '{"a": 1}'}}
    assert render(message, load_catalog(None, "de"), ["Ann"], "de") == 'x: {"a": 1}'


def test_check_returns_the_move_act_would_record_and_changes_nothing() -> None:
    """`check` is `act` without the change, for the server, which saves a move first."""
    game = SecretNumbers()
    before = (game.view(0), game.view(1), game.pending(), game.state_id, game.prompt_id)
    assert game.check(0, pick(3, prompt_id=0)) == pick(3)
    with pytest.raises(IllegalMove):
        game.check(0, {"type": "announce"})
    assert (game.view(0), game.view(1), game.pending(), game.state_id, game.prompt_id) == before
    game.act(0, pick(3))
    assert game.record().moves == ((0, pick(3)),)


# --- one parse per move, prompts computed once per state ----------------------------------------


class CountingNumbers(SecretNumbers):
    """Secret numbers that counts how often the engine asks it for prompts and parses."""

    def __init__(self) -> None:
        super().__init__()
        self.prompt_builds = 0
        self.parses = 0

    def compute_pending(self) -> dict[int, dict[str, Any]]:
        self.prompt_builds += 1
        return super().compute_pending()

    def parse(self, seat: int, move: Mapping[str, Any]) -> dict[str, Any]:
        self.parses += 1
        return super().parse(seat, move)


def test_a_checked_move_is_played_without_a_second_parse() -> None:
    game = CountingNumbers()
    checked = game.check_move(0, pick(4))
    assert game.parses == 1
    game.play(checked)
    assert game.parses == 1
    assert game.moves == [(0, pick(4))]


def test_prompts_are_built_once_per_state_however_often_they_are_asked() -> None:
    """A host asks for the prompts many times per move (clock, sends, bots, the engine's own
    checks); the game builds them at most twice per move: once after the move, to tell whether
    the others' prompts changed, and once more only when that gave them a new prompt id."""
    game = CountingNumbers()
    states = 0
    for seat, move in ((0, pick(1)), (1, pick(2)), (0, {"type": "announce"})):
        for _ in range(7):
            game.pending()
            game.default_move(seat)
        game.act(seat, move)
        states += 1
    assert game.over
    assert game.pending() == {}
    assert game.prompt_builds <= 2 * states


def test_a_check_from_an_earlier_state_is_refused_and_changes_nothing() -> None:
    game = SecretNumbers()
    early = game.check_move(0, pick(4))
    game.act(1, pick(7))
    before = (list(game.moves), game.prompt_id, game.view(0))
    with pytest.raises(IllegalMove, match="earlier state"):
        game.play(early)
    assert (list(game.moves), game.prompt_id, game.view(0)) == before


def test_a_checked_resignation_is_played_by_the_engine() -> None:
    game = SecretNumbers()
    game.play(game.check_move(1, {"type": "resign"}))
    assert 1 in game.resigned
    assert game.moves == [(1, {"type": "resign"})]
