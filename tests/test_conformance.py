"""Conformance tests for every registered game and ruleset (`registry.infos()`), after
OpenSpiel's generic playthrough tests: a new game is tested just by registering it.

- random play (`prompts.random_move`) reaches the end; every prompt has the one prompt shape
  (`prompts.check_prompt`) and the current prompt id; nobody is asked once it is over;
- every event is plain JSON addressed to the spectators or real seats; each round starts with a
  `round_started` event, numbered from 1;
- the result has the one result shape (`results.RESULT_KEYS`), and `game_over` carries it;
- an illegal move raises IllegalMove and changes nothing anybody can see;
- the record replays to the identical state, and the same seed gives the same match;
- no view and no visible event of the round of any seat or spectator holds a secret
  (`testing.secrets`: what the seat may not know yet in this round);
- the turn clock's default moves, marked `timed_out` (`engine.protocol.TIMED_OUT`), are taken
  by every game, recorded with the mark and replayed;
- seeded matches play exactly as their stored goldens (`tests/golden/`; regenerate with
  `POKERHALL_REGOLD=1`).
"""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path
from typing import Any

import pytest

from pokerhall import games
from pokerhall.engine import prompts, registry
from pokerhall.engine.catalog import GameInfo
from pokerhall.engine.errors import IllegalMove
from pokerhall.engine.events import ROUND_STARTED
from pokerhall.engine.protocol import TIMED_OUT
from pokerhall.engine.results import RESULT_KEYS

MAX_MOVES = 3000
GOLDEN = Path(__file__).parent / "golden"
REGOLD = os.environ.get("POKERHALL_REGOLD") == "1"
JUNK_MOVES: list[Any] = [
    {"type": "__not_a_move__"},
    {"type": "fold", "prompt_id": -1},
    {},
    "fold",
]

CASES = [
    pytest.param(info, ruleset.name, id=f"{info.name}-{ruleset.name}")
    for info in registry.infos()
    for ruleset in info.rulesets
]


def start(info: GameInfo, ruleset: str, count: int, seed: int) -> Any:
    options = {**info.testing.options, "ruleset": ruleset}
    return games.create(info.name, count, options, seed=seed)


def counts(info: GameInfo, ruleset: str) -> list[int]:
    r = info.ruleset(ruleset)
    return sorted({r.min_players, r.max_players})


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


def play(
    game: Any, seed: int, *, checks: bool = True, secrets: bool = False, clock: float = 0.0
) -> None:
    """Random play; with probability `clock` a move is the turn clock's (the marked default)."""
    rng = random.Random(seed)
    info = games.info(game.name)
    for _ in range(MAX_MOVES):
        pending = game.pending()
        if game.over:
            assert pending == {}
            return
        assert pending, "nobody is asked to move, but the game is not over"
        for seat, prompt in pending.items():
            assert 0 <= seat < game.num_seats
            assert prompts.check_prompt(prompt) == []
            assert prompt["prompt_id"] == game.prompt_id
        if secrets:
            check_secrets(game, info)
        seat = rng.choice(sorted(pending))
        if checks and rng.random() < 0.1:
            check_junk_is_refused(game, seat, rng)
        move = prompts.random_move(pending[seat], rng)
        if clock and rng.random() < clock:
            move = {**game.default_move(seat), TIMED_OUT: True}
        logged = len(game.events)
        events = game.act(seat, {**move, "prompt_id": pending[seat]["prompt_id"]})
        assert game.events[logged:] == events
    pytest.fail(f"no end after {MAX_MOVES} random moves")


def check_junk_is_refused(game: Any, seat: int, rng: random.Random) -> None:
    before = observe(game)
    bad_seat = rng.choice([seat, game.num_seats, -1])
    with pytest.raises(IllegalMove) as refused:
        game.act(bad_seat, rng.choice(JUNK_MOVES))
    assert refused.value.reason
    assert observe(game) == before


def check_secrets(game: Any, info: GameInfo) -> None:
    assert info.testing.secrets is not None
    starts = [i for i, e in enumerate(game.events) if e.type == ROUND_STARTED]
    this_round = game.events[starts[-1] if starts else 0 :]  # secrets are the round's own
    for seat in [None, *range(game.num_seats)]:
        hidden = [s for s in info.testing.secrets(game, seat) if s]
        if not hidden:
            continue
        told = json.dumps(
            {
                "view": game.view(seat),
                "events": [e.to_json() for e in this_round if e.visible_to(seat)],
            },
            ensure_ascii=False,
        )
        for secret in hidden:
            pattern = rf"(?<![0-9A-Za-z.]){re.escape(secret)}(?![0-9A-Za-z.])"
            assert not re.search(pattern, told), f"seat {seat} was told the secret {secret!r}"


