"""The environments (majiang.rl.gym_env, majiang.rl.pettingzoo_env): the peers' own checkers
for every variant, rewards that add up to the settlement, seeds that repeat a match, and a
CI-sized smoke run of the env loop."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from majiang.errors import IllegalActionError, MajiangError
from majiang.game import RandomBot
from majiang.rl.gym_env import ENV_ID, MajiangEnv
from majiang.rl.pettingzoo_env import AGENTS, MajiangAECEnv
from majiang.rl.rewards import Rewards

VARIANTS = ("nanchang", "pingxiang", "nanjing")


@pytest.mark.parametrize("variant", VARIANTS)
def test_gymnasium_check_env(variant: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # only "no spec: cannot test other render modes"
        check_env(MajiangEnv(variant, seat=None, hands=2))
        check_env(MajiangEnv(variant, oracle=True, reward="match"))


@pytest.mark.filterwarnings("ignore:Observation")  # its advice for dict observations
@pytest.mark.parametrize("variant", VARIANTS)
def test_pettingzoo_api_test(variant: str) -> None:
    api_test(MajiangAECEnv(variant, hands=2), num_cycles=200)


def masked_choice(rng: np.random.Generator, mask: np.ndarray) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


@pytest.mark.parametrize("mode", ["hand", "match"])
def test_gym_rewards_are_the_learners_settlements(mode: str) -> None:
    rng = np.random.default_rng(0)
    for episode in range(6):
        env = MajiangEnv("nanchang", seat=episode % 4, hands=3, reward=mode)
        obs, info = env.reset(seed=episode)
        total, rewards, done = 0.0, [], False
        while not done:
            assert (obs["action_mask"] == info["action_mask"]).all() and obs["action_mask"].any()
            obs, r, done, truncated, info = env.step(masked_choice(rng, obs["action_mask"]))
            assert not truncated
            rewards.append(r)
            total += r
        seat = env.seat
        assert total == sum(s.deltas[seat] for s in env.game.settlements) == env.game.scores[seat]
        if mode == "match":
            assert all(r == 0 for r in rewards[:-1])
        assert len(env.game.records) == 3 and not env.game.legal_actions(seat)


def test_gym_seeds_repeat_and_illegal_ids() -> None:
    def run(seed: int) -> list[int]:
        env = gymnasium.make(ENV_ID, variant="pingxiang", seat=2).unwrapped
        obs, _ = env.reset(seed=seed)
        done, trace = False, []
        while not done:
            a = int(np.flatnonzero(obs["action_mask"])[-1])
            trace.append(a)
            obs, _, done, _, _ = env.step(a)
        return trace

    assert run(7) == run(7) and run(7) != run(8)
    env = MajiangEnv(illegal="raise")
    obs, _ = env.reset(seed=1)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = list(env.game.events)
    with pytest.raises(IllegalActionError, match=f"action id {bad} "):
        env.step(bad)
    assert env.game.events == before
    with pytest.raises(IllegalActionError, match="outside"):
        env.step(10_000)


def test_gym_bad_arguments_are_refused() -> None:
    for kwargs in ({"seat": 4}, {"illegal": "ignore"}, {"reward": "round"}, {"bots": [None]}):
        with pytest.raises(MajiangError):
            MajiangEnv(**kwargs)
    with pytest.raises(MajiangError, match="reward_scale"):
        Rewards("hand", "2")  # type: ignore[arg-type]


def test_gym_with_given_bots() -> None:
    bots = [None, RandomBot(1), RandomBot(2), RandomBot(3)]
    env = MajiangEnv("nanjing", seat=0, bots=bots)
    obs, _ = env.reset(seed=0)
    done = False
    while not done:
        obs, _, done, _, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert env.game.over


def test_pettingzoo_rewards_add_up_and_seeds_repeat() -> None:
    def run(seed: int) -> tuple[list[int], dict[str, float]]:
        env = MajiangAECEnv("nanjing", hands=2)
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        totals = dict.fromkeys(AGENTS, 0.0)
        trace = []
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, _ = env.last()
            totals[agent] += reward
            if terminated or truncated:
                env.step(None)
                continue
            a = masked_choice(rng, obs["action_mask"])
            trace.append(a)
            env.step(a)
        assert [totals[a] for a in AGENTS] == [float(s) for s in env.game.scores]
        return trace, totals

    assert run(3) == run(3) and run(3)[0] != run(4)[0]


def test_smoke_run_of_the_env_loop() -> None:
    """A CI-sized run of the loop a learner runs: 20 episodes, masked random actions."""
    env = MajiangEnv("nanchang", seat=None)
    rng = np.random.default_rng(1)
    steps = 0
    obs, _ = env.reset(seed=11)
    for _ in range(20):
        done = False
        while not done:
            obs, _, done, _, _ = env.step(masked_choice(rng, obs["action_mask"]))
            steps += 1
        obs, _ = env.reset()
    assert steps > 100
