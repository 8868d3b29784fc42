"""Who may claim a discard, from counts alone, in one core call: for the three seats after
the discarder, which wait on the tile, hold two or three of it, or (the next seat) can chow
it. The variant's further rules (passed wins and pongs, the wall's last tile, restrictions)
stay the engine's; this is the shape part of the per-discard scan.

Example:
    >>> from majiang.tiles import to_counts
    >>> hands = [to_counts(h) for h in ("", "46m", "55m", "555m")]
    >>> scan = claim_scan(hands, 4, 0, "suits", [0, 0, 0, wait_mask([4])])  # 5m
    >>> scan
    ClaimSeats(win=8, pong=12, kong=8, chow=2)
    >>> claimants(scan, 0)
    [1, 2, 3]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from majiang import _core

__all__ = ["ClaimSeats", "claim_scan", "claimants", "wait_mask"]


class ClaimSeats(NamedTuple):
    """The seats that may claim a discard, each field a bit mask (bit ``s``: seat ``s``)."""

    win: int
    pong: int
    kong: int
    chow: int


def wait_mask(kinds: Iterable[int]) -> int:
    """The bit mask of winning kinds (bit k: kind k) that :func:`claim_scan` takes.

    Example:
        >>> wait_mask([0, 2]), wait_mask(())
        (5, 0)
    """
    mask = 0
    for k in kinds:
        mask |= 1 << k
    return mask


def claim_scan(
    hands: Sequence[Sequence[int]],
    tile: int,
    discarder: int,
    chows: str,
    waits: Sequence[int],
    out: int = 0,
) -> ClaimSeats:
    """The claims on ``tile`` (a kind 0-33) discarded by ``discarder``: ``hands`` the four
    seats' 34 counts, ``chows`` the table's chow rule ("none", "suits", "honors"), ``waits``
    each seat's :func:`wait_mask`, ``out`` the seats that have left play (a bit mask). Bad
    input raises :class:`majiang.InvalidHandError` (or ArgumentTypeError, RulesError)
    naming it.

    Example:
        >>> claim_scan([[0] * 34] * 4, 40, 0, "suits", [0] * 4)
        Traceback (most recent call last):
        ...
        majiang.errors.InvalidHandError: tile must be 0 to 33, got 40
    """
    return ClaimSeats(*_core.claim_scan(hands, tile, discarder, chows, waits, out))


def claimants(scan: ClaimSeats, discarder: int) -> list[int]:
    """The seats with any claim in ``scan``, in turn order after ``discarder``.

    Example:
        >>> claimants(ClaimSeats(win=1, pong=4, kong=0, chow=0), 1)
        [2, 0]
    """
    seats = scan.win | scan.pong | scan.kong | scan.chow
    after = ((discarder + 1) % 4, (discarder + 2) % 4, (discarder + 3) % 4)
    return [s for s in after if seats >> s & 1]