@pytest.mark.parametrize(("info", "ruleset"), CASES)
def test_random_play_keeps_the_protocol(info: GameInfo, ruleset: str) -> None:
    for count in counts(info, ruleset):
        for seed in (1, 2):
            game = start(info, ruleset, count, seed)
            twin = start(info, ruleset, count, seed)
            assert observe(game) == observe(twin), "the same seed must give the same match"
            play(game, seed)
            for event in game.events:
                json.dumps(event.to_json(), allow_nan=False)
                assert event.to is None or (
                    event.to and all(0 <= s < game.num_seats for s in event.to)
                )
            rounds = [e for e in game.events if e.type == ROUND_STARTED]
            assert [e.data["round"] for e in rounds] == list(range(1, len(rounds) + 1))
            assert all(e.is_public for e in rounds)
            result = game.result
            assert set(RESULT_KEYS) <= set(result)
            assert result["rounds"] == len(rounds)
            assert result["unit"] == info.score_unit
            assert sorted(result["standings"]) == list(range(count))
            assert len(result["places"]) == len(result["scores"]) == count
            assert game.events[-1].type == "game_over"
            assert dict(game.events[-1].data) == result
            assert game.view(None)["result"] == result
            replayed = games.replay(game.record())
            assert observe(replayed) == observe(game)
            assert [e.to_json() for e in replayed.events] == [e.to_json() for e in game.events]


@pytest.mark.parametrize(("info", "ruleset"), CASES)
def test_every_game_takes_the_clocks_marked_default_moves(info: GameInfo, ruleset: str) -> None:
    count = counts(info, ruleset)[0]
    game = start(info, ruleset, count, 3)
    play(game, 3, checks=False, clock=0.3)
    assert any(move.get(TIMED_OUT) is True for _seat, move in game.moves)
    replayed = games.replay(game.record())
    assert observe(replayed) == observe(game)


@pytest.mark.parametrize(("info", "ruleset"), CASES)
def test_no_view_or_event_tells_a_secret(info: GameInfo, ruleset: str) -> None:
    for count in counts(info, ruleset):
        play(start(info, ruleset, count, 3), 3, checks=False, secrets=True)


def changes(before: Any, after: Any, path: str = "") -> dict[str, Any]:
    """What changed between two views, as `dotted.path: new value` (objects are compared key by
    key, anything else whole), so a golden shows each seat's view after every move compactly."""
    if isinstance(before, dict) and isinstance(after, dict):
        out: dict[str, Any] = {}
        for key in sorted(before.keys() | after.keys()):
            here = f"{path}.{key}" if path else str(key)
            if key not in after:
                out[here] = "<gone>"
            elif key not in before:
                out[here] = after[key]
            else:
                out.update(changes(before[key], after[key], here))
        return out
    return {} if before == after else {path: after}


@pytest.mark.parametrize(("info", "ruleset"), CASES)
def test_seeded_matches_play_as_their_goldens(info: GameInfo, ruleset: str) -> None:
    """Per-seat playthroughs of seeded matches, after OpenSpiel's playthrough files: after every
    move, the events each seat (and the spectators, "-") may see and what changed in its view.
    A secret that reaches a seat shows up as a diff of that seat's lines. The smallest table of
    each ruleset: a larger one adds seats, not rules, and would make the files megabytes."""
    for count in counts(info, ruleset)[:1]:
        for seed in (11, 12):
            game = start(info, ruleset, count, seed)
            play(game, seed, checks=False)
            record = game.record()
            twin = start(info, ruleset, count, seed)
            seats: list[int | None] = [None, *range(twin.num_seats)]
            views = {seat: twin.view(seat) for seat in seats}
            steps = []
            for seat, move in record.moves:
                events = twin.act(seat, move)
                step: dict[str, Any] = {"seat": seat, "move": move, "seen": {}}
                for watcher in seats:
                    view = twin.view(watcher)
                    seen = [e.to_json() for e in events if e.visible_to(watcher)]
                    diff = changes(views[watcher], view)
                    views[watcher] = view
                    if seen or diff:
                        step["seen"]["-" if watcher is None else str(watcher)] = {
                            "events": seen,
                            "view": diff,
                        }
                steps.append(step)
            golden = {
                "record": record.to_json(),
                "start": {
                    "-" if s is None else str(s): start(info, ruleset, count, seed).view(s)
                    for s in seats
                },
                "moves": steps,
            }
            path = GOLDEN / f"{info.name}-{ruleset}-{count}-{seed}.json"
            text = json.dumps(golden, indent=1, sort_keys=True) + "\n"
            if REGOLD or not path.exists():
                path.parent.mkdir(exist_ok=True)
                path.write_text(text)
            assert path.read_text() == text, f"{path.name} differs (POKERHALL_REGOLD=1 rewrites)"
