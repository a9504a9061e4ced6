"""pokerhall.rl: what an agent observes and may do is pinned. For every game and ruleset, a
seeded random game's observation vectors and action masks (every agent's, after every step),
the exact moves the actions stand for, the rewards and the flags hash to a checksum recorded
from the environment before its speed-ups (docs/rl.md): a faster env must see the same.

Re-recorded for QuizPoker when its result gained `asked_questions` (QP8): the game-over view
carries the result, so its observations changed with it; nothing else did."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pokerhall import rl
from pokerhall.engine import registry

STEPS = 400
"""Steps per case (the next seeded episode follows a finished one)."""

GOLDEN = {
    "quizpoker-quizpoker-2": "270ceaa7c5741fab2876a8fef89772cf48fe75356ac6e59f86de493562b3e6ea",
    "quizpoker-quizpoker-4": "db00dc23235e213ec753719fb67ee98eb1022500cbe758b27a9a132385b15460",
    "quizpoker-duell-3": "91191db2a0f93a4f41577fc0bb23e724291a2df4fdc18f90e6fa9e9e24ed210e",
    "quizpoker-duell-4": "ac8b122b6513a23dd9a8bafe991d253d5f1419361b9b3e3cc7eff872209892e5",
    "detective-detective-3": "520c702e14473c0c68c3fd4dbb38e0073d34f3393aa59305b1edb1b734a47160",
    "detective-detective-4": "0e86850ef86a0b435120d69fcaa8a3a32af27c7e6b4602db60f5f442d5c5253d",
    "detective-expert-3": "6560b6176f13cb8e1d8585e14979934bc3c2da0f23b43acd6c636b0774049508",
    "detective-expert-4": "7f303ee56be3a4d0f00c7612c35ec23fc340503378da466da69ee16d6b3b8f54",
    "palace-palace-2": "64bc31bdb5c35a734b5ca0b867872c83d5dd8b94910bc7bd365d1a6434c375c1",
    "palace-palace-4": "7d8f516ec07946f8f897457af56041ec6c8e5a04d34285fc98b9757f6b671479",
    "wordpoker-slovni-2": "fa967e771f3f1a2503c51c8e45d0e21f5b91b5ee52ba179312ba9eaa4cac9d51",
    "wordpoker-slovni-4": "dae00619f9449ae10b7ccef3c91771a9790b2062e04040dd104681c2d09234ff",
}

CASES = [
    pytest.param(info.name, ruleset.name, seats, id=f"{info.name}-{ruleset.name}-{seats}")
    for info in registry.infos()
    for ruleset in info.rulesets
    for seats in sorted({ruleset.min_players, min(ruleset.max_players, 4)})
]


def checksum(game: str, ruleset: str, seats: int) -> str:
    options = dict(registry.info(game).testing.options)
    env: Any = rl.env(game, ruleset, seats, **options)
    digest = hashlib.sha256()
    rng = np.random.default_rng(7)
    episode = 0
    env.reset(seed=episode)
    for _ in range(STEPS):
        if not env.agents:
            episode += 1
            env.reset(seed=episode)
        agent = env.agent_selection
        for other in env.agents:  # every agent's, the one to act last (as `last` asks)
            if other != agent:
                obs = env.observe(other)
                digest.update(obs["observation"].tobytes() + obs["action_mask"].tobytes())
        obs, reward, terminated, truncated, _ = env.last()
        digest.update(obs["observation"].tobytes() + obs["action_mask"].tobytes())
        digest.update(f"{agent}:{reward!r}:{terminated}:{truncated}".encode())
        if terminated or truncated:
            env.step(None)
            continue
        moves = env.unwrapped.legal_moves(agent)
        digest.update(json.dumps(moves, sort_keys=True).encode())
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return digest.hexdigest()


@pytest.mark.parametrize(("game", "ruleset", "seats"), CASES)
def test_seeded_observations_match_the_recorded_checksum(
    game: str, ruleset: str, seats: int
) -> None:
    assert checksum(game, ruleset, seats) == GOLDEN[f"{game}-{ruleset}-{seats}"]


if __name__ == "__main__":  # print the table afresh: python tests/rl/test_observation_golden.py
    for case in CASES:
        game, ruleset, seats = case.values
        print(f'    "{game}-{ruleset}-{seats}": "{checksum(game, ruleset, seats)}",')
