"""Nanjing mahjong (南京麻将): hand scoring and settlement.

:func:`score_hand` values a finished hand in flowers (花); :func:`settle` takes a hand record
(:class:`HandRecord` or its JSON form) and returns a :class:`~majiang.settlement.Settlement`;
:func:`bixiahu_triggered` tells the game engine whether the dealer stays and the next win is
doubled. The rules and every option are in ``docs/rules/nanjing.md``.

Example:
    >>> from majiang import nanjing
    >>> nanjing.NanjingOptions().run_base
    20
    >>> nanjing.score_hand("1122334455667p", "7p").hands        # 七对: no 门清 bonus
    ('七对', '清一色', '无花果')
"""

from __future__ import annotations

from majiang.variants.nanjing.describe import TALLIED, describe, highlights
from majiang.variants.nanjing.flowers import flower_kongs, hard_flowers
from majiang.variants.nanjing.hands import (
    HandScore,
    is_complete,
    is_winning,
    kuaizhao_feeder,
    menqing,
    score_hand,
)
from majiang.variants.nanjing.options import NanjingOptions
from majiang.variants.nanjing.play import NanjingVariant
from majiang.variants.nanjing.record import (
    DrawResult,
    HandRecord,
    Meld,
    Penalty,
    PlayerRecord,
    WinResult,
)
from majiang.variants.nanjing.settle import bixiahu_triggered, liability, score_winner, settle
from majiang.variants.spec import VariantSpec

__all__ = [
    "TALLIED",
    "VARIANT",
    "DrawResult",
    "HandRecord",
    "HandScore",
    "Meld",
    "NanjingOptions",
    "NanjingVariant",
    "Penalty",
    "PlayerRecord",
    "WinResult",
    "bixiahu_triggered",
    "describe",
    "flower_kongs",
    "hard_flowers",
    "highlights",
    "is_complete",
    "is_winning",
    "kuaizhao_feeder",
    "liability",
    "menqing",
    "score_hand",
    "score_winner",
    "settle",
]

VARIANT = VariantSpec(
    name="nanjing",
    settle=settle,
    play=NanjingVariant,
    describe=describe,
    highlights=highlights,
    tallied=TALLIED,
    options=NanjingOptions,
    record=HandRecord,
)
"""Nanjing, whole: the one registration :mod:`majiang.variants.registry` serves."""
