"""Hebei table rules from the seed (``docs/rules/hebei.md`` Dealer, seed line 155)."""

from __future__ import annotations

from majiang.tiles import SEATS

__all__ = ["next_dealer"]


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
