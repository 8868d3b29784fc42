"""The Nanjing table (docs/rules/nanjing.md §1-§2): 144 tiles; the 8 flowers and the 12
dragons are hard flowers (硬花), laid aside and replaced from the tail; no wild tiles and no
chow; the last 8 stacks (16 tiles) are never drawn; no 弃先碰后 (a passed pong blocks that
kind until the seat's next draw); concealed kongs are laid face up too. Several winners on
one discard is an option (N12), so it is set when the table is bound to a game's options.
After the deal (and the initial 补花) a seat whose hand is ready may declare 报听 (``ready``).

Example:
    >>> TABLE.kept_back, 31 in TABLE.laid_aside, 30 in TABLE.laid_aside, TABLE.chows
    (16, True, False, 'none')
"""

from __future__ import annotations

from majiang.variants.protocol import DRAGONS, TableRules, standard_tiles

__all__ = ["TABLE"]

TABLE = TableRules(
    name="nanjing",
    shapes="nanjing",
    tiles=standard_tiles(flowers=8),
    laid_aside=frozenset(range(34, 42)) | frozenset(DRAGONS),
    kept_back=16,
    chows="none",
    multiple_winners=True,
    pass_blocks_pong=True,
    concealed_kongs_shown=True,  # "暗杠也亮" [004 v2]
    kong_after_pong=True,  # "碰后可以立马杠" [004 v2]
    dealer_first_kong=False,  # [004] is silent: the library keeps the ban (docs/rules/nanjing.md)
    openings=("ready",),  # 报听 after the deal, for 地胡 [004]
)
