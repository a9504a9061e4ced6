"""Every pokerhall game as a PettingZoo AEC environment (docs/rl.md).

One agent per seat, `player_0` ... Whoever the game asks to move is `agent_selection`; when it
asks several seats at once (QuizPoker's secret guesses, Slovní poker's sealed declarations and
exchanges), they answer one after another by seat, and the game itself keeps each answer out of
the later seats' views until it is shown to everyone, as the server does. The reward is 0 until
the match is over, then each seat's final score minus its starting score (chips or points).
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger

from pokerhall import games
from pokerhall.engine import registry
from pokerhall.engine.errors import IllegalMove, PokerhallError
from pokerhall.engine.events import JSON
from pokerhall.engine.protocol import Game
from pokerhall.engine.rng import MAX_SEED, new_seed
from pokerhall.games.quizpoker.bots.knowledge import LEVELS
from pokerhall.rl.buckets import BUCKETS, Buckets, Move, QuizPokerBuckets
from pokerhall.rl.encoding import DEFAULT_SIZE, Encoder, path_hash

Observation = dict[str, NDArray[Any]]
RENDER_MODES = ("ansi", "human")


class IllegalAction(PokerhallError, ValueError):
    """An action (or exact move) the current prompt does not allow; nothing has changed.

    `legal` names the actions that are allowed now (their ids and bucket names)."""

    def __init__(self, reason: str, legal: Mapping[int, str]) -> None:
        listed = ", ".join(f"{i} {name}" for i, name in legal.items())
        super().__init__(f"{reason}; legal actions now: {listed or 'none'}")
        self.reason = reason
        self.legal = dict(legal)


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class RawEnv(AECEnv[str, Observation, int]):
    """A pokerhall match as an AEC environment; see `pokerhall.rl.env` for the arguments."""

    metadata = {  # noqa: RUF012 (PettingZoo reads it from the class)
        "name": "pokerhall_v0",
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        ruleset: str | None = None,
        seats: int | None = None,
        *,
        render_mode: str | None = None,
        knowledge: str = "casual",
        obs_size: int = DEFAULT_SIZE,
        max_steps: int | None = None,
        render_seat: int | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        info = games.info(game)
        ruleset = ruleset or registry.preset(game).get("ruleset") or info.rulesets[0].name
        rules = info.ruleset(ruleset)
        self.seats = seats if seats is not None else rules.min_players
        info.check_players(rules, self.seats)
        self.game_name = info.name
        self.ruleset = rules.name
        self.options: dict[str, Any] = {**options, "ruleset": rules.name}
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)}")
        self.render_mode = render_mode
        self.render_seat = render_seat
        self.obs_size = obs_size
        self.max_steps = max_steps
        if knowledge not in LEVELS:
            raise ValueError(f"knowledge must be one of {', '.join(LEVELS)}, got {knowledge!r}")
        self.knowledge = knowledge
        self.possible_agents = [agent_name(seat) for seat in range(self.seats)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.game: Game[Any] = games.create(self.game_name, self.seats, self.options, seed=0)
        self.buckets = self._buckets()
        self.skip = frozenset(path_hash(path) for path in self.buckets.skip)
        self.encoder = Encoder(obs_size, self.skip)
        self.action_names: tuple[str, ...] = self.buckets.names
        n = len(self.action_names)
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, shape=(obs_size,), dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, shape=(n,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._seeds: np.random.Generator | None = None
        self._moves: tuple[int, int, list[Move]] | None = None
        self._flags: tuple[int, int, list[bool]] | None = None
        self._views: dict[int, tuple[int, JSON]] = {}
        self.agents: list[str] = []
        self.agent_selection = self.possible_agents[0]

    def _buckets(self) -> Buckets:
        make = BUCKETS[self.game_name]
        if make is QuizPokerBuckets:
            return QuizPokerBuckets(self.game, self.seats, self.knowledge)
        return make(self.game, self.seats)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # --- episodes ----------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new match. `seed` is the match seed itself (`games.create(..., seed=seed)`); without
        one, the next seed of the last seeded reset's sequence, or a fresh one. `options` is
        PettingZoo's and unused: a game's options are the environment's."""
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
            match_seed = int(seed)
        elif self._seeds is not None:
            match_seed = int(self._seeds.integers(0, MAX_SEED))
        else:
            match_seed = new_seed()
        self.game = games.create(self.game_name, self.seats, self.options, seed=match_seed)
        self.buckets = self._buckets()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, JSON] = {agent: {} for agent in self.agents}
        self.steps = 0
        self._start = self.buckets.start_score(self.game)
        self._moves = None
        self._flags = None
        self._views = {}
        self._select()

    def _select(self) -> None:
        """The next seat asked to move (the lowest of several asked at once)."""
        pending = self.game.pending()
        if pending:
            self.agent_selection = self.possible_agents[min(pending)]

    # --- what an agent sees --------------------------------------------------------------------

    def observe_raw(self, agent: str) -> JSON:
        """The seat's view, exactly as the game (and the server) gives it to that seat."""
        seat = self._seat[agent]
        version = self.game._version
        cached = self._views.get(seat)
        if cached is None or cached[0] != version:
            cached = (version, self.game.view(seat))
            self._views[seat] = cached
        return cached[1]

    def observe(self, agent: str) -> Observation:
        seat = self._seat[agent]
        view = self.observe_raw(agent)
        extra = self.buckets.extra(self.game, seat)
        return {
            "observation": self.encoder(view, extra),
            "action_mask": self.action_mask(agent),
        }

    def action_mask(self, agent: str) -> NDArray[np.int8]:
        """1 for each action the agent may take now (all 0 when it is not asked)."""
        return np.array(self._mask(agent), dtype=np.int8)

    def _mask(self, agent: str) -> list[bool]:
        """`legal_moves` as flags; from the buckets' own mask when they make it without every
        move (`Buckets.on_demand`)."""
        if not self.buckets.on_demand:
            return [m is not None for m in self.legal_moves(agent)]
        seat = self._seat[agent]
        version = self.game._version
        if self._flags is not None and self._flags[:2] == (version, seat):
            return self._flags[2]
        prompt = self.game.pending().get(seat) if agent in self.agents else None
        if prompt is None:
            flags = [False] * len(self.action_names)
        else:
            flags = self.buckets.mask(self.game, seat, prompt, lambda: self.observe_raw(agent))
        self._flags = (version, seat, flags)
        return flags

    def _move(self, agent: str, index: int) -> Move:
        """`legal_moves(agent)[index]` (None for an index out of range), making that move alone
        when the buckets can."""
        if not 0 <= index < len(self.action_names):
            return None
        if not self.buckets.on_demand:
            return self.legal_moves(agent)[index]
        if not self._mask(agent)[index]:
            return None
        seat = self._seat[agent]
        prompt = self.game.pending()[seat]
        return self.buckets.move(self.game, seat, prompt, lambda: self.observe_raw(agent), index)

    def legal_moves(self, agent: str) -> list[Move]:
        """The exact move each action stands for now (None: not allowed)."""
        seat = self._seat[agent]
        version = self.game._version
        if self._moves is not None and self._moves[:2] == (version, seat):
            return self._moves[2]
        prompt = self.game.pending().get(seat) if agent in self.agents else None
        if prompt is None:
            moves: list[Move] = [None] * len(self.action_names)
        else:
            moves = self.buckets.moves(self.game, seat, prompt, lambda: self.observe_raw(agent))
        self._moves = (version, seat, moves)
        return moves

    def _legal(self, agent: str) -> dict[int, str]:
        moves = self.legal_moves(agent)
        return {i: self.action_names[i] for i, m in enumerate(moves) if m is not None}

    # --- acting --------------------------------------------------------------------------------

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations.get(agent) or self.truncations.get(agent):
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalAction(
                f"{agent} must act: None is for agents that are done", self._legal(agent)
            )
        index = int(action)
        move = self._move(agent, index)
        if move is None:
            name = self.action_names[index] if 0 <= index < len(self.action_names) else "unknown"
            raise IllegalAction(
                f"action {index} ({name}) is not allowed for {agent} now", self._legal(agent)
            )
        self._play(agent, move)

    def step_move(self, move: Mapping[str, Any]) -> None:
        """Make an exact move (the game's JSON move, `{"type": "raise", "to": 240}`) for the
        agent to act; IllegalAction with the game's reason if the rules refuse it."""
        agent = self.agent_selection
        if agent not in self.agents or self.terminations[agent] or self.truncations[agent]:
            raise IllegalAction(f"{agent} is done and may not move", {})
        self._play(agent, move)

    def _play(self, agent: str, move: Mapping[str, Any]) -> None:
        seat = self._seat[agent]
        try:
            self.game.act(seat, move)
        except IllegalMove as exc:
            raise IllegalAction(exc.reason, self._legal(agent)) from None
        self.steps += 1
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if self.game.over:
            result = self.game.result or {}
            for other, score in zip(self.agents, result.get("scores", ()), strict=False):
                self.rewards[other] = float(score) - self._start
                self.infos[other] = {"result": result}
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_steps is not None and self.steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # --- rendering -----------------------------------------------------------------------------

    def render(self) -> str | None:
        """The table as the terminal draws it (the game's terminal module, `pokerhall play`),
        from the spectators' view unless `render_seat` names a seat."""
        if self.render_mode is None:
            return None
        from rich.console import Console

        from pokerhall.cli.seam import terminal_for

        terminal = terminal_for(games.info(self.game_name))
        buffer = io.StringIO()
        console = Console(file=buffer, width=100, highlight=False, color_system=None)
        console.print(terminal.render(self.game.view(self.render_seat), {}))
        text = buffer.getvalue()
        if self.render_mode == "human":
            print(text, end="")
            return None
        return text

    def close(self) -> None:
        pass


