"""The parallel form: each step answers every seat the game is asking now at once.

Where a game asks several seats together (QuizPoker's secret guesses, Slovní poker's sealed
declarations, exchanges and words) they all act in one step, as at the table; elsewhere a step
is the one seat asked. Every live agent is in `agents` and observes every step; the action of an
agent that is not asked is ignored (its mask is all zeros). Actions are carried out by seat
through the AEC environment, so the secrecy is the same.
"""

from __future__ import annotations

from typing import Any

from gymnasium import spaces
from pettingzoo import ParallelEnv as PettingZooParallelEnv

from pokerhall.engine.events import JSON
from pokerhall.rl.aec import IllegalAction, Observation, RawEnv


class ParallelEnv(PettingZooParallelEnv[str, Observation, int]):
    metadata = {"name": "pokerhall_parallel_v0", "render_modes": ["ansi", "human"]}  # noqa: RUF012

    def __init__(self, aec: RawEnv) -> None:
        self.aec = aec
        self.possible_agents = list(aec.possible_agents)
        self.agents: list[str] = []
        self.render_mode = aec.render_mode

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.aec.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.aec.action_space(agent)

    def asked(self) -> list[str]:
        """The agents the game asks to move now."""
        return [self.possible_agents[seat] for seat in sorted(self.aec.game.pending())]

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, JSON]]:
        self.aec.reset(seed=seed, options=options)
        self.agents = list(self.aec.agents)
        return {a: self.aec.observe(a) for a in self.agents}, {a: {} for a in self.agents}

    def step(
        self, actions: dict[str, int]
    ) -> tuple[
        dict[str, Observation],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, JSON],
    ]:
        aec = self.aec
        asked = self.asked()
        missing = [a for a in asked if actions.get(a) is None]
        if missing:
            raise IllegalAction(f"{', '.join(missing)} must act", {})
        rewards = dict.fromkeys(self.agents, 0.0)
        for agent in asked:
            if aec.game.over or aec.truncations[agent]:
                break
            aec.agent_selection = agent
            aec.step(actions[agent])
            for other, reward in aec.rewards.items():
                rewards[other] += reward
        observations = {a: aec.observe(a) for a in self.agents}
        terminations = {a: aec.terminations[a] for a in self.agents}
        truncations = {a: aec.truncations[a] for a in self.agents}
        infos: dict[str, JSON] = {a: dict(aec.infos[a]) for a in self.agents}
        if aec.game.over or any(truncations.values()):
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        return self.aec.render()

    def close(self) -> None:
        self.aec.close()

    def state(self) -> Any:
        raise NotImplementedError("a seat's observation is all there is: no global state")


def parallel_env(
    game: str, ruleset: str | None = None, seats: int | None = None, **options: Any
) -> ParallelEnv:
    """The game as a PettingZoo `ParallelEnv` (the arguments of `pokerhall.rl.env`)."""
    return ParallelEnv(RawEnv(game, ruleset, seats, **options))
