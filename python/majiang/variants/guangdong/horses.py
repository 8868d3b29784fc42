"""抓马: which seat each horse tile belongs to, and the hits of a win
(docs/rules/guangdong.md §4).

The seed's map counts the seats from the previous hand's winner (A) in turn order: A owns
1, 5, 9 and 东, B 2, 6, 中 and 南, C 3, 7, 发 and 西, D 4, 8, 白 and 北 [001:213]. The
dealer-relative map [gofish] counts from the dealer and puts 中 on the 1-5-9 seat, 发 on the
next, 白 on the third.

Example:
    >>> from majiang.tiles import to_counts
    >>> [horse_owner(k, 0, "seed") for k in (0, 1, 2, 3, 4, 8, 27, 33, 32, 31)]
    [0, 1, 2, 3, 0, 0, 0, 1, 2, 3]
    >>> hits((2, 6, 32, 29, 0), 2, 0, "seed")      # A = 0, C = 2: 3m, 7m, 发, 西 hit
    4
"""

from __future__ import annotations

from collections.abc import Sequence

from majiang.tiles import SEATS
from majiang.variants.guangdong.options import HorseMap

__all__ = ["HONOR_OFFSETS", "hits", "horse_owner", "owned"]

HONOR_OFFSETS: dict[HorseMap, tuple[int, ...]] = {
    # 东 南 西 北 白 发 中 (kinds 27-33)
    "seed": (0, 1, 2, 3, 3, 2, 1),
    "dealer": (0, 1, 2, 3, 2, 1, 0),
}
"""Each honour's seat, counted from seat A (the seed) or from the dealer."""


def horse_owner(kind: int, first: int, horse_map: HorseMap) -> int:
    """The seat a horse of ``kind`` falls on, seats counted from ``first`` (A).

    Example:
        >>> horse_owner(33, 0, "seed"), horse_owner(33, 0, "dealer"), horse_owner(8, 3, "seed")
        (1, 0, 3)
    """
    offset = kind % 9 % 4 if kind < 27 else HONOR_OFFSETS[horse_map][kind - 27]
    return (first + offset) % SEATS


def owned(seat: int, first: int, horse_map: HorseMap) -> list[int]:
    """The kinds whose horses fall on ``seat``.

    Example:
        >>> from majiang.tiles import KINDS
        >>> [KINDS[k] for k in owned(1, 0, "seed")]
        ['2m', '6m', '2p', '6p', '2s', '6s', '2z', '7z']
    """
    return [k for k in range(34) if horse_owner(k, first, horse_map) == seat]


def hits(horses: Sequence[int], winner: int, first: int, horse_map: HorseMap) -> int:
    """How many of the ``horses`` fall on the ``winner``'s seat.

    Example:
        >>> hits((0, 4, 8, 27), 1, 1, "seed"), hits((0, 4, 8, 27), 1, 0, "seed")
        (4, 0)
    """
    return sum(horse_owner(k, first, horse_map) == winner for k in horses)
