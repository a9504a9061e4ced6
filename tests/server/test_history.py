"""The hand history (`GET /api/tables/{id}/history`, `server/tables/history.py`): every round with
only the events the asking seat (or a spectator) may see, for every registered game, during
and after the game; QuizPoker's unshown guesses stay hidden (Q2, QP3)."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerhall import games
from pokerhall.engine import prompts, registry
from pokerhall.engine.catalog import GameInfo
from pokerhall.server.tables.history import history_of
from pokerhall.server.wire.messages import CreateTable

from .halls import bearer, hall_at, http_on, play_randomly

pytestmark = pytest.mark.anyio
GAMES = [pytest.param(info, id=info.name) for info in registry.infos()]


def check_round(body: dict[str, Any], seat: int | None) -> None:
    numbers = [r["round"] for r in body["rounds"]]
    assert numbers, body
    assert numbers == sorted(numbers), numbers
    assert body["round"] in numbers
    for event in body["events"]:
        shown = event["visibility"]
        assert shown == "public" or (seat is not None and seat in shown), (seat, event)
        assert "message" in event


def every_round(state: Any, seat: int | None) -> list[dict[str, Any]]:
    """The history of each round in turn, as the page asks for them."""
    rounds = history_of(state, seat)["rounds"]
    return [history_of(state, seat, r["round"]) for r in rounds]


@pytest.mark.parametrize("info", GAMES)
async def test_every_game_has_a_history_for_every_seat_and_the_spectators(
    info: GameInfo, sqlite_url: str, mini_pack: Any
) -> None:
    players = info.rulesets[0].min_players
    async with hall_at(sqlite_url) as hall, http_on(hall, sqlite_url) as http:
        opened = await hall.opening.open_table(
            CreateTable(
                game=info.name, options=dict(info.testing.options), seats=players, turn_clock=None
            )
        )
        table_id = opened.info.id
        tokens = [(await hall.seats.join(table_id, f"P{i}"))[1] for i in range(players)]
        await play_randomly(hall, table_id, seed=5, moves=12)
        for _phase in ("during", "after"):
            state = games.replay(await hall.book.record(table_id))
            for seat in [None, *range(players)]:
                headers = {} if seat is None else bearer(tokens[seat])
                told = 0
                last = await http.get(f"/api/tables/{table_id}/history", headers=headers)
                assert last.status_code == 200, last.text
                for listed in last.json()["rounds"]:
                    answer = await http.get(
                        f"/api/tables/{table_id}/history",
                        headers=headers,
                        params={"round": listed["round"]},
                    )
                    body = answer.json()
                    check_round(body, seat)
                    assert body["round"] == listed["round"]
                    assert body["seat"] == seat
                    assert body["over"] is state.over
                    told += len(body["events"])
                assert told == len([e for e in state.events if e.visible_to(seat)])
                everything = await http.get(
                    f"/api/tables/{table_id}/history", headers=headers, params={"all": "true"}
                )
                rounds = everything.json()["rounds"]
                assert sum(len(r["events"]) for r in rounds) == told
                assert last.json()["rounds"][-1]["finished"] is state.over
            await play_randomly(hall, table_id, seed=6)
        assert (await http.get(f"/api/tables/{table_id}/record")).status_code == 200


async def test_a_token_that_holds_no_seat_is_refused(sqlite_url: str, quick_options: Any) -> None:
    async with hall_at(sqlite_url) as hall, http_on(hall, sqlite_url) as http:
        table = await hall.opening.create_table(CreateTable(options=quick_options, seats=2))
        answer = await http.get(f"/api/tables/{table.id}/history", headers=bearer("x" * 40))
        assert (answer.status_code, answer.json()["code"]) == (401, "bad_token")
        missing = await http.get("/api/tables/nope/history")
        assert (missing.status_code, missing.json()["code"]) == (404, "unknown_table")


def shown_guesses(state: Any) -> set[tuple[int, int]]:
    """(hand, seat) of every guess some event showed to everyone."""
    hand, shown = 0, set()
    for event in state.events:
        if event.type == "round_started":
            hand = event.data["round"]
        if event.type == "guess_shown" and event.is_public:
            shown.add((hand, event.data["seat"]))
    return shown


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    seed=st.integers(1, 10_000),
    guesses=st.lists(st.integers(10**8, 10**9 - 1), min_size=60, max_size=60, unique=True),
)
def test_quizpoker_history_shows_a_seat_its_own_guesses_and_no_unshown_other(
    new_game: Callable[..., Any], seed: int, guesses: list[int]
) -> None:
    """Q2, QP3: each seat's history holds every guess of its own and, of the others, only
    those shown at a showdown; the spectators' only the shown ones."""
    game = new_game(3, seed=seed, starting_stack=100, small_blinds=[20])
    written: dict[tuple[int, int], str] = {}
    values = iter(guesses)
    rng = random.Random(seed)
    for _ in range(600):
        if game.over:
            break
        hand = max(e.data["round"] for e in game.events if e.type == "round_started")
        pending = game.pending()
        seat = rng.choice(sorted(pending))
        move = prompts.random_move(pending[seat], rng)
        if move["type"] == "guess":
            move["value"] = written[(hand, seat)] = str(next(values))
        elif move["type"] == "fold" and rng.random() < 0.8:
            move = prompts.random_move(pending[seat], rng)  # fewer folds: more showdowns
        game.act(seat, {**move, "prompt_id": pending[seat]["prompt_id"]})
    shown = shown_guesses(game)
    for seat in [None, 0, 1, 2]:
        told = json.dumps(every_round(game, seat), ensure_ascii=False)
        for (at, owner), value in written.items():
            found = re.search(rf"(?<![0-9]){value}(?![0-9])", told) is not None
            if owner == seat:
                assert found, (seat, at, value)
            elif (at, owner) not in shown:
                assert not found, f"seat {seat} was told {owner}'s guess {value} of hand {at}"


