"""The opt-in discard-advice planes of the learning layer (``encode(..., advice=True)``):
for the acting seat's 14-3k hand, per discard kind, the 改良 total, the average effective
count one step ahead and a cheap win chance, all from what the seat sees (its hand, its
``unseen`` counts, the wall count, its meld count). Definitions: docs/advice.md; rows:
docs/learning.md. The shanten after each discard and its 进张 are the efficiency rows
``discard_shanten`` and ``discard_effective`` already.

Example:
    >>> import numpy as np
    >>> from majiang import tiles
    >>> hand = np.array([tiles.to_counts("123m456p789s1122z5z")], np.uint8)
    >>> rows = advice_rows(hand, 4 - hand, np.array([80]), np.zeros(1, np.uint8),
    ...                    np.zeros((1, 34), np.bool_), "standard", seats=4)
    >>> int(rows[0, 2, 31]), int(rows[0, 2, 0])   # cutting 5z leaves 1z/2z: about 0.5
    (132, 0)
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from majiang._core import batch as _core_batch

__all__ = ["ADVICE_PLANES", "advice_rows", "any_chance"]

ADVICE_PLANES: tuple[str, ...] = ("advice_improving", "advice_next_average", "advice_win")
"""With ``advice=True``, the rows last of all (see :func:`advice_rows`)."""


def any_chance(
    pool: npt.NDArray[np.int64], good: npt.NDArray[np.int64], draws: npt.NDArray[np.int64]
) -> npt.NDArray[np.float64]:
    """Elementwise, the chance that ``draws`` draws without replacement from ``pool`` tiles
    include one of ``good`` of them: ``1 - C(pool - good, n) / C(pool, n)`` with ``n`` capped
    at the pool (the product form of ``majiang.advice``'s ``wait_chance``).

    Example:
        >>> round(float(any_chance(np.array([123]), np.array([4]), np.array([10]))[0]), 4)
        0.2908
    """
    pool, good, draws = np.broadcast_arrays(pool, good, draws)
    n = np.minimum(draws, pool)
    none = np.ones(pool.shape, np.float64)
    for i in range(int(n.max(initial=0))):
        left = pool - i
        step = np.where(i < n, np.clip(left - good, 0, None) / np.maximum(left, 1), 1.0)
        none *= step
    out: npt.NDArray[np.float64] = 1.0 - none
    return out


def advice_rows(
    hands: npt.NDArray[np.uint8],
    unseen: npt.NDArray[np.uint8],
    wall: npt.NDArray[np.integer],
    melds: npt.NDArray[np.uint8],
    jing: npt.NDArray[np.bool_],
    shapes: str,
    *,
    seats: int,
    threads: int | None = 1,
) -> npt.NDArray[np.uint8]:
    """The ``(N, 3, 34)`` :data:`ADVICE_PLANES` of N seats: rows whose hand has 14-3k tiles
    (the seat's discard turn) get, at each held kind, ``advice_improving``: the 改良 total
    after that discard (capped at 255); ``advice_next_average``: the average effective count
    one step ahead, rounded (capped at 255; 0 where there is none); ``advice_win``: 255 x the
    chance, when the discard leaves a ready hand, that the seat's own draws left (the wall
    shared by ``seats`` seats: ``ceil(wall / seats)``) include one of its waits, rounded (the
    hypergeometric chance of never changing the hand, the cheap form of the win chance; 0
    for a discard that leaves no ready hand). Other rows and kinds not held are 0. The
    shapes are ``shapes`` (the variant's preset) with each row's wild kinds and meld count.
    """
    n = len(hands)
    out = np.zeros((n, len(ADVICE_PLANES), 34), np.uint8)
    size = hands.sum(axis=1, dtype=np.int64) + 3 * melds.astype(np.int64)
    turn = np.flatnonzero(size == 14)
    if len(turn) == 0:
        return out
    rows = np.ascontiguousarray(hands[turn])
    s, e, imp, avg = _core_batch.advice(
        rows,
        np.ascontiguousarray(unseen[turn]),
        rules=shapes,
        jing=np.ascontiguousarray(jing[turn]),
        melds=np.ascontiguousarray(melds[turn]),
        threads=threads,
    )
    held = rows > 0
    out[turn, 0] = np.where(held, np.minimum(imp, 255), 0)
    out[turn, 1] = np.where(held, np.minimum(np.rint(np.nan_to_num(avg)), 255), 0)
    pool = unseen[turn].sum(axis=1, dtype=np.int64)[:, None]
    draws = -(-wall[turn].astype(np.int64) // seats)[:, None]
    chance = any_chance(pool, e.astype(np.int64), draws)
    out[turn, 2] = np.where(held & (s == 0), np.rint(255 * chance), 0)
    return out
