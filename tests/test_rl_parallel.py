"""The PettingZoo ParallelEnv (majiang.rl.parallel_env): PettingZoo's own API test for every
variant, every action checked before any is applied, and hidden information: in a claim
window (read from the true state) no seat's observation or info says which other seats are
asked."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test
from test_hidden_information import check_view

from majiang.errors import IllegalActionError, MajiangError
from majiang.rl import encode, legal_mask
from majiang.rl.parallel_env import AGENTS, NOOP_ID, MajiangParallelEnv, parallel_env

VARIANTS = ("nanchang", "pingxiang", "nanjing", "sichuan", "gb")


@pytest.mark.parametrize("variant", VARIANTS)
def test_parallel_api_test(variant: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice for dict observations
        parallel_api_test(MajiangParallelEnv(variant, hands=2), num_cycles=300)


def random_actions(rng: np.random.Generator, obs: dict[str, Any]) -> dict[str, int]:
    return {a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in obs.items()}


@pytest.mark.parametrize("variant", VARIANTS)
def test_no_seat_learns_who_else_is_asked(variant: str) -> None:
    """At every step of random matches, from the true state: each seat's observation is its
    own encoding, its mask its own legal ids when the game asks it and the no-op alone when
    not (whoever else is asked), and its info is empty; in a claim window each seat's view
    is what ``test_hidden_information.check_view`` computes from the state without the
    claimants. Claim windows with one asked seat and with several both occur, so a leak of
    the asked set would show."""
    rng = np.random.default_rng(0)
    windows = {"one": 0, "several": 0}
    noop = np.zeros(MajiangParallelEnv(variant).space.size, np.int8)
    noop[NOOP_ID] = 1
    for match in range(6):
        env = MajiangParallelEnv(variant, hands=2)
        obs, infos = env.reset(seed=match)
        while env.agents:
            game, st = env.game, env.game.state
            asked = set(st.claimants) - set(st.responses) if st.phase != "turn" else {st.turn}
            assert asked == set(game.to_act())
            if st.phase in ("claim", "rob"):
                windows["one" if len(st.claimants) == 1 else "several"] += 1
                for seat in range(4):
                    check_view(game, seat)
            for seat, agent in enumerate(AGENTS):
                assert infos[agent] == {}
                assert (obs[agent]["observation"] == encode(game, seat)).all()
                mask = obs[agent]["action_mask"]
                if seat in asked:
                    assert (mask == legal_mask(game, seat)).all()
                else:
                    assert (mask == noop).all()
            obs, _, _, _, infos = env.step(random_actions(rng, obs))
    assert windows["one"] > 0, windows
    if env.game.table.chows != "none":  # with no chow, several asked at once is rare
        assert windows["several"] > 0, windows


def test_bad_parallel_actions_change_nothing() -> None:
    env = parallel_env("nanchang")
    obs, _ = env.reset(seed=3)
    before = env.game.snapshot()
    legal = {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in obs.items()}
    turn = AGENTS[env.game.to_act()[0]]
    other = next(a for a in AGENTS if a != turn)
    bad: list[Any] = [
        None,
        [1, 2],
        {k: v for k, v in legal.items() if k != other},  # one agent missing
        {**legal, "player_9": 0},
        {**legal, other: 0},  # not asked: only the no-op
        {**legal, turn: NOOP_ID},  # a pass on its own turn
        {**legal, turn: 10**5000},
        {**legal, turn: "0"},
    ]
    for actions in bad:
        with pytest.raises(IllegalActionError):
            env.step(actions)
        assert env.game.snapshot() == before
    env.step({**legal, turn: np.array(legal[turn])})
    assert env.game.snapshot() != before


def test_parallel_seeds_repeat_and_rewards_add_up() -> None:
    def run(seed: int) -> tuple[list[int], list[float]]:
        env = MajiangParallelEnv("sichuan", hands=2)
        obs, _ = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        totals = dict.fromkeys(AGENTS, 0.0)
        trace: list[int] = []
        while env.agents:
            actions = random_actions(rng, obs)
            trace += actions.values()
            obs, rewards, _, _, _ = env.step(actions)
            for a, r in rewards.items():
                totals[a] += r
        assert [totals[a] for a in AGENTS] == [float(s) for s in env.game.scores]
        return trace, list(totals.values())

    assert run(5) == run(5) and run(5)[0] != run(6)[0]


def test_parallel_arguments_and_render() -> None:
    for kwargs in ({"oracle": "false"}, {"render_mode": "human"}, {"reward_scale": float("nan")}):
        with pytest.raises(MajiangError):
            MajiangParallelEnv(**kwargs)
    with pytest.raises(MajiangError, match=r"^seed"):
        MajiangParallelEnv().reset(seed=-1)
    env = MajiangParallelEnv("gb", render_mode="ansi")
    obs, _ = env.reset(seed=0)
    text = env.render()
    assert text is not None and text.startswith("gb: ") and len(text.splitlines()) == 5
    for o in obs.values():  # no hand in the public text
        assert "hand" not in text and o["observation"].shape[1] == 34
