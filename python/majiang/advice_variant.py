"""A variant's win check for the discard advice (``majiang.advice(..., variant=...)``): the
core's shapes find the hands that complete; the variant's :meth:`Variant.may_win` then says
whether each may win (Sichuan's 缺一门, GB's 8-番 minimum, ...). The advice's model is
self-drawn wins with no table state: the query is a self-draw by ``seat``, no declarations,
no wall (docs/advice.md, "Variant win checks").

Example:
    >>> check = variant_check("sichuan", None, (), 0, ())
    >>> from majiang.tiles import to_counts
    >>> check(to_counts("123m456m789p123s5s"), 22), check(to_counts("123m456m789m123p5p"), 13)
    (False, True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from majiang.errors import RulesError
from majiang.meld import Meld
from majiang.variants import get_variant
from majiang.variants.protocol import Variant, WinQuery

__all__ = ["variant_check", "variant_of"]


def variant_of(name: object, options: Mapping[str, Any] | None) -> Variant:
    """The engine plug-in of ``name`` bound to ``options`` (a RulesError names a bad name or
    a variant that cannot be played; the variant checks its options)."""
    if options is not None and not isinstance(options, Mapping):
        raise RulesError(
            f"options: expected a mapping of option names, got {type(options).__name__}"
        )
    return get_variant(name).bind(dict(options or {}))


def variant_check(
    name: object,
    options: Mapping[str, Any] | None,
    melds: Sequence[Meld],
    seat: int,
    wilds: tuple[int, ...],
) -> Callable[[Sequence[int], int], bool]:
    """``check(concealed, tile)``: whether ``name``'s rules let the seat win by drawing ``tile``
    onto ``concealed`` (13 - 3 x melds counts) beside ``melds``."""
    variant = variant_of(name, options)
    melds = tuple(melds)

    def check(concealed: Sequence[int], tile: int) -> bool:
        query = WinQuery(seat, tile, None, list(concealed), melds, wilds=wilds)
        return bool(variant.may_win(query))

    return check
