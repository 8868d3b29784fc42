"""The GB table (docs/rules/gb.md, "The engine"): 144 tiles with the 8 flowers laid aside and
replaced from the tail (补花), chows by the 下家 of suit tiles only, one winner per discard
(the nearest after the discarder), no 弃先胡后 (the sources name none). With the option
``flowers`` off, :data:`NO_FLOWERS` (136 tiles).

Example:
    >>> len(TABLE.tiles), TABLE.chows, TABLE.multiple_winners
    (144, 'suits', False)
"""

from __future__ import annotations

import dataclasses

from majiang.variants.protocol import TableRules, standard_tiles

__all__ = ["NO_FLOWERS", "TABLE"]

TABLE = TableRules(
    name="gb",
    shapes="gb",  # every GB shape: regular, seven pairs, 十三幺, 全不靠, 组合龙 (bots, hints)
    tiles=standard_tiles(flowers=8),
    laid_aside=frozenset(range(34, 42)),
    chows="suits",
    passed_win="none",
    last_discard_wins_only=True,  # "荒牌每盘抓完第144张牌, 打出后仍无人和牌" [001]
    dealer_first_kong=True,  # [001] and [MCR] name no first-turn ban on 暗杠
)
NO_FLOWERS = dataclasses.replace(TABLE, tiles=standard_tiles())
