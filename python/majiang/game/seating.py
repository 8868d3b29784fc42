"""Turn order at a table of 2, 3 or 4 seats (``TableRules.seats``), made once per size.

Example:
    >>> after(4)[1], after(2)[1], every_from(3)[2]
    ((2, 3, 0), (0,), (2, 0, 1))
"""

from __future__ import annotations

from functools import cache

__all__ = ["after", "every_from"]


@cache
def after(seats: int) -> tuple[tuple[int, ...], ...]:
    """``after(n)[s]``: the other seats in turn order after ``s`` (the first is 下家; at two
    seats the opponent, who is 上家 as well)."""
    return tuple(tuple((s + i) % seats for i in range(1, seats)) for s in range(seats))


@cache
def every_from(seats: int) -> tuple[tuple[int, ...], ...]:
    """``every_from(n)[s]``: every seat in turn order from ``s``."""
    return tuple(tuple((s + i) % seats for i in range(seats)) for s in range(seats))
