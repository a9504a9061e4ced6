"""pokerhall.rl: PettingZoo's own API and seed tests for every game and ruleset, secrecy (an
observation is a function of the seat's view alone, and a simultaneous answer leaves the later
seats' observations as they were), illegal actions, exact moves, and rewards that match the
game's result."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

with warnings.catch_warnings():  # its classic games warn of their old creation API on import
    warnings.simplefilter("ignore", DeprecationWarning)
    from pettingzoo.test import api_test, parallel_api_test, seed_test

from pokerhall import rl
from pokerhall.engine import registry
from pokerhall.rl.aec import agent_name
from pokerhall.rl.encoding import encode

CASES = [
    pytest.param(info.name, ruleset.name, seats, id=f"{info.name}-{ruleset.name}-{seats}")
    for info in registry.infos()
    for ruleset in info.rulesets
    for seats in sorted({ruleset.min_players, min(ruleset.max_players, 4)})
]


def make(game: str, ruleset: str, seats: int, **extra: Any) -> Any:
    options = dict(registry.info(game).testing.options)
    return rl.env(game, ruleset, seats, **options, **extra)


def random_action(env: Any, rng: np.random.Generator) -> int | None:
    obs, _, terminated, truncated, _ = env.last()
    if terminated or truncated:
        return None
    return int(rng.choice(np.flatnonzero(obs["action_mask"])))


def play_out(env: Any, seed: int) -> dict[str, float]:
    """A random game to the end; each agent's reward as `last` reports it when it is done."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    final: dict[str, float] = {}
    for agent in env.agent_iter(20_000):
        _, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            final[agent] = reward
        env.step(random_action(env, rng))
    return final


# PettingZoo's advice for a Dict observation (an observation and its action mask, as its own
# classic card games have, which it lists by name as exceptions).
DICT_ADVICE = (
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
)


@pytest.mark.filterwarnings(*DICT_ADVICE)
@pytest.mark.parametrize(("game", "ruleset", "seats"), CASES)
def test_pettingzoo_api(game: str, ruleset: str, seats: int) -> None:
    api_test(make(game, ruleset, seats), num_cycles=200)


@pytest.mark.parametrize(("game", "ruleset", "seats"), CASES)
def test_pettingzoo_seed(game: str, ruleset: str, seats: int) -> None:
    seed_test(lambda: make(game, ruleset, seats), num_cycles=200)


@pytest.mark.parametrize(("game", "ruleset", "seats"), CASES)
def test_random_game_rewards_are_the_result(game: str, ruleset: str, seats: int) -> None:
    env = make(game, ruleset, seats)
    final = play_out(env, seed=3)
    raw = env.unwrapped
    result = raw.game.result
    assert raw.game.over
    assert result is not None
    start = raw.buckets.start_score(raw.game)
    assert final == {
        agent_name(seat): float(score) - start for seat, score in enumerate(result["scores"])
    }
    assert not env.agents


@pytest.mark.parametrize(("game", "ruleset", "seats"), CASES)
def test_observation_is_the_seats_view_only(game: str, ruleset: str, seats: int) -> None:
    """The raw observation is the game's view for that seat (what the server sends it, whose
    secrecy tests/test_conformance.py checks), and the vector is that view's encoding (with the
    seat's own knowledge, in QuizPoker)."""
    env = make(game, ruleset, seats)
    raw = env.unwrapped
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    for agent in env.agent_iter(400):
        seat = int(agent.removeprefix("player_"))
        view = raw.game.view(seat)
        assert raw.observe_raw(agent) == view
        obs = raw.observe(agent)
        expected = encode(view, raw.buckets.extra(raw.game, seat), raw.obs_size, raw.skip)
        assert np.array_equal(obs["observation"], expected)
        env.step(random_action(env, rng))


SIMULTANEOUS = [
    pytest.param("quizpoker", "quizpoker", 3, id="quizpoker-guesses"),
    pytest.param("wordpoker", "slovni", 3, id="wordpoker-sealed"),
]


@pytest.mark.parametrize(("game", "ruleset", "seats"), SIMULTANEOUS)
def test_simultaneous_answers_stay_hidden_from_later_seats(
    game: str, ruleset: str, seats: int
) -> None:
    """Q2, W6: seats asked at once answer in seat order, and what a later seat observes is the
    same before and after an earlier seat's answer (its mask too)."""
    env = make(game, ruleset, seats)
    raw = env.unwrapped
    rng = np.random.default_rng(1)
    checked = 0
    for seed in range(6):
        env.reset(seed=seed)
        for _agent in env.agent_iter(2_000):
            pending = raw.game.pending()
            later = [raw.possible_agents[s] for s in sorted(pending)[1:]]
            before = {a: raw.observe(a) for a in later}
            prompt_id = raw.game.prompt_id
            action = random_action(env, rng)
            env.step(action)
            if action is None or raw.game.over or raw.game.prompt_id != prompt_id:
                continue  # a fold or a pass is public: the others' prompts change
            for other in later:
                if int(other.removeprefix("player_")) in raw.game.pending():
                    after = raw.observe(other)
                    assert np.array_equal(after["observation"], before[other]["observation"])
                    assert np.array_equal(after["action_mask"], before[other]["action_mask"])
                    checked += 1
    assert checked > 0


