"""The Nanchang table (docs/rules/nanchang.md): 136 tiles, no flowers; 正精 and 副精 from an
indicator flipped at the deal (and a lower one for 下翻); the 下家 chows suits, any three
different winds and 中发白; one winner per discard, the nearest after the discarder (拦胡).

Example:
    >>> TABLE.flips_wild, TABLE.chows, len(TABLE.tiles)
    (True, 'honors', 136)
"""

from __future__ import annotations

from majiang.variants.protocol import TableRules

__all__ = ["TABLE"]

TABLE = TableRules(
    name="nanchang",
    shapes="nanchang",
    chows="honors",
    flips_wild=True,
    streak_label="爬楼 floor",  # every payment x the floor ([000] 爬楼)
    passed_win="any_until_draw_or_meld",  # 弃先胡后 [002]; option passed_win: [000]'s reading
    last_discard_wins_only=True,  # "每盘抓完海底的牌, 打出后仍无人胡牌则为荒牌" [000]
    dealer_first_kong=False,  # "庄家起手不能开暗杠" [000]
)
