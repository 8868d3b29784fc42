"""Nanjing flower counting (``docs/rules/nanjing.md`` §5): hard flowers, 花杠 and soft flowers.

The 20 hard flowers (硬花) are the 8 flowers 1f-8f (春夏秋冬梅兰竹菊) and the 12 dragons 5z-7z;
each one laid aside counts 1. Four of a group (春夏秋冬, 梅兰竹菊, or four of one dragon) make a
花杠. Soft flowers (软花) come from the hand: a wind pung, the wait (压档, 边枝, 独占), a missing
suit (缺一) and kongs.

Example:
    >>> from majiang.variants.nanjing.flowers import hard_flowers, flower_kongs
    >>> hard_flowers("1f2f3f4f5z5z")
    6
    >>> flower_kongs("1f2f3f4f5z5z5z5z")
    ('春夏秋冬', '白白白白')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from majiang._core import parse_tiles
from majiang.errors import RecordError

__all__ = [
    "DRAGONS",
    "FLOWER_NAMES",
    "HARD_FLOWERS",
    "flower_kongs",
    "hard_flowers",
    "missing_suit",
    "parse_flowers",
    "wait_kind",
]

FLOWER_NAMES: tuple[str, ...] = tuple(f"{n}f" for n in range(1, 9))
"""春夏秋冬梅兰竹菊 as tile names."""
DRAGONS: tuple[str, ...] = ("5z", "6z", "7z")
"""白 发 中: hard flowers in Nanjing, never part of a hand."""
HARD_FLOWERS: frozenset[str] = frozenset(FLOWER_NAMES + DRAGONS)
_GROUPS: tuple[tuple[str, tuple[str, ...], int], ...] = (
    ("春夏秋冬", ("1f", "2f", "3f", "4f"), 1),
    ("梅兰竹菊", ("5f", "6f", "7f", "8f"), 1),
    ("白白白白", ("5z",), 4),
    ("发发发发", ("6z",), 4),
    ("中中中中", ("7z",), 4),
)


def parse_flowers(text: str) -> tuple[str, ...]:
    """The hard flowers in ``text`` (MPSZ, Chinese names or glyphs) as tile names; anything
    else raises RecordError.

    Example:
        >>> parse_flowers("春 中 2f")
        ('1f', '7z', '2f')
        >>> parse_flowers("1z")
        Traceback (most recent call last):
        ...
        majiang.errors.RecordError: 1z is no hard flower (flowers 1f-8f and dragons 5z-7z)
    """
    names = tuple(parse_tiles(text))
    for name in names:
        if name not in HARD_FLOWERS:
            raise RecordError(f"{name} is no hard flower (flowers 1f-8f and dragons 5z-7z)")
    return names


def hard_flowers(flowers: str | Sequence[str]) -> int:
    """How many hard flowers (硬花) were laid aside: each flower or dragon counts 1.

    Example:
        >>> hard_flowers(["1f", "7z"]), hard_flowers("")
        (2, 0)
    """
    names = parse_flowers(flowers) if isinstance(flowers, str) else tuple(flowers)
    return len(names)


def flower_kongs(flowers: str | Sequence[str]) -> tuple[str, ...]:
    """The 花杠 among the flowers laid aside: 春夏秋冬, 梅兰竹菊, or four of one dragon.

    Example:
        >>> flower_kongs("5f6f7f8f1f"), flower_kongs("7z7z7z")
        (('梅兰竹菊',), ())
    """
    names = parse_flowers(flowers) if isinstance(flowers, str) else tuple(flowers)
    found = []
    for label, members, copies in _GROUPS:
        if all(names.count(m) >= copies for m in members):
            found.append(label)
    return tuple(found)


def missing_suit(kinds: Iterable[int]) -> bool:
    """缺一: at least one of the three suits is absent from the whole hand (kind indices).

    Example:
        >>> missing_suit([0, 9, 27]), missing_suit([0, 9, 18])
        (True, False)
    """
    suits = {k // 9 for k in kinds if k < 27}
    return len(suits) < 3


def wait_kind(block: str, start: int, tile: int) -> str | None:
    """The soft-flower wait of a winning ``tile`` read into a concealed block: ``压档``
    (closed, the middle of a sequence), ``边枝`` (edge: the 3 of 123 or the 7 of 789),
    ``独占`` (the pair: a single wait), or None (two-sided, or into a triplet).

    Example:
        >>> wait_kind("sequence", 0, 1), wait_kind("sequence", 0, 2), wait_kind("sequence", 6, 6)
        ('压档', '边枝', '边枝')
        >>> wait_kind("sequence", 3, 3), wait_kind("pair", 5, 5), wait_kind("triplet", 5, 5)
        (None, '独占', None)
    """
    if block == "pair":
        return "独占"
    if block != "sequence":
        return None
    if tile == start + 1:
        return "压档"
    if tile == start + 2 and start % 9 == 0:
        return "边枝"
    if tile == start and start % 9 == 6:
        return "边枝"
    return None
