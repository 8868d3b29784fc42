"""Rule variants behind one interface; the engine only talks to :class:`Variant`. One
module per variant; ``VARIANTS`` names them for :func:`get_variant`.

Example:
    >>> v = get_variant("nanchang")
    >>> v.jing_kinds(2)      # flip 3m: jing 3m and 4m
    (2, 3)
    >>> v.chow_options(27, majiang.tiles.to_counts("34z"))   # W+N take E
    [(27, 29, 30)]
"""

from __future__ import annotations

import majiang
from majiang.variants.nanchang.play import NanchangVariant
from majiang.variants.nanjing.play import NanjingVariant, penalties
from majiang.variants.pingxiang.play import PingxiangVariant
from majiang.variants.protocol import Variant, suit_chows

__all__ = [
    "VARIANTS",
    "NanchangVariant",
    "NanjingVariant",
    "PingxiangVariant",
    "Variant",
    "get_variant",
    "penalties",
    "suit_chows",
]

VARIANTS: dict[str, type[Variant]] = {
    "nanchang": NanchangVariant,
    "pingxiang": PingxiangVariant,
    "nanjing": NanjingVariant,
}


def get_variant(name: str) -> Variant:
    """A variant by name; RulesError for unknown names.

    Example:
        >>> get_variant("nanchang").name
        'nanchang'
    """
    if name not in VARIANTS:
        raise majiang.RulesError(f"unknown variant {name!r}; known: {sorted(VARIANTS)}")
    return VARIANTS[name]()
