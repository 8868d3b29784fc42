"""What a settled GB hand is called: its 番 and their total.

Example:
    >>> describe({"hands": ["清龙", "不求人"], "fan": 20})
    '清龙 不求人 (20 番)'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from majiang.variants.protocol import named_hands

__all__ = ["TALLIED", "describe", "highlights"]

TALLIED: tuple[str, ...] = ()
"""No 番 is listed at zero: a simulation lists the 番 it saw."""


def highlights(pattern: Mapping[str, Any]) -> list[str]:
    """The 番 a simulation tallies: every 番 of the win but the 1-番 ones and 花牌.

    Example:
        >>> highlights({"fans": [["清龙", 16, 1], ["自摸", 1, 1], ["花牌", 1, 2]]})
        ['清龙']
    """
    return [str(f[0]) for f in pattern.get("fans") or () if int(f[1]) > 1]


def describe(pattern: Mapping[str, Any]) -> str:
    """A won hand in words: its 番 and the total.

    Example:
        >>> describe({"hands": [], "fan": 0})
        'a win (0 番)'
    """
    named = " ".join(named_hands(pattern)) or "a win"
    return f"{named} ({pattern.get('fan')} 番)"
