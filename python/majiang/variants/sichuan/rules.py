"""The Sichuan table (docs/rules/sichuan.md §1-§3): 108 tiles (three suits, no honors, no
flowers), no chow, pong and kong; several winners per discard (一炮多响); the hand goes on
until three seats have won (血战); 定缺 declared after the deal (换三张 before it, as an
option).

The core's ``nanjing`` shape preset is exactly Sichuan's shapes: the regular hand and seven
pairs with a four of a kind as two pairs (龙七对); no thirteen orphans or knitted hands
(impossible without honors anyway). No core knob is needed.

Example:
    >>> len(TABLE.tiles), TABLE.chows, TABLE.wins_to_end, TABLE.openings
    (108, 'none', 3, ('void',))
"""

from __future__ import annotations

from majiang.variants.protocol import TableRules

__all__ = ["EXCHANGE", "SHAPES", "TABLE", "TILES", "VOID"]

SHAPES = "nanjing"
"""The core preset of Sichuan's shapes (regular; seven pairs, four as two)."""
VOID = "void"
"""The 定缺 opening: the value is the suit letter (m, p or s)."""
EXCHANGE = "exchange"
"""The 换三张 opening: the value is the three tiles given (one suit)."""
TILES: tuple[int, ...] = tuple(k for k in range(27) for _ in range(4))
"""The 108 tiles: four of each suit kind 1-9m, 1-9p, 1-9s."""

TABLE = TableRules(
    name="sichuan",
    shapes=SHAPES,
    tiles=TILES,
    laid_aside=frozenset(),
    chows="none",
    multiple_winners=True,
    passed_win="any_until_draw",
    dealer_first_kong=True,  # 下雨 sets no first-turn limit [001]
    openings=(VOID,),
    private_openings=frozenset({EXCHANGE}),
    wins_to_end=3,
)
