"""What a settled Pingxiang hand is called: its big hands and 番.

Example:
    >>> describe({"hands": ["清一色", "对对胡"], "fan": 8})
    '清一色 对对胡 (8 番)'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from majiang.variants.protocol import named_hands

__all__ = ["TALLIED", "describe", "highlights"]

TALLIED: tuple[str, ...] = ()
"""No pattern is listed at zero: a simulation lists the big hands it saw."""
highlights = named_hands


def describe(pattern: Mapping[str, Any]) -> str:
    """A won hand in words: its big hands (平胡 when none), 抢杠, and its 番.

    Example:
        >>> describe({"hands": [], "fan": 1, "qiang_gang": True})
        '平胡 抢杠 (1 番)'
    """
    named = " ".join(named_hands(pattern)) or "平胡"
    if pattern.get("qiang_gang"):
        named += " 抢杠"
    return f"{named} ({pattern.get('fan')} 番)"
