"""The Pingxiang table (docs/rules/pingxiang.md §1-§2): 136 tiles, no flowers and no wild
tiles; the 下家 chows suits only; one winner per discard.

Example:
    >>> TABLE.flips_wild, TABLE.chows
    (False, 'suits')
"""

from __future__ import annotations

from majiang.variants.protocol import TableRules

__all__ = ["TABLE"]

# [001] is silent on the dealer's first-turn 暗杠: the library keeps the ban (pingxiang.md §11)
TABLE = TableRules(name="pingxiang", shapes="pingxiang", chows="suits", dealer_first_kong=False)
