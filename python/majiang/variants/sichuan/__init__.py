"""Sichuan mahjong (四川麻将, 血战到底): 108 tiles, 定缺, the hand goes on after a win.

:func:`score_hand` scores a win (its named hand, 根 and extras, 番); :func:`settle` takes a hand
record (:class:`HandRecord` or its JSON form: every win and kong of the hand) and returns a
:class:`~majiang.settlement.Settlement`; ``VARIANT`` is the variant whole (its engine plug-in
:class:`SichuanVariant`, options, record and settlement). The rules and every
option are in ``docs/rules/sichuan.md``.

Example:
    >>> from majiang.variants import sichuan
    >>> sichuan.SichuanOptions().cap
    3
    >>> from majiang.tiles import to_counts
    >>> sichuan.score_hand(to_counts("11223344556677s"), (), tile=20, self_drawn=False).hands
    ('清七对',)
"""

from __future__ import annotations

from majiang.variants.sichuan.describe import TALLIED, describe, highlights
from majiang.variants.sichuan.hands import (
    FAN,
    HandScore,
    best_ready_hand,
    is_winning,
    score_hand,
    winning_kinds,
)
from majiang.variants.sichuan.options import SichuanOptions
from majiang.variants.sichuan.play import SichuanVariant
from majiang.variants.sichuan.record import EXAMPLE, HandRecord, Kong, PlayerRecord, Win
from majiang.variants.sichuan.settle import kong_payments, settle
from majiang.variants.spec import VariantSpec

__all__ = [
    "EXAMPLE",
    "FAN",
    "TALLIED",
    "VARIANT",
    "HandRecord",
    "HandScore",
    "Kong",
    "PlayerRecord",
    "SichuanOptions",
    "SichuanVariant",
    "Win",
    "best_ready_hand",
    "describe",
    "highlights",
    "is_winning",
    "kong_payments",
    "score_hand",
    "settle",
    "winning_kinds",
]

VARIANT = VariantSpec(
    name="sichuan",
    settle=settle,
    play=SichuanVariant,
    describe=describe,
    highlights=highlights,
    tallied=TALLIED,
    options=SichuanOptions,
    record=HandRecord,
)
"""Sichuan, whole: the one registration :mod:`majiang.variants.registry` serves."""
