"""The learning layer's arguments (issue 25, items 3 and 13): every bad value is a
MajiangError naming the argument, raised before anything changes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from majiang.errors import ArgumentTypeError, MajiangError
from majiang.game import Game
from majiang.rl import VectorGame, encode, encode_batch, plane_names
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
@pytest.mark.parametrize("value", NOT_BOOLS, ids=repr)
def test_oracle_must_be_a_bool(where: str, value: object) -> None:
    with pytest.raises(ArgumentTypeError, match=r"^oracle: expected True or False"):
        ORACLE_TAKERS[where](value)


@pytest.mark.parametrize("where", sorted(ORACLE_TAKERS))
def test_oracle_bools_and_numpy_bools_work(where: str) -> None:
    for value in (True, False, np.True_, np.False_):
        ORACLE_TAKERS[where](value)
    rows = encode(Game(seed=0), 0, oracle=np.False_).shape[0]
    assert rows == len(plane_names(False)) < len(plane_names(np.True_))


def test_a_refused_oracle_is_no_oracle_row() -> None:
    """The defect: ``oracle="false"`` turned the perfect-information rows on."""
    with pytest.raises(MajiangError):
        VectorGame(2, oracle="false")
    assert VectorGame(2, oracle=False).observe()[0].shape[1] == len(plane_names())
