"""Tile text to kind indices (cached) and the Nanchang block tests melds need.

Kinds are indices 0-33 in :data:`majiang.tiles.KINDS` order (1m..9m, 1p..9p, 1s..9s, E S W N,
白 发 中). The text reader is the table's :class:`~majiang.record_schema.TileSet` (each
distinct text parsed once).

Example:
    >>> from majiang.variants.nanchang.tile_counts import kinds_of, is_chi
    >>> kinds_of("123m5z")
    (0, 1, 2, 31)
    >>> is_chi(kinds_of("134z")), is_chi(kinds_of("567z")), is_chi(kinds_of("157z"))
    (True, True, False)
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from majiang._core import jing_pair
from majiang.errors import TileParseError
from majiang.record_schema import TileSet
from majiang.tiles import KIND_INDEX, NUM_KINDS
from majiang.variants.nanchang.rules import TABLE

__all__ = [
    "HONORS",
    "WINDS",
    "counts",
    "is_chi",
    "jing_kinds",
    "kinds_of",
    "over_four",
    "packed",
]

INDEX = KIND_INDEX
WINDS: frozenset[int] = frozenset(range(27, 31))
DRAGONS: frozenset[int] = frozenset(range(31, 34))
HONORS: tuple[int, ...] = tuple(range(27, 34))


kinds_of = TileSet(TABLE, "{name} is a flower; Nanchang has no flowers", error=TileParseError)
"""The kind index of every tile in a text (MPSZ, Chinese names or glyphs), in order: the
Nanchang set's reader (:class:`~majiang.record_schema.TileSet` of the table's 136 tiles), so
``kinds_of("东 发")`` is ``(27, 32)``; a flower raises TileParseError."""


def counts(*groups: Iterable[int]) -> list[int]:
    """34 counts of the kinds in all ``groups`` together.

    Example:
        >>> counts((0, 0), [33])[0], counts((0, 0), [33])[33]
        (2, 1)
    """
    c = [0] * NUM_KINDS
    for group in groups:
        for k in group:
            c[k] += 1
    return c


FIELD = 6
"""Bits per kind in a packed count: room for 63, so sums of a whole table cannot overflow."""
_FIVE_CARRY = sum(27 << (FIELD * k) for k in range(34))  # 27 + n reaches 32 when n >= 5
_BIT5 = sum(32 << (FIELD * k) for k in range(34))


def packed(kinds: Iterable[int]) -> int:
    """The counts of ``kinds`` as one integer, 6 bits per kind: packed counts of several
    groups of tiles add up with ``+``.

    Example:
        >>> packed([0, 0, 33]) == 2 + (1 << 6 * 33)
        True
    """
    return sum(1 << (FIELD * k) for k in kinds)


def over_four(total: int) -> int | None:
    """The first kind with more than four copies in packed counts (None if none).

    Example:
        >>> over_four(packed([3] * 4)), over_four(packed([3] * 5 + [7] * 6))
        (None, 3)
    """
    over = (total + _FIVE_CARRY) & _BIT5
    if not over:
        return None
    return ((over & -over).bit_length() - 1) // FIELD


@lru_cache(maxsize=64)
def jing_kinds(indicator: str) -> tuple[int, int]:
    """(正精, 副精) kinds for a flipped indicator.

    Example:
        >>> jing_kinds("9s"), jing_kinds("5z")
        ((26, 18), (31, 33))
    """
    zheng, fu = jing_pair(indicator)
    return INDEX[zheng], INDEX[fu]


def is_chi(kinds: tuple[int, ...]) -> bool:
    """Whether three tiles are a Nanchang sequence: consecutive numbers of one suit, three
    different winds, or 中发白.

    Example:
        >>> is_chi((7, 8, 9)), is_chi((28, 29, 27)), is_chi((31, 31, 32))
        (False, True, False)
    """
    if len(kinds) != 3:
        return False
    a, b, c = sorted(kinds)
    if c < 27:
        return a // 9 == c // 9 and b == a + 1 and c == b + 1
    distinct = a != b and b != c
    return distinct and ({a, b, c} <= WINDS or {a, b, c} == DRAGONS)
