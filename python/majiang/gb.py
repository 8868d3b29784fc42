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

from collections.abc import Iterable, Sequence

import numpy as np
import numpy.typing as npt

from majiang._core import GbFanResult, gb_fan, gb_fan_table
from majiang.meld import MeldInput

__all__ = ["FAN_TABLE", "FanResult", "fan"]

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


def fan(
    hand: str | Sequence[str] | Sequence[int] | bytes | npt.NDArray[np.integer],
    win_tile: str | int,
    *,
    melds: Iterable[MeldInput] = (),
    self_drawn: bool = False,
    last_copy: bool = False,
    replacement: bool = False,
    robbing: bool = False,
    last_draw: bool = False,
    last_claim: bool = False,
    seat_wind: int = 0,
    prevalent_wind: int = 0,
    flowers: int = 0,
    seat: int = 0,
    mingan_gang: bool = True,
) -> GbFanResult:
    """The 番 of a complete hand.

    ``hand`` holds the concealed tiles before the winning tile (13 less three per meld: MPSZ
    text, tile names or 34 counts); ``win_tile`` the tile won on. ``melds``: declared melds
    (:class:`majiang.meld.Meld` or ``(kind, tiles, source)`` with kind ``chi``, ``peng``,
    ``ming_gang``/``bu_gang``, ``an_gang``; ``source`` the absolute seat the claimed tile came
    from, a chow's the seat before ``seat``). Flags: ``self_drawn`` (自摸), ``last_copy``
    (和绝张), ``replacement`` (杠上开花), ``robbing`` (抢杠和), ``last_draw`` (妙手回春),
    ``last_claim`` (海底捞月). Winds 0-3 = East South West North; ``flowers`` 0-8.
    ``mingan_gang``: one concealed and one exposed kong are 明暗杠 (5) rather than 暗杠 + 明杠.

    Raises :class:`majiang.errors.NotWinningError` for a hand that does not win,
    :class:`majiang.InvalidHandError` for wrong counts, a fifth copy or a meld that is no meld,
    :class:`majiang.errors.WinFlagsError` for flags that cannot hold together.

    Example:
        >>> from majiang import gb
        >>> r = gb.fan("19m19p19s1234567z", "1m")
        >>> r.total, r.shape, r.numbers
        (88, 'thirteen_orphans', [(7, 1)])
        >>> r = gb.fan("2233m", "3m", melds=[("peng", "555z", 1), ("peng", "666z", 2),
        ...     ("peng", "777z", 3)], flowers=2)
        >>> r.total, r.total_without_flowers, r.fans[0]
        (102, 100, ('大三元', 'Big Three Dragons', 88, 1))
        >>> gb.fan("123m456m789m234p6p", "5p", robbing=True, self_drawn=True)
        Traceback (most recent call last):
        ...
        majiang.errors.WinFlagsError: 抢杠和 (robbing) cannot be self-drawn
    """
    return gb_fan(
        hand,
        win_tile,
        melds,
        self_drawn,
        last_copy,
        replacement,
        robbing,
        last_draw,
        last_claim,
        seat_wind,
        prevalent_wind,
        flowers,
        seat,
        mingan_gang,
    )
