"""The variants the commands' help names, read from the registry (a variant registered from
outside the library is listed too; no list is written out here).

Example:
    >>> listed()
    'gb, guangdong, ...'
"""

from __future__ import annotations

from majiang.variants import names
from majiang.variants.registry import DEFAULT

__all__ = ["listed", "variant_help"]


def listed() -> str:
    """Every registered variant's name, sorted, comma-separated.

    Example:
        >>> "sichuan" in listed().split(", ")
        True
    """
    return ", ".join(names())


def variant_help(what: str) -> str:
    """The help of a ``--variant`` option: what it sets, the variants, the default.

    Example:
        >>> variant_help("the rules")
        'the rules: gb, guangdong, ... (default nanchang)'
    """
    *rest, last = names()
    either = f"{', '.join(rest)} or {last}" if rest else last
    return f"{what}: {either} (default {DEFAULT})"
