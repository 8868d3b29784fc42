"""国标麻将 (GB, Chinese Official mahjong): settlement of hand records and the engine variant.

:func:`settle` takes a GB hand record (:class:`HandRecord` or its JSON form): 底分 8 plus the
番 (scored by :func:`majiang.gb.fan`) from each loser on a self-draw, 8 + 番 from the discarder
and 8 from the others on a discard; a win below 起和 (8 番 without flowers) is a 错和 and its
record a RecordError. The rules, their sources and every option are in ``docs/rules/gb.md``.

Example:
    >>> from majiang.variants import gb
    >>> gb.GbOptions().min_fan
    8
    >>> from majiang.tiles import to_counts
    >>> gb.score_win(to_counts("123m456p789s1234z"), (), 0, self_drawn=True)
    Traceback (most recent call last):
    ...
    majiang.errors.NotWinningError: ...
"""

from __future__ import annotations

from majiang.variants.gb.describe import TALLIED, describe, highlights
from majiang.variants.gb.hands import EXTRAS, HandScore, engine_waits, is_winning, score_win
from majiang.variants.gb.options import GbOptions
from majiang.variants.gb.play import GbVariant
from majiang.variants.gb.record import DrawResult, HandRecord, PlayerRecord, WinResult
from majiang.variants.gb.settle import settle
from majiang.variants.spec import VariantSpec

__all__ = [
    "EXTRAS",
    "TALLIED",
    "VARIANT",
    "DrawResult",
    "GbOptions",
    "GbVariant",
    "HandRecord",
    "HandScore",
    "PlayerRecord",
    "WinResult",
    "describe",
    "engine_waits",
    "highlights",
    "is_winning",
    "score_win",
    "settle",
]

VARIANT = VariantSpec(
    name="gb",
    settle=settle,
    play=GbVariant,
    describe=describe,
    highlights=highlights,
    tallied=TALLIED,
    options=GbOptions,
    record=HandRecord,
)
"""GB, whole: the one registration :mod:`majiang.variants.registry` serves."""
