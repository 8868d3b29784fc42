"""What a settled Guizhou hand is called: its hand(s), how it was won, the flipped 鸡.

Example:
    >>> describe({"hands": ["清大对"], "flip": "9s", "jin_ji": True})
    '清大对 翻 9s 金鸡'
    >>> describe({"hands": ["平胡"], "repao": "an_gang"})
    '平胡 热炮'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from majiang.variants.protocol import named_hands

__all__ = ["TALLIED", "describe", "highlights"]

TALLIED: tuple[str, ...] = ("热炮", "抢杠", "杠上胡", "金鸡")
"""The patterns a simulation lists even when never seen."""


def highlights(pattern: Mapping[str, Any]) -> list[str]:
    """The patterns a simulation tallies: the named hands, 热炮, 抢杠, 杠上胡 and 金鸡.

    Example:
        >>> highlights({"hands": ["平胡", "七对"], "qiang_gang": True, "jin_ji": True})
        ['平胡', '七对', '抢杠', '金鸡']
    """
    out = named_hands(pattern)
    if pattern.get("repao"):
        out.append("热炮")
    if pattern.get("qiang_gang"):
        out.append("抢杠")
    if pattern.get("gang_shang"):
        out.append("杠上胡")
    if pattern.get("jin_ji"):
        out.append("金鸡")
    if pattern.get("baoting") and pattern.get("result") == "win":
        out.append("报听")  # a hand with a 报听 seat (Tongren), won by it or 杀报
    return out


def describe(pattern: Mapping[str, Any]) -> str:
    """A won hand in words: the hands, then 热炮/抢杠/杠上胡, then the tile flipped for 鸡.

    Example:
        >>> describe({"hands": ["七对", "平胡"], "qiang_gang": True})
        '七对 平胡 抢杠'
    """
    words = named_hands(pattern) or ["胡"]
    for key, word in (("repao", "热炮"), ("qiang_gang", "抢杠"), ("gang_shang", "杠上胡")):
        if pattern.get(key):
            words.append(word)
    if pattern.get("flip"):
        words.append(f"翻 {pattern['flip']}")
    if pattern.get("jin_ji"):
        words.append("金鸡")
    return " ".join(words)
