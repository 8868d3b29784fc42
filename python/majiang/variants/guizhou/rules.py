"""The Guizhou 捉鸡 table (docs/rules/guizhou.md §1-§2): 108 tiles (three suits, no honours,
no flowers), no chow, pong and kong; several winners on one discard (一炮多响, §5); 过水
(a passed win blocks every win until the seat's next draw); Tongren's 报听 as an opening.

The core's ``nanjing`` shape preset is exactly the family's shapes: the regular hand and
seven pairs with a four as two pairs (龙七对). Tongren's 地龙 asks the same preset with the
pong's tiles joined to the hand.

Example:
    >>> len(TILES), SHAPES
    (108, 'nanjing')
    >>> TABLES["tongren"].openings, TABLES["guiyang"].chows
    (('baoting',), 'none')
"""

from __future__ import annotations

import dataclasses

from majiang.variants.protocol import TableRules

__all__ = ["BAOTING", "SHAPES", "TABLES", "TILES", "WUGU", "YAOJI"]

SHAPES = "nanjing"
"""The core preset of the family's shapes (regular; seven pairs, a four as two pairs)."""
TILES: tuple[int, ...] = tuple(k for k in range(27) for _ in range(4))
"""The 108 tiles: four of each kind 1-9m, 1-9p, 1-9s."""
YAOJI = 18
"""幺鸡, 1条 (1s)."""
WUGU = 16
"""乌骨鸡, 8筒 (8p)."""
BAOTING = "baoting"
"""Tongren's 报听 (天听) opening: the value is empty."""

_GUIYANG = TableRules(
    name="guiyang",
    shapes=SHAPES,
    tiles=TILES,
    laid_aside=frozenset(),
    chows="none",
    multiple_winners=True,
    passed_win="any_until_draw",
    dealer_first_kong=True,  # the seed sets no first-turn limit on a 闷豆
)
TABLES: dict[str, TableRules] = {
    "guiyang": _GUIYANG,
    "tongren": dataclasses.replace(_GUIYANG, name="tongren", openings=(BAOTING,)),
}
"""Each profile's table (过水 off: ``passed_win`` "none", the option ``guoshui``)."""
