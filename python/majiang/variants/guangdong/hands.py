"""Guangdong 推倒胡 hands: what wins and what a win is worth (docs/rules/guangdong.md §3, §7).

The shapes are the Rust core's (:mod:`majiang._core`): the regular shape, seven pairs (four of
a kind as two pairs, off without 可胡七对) and thirteen orphans, with the ghost tiles as the
core's wild tiles. The flat profile values every hand alike; the 大胡 profile reads each of the
core's readings of the hand and takes the largest multiplier.

Example:
    >>> from majiang.tiles import to_counts
    >>> from majiang.variants.guangdong.options import GuangdongOptions
    >>> dahu = GuangdongOptions(profile="dahu")
    >>> score_hand(to_counts("11223344556677m"), (), (), dahu).hands
    ('清一色',)
    >>> score_hand(to_counts("119m19p19s1234567z"), (), (), dahu).multiplier
    8
    >>> score_hand(to_counts("123m456p789s11222z"), (), (), GuangdongOptions()).multiplier
    1
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from majiang._core import Rules, decompositions, is_winning, jing_pair, winning_tiles
from majiang.meld import Meld
from majiang.tiles import KIND_INDEX, KINDS
from majiang.variants.guangdong.options import GuangdongOptions
from majiang.variants.protocol import jing_names

__all__ = [
    "DAHU",
    "NEXT_KIND",
    "HandScore",
    "four_ghosts",
    "ghost_kinds",
    "holds_ghost",
    "score_hand",
    "shape_rules",
    "winning_kinds",
    "wins",
]

WITH_QIDUI = Rules(seven_pairs="four_as_two", thirteen_orphans=True)
WITHOUT_QIDUI = Rules(seven_pairs="off", thirteen_orphans=True)

DAHU: tuple[tuple[str, int], ...] = (
    ("天胡", 10),
    ("地胡", 10),
    ("十三幺", 8),
    ("字一色", 8),
    ("幺九", 6),
    ("清一色", 4),
    ("七小对", 2),
    ("对对胡", 2),
    ("混一色", 2),
)
"""The 大胡 hands and their multipliers [cpp], largest first: only the largest counts."""

NEXT_KIND: tuple[int, ...] = tuple(KIND_INDEX[jing_pair(KINDS[k])[1]] for k in range(34))
"""The tile after each kind (翻鬼): 1-9 of a suit in a ring, 东南西北, 中发白 (the core's order)."""

_FIXED_GHOSTS = {"bai": (31,), "zhong": (33,)}


def ghost_kinds(options: GuangdongOptions, indicator: int | None) -> tuple[int, ...]:
    """The ghost kinds of a room (``indicator``: the flipped tile under 翻鬼).

    Example:
        >>> ghost_kinds(GuangdongOptions(ghosts="flip_double"), 8)     # 9m: 1m and 2m
        (0, 1)
        >>> ghost_kinds(GuangdongOptions(ghosts="bai"), None), ghost_kinds(GuangdongOptions(), 3)
        ((31,), ())
    """
    g = options.ghosts
    if g in _FIXED_GHOSTS:
        return _FIXED_GHOSTS[g]
    if g == "none" or indicator is None:
        return ()
    first = NEXT_KIND[indicator]
    return (first,) if g == "flip" else (first, NEXT_KIND[first])


def shape_rules(options: GuangdongOptions) -> Rules:
    """The core's shape rules for the room: seven pairs only with 可胡七对.

    Example:
        >>> shape_rules(GuangdongOptions(qidui=False)).seven_pairs
        'off'
    """
    return WITH_QIDUI if options.qidui else WITHOUT_QIDUI


def winning_kinds(
    concealed: Sequence[int], melds: int, ghosts: tuple[int, ...], options: GuangdongOptions
) -> frozenset[int]:
    """The kinds that complete ``concealed`` (13 - 3 x ``melds`` tiles).

    Example:
        >>> from majiang.tiles import to_counts
        >>> sorted(winning_kinds(to_counts("123m456p789s1122z"), 0, (), GuangdongOptions()))
        [27, 28]
    """
    found = winning_tiles(
        concealed, rules=shape_rules(options), jing=jing_names(ghosts), melds=melds
    )
    kinds = frozenset(map(KIND_INDEX.__getitem__, found))
    if options.si_gui_hu and ghosts:  # 四鬼胡牌: a fourth ghost drawn, or any tile beside four
        held = sum(concealed[g] for g in ghosts)
        if held >= 4:
            return frozenset(range(34))
        if held == 3:
            return kinds | frozenset(ghosts)
    return kinds


def wins(
    full: Sequence[int], melds: int, ghosts: tuple[int, ...], options: GuangdongOptions
) -> bool:
    """Whether the 14 - 3 x ``melds`` tiles ``full`` are a complete hand.

    Example:
        >>> from majiang.tiles import to_counts
        >>> wins(to_counts("123m456p789s11225z"), 0, (31,), GuangdongOptions())
        True
        >>> wins(to_counts("11335577m99p1122z"), 0, (), GuangdongOptions(qidui=False))
        False
    """
    return bool(is_winning(full, rules=shape_rules(options), jing=jing_names(ghosts), melds=melds))


def four_ghosts(full: Sequence[int], ghosts: tuple[int, ...], options: GuangdongOptions) -> bool:
    """Whether a complete hand of ``full`` wins by 四鬼胡牌: the option on and four ghost tiles
    held (in a 翻双鬼 room any four of the two kinds: the library's reading).

    Example:
        >>> from majiang.tiles import to_counts
        >>> hand = to_counts("1599m258p369s5555z")
        >>> four_ghosts(hand, (31,), GuangdongOptions(si_gui_hu=True)), four_ghosts(
        ...     hand, (31,), GuangdongOptions())
        (True, False)
    """
    return options.si_gui_hu and sum(full[g] for g in ghosts) >= 4


def holds_ghost(full: Sequence[int], ghosts: tuple[int, ...]) -> bool:
    """Whether the concealed counts hold a ghost tile.

    Example:
        >>> holds_ghost([0] * 31 + [1, 0, 0], (31,)), holds_ghost([1] * 34, ())
        (True, False)
    """
    return any(full[g] for g in ghosts)


@dataclass(frozen=True)
class HandScore:
    """What a won hand is worth before horses: ``multiplier`` (x the 2 points of a share),
    the hands it is read as (``hands``; the largest only in the 大胡 profile), its ``shape``
    and whether it held no ghost (``ghost_free``: always true in a room without ghosts).

    Example:
        >>> HandScore(1, (), "regular", True).points
        2
    """

    multiplier: int
    hands: tuple[str, ...]
    shape: str
    ghost_free: bool
    four_ghosts: bool = False
    """四鬼胡牌 on and four ghost tiles held (``shape`` is ``four_ghosts`` when that alone wins)."""

    @property
    def points(self) -> int:
        """The hand's points a share: 2 x the multiplier.

        Example:
            >>> HandScore(4, ("清一色",), "regular", True).points
            8
        """
        return 2 * self.multiplier


def score_hand(
    full: Sequence[int],
    melds: Sequence[Meld],
    ghosts: tuple[int, ...],
    options: GuangdongOptions,
    *,
    tian_hu: bool = False,
    di_hu: bool = False,
) -> HandScore | None:
    """The score of a win on the concealed counts ``full`` (the winning tile included) beside
    ``melds``; None when it is not a complete hand.

    Example:
        >>> from majiang.tiles import to_counts
        >>> o = GuangdongOptions(profile="dahu")
        >>> score_hand(to_counts("111m222p333s44455z"), (), (), o).hands
        ('对对胡',)
        >>> score_hand(to_counts("123m456p789s11222z"), (), (), o, tian_hu=True).multiplier
        10
        >>> score_hand(to_counts("123m456p789s12345z"), (), (), o) is None
        True
    """
    n = len(melds)
    four = four_ghosts(full, ghosts, options)
    if not wins(full, n, ghosts, options):
        return HandScore(1, ("四鬼胡牌",), "four_ghosts", False, True) if four else None
    free = not holds_ghost(full, ghosts)
    flat = options.profile == "flat"
    if flat and not options.qidui_double:
        return HandScore(1, (), "regular", free, four)
    readings = decompositions(
        full, rules=shape_rules(options), jing=jing_names(ghosts), melds=n, limit=10_000
    )
    meld_kinds = [k for m in melds for k in m.kinds]
    best: tuple[int, str, str] = (1, "", "regular")
    for reading in readings:
        shape: str = reading.shape
        if flat:
            if shape == "seven_pairs":
                return HandScore(2, ("七对",), shape, free, four)
            continue
        kinds = [k for b in reading.blocks for k in b.kinds] + meld_kinds
        triplets = shape == "regular" and all(b.kind != "sequence" for b in reading.blocks)
        name, times = _largest(shape, kinds, triplets, tian_hu=tian_hu, di_hu=di_hu)
        if times > best[0]:
            best = (times, name, shape)
    if flat:
        return HandScore(1, (), readings[0].shape if readings else "regular", free, four)
    times, name, shape = best
    return HandScore(times, (name,) if name else (), shape, free, four)


def _largest(
    shape: str, kinds: Sequence[int], triplets: bool, *, tian_hu: bool, di_hu: bool
) -> tuple[str, int]:
    suits = {k // 9 for k in kinds if k < 27}
    honors = any(k >= 27 for k in kinds)
    terminals = all(k >= 27 or k % 9 in (0, 8) for k in kinds)
    applies = {
        "天胡": tian_hu,
        "地胡": di_hu,
        "十三幺": shape == "thirteen_orphans",
        "字一色": not suits,
        "幺九": terminals and bool(suits),
        "清一色": len(suits) == 1 and not honors,
        "七小对": shape == "seven_pairs",
        "对对胡": triplets,
        "混一色": len(suits) == 1 and honors,
    }
    for name, times in DAHU:
        if applies[name]:
            return name, times
    return "", 1
