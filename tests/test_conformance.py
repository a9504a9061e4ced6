"""One conformance test for every registered game and ruleset (`games.names()`), after
OpenSpiel's generic playthrough tests: random play by the game's own random bot must keep the
protocol's promises at every step.

- somebody is asked to move until the game is over, and nobody after;
- prompts, views and events are plain JSON, prompts carry the current state id;
- every event `act` returns is logged, addressed to the spectators or to real seats;
- an illegal move raises IllegalMove and changes nothing anybody can see;
- the record replays to the identical state, and the same seed gives the same match.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from pokerhall import games
from pokerhall.engine.errors import IllegalMove, InvalidOptions

MINI_PACK = str(Path(__file__).parent / "fixtures" / "mini.en.jsonl")
CONTENT = {
    "quizpoker": {"questions": "mini.en", "language": "en"},
    "duell": {"questions": "mini.en", "language": "en"},
}
"""Options that only choose content: the built-in question packs are not what this checks."""
MAX_MOVES = 600
JUNK_MOVES: list[Any] = [
    {"type": "__not_a_move__"},
    {"type": "fold", "state_id": -1},
    {},
    "fold",
]


def player_counts(name: str) -> list[int]:
    """The smallest and the largest table the game accepts (between 1 and 10 seats)."""
    accepted = []
    for count in range(1, 11):
        try:
            games.create(name, count, CONTENT.get(name), seed=0)
        except InvalidOptions:
            continue
        accepted.append(count)
    assert accepted, f"{name} accepts no table of 1 to 10 players"
    return sorted({accepted[0], accepted[-1]})


def observe(game: Any) -> str:
    """Everything the game tells anybody, as JSON (fails if anything is not plain JSON)."""
    seats: list[int | None] = [None, *range(game.num_seats)]
    data = {
        "views": [game.view(seat) for seat in seats],
        "pending": {str(seat): prompt for seat, prompt in game.pending().items()},
        "over": game.over,
        "result": game.result,
    }
    return json.dumps(data, sort_keys=True, allow_nan=False)


@pytest.mark.parametrize("name", games.names())
def test_random_play_keeps_the_protocol(name: str) -> None:
    kinds = games.bot_kinds(name)
    assert kinds, f"{name} registers no bot"
    kind = "random" if "random" in kinds else kinds[0]
    for count in player_counts(name):
        for seed in (1, 2):
            game = games.create(name, count, CONTENT.get(name), seed=seed)
            twin = games.create(name, count, CONTENT.get(name), seed=seed)
            assert observe(game) == observe(twin), "the same seed must give the same match"
            play_and_check(game, kind, seed)
            replayed = games.replay(game.record())
            assert observe(replayed) == observe(game)
            assert [e.to_json() for e in replayed.events] == [e.to_json() for e in game.events]


def play_and_check(game: Any, kind: str, seed: int) -> None:
    rng = random.Random(seed)
    bots = [games.make_bot(game.name, kind, seed * 100 + seat) for seat in range(game.num_seats)]
    for event in game.events:
        check_event(game, event)
    for _ in range(MAX_MOVES):
        pending = game.pending()
        if game.over:
            assert pending == {}
            return
        assert pending, "nobody is asked to move, but the game is not over"
        for seat, prompt in pending.items():
            assert 0 <= seat < game.num_seats
            assert isinstance(prompt["type"], str)
            assert prompt["state_id"] == game.prompt_id
        seat = rng.choice(sorted(pending))
        if rng.random() < 0.2:
            check_junk_is_refused(game, seat, rng)
        move = bots[seat].choose(game.view(seat), pending[seat])
        logged = len(game.events)
        events = game.act(seat, {**move, "state_id": pending[seat]["state_id"]})
        assert game.events[logged:] == events
        for event in events:
            check_event(game, event)


def check_event(game: Any, event: Any) -> None:
    json.dumps(event.to_json(), allow_nan=False)
    assert event.to is None or (event.to and all(0 <= s < game.num_seats for s in event.to))


def check_junk_is_refused(game: Any, seat: int, rng: random.Random) -> None:
    before = observe(game)
    bad_seat = rng.choice([seat, game.num_seats, -1])
    with pytest.raises(IllegalMove) as refused:
        game.act(bad_seat, rng.choice(JUNK_MOVES))
    assert refused.value.reason
    assert observe(game) == before
