"""What a settled two-player hand is called: its 番 and how it was won.

Example:
    >>> describe({"hands": ["清一色", "报听"], "fan": 20, "paid": 13})
    '清一色 报听 20番 (封顶 13)'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from majiang.variants.protocol import named_hands

__all__ = ["TALLIED", "describe", "highlights"]

TALLIED: tuple[str, ...] = ("报听", "海底捞月", "抢杠胡", "封顶")
"""The patterns a simulation lists even when never seen."""


def highlights(pattern: Mapping[str, Any]) -> list[str]:
    """The patterns a simulation tallies: the 番 named and a win at the cap.

    Example:
        >>> highlights({"hands": ["报听"], "fan": 14, "paid": 13})
        ['报听', '封顶']
    """
    out = named_hands(pattern)
    fan, paid = pattern.get("fan"), pattern.get("paid")
    if isinstance(fan, int) and isinstance(paid, int) and fan > paid:
        out.append("封顶")
    return out


def describe(pattern: Mapping[str, Any]) -> str:
    """A won hand in words.

    Example:
        >>> describe({"hands": ["平胡"], "fan": 2, "paid": 2})
        '平胡 2番'
    """
    if "fan" not in pattern:
        return "流局"
    named = " ".join(named_hands(pattern)) or "无番和"
    fan, paid = pattern.get("fan"), pattern.get("paid")
    text = f"{named} {fan}番"
    if isinstance(fan, int) and isinstance(paid, int) and paid != fan:
        text += f" (封顶 {paid})" if paid < fan else f" (最少 {paid})"
    return text
