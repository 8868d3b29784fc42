"""Guizhou 捉鸡 mahjong, the Guiyang (贵阳) and Tongren (铜仁) profiles: 108 tiles, no chow,
豆 (kongs) and 鸡. The rules and every option are in ``docs/rules/guizhou.md``.

Example:
    >>> from majiang.variants import guizhou
    >>> guizhou.PROFILES["tongren"].baoting
    True
"""

from __future__ import annotations

from majiang.variants.guizhou.hands import SCALES, HandValue, best_ready_value, classify
from majiang.variants.guizhou.options import PROFILES, GuizhouOptions

__all__ = ["PROFILES", "SCALES", "GuizhouOptions", "HandValue", "best_ready_value", "classify"]
