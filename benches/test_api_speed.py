"""pytest-benchmark benches of the Python API (not run by the test suite).

    pytest benches/test_api_speed.py --benchmark-enable

Each bench evaluates a fixed list of random hands, so its time divided by the list length is
the cost of one call including the Python overhead.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import majiang
from majiang import batch
from random_hands import random_hands

HANDS = 2000


HANDS14 = random_hands(HANDS, 14, seed=1)
HANDS13 = random_hands(HANDS, 13, seed=2)
MATRIX14 = np.array(random_hands(HANDS, 14, seed=3) * 50, dtype=np.uint8)  # 100,000 rows


@pytest.mark.parametrize("rules", ["standard", "nanchang"])
def test_shanten_list(benchmark: Any, rules: str) -> None:
    benchmark(lambda: [majiang.shanten(h, rules=rules) for h in HANDS14])


def test_shanten_nanchang_8_wild(benchmark: Any) -> None:
    hands = []
    for h in HANDS14:
        c = list(h)
        c[11] = c[12] = 0
        while sum(c) > 6:
            c[max(range(34), key=lambda k: c[k])] -= 1
        c[11], c[12] = 4, 4
        hands.append(c)
    benchmark(lambda: [majiang.shanten(h, jing=("3p", "4p")) for h in hands])


def test_winning_tiles(benchmark: Any) -> None:
    benchmark(lambda: [majiang.winning_tiles(h) for h in HANDS13])


def test_discard_options(benchmark: Any) -> None:
    benchmark(lambda: [majiang.discard_options(h) for h in HANDS14[:200]])


@pytest.mark.parametrize("threads", [1, 2])
def test_batch_shanten(benchmark: Any, threads: int) -> None:
    benchmark(lambda: batch.shanten(MATRIX14, threads=threads))
