"""Rule variants: one folder each (``rules.py``, ``options.py``, ``hands.py``, ``record.py``,
``settle.py``, ``play.py``, and ``VARIANT`` in its ``__init__.py``: the one
:class:`~majiang.variants.spec.VariantSpec` that is the variant whole; a family of profiles,
Guizhou's, holds one per profile in ``VARIANTS``), one protocol
(:mod:`majiang.variants.protocol`) and one registry (:mod:`majiang.variants.registry`) that
``majiang.settle``, ``Game``, the command line and replay share.

Example:
    >>> v = get_variant("nanchang")
    >>> v.wilds(2)      # flip 3m: jing 3m and 4m
    (2, 3)
    >>> names()
    ['gb', 'guangdong', ...]
"""

from __future__ import annotations

from majiang.errors import RulesError
from majiang.variants.protocol import (
    FinishedHand,
    TableRules,
    Variant,
    WinQuery,
    chow_options,
    suit_chows,
)
from majiang.variants.registry import lookup, names, register
from majiang.variants.spec import VariantSpec

__all__ = [
    "FinishedHand",
    "TableRules",
    "Variant",
    "VariantSpec",
    "WinQuery",
    "chow_options",
    "get_variant",
    "lookup",
    "names",
    "register",
    "suit_chows",
]


def get_variant(name: object) -> Variant:
    """A fresh engine plug-in of the variant registered as ``name`` (not bound to options);
    RulesError for unknown names or variants that cannot be played.

    Example:
        >>> get_variant("pingxiang").table.chows
        'suits'
    """
    entry = lookup(name)
    if entry.play is None:
        raise RulesError(f"variant {entry.name!r} can be settled but not played")
    return entry.play()