def raw_env(
    game: str, ruleset: str | None = None, seats: int | None = None, **options: Any
) -> RawEnv:
    """The unwrapped environment (`RawEnv`)."""
    return RawEnv(game, ruleset, seats, **options)


class OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's order-enforcing wrapper, with the attributes every step reads (`last`, the
    agents, whose turn it is, the rewards and flags) passed through directly rather than by
    its `__getattr__`, which is a tenth of a step's time; the checks are the same."""

    def _checked(self, name: str) -> Any:
        if not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self.env, name)

    def last(self, observe: bool = True) -> tuple[Observation | None, float, bool, bool, JSON]:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        found: tuple[Observation | None, float, bool, bool, JSON] = self.env.last(observe)
        return found

    @property
    def agents(self) -> list[str]:
        found: list[str] = self._checked("agents")
        return found

    @property
    def agent_selection(self) -> str:
        found: str = self._checked("agent_selection")
        return found

    @property
    def rewards(self) -> dict[str, float]:
        found: dict[str, float] = self._checked("rewards")
        return found

    @property
    def terminations(self) -> dict[str, bool]:
        found: dict[str, bool] = self._checked("terminations")
        return found

    @property
    def truncations(self) -> dict[str, bool]:
        found: dict[str, bool] = self._checked("truncations")
        return found

    @property
    def infos(self) -> dict[str, JSON]:
        found: dict[str, JSON] = self._checked("infos")
        return found


def env(game: str, ruleset: str | None = None, seats: int | None = None, **options: Any) -> Any:
    """`raw_env` in PettingZoo's order-enforcing wrapper (attributes such as `step_move`,
    `observe_raw` and `action_names` reach the raw environment through it)."""
    return OrderEnforcing(raw_env(game, ruleset, seats, **options))


__all__ = ["MAX_SEED", "IllegalAction", "RawEnv", "env", "raw_env"]
