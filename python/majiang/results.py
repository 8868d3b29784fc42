"""The shapes of the dicts the shape queries return (JSON-ready, typed).

:func:`majiang.decompositions` returns frozen :class:`majiang.Decomposition` values; their
``to_dict()`` is the :class:`DecompositionDict` here (what ``majiang analyze --json`` prints).
"""

from __future__ import annotations

from typing import Literal, TypedDict

__all__ = ["BlockDict", "BlockKind", "DecompositionDict", "DiscardOption", "ShapeName"]

ShapeName = Literal[
    "regular",
    "seven_pairs",
    "thirteen_orphans",
    "thirteen_rotten",
    "knitted",
    "all_258",
    "knitted_straight",
]
BlockKind = Literal["pair", "triplet", "sequence", "honor_sequence", "single"]


class DiscardOption(TypedDict):
    """One discard of a 14-3k hand, from :func:`majiang.discard_options`."""

    discard: str
    """The tile discarded (MPSZ)."""
    shanten: int
    """Shanten of the hand left."""
    effective: list[str]
    """Kinds whose draw lowers that shanten."""
    unseen: int
    """How many tiles of those kinds are neither in the hand nor visible."""


class BlockDict(TypedDict):
    """One block of a decomposition, from :meth:`majiang.Block.to_dict`."""

    kind: BlockKind
    tiles: list[str]
    """The tiles as read (what each wild tile stands for)."""
    sources: list[str]
    """The physical tiles."""
    wild: list[bool]
    """Which tiles are wild."""


class DecompositionDict(TypedDict):
    """One way a complete hand completes, from :meth:`majiang.Decomposition.to_dict`."""

    shape: ShapeName
    wilds_as_themselves: bool
    """No wild tile stands for another kind (Nanchang 德国 / 精还原)."""
    blocks: list[BlockDict]
