"""Reinforcement learning: every game and ruleset as a PettingZoo environment (docs/rl.md).

    from pokerhall import rl

    env = rl.env("quizpoker", seats=3, starting_stack=1000)   # any game option as a keyword
    env.reset(seed=7)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        ...

Needs the optional extra `[rl]` (PettingZoo, Gymnasium). A layer above the games, beside the
CLI: nothing below imports it.
"""

from pokerhall.rl.aec import IllegalAction, RawEnv, env, raw_env
from pokerhall.rl.parallel import ParallelEnv, parallel_env

__all__ = ["IllegalAction", "ParallelEnv", "RawEnv", "env", "parallel_env", "raw_env"]
