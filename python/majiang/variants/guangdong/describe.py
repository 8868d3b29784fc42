"""What a settled Guangdong hand is called: its hand (推倒胡 when flat), how it was won and
the horses that hit.

Example:
    >>> describe({"hands": ["清一色"], "multiplier": 4, "hits": 2, "gang_kai": True})
    '清一色 x4 杠爆 中马 2'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from majiang.variants.protocol import named_hands

__all__ = ["TALLIED", "describe", "highlights"]

TALLIED: tuple[str, ...] = ("抢杠", "杠爆", "中马")
"""The patterns a simulation lists even when never seen."""


def highlights(pattern: Mapping[str, Any]) -> list[str]:
    """The patterns a simulation tallies: the named hands, 抢杠, 杠爆 and a horse hit.

    Example:
        >>> highlights({"hands": ["七小对"], "qiang_gang": True, "hits": 1})
        ['七小对', '抢杠', '中马']
    """
    out = named_hands(pattern)
    if pattern.get("qiang_gang"):
        out.append("抢杠")
    if pattern.get("gang_kai"):
        out.append("杠爆")
    if pattern.get("hits"):
        out.append("中马")
    return out


def describe(pattern: Mapping[str, Any]) -> str:
    """A won hand in words.

    Example:
        >>> describe({"hands": [], "multiplier": 1, "hits": 0, "qiang_gang": True})
        '推倒胡 抢杠'
    """
    named = " ".join(named_hands(pattern)) or "推倒胡"
    times = pattern.get("multiplier", 1)
    if isinstance(times, int) and times > 1:
        named += f" x{times}"
    if pattern.get("qiang_gang"):
        named += " 抢杠"
    if pattern.get("gang_kai"):
        named += " 杠爆"
    if pattern.get("hits"):
        named += f" 中马 {pattern['hits']}"
    return named
