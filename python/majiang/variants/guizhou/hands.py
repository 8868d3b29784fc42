"""Guizhou hands and their values, read from the Rust core's decompositions.

A hand wins when the core's shapes (:data:`~majiang.variants.guizhou.rules.SHAPES`) complete
it, or, under the option ``dilong``, as 地龙: one pong, every concealed tile in pairs, won on
the pong's fourth tile (the core asked with the pong's tiles joined to the hand). Only the
largest named hand counts (docs/rules/guizhou.md §2); 清 counts the melds too. Python reads
the blocks; it searches no shapes itself.

Example:
    >>> from majiang.tiles import to_counts
    >>> classify(to_counts("11122233344455m"), ()).name
    '清大对'
    >>> classify(to_counts("123m456m789p123s55s"), ()).value
    10
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from majiang._core import decompositions, winning_tiles
from majiang.meld import Meld
from majiang.tiles import KIND_INDEX
from majiang.variants.guizhou.options import GuizhouOptions
from majiang.variants.guizhou.rules import SHAPES

__all__ = ["SCALES", "HandValue", "best_ready_value", "classify", "win_value", "winning_kinds"]

SCALES: dict[str, dict[str, int]] = {
    "seed": {
        "平胡": 1,
        "大对子": 3,
        "七对": 4,
        "龙七对": 5,
        "清一色": 5,
        "清大对": 8,
        "清七对": 5,
        "青龙背": 10,
        "地龙": 5,
        "清地龙": 10,
    },
    "common": {
        "平胡": 1,
        "大对子": 5,
        "七对": 7,
        "龙七对": 10,
        "清一色": 10,
        "清大对": 15,
        "清七对": 17,
        "青龙背": 20,
        "地龙": 10,
        "清地龙": 20,
    },
}
"""Each scale's hand values in multiples of the base (seed [001:135-137]: 平胡 10 on 底注 10;
``common``: QQ/百科). 清七对 is not in the seed (valued as 清一色); 地龙 holds a four, valued
as 龙七对 (library's choices)."""
_DEFAULT = GuizhouOptions()


@dataclass(frozen=True)
class HandValue:
    """A named winning hand and its value (base included).

    Example:
        >>> HandValue("平胡", 10).value
        10
    """

    name: str
    value: int


def _one_suit(full: Sequence[int], melds: Sequence[Meld]) -> bool:
    suits = {k // 9 for k in range(27) if full[k]} | {m.kinds[0] // 9 for m in melds}
    return len(suits) == 1


@lru_cache(maxsize=65536)
def _shapes(counts: tuple[int, ...], melds: int) -> tuple[tuple[str, bool], ...]:
    """(shape, all blocks triplets) of each core decomposition."""
    return tuple(
        (d.shape, all(b.kind != "sequence" for b in d.blocks))
        for d in decompositions(list(counts), rules=SHAPES, melds=melds)
    )


def _dilong(full: Sequence[int], melds: Sequence[Meld], tile: int | None) -> bool:
    if len(melds) != 1 or melds[0].kind != "peng" or tile != melds[0].kinds[0]:
        return False
    if full[tile] != 1:  # the pong's fourth tile is the winning one: no other is held
        return False
    joined = list(full[:34])
    joined[tile] += 3
    return any(shape == "seven_pairs" for shape, _ in _shapes(tuple(joined), 0))


def classify(
    full: Sequence[int],
    melds: Sequence[Meld],
    tile: int | None = None,
    options: GuizhouOptions = _DEFAULT,
) -> HandValue | None:
    """The largest hand ``full`` (the concealed tiles, the winning ``tile`` included) makes
    beside ``melds``, or None if it does not win.

    Example:
        >>> from majiang.tiles import to_counts
        >>> classify(to_counts("11223344556677p"), ()).name
        '清七对'
        >>> o = GuizhouOptions(dilong=True)
        >>> p = Meld("peng", "555m", 1)
        >>> classify(to_counts("5m1122p3344s66s"), (p,), tile=4, options=o).name
        '地龙'
    """
    if sum(full[:34]) != 14 - 3 * len(melds) or any(full[27:34]):
        return None
    qing = _one_suit(full, melds)
    names: list[str] = []
    meld_triplets = all(m.kind != "chi" for m in melds)
    for shape, triplets in _shapes(tuple(full[:34]), len(melds)):
        if shape == "seven_pairs":
            dragon = any(c == 4 for c in full[:27])
            names.append(
                ("青龙背" if qing else "龙七对") if dragon else ("清七对" if qing else "七对")
            )
        elif triplets and meld_triplets:
            names.append("清大对" if qing else "大对子")
        else:
            names.append("清一色" if qing else "平胡")
    if options.dilong and _dilong(full, melds, tile):
        names.append("清地龙" if qing else "地龙")
    if not names:
        return None
    scale = SCALES[options.hand_scale]
    order = list(scale)  # on a tie the more specific name (清七对 over 清一色)
    best = max(names, key=lambda n: (scale[n], order.index(n)))
    return HandValue(best, scale[best] * options.base)


def win_value(
    concealed: tuple[int, ...],
    melds: tuple[Meld, ...],
    tile: int,
    options: GuizhouOptions = _DEFAULT,
) -> HandValue | None:
    """:func:`classify` of 13 - 3 x melds ``concealed`` counts won on ``tile``, remembered
    (the record check and the settlement value each winner's hand).

    Example:
        >>> from majiang.tiles import to_counts
        >>> win_value(tuple(to_counts("1112223334445m")), (), 4).name
        '清大对'
    """
    return _win_value(concealed, melds, tile, options)


@lru_cache(maxsize=65536)
def _win_value(
    concealed: tuple[int, ...], melds: tuple[Meld, ...], tile: int, options: GuizhouOptions
) -> HandValue | None:
    full = list(concealed[:34])
    full[tile] += 1
    return classify(full, melds, tile, options)


def winning_kinds(
    concealed: Sequence[int], melds: Sequence[Meld], options: GuizhouOptions = _DEFAULT
) -> frozenset[int]:
    """The kinds that complete 13 - 3 x melds concealed tiles (one core call, plus 地龙).

    Example:
        >>> from majiang.tiles import to_counts
        >>> sorted(winning_kinds(to_counts("1112345678999m"), ()))
        [0, 1, 2, 3, 4, 5, 6, 7, 8]
    """
    return _winning_kinds(tuple(concealed[:34]), tuple(melds), options.dilong)


@lru_cache(maxsize=65536)
def _winning_kinds(
    concealed: tuple[int, ...], melds: tuple[Meld, ...], dilong: bool
) -> frozenset[int]:
    if any(concealed[27:]):
        return frozenset()
    found = {KIND_INDEX[t] for t in winning_tiles(list(concealed), rules=SHAPES, melds=len(melds))}
    if dilong and len(melds) == 1 and melds[0].kind == "peng":
        k = melds[0].kinds[0]
        full = list(concealed)
        full[k] += 1
        if _dilong(full, melds, k):
            found.add(k)
    return frozenset(k for k in found if k < 27)


def best_ready_value(
    concealed: Sequence[int], melds: Sequence[Meld], options: GuizhouOptions = _DEFAULT
) -> HandValue | None:
    """The largest hand a ready hand can complete (黄庄查叫's value), or None if not ready.

    Example:
        >>> from majiang.tiles import to_counts
        >>> best_ready_value(to_counts("1112223334445m"), ()).name
        '清大对'
    """
    return _best_ready(tuple(concealed[:34]), tuple(melds), options)


def ready_value(
    concealed: tuple[int, ...], melds: tuple[Meld, ...], options: GuizhouOptions
) -> HandValue | None:
    """:func:`best_ready_value` of a record's 34 counts and melds, as they are (no copies).

    Example:
        >>> from majiang.tiles import to_counts
        >>> ready_value(tuple(to_counts("1112223334445m")), (), _DEFAULT).value
        80
    """
    return _best_ready(concealed, melds, options)


@lru_cache(maxsize=65536)
def _best_ready(
    concealed: tuple[int, ...], melds: tuple[Meld, ...], options: GuizhouOptions
) -> HandValue | None:
    best: HandValue | None = None
    for k in sorted(winning_kinds(concealed, melds, options)):
        full = list(concealed[:34])
        full[k] += 1
        v = classify(full, melds, k, options)
        if v is not None and (best is None or v.value > best.value):
            best = v
    return best
