"""The two-player table (docs/rules/two_player.md §1-5): 136 tiles of which 71 are played
(the other 65 stay face down, never drawn), two seats, chows from the opponent, a tile
turned face up at the start (花牌), a private opening exchange (开始时换牌) and 报听 on any
turn.

Example:
    >>> TABLE.seats, TABLE.kept_back, len(TABLE.tiles) - TABLE.kept_back
    (2, 65, 71)
"""

from __future__ import annotations

from majiang.variants.protocol import TableRules

__all__ = ["EXCHANGES", "IN_PLAY", "READY", "READY_SECOND", "TABLE"]

IN_PLAY = 71
"""[001:149] 随机选出71张牌进行游戏: the tiles of a hand (the shuffled wall's first 71)."""
EXCHANGES = tuple(f"exchange{i}" for i in range(1, 15))
"""开始时换牌, one tile a round (the dealer holds 14): a seat that stops is not asked again."""
READY = "ready"
"""报听, declared with a discard on the seat's own turn (the engine's turn declarations)."""
READY_SECOND = "ready_second"
"""报听 declared after the other seat's: the order 海底捞月 goes by."""

TABLE = TableRules(
    name="two_player",
    shapes="standard",
    seats=2,  # [001:149] 庄家十四张, 闲家十三张: two players
    chows="suits",  # [001:149] 闲家有权力吃碰杠那张丢出的牌 (the opponent's discard)
    kept_back=136 - IN_PLAY,  # [001:149] 一旦71张牌全部使用完毕后, 即游戏结束
    flips_wild=True,  # [001:149] 花牌: a tile turned face up on the wall (wilds() is empty)
    openings=EXCHANGES,
    private_openings=frozenset(EXCHANGES),
    turn_declarations=(READY, READY_SECOND),  # [001:149] 任何情况下可以报听
)
