"""国标麻将 (Chinese Official mahjong, the 2006 competition rules): the 81 番.

:func:`fan` scores a complete hand with every 番 that counts after the official exclusion rules
(不计), choosing the reading that scores most; the calculation runs in the Rust core and agrees
with PyMahjongGB's ``MahjongFanCalculator`` (docs/rules/gb.md has the list, the exclusions and
the sources).

Example:
    >>> from majiang import gb
    >>> r = gb.fan("123m456m789m234p5p", "5p", self_drawn=True)
    >>> r.total, [(zh, points) for zh, _en, points, _n in r.fans]
    (23, [('清龙', 16), ('不求人', 4), ('平和', 2), ('缺一门', 1)])
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from majiang._core import GbFanResult, Rules, gb_fan, gb_fan_batch, gb_fan_table, shanten_detail

__all__ = [
    "FAN_TABLE",
    "FLAG_BITS",
    "GB_SHAPES",
    "MELD_CODES",
    "FanResult",
    "fan",
    "fan_batch",
    "shanten",
]

FanResult = GbFanResult
"""The frozen result of :func:`fan` (``total``, ``total_without_flowers``, ``fans``,
``numbers``, ``shape``, ``blocks``)."""

FAN_TABLE: tuple[tuple[int, str, str, int], ...] = tuple(gb_fan_table())
"""``(number, zh, en, points)`` of every 番: 1-81 the official list from 大四喜 to 花牌, 82
明暗杠 (5, the later ruling PyMahjongGB counts), 83-86 the seed's non-GB extras (天和 168,
地和 158, 人和 108, 四方大发 168; never scored by :func:`fan`).

Example:
    >>> FAN_TABLE[0], FAN_TABLE[80]
    ((1, '大四喜', 'Big Four Winds', 88), (81, '花牌', 'Flower Tiles', 1))
"""


fan = gb_fan
"""The 番 of a complete hand (the core function itself, called with no Python layer between:
one call costs about as much as the calculation). Its docstring has the arguments, errors and
examples: ``help(majiang.gb.fan)``."""


FLAG_BITS: dict[str, int] = {
    "self_drawn": 1,
    "last_copy": 2,
    "replacement": 4,
    "robbing": 8,
    "last_draw": 16,
    "last_claim": 32,
}
"""The bits of :func:`fan_batch`'s ``flags``."""

MELD_CODES: dict[str, int] = {"chi": 1, "peng": 2, "ming_gang": 3, "an_gang": 4}
"""The meld kinds of :func:`fan_batch`'s ``melds`` (0: no meld)."""


def fan_batch(
    concealed: npt.NDArray[np.uint8],
    win_tiles: npt.NDArray[np.uint8],
    *,
    melds: npt.NDArray[np.uint8] | None = None,
    flags: npt.NDArray[np.uint8] | None = None,
    seat_winds: npt.NDArray[np.uint8] | None = None,
    prevalent_winds: npt.NDArray[np.uint8] | None = None,
    flowers: npt.NDArray[np.uint8] | None = None,
    threads: int | None = None,
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.uint16]]:
    """:func:`fan` for N hands at once, without the GIL, over ``threads`` threads (default:
    ``MAJIANG_NUM_THREADS``, else every core).

    ``concealed``: ``(N, 34)`` uint8 counts before the winning tile; ``win_tiles``: ``(N,)``
    kind indices. Optional ``(N,)`` uint8 arrays: ``flags`` (:data:`FLAG_BITS` or-ed),
    ``seat_winds``, ``prevalent_winds`` (0-3), ``flowers``. ``melds``: ``(N, 4, 3)`` uint8
    rows of ``(code, tile, from)``: :data:`MELD_CODES` (0 for none), the tile (a chow's
    lowest) and the seat offset the claimed tile came from (1 the next seat, 2 opposite, 3 the
    one before; 0 for an an_gang). Returns ``totals`` (``(N,)`` int32, -1 for a row that does
    not win) and ``counts`` (``(N, 83)`` uint16, column = 番 number as in :data:`FAN_TABLE`).
    Any other bad row raises its error, prefixed ``row i:``.

    Example:
        >>> import numpy as np
        >>> from majiang import gb
        >>> from majiang.tiles import to_counts
        >>> hands = np.array([to_counts("19m19p19s1234567z"), to_counts("123m456p789s45m55z")],
        ...                  dtype=np.uint8)
        >>> totals, counts = gb.fan_batch(hands, np.array([0, 5], dtype=np.uint8),
        ...                               flags=np.array([0, gb.FLAG_BITS["self_drawn"]], np.uint8))
        >>> totals.tolist(), int(counts[0, 7]), int(counts[1, 56])
        ([88, 13], 1, 1)
    """
    return gb_fan_batch(
        concealed, win_tiles, melds, flags, seat_winds, prevalent_winds, flowers, threads
    )


GB_SHAPES = Rules.preset("gb")
"""The core's ``gb`` shape preset: four melds and a pair, seven pairs (four of a kind as two
pairs), thirteen orphans, 全不靠 (knitted tiles and five or more honors) and 组合龙 with a block
and a pair (with one meld declared, a pair). Any shape function takes it (or ``rules="gb"``).

Example:
    >>> import majiang
    >>> majiang.winning_tiles("147m258p369s1155z", rules=GB_SHAPES)
    ['1z', '5z']
"""

_SHAPE_NAMES = {"knitted": "honors_and_knitted"}


def shanten(
    hand: str | Sequence[str] | Sequence[int] | bytes | npt.NDArray[np.integer], *, melds: int = 0
) -> dict[str, int]:
    """Shanten (上听数, -1 complete) of a 13-3k or 14-3k concealed hand for each GB shape:
    ``regular``, for a closed hand ``seven_pairs``, ``thirteen_orphans`` and
    ``honors_and_knitted`` (全不靠), and with at most one meld ``knitted_straight`` (组合龙 with
    a block and a pair, or with the meld a pair); from the same tables as the other presets
    (:data:`GB_SHAPES`). Agrees with PyMahjongGB's ``RegularShanten``, ``SevenPairsShanten``,
    ``ThirteenOrphansShanten``, ``HonorsAndKnittedTilesShanten`` and
    ``KnittedStraightShanten`` (tests/test_gb_shanten.py).

    Example:
        >>> from majiang import gb
        >>> gb.shanten("147m258p369s1234z")
        {'regular': 8, 'seven_pairs': 6, 'thirteen_orphans': 7, 'honors_and_knitted': 0, \
'knitted_straight': 2}
        >>> gb.shanten("147m258p369s1z", melds=1)
        {'regular': 6, 'knitted_straight': 0}
        >>> gb.shanten("1123m", melds=3)
        {'regular': 0}
    """
    detail = shanten_detail(hand, rules=GB_SHAPES, melds=melds)
    return {_SHAPE_NAMES.get(k, k): v for k, v in detail.items()}
