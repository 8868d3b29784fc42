"""The Nanchang variant (南昌): jing from the flip, honor chows.

Example:
    >>> NanchangVariant().jing_kinds(2)
    (2, 3)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import majiang
from majiang.settlement import Settlement
from majiang.tiles import KINDS

if TYPE_CHECKING:
    pass

from majiang.variants.protocol import DRAGONS, WINDS, Variant, suit_chows

__all__ = ["NanchangVariant"]


class NanchangVariant(Variant):
    """Nanchang: 136 tiles, 正精/副精 from the flip, honor chows (three different winds, 中发白).

    Example:
        >>> NanchangVariant().chow_options(33, majiang.tiles.to_counts("56z"))
        [(31, 32, 33)]
    """

    name = "nanchang"
    rules = "nanchang"
    flips_jing = True  # docs/rules/nanchang.md §3: the 上精 indicator is flipped face up

    def jing_kinds(self, indicator: int) -> tuple[int, ...]:
        """The 正精 and 副精 kinds.

        Example:
            >>> NanchangVariant().jing_kinds(31)   # flip 白 → 白, 中
            (31, 33)
        """
        zheng, fu = majiang.jing_pair(KINDS[indicator])
        return (majiang.tile_index(zheng), majiang.tile_index(fu))

    def chow_options(self, tile: int, counts: Sequence[int]) -> list[tuple[int, int, int]]:
        """Chows of ``tile`` with two held tiles.

        Example:
            >>> NanchangVariant().chow_options(27, majiang.tiles.to_counts("234z"))
            [(27, 28, 29), (27, 28, 30), (27, 29, 30)]
        """
        if tile < 27:
            return suit_chows(tile, counts)
        out: list[tuple[int, int, int]] = []
        group = WINDS if tile in WINDS else DRAGONS
        others = [k for k in group if k != tile and counts[k]]
        for i, a in enumerate(others):
            for b in others[i + 1 :]:
                seq = sorted((tile, a, b))
                out.append((seq[0], seq[1], seq[2]))
        return out

    def with_options(self, options: Mapping[str, Any]) -> Variant:
        """``self``, once the options pass Nanchang's parser
        (:meth:`~majiang.variants.nanchang.NanchangOptions.from_dict`; RulesError naming an
        unknown option or a bad value): they only matter to the settlement.

        Example:
            >>> v = NanchangVariant(); v.with_options({"de_bonus": 10}) is v
            True
            >>> v.with_options({"bogus": 1})
            Traceback (most recent call last):
            ...
            majiang.errors.RulesError: bogus: unknown option (known: an_gang_points, ...)
        """
        from majiang.variants.nanchang.options import NanchangOptions

        NanchangOptions.from_dict(options)
        return self

    def settle(self, record: dict[str, Any]) -> Settlement:
        """The Nanchang settlement (:func:`majiang.settle`).

        Example:
            >>> NanchangVariant().settle({"variant": "nanchang", "dealer": 0,
            ...     "jing_indicator": "9p", "players": [{"hand": "123m456m789m23s5p5p"},
            ...     {"hand": "147m258p369s1234z"}, {"hand": "22m33m44m66s88s777z"},
            ...     {"hand": "567m567p78s8p9s135z"}], "result": {"kind": "draw"}}).deltas
            (-15, 5, 5, 5)
        """
        return majiang.settle(record)
