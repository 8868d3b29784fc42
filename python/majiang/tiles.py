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

import numbers
from collections.abc import Iterable, Mapping, Sequence
from itertools import islice

from majiang._core import counts_mpsz, parse_tiles, tile_index, to_mpsz
from majiang.errors import (
    ArgumentTypeError,
    InvalidHandError,
    MajiangError,
    TileParseError,
    quoted,
)

__all__ = [
    "FLOWERS",
    "KINDS",
    "KIND_INDEX",
    "NUM_KINDS",
    "SEATS",
    "TILE_INDEX",
    "TILE_NAMES",
    "from_counts",
    "kinds_text",
    "mpsz",
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
"""MPSZ name of a kind -> its index 0-33."""
TILE_INDEX: dict[str, int] = {name: i for i, name in enumerate(TILE_NAMES)}
"""MPSZ name of a tile -> its id 0-41 (flowers 34-41)."""
SEATS = 4
"""Players at the table (seats 0-3, in turn order)."""

# _DIGITS[k][c]: kind k's digit written c times (c = 0-4).
_DIGITS = [[str(k % 9 + 1) * c for c in range(5)] for k in range(34)]
_SUIT_SPANS = ((0, 9, "m"), (9, 18, "p"), (18, 27, "s"), (27, 34, "z"))


def mpsz(counts: Sequence[int]) -> str:
    """MPSZ text of 34 counts, suits in order.

    Example:
        >>> mpsz([0] * 33 + [3])
        '777z'
    """
    if counts.__class__ is tuple:  # the core reads lists only: a copy costs less than below
        counts = list(counts)
    if counts.__class__ is list:  # the usual form, written by the core (a tenth the time)
        text = counts_mpsz(counts)
        if text is not None:
            return text
    out = ""
    for start, stop, suit in _SUIT_SPANS:
        digits = "".join(map(list.__getitem__, _DIGITS[start:stop], counts[start:stop]))
        if digits:
            out += digits + suit
    return out


def kinds_text(kinds: Iterable[int]) -> str:
    """MPSZ text of a list of kinds (sorted).

    Example:
        >>> kinds_text([2, 0, 1])
        '123m'
    """
    counts = [0] * 34
    for k in kinds:
        counts[k] += 1
    return mpsz(counts)


def to_counts(tiles: str | Sequence[str]) -> list[int]:
    """Counts of the 34 kinds in ``tiles`` (flowers are an error, and so are five copies of
    a kind: InvalidHandError).

    Example:
        >>> to_counts(["5m", "5m"])[4]
        2
        >>> to_counts("中中中中🀄")
        Traceback (most recent call last):
        ...
        majiang.errors.InvalidHandError: 5 copies of 7z: a kind has only four
    """
    counts = [0] * NUM_KINDS
    try:
        names = parse_tiles(tiles)
    except UnicodeEncodeError:  # a lone surrogate: no tile name has one
        raise TileParseError(f"not tile text: {quoted(tiles)} is not valid Unicode") from None
    except TypeError as e:
        if isinstance(e, MajiangError):
            raise
        raise ArgumentTypeError(
            f"tiles: expected tile text or names, got {quoted(tiles)}"
        ) from None
    for name in names:
        index = tile_index(name)
        if index >= NUM_KINDS:
            raise InvalidHandError(f"flower {name} has no place among the 34 kinds")
        counts[index] += 1
        if counts[index] > 4:
            raise InvalidHandError(f"5 copies of {name}: a kind has only four")
    return counts


def from_counts(counts: Iterable[int]) -> str:
    """The MPSZ string of 34 counts, each a whole number 0-4 (not a bool).

    A list (or tuple, numpy array) of other than 34 entries or a count outside 0-4 raises
    InvalidHandError; something that is not a list of whole numbers raises ArgumentTypeError.

    Example:
        >>> from_counts([1, 1, 1] + [0] * 31)
        '123m'
        >>> from_counts([5] * 34)
        Traceback (most recent call last):
        ...
        majiang.errors.InvalidHandError: counts[0]: a kind has 0 to 4 copies, got 5
        >>> from_counts([True] + [0] * 33)
        Traceback (most recent call last):
        ...
        majiang.errors.ArgumentTypeError: counts[0]: expected a whole number 0-4, got True
    """
    if isinstance(counts, str | bytes | Mapping) or not isinstance(counts, Iterable):
        raise ArgumentTypeError(f"counts: expected 34 whole numbers, got {quoted(counts)}")
    values = counts if isinstance(counts, list | tuple) else list(islice(counts, NUM_KINDS + 1))
    if len(values) != NUM_KINDS:
        raise InvalidHandError(f"counts must have 34 entries, got {len(values)}")
    names: list[str] = []
    for k, c in enumerate(values):
        if type(c) is not int:
            if isinstance(c, bool) or not isinstance(c, numbers.Integral):
                raise ArgumentTypeError(
                    f"counts[{k}]: expected a whole number 0-4, got {quoted(c)}"
                )
            c = int(c)
        if not 0 <= c <= 4:
            raise InvalidHandError(f"counts[{k}]: a kind has 0 to 4 copies, got {quoted(c)}")
        if c:
            names += (KINDS[k],) * c
    return to_mpsz(names) if names else ""
