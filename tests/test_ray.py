"""Ray, on one local instance of two CPUs (skipped without ray): ``simulate`` and ``majiang
simulate --ray`` give the same figures and the same log as the local run for the same seed;
``RayVectorGame`` the same observations, masks, rewards and resets as the local
``VectorGame`` of the same seed."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator

import numpy as np
import pytest

from majiang.cli import main
from majiang.errors import ArgumentTypeError, IllegalActionError, MajiangError
from majiang.game import simulate
from majiang.rl import VectorGame
from majiang.rl.ray_vector import RayVectorGame

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_ray_gives_the_local_figures_and_log(local_ray: None) -> None:
    for kwargs in (
        {"hands": 24, "seed": 3},
        {
            "hands": 30,
            "seed": 5,
            "per_game": 4,
            "bots": ["efficiency", "random", "efficiency", "random"],
            "variant": "nanjing",
        },
    ):
        here, there = io.StringIO(), io.StringIO()
        assert simulate(**kwargs, log=here) == simulate(**kwargs, log=there, ray=True)
        assert here.getvalue() == there.getvalue() and here.getvalue()


def test_the_command_line_flag(local_ray: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--hands", "12", "--seed", "1", "--json"]) == 0
    local = json.loads(capsys.readouterr().out)
    assert main(["simulate", "--hands", "12", "--seed", "1", "--json", "--ray"]) == 0
    assert json.loads(capsys.readouterr().out) == local


def test_a_bad_ray_argument_is_refused_before_any_work() -> None:
    with pytest.raises(ArgumentTypeError, match="ray: expected True or an address"):
        simulate(4, ray=3)  # type: ignore[arg-type]


def test_the_ray_vector_is_the_local_vector(local_ray: None) -> None:
    local = VectorGame(5, "nanjing", seed=3, hands=1)
    spread = RayVectorGame(5, workers=2, variant="nanjing", seed=3, hands=1)
    a, b = local.observe(), spread.observe()
    assert all((x == y).all() for x, y in zip(a, b, strict=True))
    masks = a[1]
    rng = np.random.default_rng(0)
    resets = 0
    for _ in range(150):
        ids = (rng.random(masks.shape) * masks).argmax(axis=1)
        one, two = local.step(ids), spread.step(ids)
        assert all((x == y).all() for x, y in zip(one, two, strict=True))
        assert (local.seats == spread.seats).all()
        masks = one[1]
        resets += int(one[3].sum())
    assert resets > 0
    bad = masks.argmax(axis=1)
    bad[3] = int(np.flatnonzero(~masks[3])[0])
    with pytest.raises(IllegalActionError, match="table 3"):
        spread.step(bad)
    with pytest.raises(MajiangError, match="shape"):
        spread.step(bad[:2])
    ok = masks.argmax(axis=1)
    assert all((x == y).all() for x, y in zip(local.step(ok), spread.step(ok), strict=True))
