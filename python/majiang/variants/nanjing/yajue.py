"""Which pungs make a winning tile 压绝 (its kind's last copy): the room options' sub-choices.

The Nanjing room lists (``docs/rules/nanjing.md`` §14) offer 压绝 on or off and, under it,
自己对的牌 (the winner's own pung), 别人对的牌 (another player's pung) and 自己出的牌 (a pung
of a tile the winner discarded); ``NanjingOptions.yajue*`` choose them.

Example:
    >>> from majiang.meld import Meld
    >>> from majiang.variants.nanjing.options import NanjingOptions
    >>> melds = [[Meld("peng", "555p", 2)], [], [Meld("peng", "777s", 0)], []]
    >>> yajue_kinds(melds, 0, NanjingOptions())
    [13, 24]
    >>> yajue_kinds(melds, 0, NanjingOptions(yajue_fed_pong=False))
    [13]
    >>> yajue_kinds(melds, 0, NanjingOptions(yajue=False))
    []
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from majiang.meld import Meld
from majiang.variants.nanjing.options import NanjingOptions

__all__ = ["yajue_kinds"]


def yajue_kinds(melds: Sequence[Iterable[Meld]], winner: int, options: NanjingOptions) -> list[int]:
    """The kinds of the pungs (``peng`` melds of every seat, in seat order) that count for
    ``winner``'s 压绝 under ``options``."""
    if not options.yajue:
        return []
    out = []
    for seat, seat_melds in enumerate(melds):
        for m in seat_melds:
            if m.kind != "peng":
                continue
            if seat == winner:
                counts = options.yajue_own_pong
            elif m.source == winner:
                counts = options.yajue_fed_pong
            else:
                counts = options.yajue_other_pong
            if counts:
                out.append(m.kinds[0])
    return out
