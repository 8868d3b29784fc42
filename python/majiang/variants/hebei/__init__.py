"""Hebei mahjong (河北推倒胡): the seed's table (136 tiles, no chow, 听 worth nothing, the
dealer's next seat deals after a non-dealer's win) with the flat public score table.

:func:`hand_value` values a hand; :func:`settle` takes a hand record (:class:`HandRecord` or
its JSON form) and returns a :class:`~majiang.settlement.Settlement`. The rules, the sources
and every option are in ``docs/rules/hebei.md``.

Example:
    >>> from majiang.variants import hebei
    >>> from majiang.tiles import to_counts
    >>> hebei.hand_value(to_counts("1133m5577p99s1122z"), melds=0)
    ('七小对', 9)
    >>> hebei.next_dealer(0, 2)
    1
"""

from __future__ import annotations

from majiang.variants.hebei.describe import TALLIED, describe, highlights
from majiang.variants.hebei.hands import HAND_VALUES, hand_value, wait_shape
from majiang.variants.hebei.options import HebeiOptions
from majiang.variants.hebei.play import HebeiVariant
from majiang.variants.hebei.record import DrawResult, HandRecord, PlayerRecord, WinResult
from majiang.variants.hebei.rules import TABLE, next_dealer
from majiang.variants.hebei.settle import settle
from majiang.variants.spec import VariantSpec

__all__ = [
    "HAND_VALUES",
    "TABLE",
    "TALLIED",
    "VARIANT",
    "DrawResult",
    "HandRecord",
    "HebeiOptions",
    "HebeiVariant",
    "PlayerRecord",
    "WinResult",
    "describe",
    "hand_value",
    "highlights",
    "next_dealer",
    "settle",
    "wait_shape",
]

VARIANT = VariantSpec(
    name="hebei",
    settle=settle,
    play=HebeiVariant,
    describe=describe,
    highlights=highlights,
    tallied=TALLIED,
    options=HebeiOptions,
    record=HandRecord,
)
"""Hebei 河北推倒胡, whole: the one registration :mod:`majiang.variants.registry` serves."""
