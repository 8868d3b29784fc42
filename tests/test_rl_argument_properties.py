"""Hypothesis over the learning layer's arguments: random types and values for every
constructor and step argument either work or raise a MajiangError (nothing else), and a
refused call changes nothing."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from majiang.errors import MajiangError
from majiang.game import Game
from majiang.rl import VectorGame, encode, legal_ids, legal_mask, step_id
from majiang.rl.gym_env import MajiangEnv
from majiang.rl.gym_vector import MajiangVectorEnv
from majiang.rl.parallel_env import MajiangParallelEnv
from majiang.rl.pettingzoo_env import MajiangAECEnv

SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 140),
    st.sampled_from([2**63, 2**64, 10**30, 10**4000, -(10**4000)]),  # repr-able: <4300 digits
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=6),
    st.sampled_from(["hand", "match", "nanchang", "gb", "ansi", "raise", "terminate", "false"]),
    st.builds(np.int64, st.integers(-5, 140)),
    st.builds(np.bool_, st.booleans()),
    st.builds(np.float32, st.floats(width=32)),
    st.just(np.timedelta64(3, "s")),
    st.just(object()),
)
JUNK: st.SearchStrategy[Any] = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.tuples(inner, inner),
        st.dictionaries(st.one_of(st.text(max_size=4), st.integers()), inner, max_size=3),
    ),
    max_leaves=6,
)
ARRAYS = st.one_of(
    st.builds(np.array, st.lists(st.integers(-3, 200), min_size=0, max_size=4)),
    st.builds(
        lambda v, d: np.array(v).astype(d),
        st.lists(st.integers(0, 140), min_size=1, max_size=3),
        st.sampled_from(["int8", "uint16", "float64", "bool", "timedelta64[s]", "object", "U3"]),
    ),
)
ANY = st.one_of(JUNK, ARRAYS)


def refused_or_works(call: Any) -> bool:
    """True if the call worked, False if it raised a MajiangError; anything else fails."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            call()
    except MajiangError:
        return False
    return True


VALID: dict[str, st.SearchStrategy[Any]] = {
    "variant": st.sampled_from(["nanchang", "pingxiang", "nanjing", "sichuan", "gb"]),
    "seed": st.integers(-2, 2**64 + 2),
    "first_table": st.integers(-2, 2**64 + 2),
    "hands": st.integers(-1, 3),
    "options": st.sampled_from([None, {}, {"cap": 5}, {"exchange": True}, {"bawang": 2}]),
    "oracle": st.sampled_from([True, False, True, False, np.True_, 0, "false"]),
    "reward": st.sampled_from(["hand", "match", "round"]),
    "reward_scale": st.floats(-2e6, 2e6) | st.sampled_from([0, 3, float("nan"), 10**400]),
    "illegal_reward": st.floats(-2e6, 2e6) | st.just(float("-inf")),
    "threads": st.sampled_from([None, 1, 2, 0, -1]),
    "seat": st.sampled_from([None, 0, 3, 4, -1, np.int64(2), 1.0]),
    "bots": st.sampled_from([None, [None] * 4, 5, "abcd"]),
    "illegal": st.sampled_from(["terminate", "raise", "ignore"]),
    "render_mode": st.sampled_from([None, "ansi", "human", "rgb_array"]),
    "num_envs": st.integers(-1, 3) | st.just(70_000),
}
"""Values near each argument's bounds, most of them valid (junk is drawn besides)."""


def small(x: object) -> bool:
    """Not a valid table or hand count that would build or play for long."""
    return not (isinstance(x, int | np.integer) and 3 < x < 70_000)


