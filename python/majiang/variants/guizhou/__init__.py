"""Guizhou 捉鸡 mahjong, one family in two profiles: Guiyang 贵阳 and Tongren 铜仁 (108 tiles,
no chow; 豆, 热炮, 查叫, 鸡; Tongren's 报听/杀报 and 地龙).

:func:`classify` values a winning hand; :func:`settle` takes a hand record (:class:`HandRecord`
or its JSON form, ``variant`` ``guiyang`` or ``tongren``) and returns a
:class:`~majiang.settlement.Settlement`. ``VARIANTS`` holds both profiles whole, each its own
registered variant (:data:`majiang.variants.registry.PACKAGES` points both names here). The
rules and every option are in ``docs/rules/guizhou.md``.

Example:
    >>> from majiang.variants import guizhou
    >>> sorted(guizhou.VARIANTS), guizhou.VARIANTS["tongren"].options().baoting
    (['guiyang', 'tongren'], True)
    >>> guizhou.settle(guizhou.EXAMPLE).deltas
    (200, 40, -120, -120)
"""

from __future__ import annotations

from majiang.variants.guizhou.describe import TALLIED, describe, highlights
from majiang.variants.guizhou.hands import HandValue, best_ready_value, classify, winning_kinds
from majiang.variants.guizhou.options import GuizhouOptions, TongrenOptions
from majiang.variants.guizhou.play import GuiyangVariant, GuizhouVariant, TongrenVariant
from majiang.variants.guizhou.record import EXAMPLE, HandRecord
from majiang.variants.guizhou.settle import ji_values, next_dealer, settle
from majiang.variants.spec import VariantSpec

__all__ = [
    "EXAMPLE",
    "TALLIED",
    "VARIANTS",
    "GuiyangVariant",
    "GuizhouOptions",
    "GuizhouVariant",
    "HandRecord",
    "HandValue",
    "TongrenOptions",
    "TongrenVariant",
    "best_ready_value",
    "classify",
    "describe",
    "highlights",
    "ji_values",
    "next_dealer",
    "settle",
    "winning_kinds",
]

VARIANTS: dict[str, VariantSpec] = {
    name: VariantSpec(
        name=name,
        settle=settle,
        play=play,
        describe=describe,
        highlights=highlights,
        tallied=TALLIED,
        options=options,
        record=HandRecord,
    )
    for name, play, options in (
        ("guiyang", GuiyangVariant, GuizhouOptions),
        ("tongren", TongrenVariant, TongrenOptions),
    )
}
"""Both profiles, whole: the registrations :mod:`majiang.variants.registry` serves."""
