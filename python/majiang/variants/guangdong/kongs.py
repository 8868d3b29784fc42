"""Kong money (docs/rules/guangdong.md §5): 暗杠 2 points from each other seat, 补杠 (the
seed's 明杠) 1 from each, 直杠 3 (or 1) from its feeder, in points before the stake.

Example:
    >>> from majiang.meld import Meld
    >>> from majiang.variants.guangdong.options import GuangdongOptions
    >>> lines = kong_lines(1, Meld("an_gang", (4, 4, 4, 4)), GuangdongOptions())
    >>> [(payer, points) for payer, points, _, _ in lines]
    [(0, 2), (2, 2), (3, 2)]
"""

from __future__ import annotations

from majiang.meld import Meld
from majiang.tiles import SEATS
from majiang.variants.guangdong.options import GuangdongOptions

__all__ = ["KONG_REASONS", "kong_lines"]

KONG_REASONS = {"an_gang": "暗杠", "bu_gang": "明杠", "ming_gang": "直杠"}
"""The words players use: the seed calls a pong upgraded by a drawn tile 明杠 [001:213]."""


def kong_lines(seat: int, meld: Meld, options: GuangdongOptions) -> list[tuple[int, int, str, str]]:
    """What ``seat``'s kong ``meld`` earns: (payer, points, reason, detail) lines; none for a
    meld that is no kong.

    Example:
        >>> from majiang.meld import Meld
        >>> kong_lines(0, Meld("ming_gang", (5, 5, 5, 5), 2), GuangdongOptions())
        [(2, 3, '直杠', '6666m: 3 points from the feeder, seat 2')]
        >>> len(kong_lines(0, Meld("bu_gang", (5, 5, 5, 5), 2), GuangdongOptions()))
        3
    """
    tiles = meld.tiles
    others = [s for s in range(SEATS) if s != seat]
    if meld.kind == "an_gang":
        return [(o, 2, "暗杠", f"{tiles}: 2 points from each") for o in others]
    if meld.kind == "bu_gang":
        return [(o, 1, "明杠", f"{tiles}: 1 point from each (补杠)") for o in others]
    if meld.kind == "ming_gang" and meld.source is not None:
        n = options.zhi_gang
        unit = "point" if n == 1 else "points"
        return [
            (meld.source, n, "直杠", f"{tiles}: {n} {unit} from the feeder, seat {meld.source}")
        ]
    return []
