"""``simulate`` and ``majiang simulate --ray`` on a local Ray instance of two CPUs: the same
figures and the same log as the local run for the same seed (skipped without ray)."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator

import pytest

from majiang.cli import main
from majiang.errors import ArgumentTypeError
from majiang.game import simulate

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
