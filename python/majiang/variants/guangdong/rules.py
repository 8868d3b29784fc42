"""The Guangdong 推倒胡 table (docs/rules/guangdong.md §1): 136 tiles, no flowers, no chow,
one winner; wild tiles flipped only under 翻鬼 (the bound variant's table then flips).

Example:
    >>> TABLE.chows, TABLE.flips_wild, len(TABLE.tiles)
    ('none', False, 136)
"""

from __future__ import annotations

from dataclasses import replace

from majiang.variants.protocol import TableRules

__all__ = ["FLIPPING", "TABLE", "table_for"]

# [001:161] [001:213] 不吃牌; the dealer's first-turn 暗杠 is allowed (the seed bans nothing)
TABLE = TableRules(name="guangdong", shapes="standard", chows="none", dealer_first_kong=True)
FLIPPING = replace(TABLE, flips_wild=True)
"""The table of a 翻鬼 / 翻双鬼 room: an indicator is flipped at the deal."""


def table_for(flips: bool, robs_exposed: bool) -> TableRules:
    """The table of a room: flipping an indicator (翻鬼) or not, a 直杠 robbable (明杠可抢).

    Example:
        >>> table_for(False, False) is TABLE, table_for(True, True).rob_exposed_kongs
        (True, True)
    """
    table = FLIPPING if flips else TABLE
    return replace(table, rob_exposed_kongs=True) if robs_exposed else table
