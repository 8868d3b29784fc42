"""Tile names and conversions between hand forms.

Example:
    >>> from majiang import tiles
    >>> tiles.KINDS[27], tiles.KINDS[33]
    ('1z', '7z')
    >>> tiles.to_counts("112m")[:3]
    [2, 1, 0]
    >>> tiles.from_counts(tiles.to_counts("白 发 中 东"))
    '1567z'
"""

from __future__ import annotations

from collections.abc import Sequence

from majiang._core import parse_tiles, tile_index, to_mpsz
from majiang.errors import InvalidHandError

__all__ = [
    "FLOWERS",
    "KINDS",
    "KIND_INDEX",
    "NUM_KINDS",
    "SEATS",
    "TILE_NAMES",
    "from_counts",
    "to_counts",
]

NUM_KINDS = 34
KINDS: tuple[str, ...] = tuple(
    [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
)
"""The 34 kinds in index order, as MPSZ names."""
FLOWERS: tuple[str, ...] = tuple(f"{n}f" for n in range(1, 9))
"""The 8 flowers 春夏秋冬梅兰竹菊, as MPSZ names (indices 34-41)."""
TILE_NAMES: tuple[str, ...] = KINDS + FLOWERS
"""Names of the tile ids 0-41: the 34 kinds, then the 8 flowers."""
KIND_INDEX: dict[str, int] = {name: i for i, name in enumerate(KINDS)}
"""MPSZ name to kind index 0-33 (the one table: no flower is in it)."""
SEATS = 4
"""Players at a table (seats 0-3)."""


def to_counts(tiles: str | Sequence[str]) -> list[int]:
    """Counts of the 34 kinds in ``tiles`` (flowers are an error).

    Example:
        >>> to_counts(["5m", "5m"])[4]
        2
    """
    counts = [0] * NUM_KINDS
    for name in parse_tiles(tiles):
        index = tile_index(name)
        if index >= NUM_KINDS:
            raise InvalidHandError(f"flower {name} has no place among the 34 kinds")
        counts[index] += 1
    return counts


def from_counts(counts: Sequence[int]) -> str:
    """The MPSZ string of 34 counts.

    Example:
        >>> from_counts([1, 1, 1] + [0] * 31)
        '123m'
    """
    if len(counts) != NUM_KINDS:
        raise InvalidHandError(f"counts must have 34 entries, got {len(counts)}")
    names = [KINDS[k] for k, c in enumerate(counts) for _ in range(c)]
    return to_mpsz(names) if names else ""
