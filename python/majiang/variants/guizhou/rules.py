"""The Guizhou 捉鸡 table (docs/rules/guizhou.md §1-§2): 108 tiles (three suits, no honours,
no flowers), no chow, pong and kong.

The core's ``nanjing`` shape preset is exactly the family's shapes: the regular hand and
seven pairs with a four as two pairs (龙七对). Tongren's 地龙 asks the same preset with the
pong's tiles joined to the hand.

Example:
    >>> len(TILES), SHAPES
    (108, 'nanjing')
"""

from __future__ import annotations

__all__ = ["SHAPES", "TILES", "WUGU", "YAOJI"]

SHAPES = "nanjing"
"""The core preset of the family's shapes (regular; seven pairs, a four as two pairs)."""
TILES: tuple[int, ...] = tuple(k for k in range(27) for _ in range(4))
"""The 108 tiles: four of each kind 1-9m, 1-9p, 1-9s."""
YAOJI = 18
"""幺鸡, 1条 (1s)."""
WUGU = 16
"""乌骨鸡, 8筒 (8p)."""
