"""Guangdong mahjong (广东麻将, 推倒胡): hands, horses, kong money and settlement.

:func:`score_hand` values 14 tiles; :func:`settle` takes a hand record (:class:`HandRecord` or
its JSON form) and returns a :class:`~majiang.settlement.Settlement`. The rules and every
option are in ``docs/rules/guangdong.md``.

Example:
    >>> from majiang.variants import guangdong
    >>> guangdong.GuangdongOptions().horses
    2
    >>> guangdong.horse_owner(33, 0, "seed")        # 中 falls on B
    1
"""

from __future__ import annotations

from majiang.variants.guangdong.describe import TALLIED, describe, highlights
from majiang.variants.guangdong.hands import HandScore, ghost_kinds, score_hand, winning_kinds
from majiang.variants.guangdong.horses import hits, horse_owner
from majiang.variants.guangdong.options import GuangdongOptions
from majiang.variants.guangdong.play import GuangdongVariant
from majiang.variants.guangdong.record import (
    DrawResult,
    GuangdongPlayer,
    HandRecord,
    WinResult,
)
from majiang.variants.guangdong.settle import settle
from majiang.variants.spec import VariantSpec

__all__ = [
    "TALLIED",
    "VARIANT",
    "DrawResult",
    "GuangdongOptions",
    "GuangdongPlayer",
    "GuangdongVariant",
    "HandRecord",
    "HandScore",
    "WinResult",
    "describe",
    "ghost_kinds",
    "highlights",
    "hits",
    "horse_owner",
    "score_hand",
    "settle",
    "winning_kinds",
]

VARIANT = VariantSpec(
    name="guangdong",
    settle=settle,
    play=GuangdongVariant,
    describe=describe,
    highlights=highlights,
    tallied=TALLIED,
    options=GuangdongOptions,
    record=HandRecord,
)
"""Guangdong 推倒胡, whole: the one registration :mod:`majiang.variants.registry` serves."""
