"""The engine's random bot plays any registered game to its end from prompts alone."""

from __future__ import annotations

import pytest

from pokerhall import games
from pokerhall.engine import registry
from pokerhall.engine.bots import RandomBot
from pokerhall.engine.catalog import GameInfo

INFOS = [pytest.param(info, id=info.name) for info in registry.infos()]


@pytest.mark.parametrize("info", INFOS)
def test_the_random_bot_plays_every_game_to_the_end(info: GameInfo) -> None:
    count = info.rulesets[0].min_players
    game = games.create(info.name, count, dict(info.testing.options), seed=5)
    bots = [RandomBot(seat) for seat in range(count)]
    for _ in range(20_000):
        if game.over:
            break
        seat, prompt = next(iter(game.pending().items()))
        game.act(seat, bots[seat].choose(game.view(seat), prompt))
    assert game.over
    assert game.result is not None


def test_the_random_bot_is_seeded() -> None:
    prompt = {
        "type": "pick",
        "prompt_id": 0,
        "moves": [{"type": "take", "params": {"n": {"kind": "int", "min": 1, "max": 99}}}],
        "default": {"type": "take", "n": 1},
    }
    first = [RandomBot(7).choose({}, prompt) for _ in range(3)]
    assert first == [RandomBot(7).choose({}, prompt) for _ in range(3)]
    assert all(1 <= move["n"] <= 99 for move in first)
