"""Pingxiang mahjong (萍乡麻将): hand scoring and settlement.

:func:`score_hand` scores 14 tiles (big hands, 番, how it was reached); :func:`settle` takes a
hand record (:class:`HandRecord` or its JSON form) and returns a
:class:`~majiang.settlement.Settlement`. The rules and every option are in
``docs/rules/pingxiang.md``.

Example:
    >>> from majiang import pingxiang
    >>> pingxiang.PingxiangOptions().cap
    32
    >>> pingxiang.score_hand("11223344556677p", [], self_drawn=True).fan
    8
"""

from __future__ import annotations

from majiang.variants.pingxiang.describe import TALLIED, describe, highlights
from majiang.variants.pingxiang.hands import HandScore, is_winning, score_hand, winning_kinds
from majiang.variants.pingxiang.options import PingxiangOptions
from majiang.variants.pingxiang.play import PingxiangVariant
from majiang.variants.pingxiang.record import DrawResult, HandRecord, Meld, PlayerRecord, WinResult
from majiang.variants.pingxiang.settle import liable_seat, settle
from majiang.variants.spec import VariantSpec

__all__ = [
    "TALLIED",
    "VARIANT",
    "DrawResult",
    "HandRecord",
    "HandScore",
    "Meld",
    "PingxiangOptions",
    "PingxiangVariant",
    "PlayerRecord",
    "WinResult",
    "describe",
    "highlights",
    "is_winning",
    "liable_seat",
    "score_hand",
    "settle",
    "winning_kinds",
]

VARIANT = VariantSpec(
    name="pingxiang",
    settle=settle,
    play=PingxiangVariant,
    describe=describe,
    highlights=highlights,
    tallied=TALLIED,
    options=PingxiangOptions,
    record=HandRecord,
)
"""Pingxiang, whole: the one registration :mod:`majiang.variants.registry` serves."""
