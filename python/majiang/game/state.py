"""The state of one hand in play (kind indices 0-33 throughout).

Example:
    >>> from majiang.game.state import mpsz
    >>> mpsz([1, 1, 1] + [0] * 24 + [2] + [0] * 6)
    '123m11z'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from majiang.game.actions import Action
from majiang.game.wall import Wall

__all__ = ["HandState", "MeldState", "mpsz"]

SUITS = "mpsz"


def mpsz(counts: Sequence[int]) -> str:
    """MPSZ text of 34 counts, suits in order.

    Example:
        >>> mpsz([0] * 33 + [3])
        '777z'
    """
    out: list[str] = []
    for s in range(4):
        digits = "".join(str(n + 1) * counts[s * 9 + n] for n in range(9 if s < 3 else 7))
        if digits:
            out.append(digits + SUITS[s])
    return "".join(out)


def kinds_text(kinds: Iterable[int]) -> str:
    """MPSZ text of a list of kinds (sorted).

    Example:
        >>> kinds_text([2, 0, 1])
        '123m'
    """
    counts = [0] * 34
    for k in kinds:
        counts[k] += 1
    return mpsz(counts)


@dataclass
class MeldState:
    """A declared meld: record kind (chi, peng, ming_gang, an_gang, bu_gang), kinds, source."""

    kind: str
    tiles: list[int]
    source: int | None

    def to_dict(self) -> dict[str, Any]:
        """Record form.

        Example:
            >>> MeldState("peng", [0, 0, 0], 2).to_dict()
            {'kind': 'peng', 'tiles': '111m', 'from': 2}
        """
        return {"kind": self.kind, "tiles": kinds_text(self.tiles), "from": self.source}


@dataclass
class HandState:
    """Everything about the hand in play. ``phase`` is ``turn`` (``turn`` seat acts after a
    draw or claim), ``claim`` (seats answer a discard), ``rob`` (seats may rob an added kong)
    or ``over``."""

    dealer: int
    streak: int
    wall: Wall
    indicator: int
    lower: int
    jing: tuple[int, ...]
    hands: list[list[int]]
    dealt: list[list[int]]
    melds: list[list[MeldState]] = field(default_factory=lambda: [[], [], [], []])
    ponds: list[list[int]] = field(default_factory=lambda: [[], [], [], []])
    turn: int = 0
    phase: str = "turn"
    drawn: int | None = None
    after_kong: bool = False
    discards_made: int = 0
    interrupted: bool = False
    first_discards: list[tuple[int, int]] = field(default_factory=list)
    last_discard: int | None = None
    discarder: int | None = None
    rob_tile: int | None = None
    claimants: list[int] = field(default_factory=list)
    responses: dict[int, Action] = field(default_factory=dict)
    options: dict[int, list[Action]] = field(default_factory=dict)
    furiten: set[int] = field(default_factory=set)
    turns: int = 0
