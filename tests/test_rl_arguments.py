"""The learning layer's arguments (issue 25, items 3 and 13): every bad value is a
MajiangError naming the argument, raised before anything changes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from majiang.errors import ArgumentTypeError, IllegalActionError, MajiangError, quoted
from majiang.game import Game
from majiang.rl import (
    VectorGame,
    encode,
    encode_batch,
    legal_ids,
    legal_mask,
    plane_names,
    step_id,
)
from majiang.rl.arguments import MAX_TABLES
from majiang.rl.gym_env import MajiangEnv
from majiang.rl.pettingzoo_env import MajiangAECEnv

NOT_BOOLS: tuple[object, ...] = ("false", "", 0, 1, 1.0, None, [], np.int64(1))

ORACLE_TAKERS: dict[str, Callable[[Any], object]] = {
    "encode": lambda o: encode(Game(seed=0), 0, oracle=o),
    "encode_batch": lambda o: encode_batch([Game(seed=0)], [0], oracle=o),
    "plane_names": lambda o: plane_names(o),
    "VectorGame": lambda o: VectorGame(1, oracle=o),
    "MajiangEnv": lambda o: MajiangEnv(oracle=o),
    "MajiangAECEnv": lambda o: MajiangAECEnv(oracle=o),
}


@pytest.mark.parametrize("where", sorted(ORACLE_TAKERS))
@pytest.mark.parametrize("value", NOT_BOOLS, ids=quoted)
def test_oracle_must_be_a_bool(where: str, value: object) -> None:
    with pytest.raises(ArgumentTypeError, match=r"^oracle: expected True or False"):
        ORACLE_TAKERS[where](value)


@pytest.mark.parametrize("where", sorted(ORACLE_TAKERS))
def test_oracle_bools_and_numpy_bools_work(where: str) -> None:
    for value in (True, False, np.True_, np.False_):
        ORACLE_TAKERS[where](value)
    rows = encode(Game(seed=0), 0, oracle=np.False_).shape[0]  # type: ignore[arg-type]
    assert rows == len(plane_names(False)) < len(plane_names(np.True_))  # type: ignore[arg-type]


def test_a_refused_oracle_is_no_oracle_row() -> None:
    """The defect: ``oracle="false"`` turned the perfect-information rows on."""
    with pytest.raises(MajiangError):
        VectorGame(2, oracle="false")  # type: ignore[arg-type]
    assert VectorGame(2, oracle=False).observe()[0].shape[1] == len(plane_names())


# ------------------------------------------------------------------ item 13
BAD_VECTOR_ARGUMENTS: list[tuple[dict[str, Any], str]] = [
    ({"options": 5}, "options"),
    ({"options": "ab"}, "options"),
    ({"options": {1: 2}}, "options"),
    ({"n": 2**70}, "n"),
    ({"n": 10**13}, "n"),
    ({"n": MAX_TABLES + 1}, "n"),
    ({"n": 0}, "n"),
    ({"n": 1.0}, "n"),
    ({"seed": -1}, "seed"),
    ({"seed": 2**64}, "seed"),
    ({"seed": -(10**5000)}, "seed"),
    ({"first_table": -1}, "first_table"),
    ({"reward_scale": float("nan")}, "reward_scale"),
    ({"reward_scale": float("inf")}, "reward_scale"),
    ({"reward_scale": 10**400}, "reward_scale"),
    ({"reward_scale": "2"}, "reward_scale"),
    ({"reward": ["hand"]}, "reward"),
]


@pytest.mark.parametrize(("kwargs", "name"), BAD_VECTOR_ARGUMENTS, ids=quoted)
def test_bad_vector_arguments_name_the_argument(kwargs: dict[str, Any], name: str) -> None:
    kwargs = {"n": 1, **kwargs}
    with pytest.raises(MajiangError, match=rf"^{name}: "):
        VectorGame(**kwargs)


def test_the_table_bound_is_accepted_lazily_checked() -> None:
    """MAX_TABLES itself is a valid n (not built here: checked by the bound's arithmetic)."""
    with pytest.raises(MajiangError, match=f"n <= {MAX_TABLES}"):
        VectorGame(MAX_TABLES + 1)


@pytest.mark.parametrize(
    "actions",
    [
        np.array([1, 2], dtype="timedelta64[s]"),
        np.array([1, 2], dtype="datetime64[s]"),
        np.array([1.0, 2.0]),
        np.array([1, 2], dtype=object),
        [10**5000, 1],
        [[1], [2, 3]],
        ["1", "2"],
        [True, False],
    ],
    ids=quoted,
)
def test_vector_step_refuses_what_is_no_id_array(actions: object) -> None:
    v = VectorGame(2, seed=1)
    before = [g.snapshot() for g in v.games]
    with pytest.raises(MajiangError, match=r"^actions: "):
        v.step(actions)  # type: ignore[arg-type]
    assert [g.snapshot() for g in v.games] == before


def test_huge_ids_are_illegal_actions() -> None:
    g = Game(seed=0)
    before = g.snapshot()
    with pytest.raises(IllegalActionError, match="outside the nanchang space"):
        step_id(g, 0, 10**5000)
    assert g.snapshot() == before
    env = MajiangEnv(illegal="raise")
    env.reset(seed=0)
    before = env.game.snapshot()
    with pytest.raises(IllegalActionError, match="outside"):
        env.step(10**5000)
    assert env.game.snapshot() == before
    env = MajiangEnv()
    env.reset(seed=0)
    _, reward, done, _, info = env.step(10**5000)
    assert done and reward == -1.0 and info["illegal_action"]


def test_timedelta64_scalars_are_no_ids_seats_or_seeds() -> None:
    """A numpy timedelta64 is a numpy integer whose int() fails (found by hypothesis)."""
    delta = np.timedelta64(3, "s")
    g = Game(seed=0)
    before = g.snapshot()
    with pytest.raises(IllegalActionError, match="expected an int"):
        step_id(g, 0, delta)  # type: ignore[arg-type]
    with pytest.raises(MajiangError):
        legal_mask(g, delta)  # type: ignore[arg-type]
    assert g.snapshot() == before
    env = MajiangEnv(illegal="raise")
    env.reset(seed=0)
    with pytest.raises(IllegalActionError):
        env.step(delta)
    arguments: list[dict[str, Any]] = [{"seed": delta}, {"n": delta}, {"first_table": delta}]
    for kwargs in arguments:
        with pytest.raises(ArgumentTypeError):
            VectorGame(**{"n": 1, **kwargs})
    with pytest.raises(ArgumentTypeError, match=r"^seat"):
        MajiangEnv(seat=delta)  # type: ignore[arg-type]


def test_legal_mask_buffers_and_numpy_seats() -> None:
    g = Game(seed=5, dealer=0)
    frozen = np.zeros(132, np.bool_)
    frozen.flags.writeable = False
    for out, kind in (
        (frozen, "read-only"),
        (np.zeros(132, np.int8), "dtype"),
        (np.zeros((2, 132), np.bool_), "shape"),
    ):
        with pytest.raises(MajiangError, match=rf"^out: .*{kind}"):
            legal_mask(g, 0, out=out)  # type: ignore[arg-type]
    assert not frozen.any()
    v = VectorGame(3, seed=2)
    for i, game in enumerate(v.games):
        seat = v.seats[i]
        assert isinstance(seat, np.integer)
        assert (legal_mask(game, seat) == legal_mask(game, int(seat))).all()
        assert legal_ids(game, seat) == legal_ids(game, int(seat))
        step_id(game, seat, legal_ids(game, seat)[0])
    with pytest.raises(MajiangError):
        legal_mask(g, np.int64(4))
    with pytest.raises(MajiangError):
        legal_mask(g, np.True_)  # type: ignore[arg-type]


def test_encode_batch_buffers_are_checked_before_writing() -> None:
    g = Game(seed=0)
    wide = np.full((1, 39, 68), 7, np.uint8)
    with pytest.raises(MajiangError, match=r"^out: expected a C-contiguous"):
        encode_batch([g], [0], out=wide[:, :, ::2])
    assert (wide == 7).all()


@pytest.mark.parametrize("seed", [-1, 2**64, 1.5, "1", True, np.int64(-3)], ids=quoted)
def test_env_reset_seeds(seed: object) -> None:
    """Seeds are gymnasium's (None or an int >= 0) below 2**64; anything else is our error,
    and the env keeps its match."""
    for env in (MajiangEnv(), MajiangAECEnv()):
        env.reset(seed=1)
        before = env.game.snapshot()
        with pytest.raises(MajiangError, match=r"^seed: "):
            env.reset(seed=seed)  # type: ignore[arg-type]
        assert env.game.snapshot() == before
    v = VectorGame(1)
    with pytest.raises(MajiangError, match=r"^seed: "):
        v.reset(seed=seed)  # type: ignore[arg-type]
    assert v.seed == 0


@pytest.mark.parametrize(
    ("kwargs", "name"),
    [
        ({"reward_scale": float("nan")}, "reward_scale"),
        ({"illegal_reward": float("-inf")}, "illegal_reward"),
        ({"illegal_reward": "x"}, "illegal_reward"),
        ({"seat": 1.0}, "seat"),
        ({"seat": np.int64(4)}, "seat"),
        ({"illegal": np.array(["raise"])}, "illegal"),
        ({"render_mode": np.array([1, 2])}, "render_mode"),
        ({"bots": 5}, "bots"),
        ({"bots": [None, 1, None, None]}, r"bots\[1\]"),
        ({"bots": [None, None, None, None]}, r"bots\[1\]"),
        ({"options": 5}, "options"),
    ],
    ids=quoted,
)
def test_bad_env_arguments_name_the_argument(kwargs: dict[str, Any], name: str) -> None:
    with pytest.raises(MajiangError, match=rf"^{name}: "):
        MajiangEnv(**kwargs)


def test_numpy_seats_for_the_env_are_ints() -> None:
    env = MajiangEnv(seat=np.int64(2))
    _, info = env.reset(seed=0)
    assert type(env.seat) is int and info["seat"] == 2


@pytest.mark.parametrize(
    ("kwargs", "name"),
    [
        ({"n": 10**13, "workers": 2}, "n"),
        ({"n": 10**12, "workers": 10**9}, "workers"),  # a list of 10**9 slices before
        ({"n": 4, "oracle": "false"}, "oracle"),
        ({"n": 4, "options": 5}, "options"),
        ({"n": 4, "reward_scale": float("nan")}, "reward_scale"),
        ({"n": 4, "first_table": 3}, "first_table"),
    ],
    ids=quoted,
)
def test_ray_vector_arguments_are_refused_before_any_worker(
    kwargs: dict[str, Any], name: str
) -> None:
    """Refused here (no Ray needed), not as a RayActorError from inside a worker."""
    from majiang.rl.ray_vector import RayVectorGame

    with pytest.raises(MajiangError, match=rf"^{name}: "):
        RayVectorGame(**kwargs)
