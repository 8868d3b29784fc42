"""GB wins and their 番: :func:`score_win` asks :func:`majiang.gb.fan` (the Rust core) and adds
the seed's non-GB extras when the options turn them on; :func:`engine_waits` asks the core's
GB shapes. No shape search happens here.

Example:
    >>> from majiang.tiles import to_counts
    >>> s = score_win(to_counts("123m456m789m234p5p"), (), 13, self_drawn=True)
    >>> s.total, s.counted, [zh for zh, _points, _n in s.fans]
    (23, 23, ['清龙', '不求人', '平和', '缺一门'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from majiang import gb
from majiang._core import winning_tiles
from majiang.errors import InvalidHandError, NotWinningError
from majiang.meld import Meld
from majiang.tiles import KIND_INDEX
from majiang.variants.gb.options import GbOptions

__all__ = ["EXTRAS", "HandScore", "engine_waits", "is_winning", "score_win"]

EXTRAS: dict[str, int] = {"天和": 168, "地和": 158, "人和": 108, "四方大发": 168}
"""The seed's non-GB 番 (``[001]`` 国标麻将番种图解, each marked 非国标) and their points."""

_DEFAULT = GbOptions()
_FA = 32  # 6z 发


@dataclass(frozen=True)
class HandScore:
    """A scored GB win: ``fans`` as ``(zh, points, count)``, ``total`` with flowers,
    ``counted`` the 番 that count toward 起和 (flowers excluded), ``shape`` the reading.

    Example:
        >>> HandScore((("花牌", 1, 2),), 2, 0, "regular").total
        2
    """

    fans: tuple[tuple[str, int, int], ...]
    total: int
    counted: int
    shape: str

    @property
    def detail(self) -> str:
        """The arithmetic of the total.

        Example:
            >>> HandScore((("清龙", 16, 1), ("花牌", 1, 2)), 18, 16, "regular").detail
            '清龙 16 + 花牌 1x2 = 18'
        """
        parts = [f"{zh} {p}" if n == 1 else f"{zh} {p}x{n}" for zh, p, n in self.fans]
        return f"{' + '.join(parts)} = {self.total}"


def score_win(
    concealed: Sequence[int],
    melds: Sequence[Meld],
    tile: int,
    *,
    self_drawn: bool,
    seat: int = 0,
    seat_wind: int = 0,
    prevalent_wind: int = 0,
    flowers: int = 0,
    last_copy: bool = False,
    replacement: bool = False,
    robbing: bool = False,
    last_tile: bool = False,
    special: str | None = None,
    options: GbOptions = _DEFAULT,
) -> HandScore:
    """The 番 of a complete hand: ``concealed`` are the counts without the winning ``tile``;
    ``last_tile`` the wall was empty (妙手回春 self-drawn, 海底捞月 on a discard); ``special``
    one of 天和, 地和, 人和 (scored only under ``options.extras``). Raises
    :class:`~majiang.errors.NotWinningError` if no shape completes the tiles,
    :class:`~majiang.errors.WinFlagsError` for flags that cannot hold together.

    Example:
        >>> from majiang.tiles import to_counts
        >>> s = score_win(to_counts("123m456m789m234p5p"), (), 13, self_drawn=True,
        ...               special="天和", options=GbOptions(extras=True))
        >>> s.fans[0], s.total
        (('天和', 168, 1), 191)
    """
    hand = list(concealed)
    r = gb.fan(
        hand,
        tile,
        melds=melds,
        self_drawn=self_drawn,
        last_copy=last_copy and not robbing,
        replacement=replacement,
        robbing=robbing,
        last_draw=last_tile and self_drawn,
        last_claim=last_tile and not self_drawn and not robbing,
        seat_wind=seat_wind,
        prevalent_wind=prevalent_wind,
        flowers=flowers,
        seat=seat,
        mingan_gang=options.mingan_gang,
    )
    fans = [(zh, points, n) for zh, _en, points, n in r.fans]
    total, counted = r.total, r.total_without_flowers
    if options.extras:
        extra: list[tuple[str, int, int]] = []
        if special in ("天和", "地和", "人和"):
            extra.append((special, EXTRAS[special], 1))
        if any(zh == "大四喜" for zh, _p, _n in fans) and _fa_pair(hand, tile):
            # 四方大发 is 大四喜 with a 发 pair: it takes 大四喜's place ([001]).
            fans = [f for f in fans if f[0] != "大四喜"]
            extra.append(("四方大发", EXTRAS["四方大发"], 1))
            total -= 88
            counted -= 88
        added = sum(p for _zh, p, _n in extra)
        fans = extra + fans
        total += added
        counted += added
    return HandScore(tuple(fans), total, counted, r.shape)


def _fa_pair(hand: Sequence[int], tile: int) -> bool:
    return hand[_FA] + (tile == _FA) == 2


_SHAPE_SOURCE: dict[str, int | None] = {"chi": 3, "an_gang": None}
"""A meld's source as seen from seat 0 (the shape alone decides a win)."""


def is_winning(concealed: Sequence[int], melds: Sequence[Meld], tile: int) -> bool:
    """Whether ``tile`` completes the hand in a GB shape (any 番; the melds' sources play no
    part).

    Example:
        >>> from majiang.tiles import to_counts
        >>> is_winning(to_counts("147m258p369s1234z"), (), 33), is_winning([0] * 34, (), 0)
        (True, False)
    """
    shapes = [(m.kind, m.kinds, _SHAPE_SOURCE.get(m.kind, 2)) for m in melds]
    try:
        gb.fan(list(concealed), tile, melds=shapes)
    except NotWinningError:
        return False
    except InvalidHandError:
        return False
    return True


def engine_waits(concealed: Sequence[int], melds: Sequence[Meld]) -> frozenset[int]:
    """The kinds completing a 13 - 3k hand in a GB shape, any 番: the core's ``gb`` preset
    (every GB shape: four melds and a pair, seven pairs, 十三幺, 全不靠, 组合龙 with the
    rest), less the kinds whose four copies the hand and its melds already hold.

    Example:
        >>> from majiang.tiles import KINDS, to_counts
        >>> sorted(KINDS[k] for k in engine_waits(to_counts("1112345678999m"), ()))[:3]
        ['1m', '2m', '3m']
        >>> sorted(KINDS[k] for k in engine_waits(to_counts("147m258p369s1234z"), ()))
        ['5z', '6z', '7z']
    """
    hand = list(concealed)
    if sum(hand) + 3 * len(melds) != 13:
        return frozenset()
    held = list(hand)
    for m in melds:
        for k in m.kinds:
            held[k] += 1
    named = winning_tiles(hand, rules="gb", melds=len(melds))
    return frozenset(k for k in map(KIND_INDEX.__getitem__, named) if held[k] < 4)
