"""Hebei table rules from the seed (``docs/rules/hebei.md`` Table, Dealer; seed 151-157).

Example:
    >>> TABLE.chows, len(TABLE.tiles), TABLE.turn_declarations
    ('none', 136, ('ready',))
"""

from __future__ import annotations

from majiang.tiles import SEATS
from majiang.variants.protocol import TableRules

__all__ = ["TABLE", "next_dealer"]

# [001:153] 136 tiles, no flowers; [001:155] 不能吃牌; the seed bans no first-turn 暗杠;
# [001:157] 听 is declared on a turn (with its discard) and adds no 番.
TABLE = TableRules(
    name="hebei",
    shapes="standard",
    chows="none",
    dealer_first_kong=True,
    turn_declarations=("ready",),
)


def next_dealer(dealer: int, winner: int | None) -> int:
    """The next hand's dealer: the dealer stays on his win and on 荒庄 (``winner`` None);
    when a non-dealer wins, the dealer's next seat deals, not the winner.

    Example:
        >>> next_dealer(0, 0), next_dealer(0, None), next_dealer(0, 2), next_dealer(3, 1)
        (0, 0, 1, 0)
    """
    if winner is None or winner == dealer:
        return dealer
    return (dealer + 1) % SEATS
