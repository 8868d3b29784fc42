"""What a settled Nanjing hand is called: its hands and flowers (花).

Example:
    >>> describe({"hands": ["门清"], "flowers": 50})
    '门清 (50 花)'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from majiang.variants.protocol import named_hands

__all__ = ["TALLIED", "describe", "highlights"]

TALLIED: tuple[str, ...] = ()
"""No pattern is listed at zero: a simulation lists the hands it saw."""
highlights = named_hands


def describe(pattern: Mapping[str, Any]) -> str:
    """A won hand in words: its hands (平胡 when none), 抢杠, and its flowers.

    Example:
        >>> describe({"hands": [], "flowers": 24, "qiang_gang": True})
        '平胡 抢杠 (24 花)'
    """
    named = " ".join(named_hands(pattern)) or "平胡"
    if pattern.get("qiang_gang"):
        named += " 抢杠"
    return f"{named} ({pattern.get('flowers')} 花)"
