"""Random hands for the benchmarks: draws from a full 136-tile wall with a fixed seed."""

from __future__ import annotations

import random

Counts = list[int]
WALL = [k for k in range(34) for _ in range(4)]


def random_hands(n: int, size: int, seed: int) -> list[Counts]:
    """`n` hands of `size` tiles as 34 counts, the same for the same seed.

    Example:
        >>> [sum(h) for h in random_hands(3, 14, seed=1)]
        [14, 14, 14]
    """
    rng = random.Random(seed)
    hands = []
    for _ in range(n):
        counts = [0] * 34
        for k in rng.sample(WALL, size):
            counts[k] += 1
        hands.append(counts)
    return hands