@pytest.mark.parametrize("ruleset", ["quizpoker", "duell"])
def test_another_seats_guess_changes_nothing_a_seat_observes(ruleset: str) -> None:
    """Q2, QP3: two matches alike but for seat 0's guess (its lowest and its highest bucket)
    look the same to every other seat until the guesses are shown."""
    a, b = make("quizpoker", ruleset, 3), make("quizpoker", ruleset, 3)
    a.reset(seed=11)
    b.reset(seed=11)
    names = a.unwrapped.action_names
    low, high = names.index("guess_-2w"), names.index("guess_+2w")
    first = a.agent_selection
    a.step(low)
    b.step(high)
    assert a.unwrapped.game.view(int(first[-1])) != b.unwrapped.game.view(int(first[-1]))
    rng = np.random.default_rng(0)
    compared = 0
    while not a.unwrapped.game.hand.shown and not a.unwrapped.game.over:
        agent = a.agent_selection
        assert agent == b.agent_selection
        for other in a.agents:
            if other != first:
                seen_a, seen_b = a.observe(other), b.observe(other)
                assert np.array_equal(seen_a["observation"], seen_b["observation"])
                assert np.array_equal(seen_a["action_mask"], seen_b["action_mask"])
                compared += 1
        mask = a.observe(agent)["action_mask"]
        action = int(rng.choice(np.flatnonzero(mask)))
        if agent == first:  # seat 0's own moves may differ (its guess differs): check or call
            action = names.index("check_call") if mask[names.index("check_call")] else action
        a.step(action)
        b.step(action)
    assert compared > 0


@pytest.mark.parametrize(("game", "ruleset", "seats"), CASES)
def test_a_masked_action_is_refused_and_changes_nothing(
    game: str, ruleset: str, seats: int
) -> None:
    env = make(game, ruleset, seats)
    raw = env.unwrapped
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    for _ in range(200):  # to a prompt that leaves out some buckets
        agent = env.agent_selection
        mask = env.observe(agent)["action_mask"]
        masked = np.flatnonzero(mask == 0)
        if masked.size:
            break
        env.step(random_action(env, rng))
    assert masked.size
    before = (raw.game.state_id, raw.game.view(None), env.agent_selection)
    with pytest.raises(rl.IllegalAction) as refused:
        env.step(int(masked[0]))
    for index in np.flatnonzero(mask):
        assert f"{index} {raw.action_names[index]}" in str(refused.value)
    assert set(refused.value.legal) == {int(i) for i in np.flatnonzero(mask)}
    with pytest.raises(rl.IllegalAction):
        env.step_move({"type": "no_such_move"})
    with pytest.raises(rl.IllegalAction, match="legal actions now: "):
        env.step(None)  # None is for an agent that is done
    with pytest.raises(rl.IllegalAction, match="unknown"):
        env.step(len(raw.action_names))
    assert (raw.game.state_id, raw.game.view(None), env.agent_selection) == before


def test_step_move_makes_an_exact_move() -> None:
    """The text interface: any legal move, here an exact QuizPoker guess no bucket makes."""
    env = make("quizpoker", "quizpoker", 2)
    env.reset(seed=4)
    env.step_move({"type": "guess", "value": "123.456"})
    assert env.unwrapped.game.view(0)["you"]["guess"] == "123.456"


def test_each_action_is_its_moves_bucket() -> None:
    """A bucket's move is what stepping its action makes."""
    env = make("palace", "palace", 3)
    raw = env.unwrapped
    env.reset(seed=8)
    agent = env.agent_selection
    moves = raw.legal_moves(agent)
    index = next(i for i, m in enumerate(moves) if m is not None and m["type"] == "battle")
    env.step(index)
    assert raw.game.moves[-1][1] == moves[index]


def test_render_is_the_terminal_table() -> None:
    env = make("detective", "detective", 3, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str)
    assert "Player 1" in text


def test_parallel_env_answers_simultaneous_prompts_together() -> None:
    options = dict(registry.info("quizpoker").testing.options)
    par = rl.parallel_env("quizpoker", "quizpoker", 3, **options)
    parallel_api_test(par, num_cycles=100)
    observations, _ = par.reset(seed=3)
    assert all(observations[a]["action_mask"].any() for a in par.agents)  # every guess at once
