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
from majiang.variants.nanchang.play import NanchangVariant
from majiang.variants.nanchang.readings import Reading
from majiang.variants.nanchang.record import DrawResult, HandRecord, Meld, PlayerRecord, WinResult
from majiang.variants.nanchang.settle import clear_caches, settle
from majiang.variants.spec import VariantSpec

__all__ = [
    "DECOMPOSITION_TAGS",
    "TALLIED",
    "VARIANT",
    "DrawResult",
    "HandRecord",
    "Meld",
    "NanchangOptions",
    "NanchangVariant",
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

VARIANT = VariantSpec(
    name="nanchang",
    settle=settle,
    play=NanchangVariant,
    describe=describe,
    highlights=highlights,
    tallied=TALLIED,
    analysis_notes=analysis_notes,
    decomposition_tags=DECOMPOSITION_TAGS,
    options=NanchangOptions,
    record=HandRecord,
)
"""Nanchang, whole: the one registration :mod:`majiang.variants.registry` serves."""
