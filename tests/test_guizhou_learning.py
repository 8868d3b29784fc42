"""The learning environments' opt-in scoring rows (``scoring=True``: 报听, 豆, the flipped 鸡;
docs/learning.md) in every env, on both Guizhou profiles: the shapes and spaces, and the
rows equal to what an independent reading of the observing seat's own event stream gives
(so nothing in them comes from what that seat may not see)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from majiang.errors import MajiangError
from majiang.game import Deal, Declare, Game, Pass
from majiang.game.streams import seat_events
from majiang.rl import VectorGame
from majiang.rl.gym_env import MajiangEnv
from majiang.rl.gym_vector import MajiangVectorEnv
from majiang.rl.parallel_env import MajiangParallelEnv
from majiang.rl.pettingzoo_env import MajiangAECEnv
from majiang.rl.planes import SCORING_PLANES, plane_names
from majiang.tiles import KIND_INDEX

ROWS = len(plane_names(scoring=True))
FIRST = ROWS - len(SCORING_PLANES)


def from_stream(game: Game, seat: int) -> np.ndarray[Any, np.dtype[np.uint8]]:
    """The three scoring rows read from ``seat``'s own stream of the hand in play: 报听
    declarations, kong events (a robbed one does not stand), the last horses event."""
    n = game.table.seats
    rows = np.zeros((3, 34), np.uint8)
    stream = seat_events(game.events, seat)
    start = max(i for i, e in enumerate(stream) if e["event"] == "deal")
    kongs = [0] * n
    for e in stream[start:]:
        kind = e["event"]
        if kind == "declare" and e["what"] in ("baoting", "ready"):
            rows[0, (e["seat"] - seat) % n] = 1
        elif kind == "kong":
            kongs[e["seat"]] += 1
        elif kind == "win" and e.get("qiang_gang"):
            kongs[e["from"]] -= 1  # the robbed 转弯豆 goes back to a pong
        elif kind == "horses":
            rows[2] = 0
            for t in (e["tiles"][i : i + 2] for i in range(0, len(e["tiles"]), 2)):
                rows[2, KIND_INDEX[t]] += 1
    for s in range(n):
        rows[1, (s - seat) % n] = kongs[s]
    return rows


def check(view: np.ndarray[Any, Any], game: Game, seat: int) -> None:
    assert view.shape == (ROWS, 34) and view.dtype == np.uint8
    assert (view[FIRST:] == from_stream(game, seat)).all(), (seat, view[FIRST:, :4])


def shape(space: Any) -> tuple[int, ...]:
    """The shape of an observation space's ``observation`` box."""
    return tuple(space["observation"].shape)


def pick(mask: np.ndarray[Any, Any], rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


@pytest.mark.parametrize("variant", ["guiyang", "tongren"])
def test_the_gym_env_shows_the_scoring_rows_of_its_seat(variant: str) -> None:
    env = MajiangEnv(variant, seat=None, scoring=True)
    assert shape(env.observation_space) == (ROWS, 34)
    rng = np.random.default_rng(0)
    for seed in range(3):
        obs, _ = env.reset(seed=seed)
        done = False
        while not done:
            check(obs["observation"], env.game, env.seat)
            obs, _, done, _, _ = env.step(pick(obs["action_mask"], rng))
        check(obs["observation"], env.game, env.seat)  # the end: the flip in view


@pytest.mark.parametrize("variant", ["guiyang", "tongren"])
def test_the_vector_game_and_its_gym_env_show_the_scoring_rows(variant: str) -> None:
    v = VectorGame(3, variant, seed=2, scoring=True)
    rng = np.random.default_rng(1)
    for _ in range(120):
        obs, masks = v.observe()
        assert obs.shape == (3, ROWS, 34)
        for i, game in enumerate(v.games):
            check(obs[i], game, int(v.seats[i]))
        v.step([pick(m, rng) for m in masks])
    env = MajiangVectorEnv(2, variant, scoring=True)
    assert shape(env.single_observation_space) == (ROWS, 34)
    batch, _ = env.reset(seed=3)
    finals = 0
    for _ in range(400):
        acted = env.vector.seats.copy()
        batch, _, dones, _, info = env.step([pick(m, rng) for m in batch["action_mask"]])
        for i in map(int, np.flatnonzero(dones)):
            final = info["final_obs"][i]["observation"]
            check(final, env.vector.finished[i], int(acted[i]))
            finals += 1
    assert finals


@pytest.mark.parametrize("variant", ["guiyang", "tongren"])
def test_the_pettingzoo_envs_show_each_agent_its_scoring_rows(variant: str) -> None:
    aec = MajiangAECEnv(variant, scoring=True)
    assert shape(aec.observation_space("player_2")) == (ROWS, 34)
    rng = np.random.default_rng(2)
    aec.reset(seed=5)
    for agent in aec.agent_iter():
        obs, _, term, trunc, _ = aec.last()
        seat = int(agent[-1])
        check(obs["observation"], aec.game, seat)
        aec.step(None if term or trunc else pick(obs["action_mask"], rng))
    par = MajiangParallelEnv(variant, scoring=True)
    assert shape(par.observation_space("player_1")) == (ROWS, 34)
    views, _ = par.reset(seed=6)
    while par.agents:
        for agent, o in views.items():
            check(o["observation"], par.game, int(agent[-1]))
        views, *_ = par.step({a: pick(o["action_mask"], rng) for a, o in views.items()})


def test_the_scoring_rows_are_off_by_default_and_the_flag_is_checked() -> None:
    base = len(plane_names())
    assert shape(MajiangEnv("guiyang").observation_space) == (base, 34)
    assert VectorGame(1, "tongren").observe()[0].shape == (1, base, 34)
    assert shape(MajiangAECEnv("guiyang").observation_space("player_0"))[0] == base
    for make in (
        lambda: MajiangEnv("guiyang", scoring="yes"),  # type: ignore[arg-type]
        lambda: VectorGame(1, "guiyang", scoring=1),  # type: ignore[arg-type]
        lambda: MajiangParallelEnv("guiyang", scoring=None),  # type: ignore[arg-type]
    ):
        with pytest.raises(MajiangError, match="scoring"):
            make()


def test_a_declared_baoting_reaches_every_agent_in_its_relative_column() -> None:
    aec = MajiangAECEnv("tongren", scoring=True)
    aec.reset(seed=0)
    aec.game = game = Game("tongren", dealer=0, deal=Deal(("123456789m1122p5s",
        "123456789p1234s", "147m258p369s1239m", "13579m1357p1357s"), "9s9s"))  # fmt: skip
    game.step(0, Declare("baoting", ""))
    game.step(1, Pass())
    for seat in range(4):
        view = aec.observe(f"player_{seat}")["observation"]
        check(view, game, seat)
        assert view[FIRST].tolist() == [int(r == (0 - seat) % 4) for r in range(34)]
