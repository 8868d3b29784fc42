"""Walls for deals built from named hands (the engine tests of each variant)."""

from __future__ import annotations

from collections import Counter

import majiang
from majiang.tiles import KINDS


def full_wall(hands: tuple[str, ...], head: str, kinds: int = 34) -> list[str]:
    """The wall after ``hands`` are dealt: ``head`` first (the tiles drawn next, in order),
    then every other tile of the set's first ``kinds`` kinds (34: with honours, 27: the
    108-tile set), four of each in all; AssertionError on a fifth copy."""
    used = Counter(t for h in (*hands, head) for t in majiang.parse_tiles(h))
    assert all(n <= 4 for n in used.values()), used
    rest = [KINDS[k] for k in range(kinds) for _ in range(4 - used[KINDS[k]])]
    return majiang.parse_tiles(head) + rest
