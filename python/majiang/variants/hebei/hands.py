"""Hebei 河北推倒胡 hand values: the largest hand only (``docs/rules/hebei.md`` Scoring).

平胡 3; 清一色, 七小对, 一条龙 9; 豪华七小对 18; 十三幺 27. The shapes come from the core
(:func:`majiang._core.decompositions`); this module only names and values them.

Example:
    >>> from majiang.tiles import to_counts
    >>> hand_value(to_counts("123456789m11p555s"), melds=0)
    ('一条龙', 9)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from majiang._core import Rules, decompositions

__all__ = ["HAND_RULES", "HAND_VALUES", "WaitShape", "hand_value", "wait_shape"]

HAND_VALUES: dict[str, int] = {
    "平胡": 3,
    "清一色": 9,
    "七小对": 9,
    "一条龙": 9,
    "豪华七小对": 18,
    "十三幺": 27,
}

# No honor sequences, any pair, seven pairs may hold a four (豪华), 十三幺.
HAND_RULES = Rules(pair="any", seven_pairs="four_as_two", thirteen_orphans=True)
_RULES = HAND_RULES


def _one_suit(counts: Sequence[int], meld_kinds: Sequence[int]) -> bool:
    kinds = [k for k, n in enumerate(counts) if n] + list(meld_kinds)
    return all(k < 27 for k in kinds) and len({k // 9 for k in kinds}) == 1


def hand_value(
    counts: Sequence[int], *, melds: int, meld_kinds: Sequence[int] = ()
) -> tuple[str, int] | None:
    """The largest hand of the concealed ``counts`` with ``melds`` melds, or None if no win.

    ``meld_kinds`` are the melds' tile kinds (for 清一色).
    """
    best: tuple[str, int] | None = None
    for d in decompositions(list(counts), rules=_RULES, melds=melds):
        names = ["平胡"]
        if d.shape == "thirteen_orphans":
            names.append("十三幺")
        elif d.shape == "seven_pairs":
            pairs = [b.kinds[0] for b in d.blocks]
            names.append("豪华七小对" if len(set(pairs)) < len(pairs) else "七小对")
        else:
            seqs = {b.kinds[0] for b in d.blocks if b.kind == "sequence"}
            if any({s, s + 3, s + 6} <= seqs for s in (0, 9, 18)):
                names.append("一条龙")
        if _one_suit(counts, meld_kinds):
            names.append("清一色")
        name = max(names, key=lambda n: HAND_VALUES[n])
        if best is None or HAND_VALUES[name] > best[1]:
            best = (name, HAND_VALUES[name])
    return best


class WaitShape(NamedTuple):
    """How the winning tile can be read in a regular hand: ``wu_kui`` (5万 in the middle of
    4万5万6万, 捉五魁) and ``edge_closed_single`` (边卡吊: an edge, closed or single wait)."""

    wu_kui: bool
    edge_closed_single: bool


def wait_shape(counts: Sequence[int], tile: int, *, melds: int) -> WaitShape:
    """The wait readings of the winning ``tile`` in the full concealed ``counts``: any regular
    decomposition where the tile is the middle of a sequence (closed), the 3 of a 1-2-3 or the
    7 of a 7-8-9 (edge) or half of the pair (single). The library's reading: one such
    decomposition is enough.

    Example:
        >>> from majiang.tiles import to_counts
        >>> wait_shape(to_counts("456m123p789s11122z"), 4, melds=0)
        WaitShape(wu_kui=True, edge_closed_single=True)
        >>> wait_shape(to_counts("456m123p789s11122z"), 3, melds=0)
        WaitShape(wu_kui=False, edge_closed_single=False)
    """
    wu_kui = edge = False
    for d in decompositions(list(counts), rules=_RULES, melds=melds):
        if d.shape != "regular":
            continue
        for b in d.blocks:
            k = b.kinds
            if b.kind == "pair" and k[0] == tile:
                edge = True
            elif b.kind == "sequence" and tile in k:
                first = k[0] % 9
                if k[1] == tile or (first == 0 and k[2] == tile) or (first == 6 and k[0] == tile):
                    edge = True
                if k == (3, 4, 5) and tile == 4:
                    wu_kui = True
    return WaitShape(wu_kui, edge)
