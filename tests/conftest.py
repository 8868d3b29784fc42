"""Shared helpers: random hands drawn from a full 136-tile wall."""

from __future__ import annotations

import random

import pytest

WALL = [k for k in range(34) for _ in range(4)]


def random_counts(rng: random.Random, size: int) -> list[int]:
    """Counts of `size` tiles drawn without replacement from the 136-tile wall."""
    counts = [0] * 34
    for k in rng.sample(WALL, size):
        counts[k] += 1
    return counts


def near_complete_counts(rng: random.Random, size: int) -> list[int]:
    """Counts built mostly from sequences and triplets, so tenpai hands are common."""
    counts = [0] * 34
    total = 0
    while total + 3 <= size:
        if rng.random() < 0.6:
            suit, n = rng.randrange(3), rng.randrange(7)
            block = [suit * 9 + n + i for i in range(3)]
        else:
            block = [rng.randrange(34)] * 3
        if all(counts[k] + block.count(k) <= 4 for k in block):
            for k in block:
                counts[k] += 1
            total += 3
    while total < size:
        k = rng.randrange(34)
        if counts[k] < 4:
            counts[k] += 1
            total += 1
    return counts


@pytest.fixture
def rng() -> random.Random:
    return random.Random(20261130)
