"""The learning layer keeps the libraries' conventions (issue 25 item 19): ``gymnasium.make``
after ``import majiang.rl``, PettingZoo's ``env()`` wrapped as the convention wraps it with
positional arguments, render modes, and a Gymnasium ``VectorEnv`` form of VectorGame."""

from __future__ import annotations

import subprocess
import sys
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.wrappers.vector import RecordEpisodeStatistics
from pettingzoo.test import api_test, render_test
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

import majiang.rl
from majiang.errors import IllegalActionError, MajiangError
from majiang.rl import ENV_ID, VectorGame
from majiang.rl.gym_vector import MajiangVectorEnv
from majiang.rl.pettingzoo_env import MajiangAECEnv, env, raw_env

VARIANTS = ("nanchang", "pingxiang", "nanjing", "sichuan", "gb")


def test_import_majiang_rl_registers_the_env() -> None:
    """In a fresh process: no environment module imported, yet ``make`` and ``make_vec``."""
    code = (
        "import sys, gymnasium, majiang.rl\n"
        "gymnasium.register_envs(majiang.rl)\n"
        "assert 'majiang.rl.gym_env' not in sys.modules\n"
        "e = gymnasium.make('majiang/Majiang-v0', variant='gb')\n"
        "assert e.unwrapped.variant == 'gb'\n"
        "v = gymnasium.make_vec('majiang/Majiang-v0', num_envs=2,"
        " vectorization_mode='vector_entry_point')\n"
        "print(type(v.unwrapped).__name__, v.num_envs)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["MajiangVectorEnv", "2"]


def test_the_registered_env_passes_check_env() -> None:
    gymnasium.register_envs(majiang.rl)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(gymnasium.make(ENV_ID, variant="sichuan").unwrapped)


def test_env_is_wrapped_and_takes_positional_arguments() -> None:
    e = env("pingxiang", hands=2)
    assert isinstance(e, OrderEnforcingWrapper) and raw_env is MajiangAECEnv
    assert e.unwrapped.variant == "pingxiang" and e.unwrapped.hands == 2
    with pytest.raises(Exception, match="reset"):  # the wrapper's order, before reset
        e.step(0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env("gb"), num_cycles=100)


def test_render_modes() -> None:
    assert MajiangAECEnv.metadata["render_modes"] == ["ansi", "human"]
    render_test(MajiangAECEnv)
    e = MajiangAECEnv("nanjing", render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert isinstance(text, str) and text.startswith("nanjing: ")
    hands = [e.game.observation(s).hand for s in range(4)]
    assert not any(h in text for h in hands)  # the public table: nobody's hand
    with pytest.raises(MajiangError, match=r"^render_mode"):
        MajiangAECEnv(render_mode="rgb_array")


# ------------------------------------------------------------------ the VectorEnv form
@pytest.mark.parametrize("variant", VARIANTS)
def test_vector_env_keeps_the_vector_contract(variant: str) -> None:
    """What gymnasium's VectorEnv promises (gymnasium has no vector checker): the batched
    spaces hold every observation and action, reset and step are the five-tuple, seeds
    repeat, SAME_STEP autoreset gives the final observation, and VectorGame's steps."""
    venv = MajiangVectorEnv(3, variant, hands=1)
    assert isinstance(venv, VectorEnv)
    assert venv.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    obs, info = venv.reset(seed=2)
    again, _ = venv.reset(seed=2)
    assert all((obs[k] == again[k]).all() for k in obs)
    assert obs in venv.observation_space
    twin = VectorGame(3, variant, seed=2)
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(400):
        assert (obs["action_mask"].astype(bool) == twin.observe()[1]).all()
        assert (info["seat"] == twin.seats).all()
        acting = twin.seats.copy()
        masks = obs["action_mask"]
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        assert actions in venv.action_space
        obs, reward, terminated, truncated, info = venv.step(actions)
        _, _, rewards, dones = twin.step(actions)
        assert obs in venv.observation_space
        assert reward.dtype == np.float32 and reward.shape == (3,)
        assert (reward == rewards[np.arange(3), acting]).all()
        assert (info["rewards"] == rewards).all() and (info["acted"] == acting).all()
        assert (terminated == dones).all() and not truncated.any()
        if terminated.any():
            finished += int(terminated.sum())
            assert (info["_final_obs"] == terminated).all()
            for i in np.flatnonzero(terminated):
                assert info["final_obs"][i] in venv.single_observation_space
    assert finished > 0


def test_vector_env_under_gymnasium_wrappers_and_errors() -> None:
    venv = RecordEpisodeStatistics(MajiangVectorEnv(2, "nanjing"))
    obs, _ = venv.reset(seed=0)
    episodes = 0
    for _ in range(300):
        obs, _, _, _, info = venv.step(obs["action_mask"].argmax(axis=1))
        if "episode" in info:
            episodes += int(info["_episode"].sum())
    assert episodes > 0
    bare = MajiangVectorEnv(2)
    bare.reset(seed=1)
    before = [g.snapshot() for g in bare.vector.games]
    for bad in ([105, 105], [0.5, 1.5], [1]):
        with pytest.raises(MajiangError):
            bare.step(bad)
    assert [g.snapshot() for g in bare.vector.games] == before
    with pytest.raises(IllegalActionError):
        bare.step([105, 105])
    for kwargs in ({"num_envs": 0}, {"oracle": "false"}, {"render_mode": "human"}):
        with pytest.raises(MajiangError):
            MajiangVectorEnv(**kwargs)
    with pytest.raises(MajiangError, match=r"^seed"):
        bare.reset(seed=-1)
    text = MajiangVectorEnv(2, render_mode="ansi")
    text.reset(seed=0)
    frames = text.render()
    assert frames is not None and len(frames) == 2 and all(f.startswith("nanchang") for f in frames)
