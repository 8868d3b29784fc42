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


def split_into_blocks(c: list[int]) -> bool:
    """Whether ``c`` splits into triplets and number sequences (a plain recursive search,
    independent of the core's tables; ``c`` is restored before returning)."""
    first = next((k for k in range(34) if c[k]), None)
    if first is None:
        return True
    if c[first] >= 3:
        c[first] -= 3
        ok = split_into_blocks(c)
        c[first] += 3
        if ok:
            return True
    if first < 27 and first % 9 <= 6 and c[first + 1] and c[first + 2]:
        for d in range(3):
            c[first + d] -= 1
        ok = split_into_blocks(c)
        for d in range(3):
            c[first + d] += 1
        return ok
    return False


@pytest.fixture
def rng() -> random.Random:
    return random.Random(20261130)
