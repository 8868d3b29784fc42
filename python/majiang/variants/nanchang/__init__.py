"""Nanchang mahjong (南昌麻将) settlement: a finished hand in, every payment out.

:func:`settle` takes a hand record (:class:`HandRecord` or its JSON form) and returns a
:class:`~majiang.settlement.Settlement`. The rules, with the seed each comes from, and every
option are in ``docs/rules/nanchang.md``.

Example:
    >>> from majiang import nanchang
    >>> nanchang.NanchangOptions().de_bonus
    5
    >>> nanchang.chong_guan(6)
    18
"""

from __future__ import annotations

from majiang.variants.nanchang.describe import (
    DECOMPOSITION_TAGS,
    TALLIED,
    analysis_notes,
    describe,
    highlights,
)
from majiang.variants.nanchang.jing import chong_guan
from majiang.variants.nanchang.options import NanchangOptions
from majiang.variants.nanchang.play import PLAY
from majiang.variants.nanchang.readings import Reading
from majiang.variants.nanchang.record import DrawResult, HandRecord, Meld, PlayerRecord, WinResult
from majiang.variants.nanchang.settle import clear_caches, settle

__all__ = [
    "DECOMPOSITION_TAGS",
    "PLAY",
    "TALLIED",
    "DrawResult",
    "HandRecord",
    "Meld",
    "NanchangOptions",
    "PlayerRecord",
    "Reading",
    "WinResult",
    "analysis_notes",
    "chong_guan",
    "clear_caches",
    "describe",
    "highlights",
    "settle",
]