def arguments(names: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    """Some of ``names``, each a near-bound value (three times in four) or junk."""
    junk = ANY.filter(small)
    return st.fixed_dictionaries(
        {}, optional={k: st.one_of(VALID[k], VALID[k], VALID[k], junk) for k in names}
    )


TABLES = st.one_of(
    *[st.integers(1, 3)] * 4, st.sampled_from([-3, 0, 70_000, 2**70, np.int64(2)]), JUNK
)
VECTOR_ARGUMENTS = ["variant", "seed", "hands", "options", "oracle", "reward", "reward_scale",
                    "threads", "first_table"]  # fmt: skip


@SETTINGS
@given(n=TABLES.filter(small), kwargs=arguments(VECTOR_ARGUMENTS))
def test_vector_game_arguments(n: Any, kwargs: dict[str, Any]) -> None:
    if small(kwargs.get("hands", 1)):
        refused_or_works(lambda: VectorGame(n, **kwargs))


ENVS: dict[str, tuple[Any, list[str]]] = {
    "gym": (MajiangEnv, ["variant", "seat", "bots", "hands", "options", "reward",
                         "reward_scale", "illegal", "illegal_reward", "oracle", "render_mode"]),
    "aec": (MajiangAECEnv, ["variant", "hands", "options", "reward", "reward_scale", "oracle",
                            "render_mode"]),
    "parallel": (MajiangParallelEnv, ["variant", "hands", "options", "reward", "reward_scale",
                                      "oracle", "render_mode"]),
    "vector": (MajiangVectorEnv, ["num_envs", "variant", "hands", "options", "oracle",
                                  "reward", "reward_scale", "render_mode"]),
}  # fmt: skip


@SETTINGS
@given(data=st.data(), which=st.sampled_from(sorted(ENVS)))
def test_environment_constructors(data: st.DataObject, which: str) -> None:
    kind, names = ENVS[which]
    kwargs = data.draw(arguments(names))
    if not (small(kwargs.get("hands", 1)) and small(kwargs.get("num_envs", 2))):
        return
    if which == "vector":
        kwargs.setdefault("num_envs", 2)

    def build() -> None:
        env = kind(**kwargs)
        env.reset(seed=0)

    refused_or_works(build)


IDS = st.one_of(st.integers(-2, 140), st.builds(np.int64, st.integers(0, 140)), ANY)
SEATS = st.one_of(st.integers(-1, 4), st.builds(np.int64, st.integers(0, 3)), ANY)
ACTIONS = st.one_of(
    st.lists(st.integers(0, 140), min_size=2, max_size=2),
    st.builds(np.array, st.lists(st.integers(0, 140), min_size=2, max_size=2)),
    IDS,
)


@SETTINGS
@given(
    seat=SEATS,
    action=IDS,
    out=st.one_of(st.none(), st.just("buffer"), ANY),
    variant=st.sampled_from(["nanchang", "gb"]),
)
def test_id_functions(seat: Any, action: Any, out: Any, variant: str) -> None:
    game = Game(variant, seed=1)
    if isinstance(out, str) and out == "buffer":
        out = np.zeros(132 if variant == "nanchang" else 127, np.bool_)
    before = game.snapshot()
    for call in (
        lambda: legal_mask(game, seat, out=out),
        lambda: legal_ids(game, seat),
        lambda: encode(game, seat),
    ):
        refused_or_works(call)
        assert game.snapshot() == before
    if not refused_or_works(lambda: step_id(game, seat, action)):
        assert game.snapshot() == before


@SETTINGS
@given(actions=ACTIONS, seed=VALID["seed"] | ANY, options=st.none() | ANY)
def test_step_and_reset_arguments(actions: Any, seed: Any, options: Any) -> None:
    vector = VectorGame(2, "pingxiang", seed=3)
    snaps = [g.snapshot() for g in vector.games]
    if not refused_or_works(lambda: vector.step(actions)):
        assert [g.snapshot() for g in vector.games] == snaps
    if not refused_or_works(lambda: vector.reset(seed=seed)):
        assert vector.seed == 3
    gym = MajiangEnv(illegal="raise")
    gym.reset(seed=1)
    snap = gym.game.snapshot()
    if not refused_or_works(lambda: gym.step(actions)):
        assert gym.game.snapshot() == snap
    snap = gym.game.snapshot()
    if not refused_or_works(lambda: gym.reset(seed=seed, options=options)):
        assert gym.game.snapshot() == snap
    aec = MajiangAECEnv("nanjing")
    aec.reset(seed=2)
    snap = aec.game.snapshot()
    if not refused_or_works(lambda: aec.step(actions)):
        assert aec.game.snapshot() == snap
    parallel = MajiangParallelEnv("gb")
    obs, _ = parallel.reset(seed=2)
    snap = parallel.game.snapshot()
    legal = {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in obs.items()}
    if not refused_or_works(lambda: parallel.step(actions)):
        assert parallel.game.snapshot() == snap
    snap = parallel.game.snapshot()
    if not refused_or_works(lambda: parallel.step({**legal, "player_1": actions})):
        assert parallel.game.snapshot() == snap
    venv = MajiangVectorEnv(2, "sichuan")
    venv.reset(seed=0)
    snaps = [g.snapshot() for g in venv.vector.games]
    if not refused_or_works(lambda: venv.step(actions)):
        assert [g.snapshot() for g in venv.vector.games] == snaps
    if not refused_or_works(lambda: venv.reset(seed=seed, options=options)):
        assert [g.snapshot() for g in venv.vector.games] == snaps