def test_p13_palace_history_never_shows_a_conceding_callers_palace() -> None:
    """docs/rules/palace.md P13: a caller who loses a battle concedes, and its palace is seen
    by nobody, then or later: no other seat's or spectator's history of that hand names it, up
    to the concession or after it (until the discard pile is reshuffled into a new stock)."""
    checked = 0
    for seed in range(1, 6):
        game = games.create("palace", ["Ann", "Bob", "Cy"], {"hands_per_session": 3}, seed=seed)
        rng = random.Random(seed)
        conceded: list[tuple[int, int, set[str]]] = []
        called_in: dict[int, set[int]] = {}
        while not game.over:
            pending = game.pending()
            seat = rng.choice(sorted(pending))
            move = prompts.random_move(pending[seat], rng)
            if pending[seat]["type"] == "battle":
                move = {"type": "call"}
            hand = game.hand
            for event in game.act(seat, move):
                if event.type == "battle_won" and event.data["how"] != "fold":
                    fighters = {event.data["winner"], event.data["loser"]}
                    loser = event.data["loser"]
                    earlier = called_in.setdefault(hand.number, set())
                    if event.data["how"] == "conceded" and loser not in earlier:
                        palace = {str(c) for c in hand.camps[loser].palace} - {
                            str(c) for c in hand.public
                        }
                        conceded.append((hand.number, loser, palace))
                    earlier |= fighters
        for number, loser, palace in conceded:
            for seat in [None, 0, 1, 2]:
                if seat == loser:
                    continue
                events = history_of(game, seat, number)["events"]
                won = next(
                    i
                    for i, e in enumerate(events)
                    if e["type"] == "battle_won" and e["how"] == "conceded" and e["loser"] == loser
                )
                cut = next(
                    (
                        i
                        for i, e in enumerate(events)
                        if i > won and e["type"] == "stock_reshuffled"
                    ),
                    len(events),
                )
                told = set(re.findall(r'"([2-9TJQKA][shdc])"', json.dumps(events[:cut])))
                assert not told & palace, (seed, number, seat, sorted(told & palace))
                checked += 1
    assert checked > 0
