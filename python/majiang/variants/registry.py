"""The one registry of rule variants: ``majiang.settle``, ``Game``, the command line and
replay all find a variant here by name.

Each built-in variant is a package ``majiang.variants.<name>`` exporting ``settle`` (a hand
record in, a :class:`~majiang.settlement.Settlement` out) and ``PLAY`` (its
:class:`~majiang.variants.protocol.Variant` class for the engine); the package is imported on
first use. :func:`register` adds another variant (or replaces one) from outside the library.

Example:
    >>> lookup("nanchang").name, "pingxiang" in names()
    ('nanchang', True)
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from majiang.errors import RulesError

if TYPE_CHECKING:
    from majiang.settlement import Settlement
    from majiang.variants.protocol import Variant

__all__ = ["Entry", "lookup", "names", "register"]

_BUILT_IN = ("nanchang", "pingxiang", "nanjing")
"""The registry lines: one per variant folder."""


@dataclass(frozen=True)
class Entry:
    """A registered variant: its ``name``, its ``settle`` function and its engine ``play``
    class (None: it can be settled but not played).

    Example:
        >>> e = lookup("nanjing"); e.play().table.kept_back
        16
    """

    name: str
    settle: Callable[[Any], Settlement]
    play: Callable[[], Variant] | None = None


_ENTRIES: dict[str, Entry] = {}


def register(
    name: str,
    settle: Callable[[Any], Settlement],
    play: Callable[[], Variant] | None = None,
) -> Entry:
    """Registers (or replaces) a variant under ``name``.

    Example:
        >>> from majiang.settlement import Settlement
        >>> e = register("demo", lambda record: Settlement.from_items([]))
        >>> import majiang; majiang.settle({"variant": "demo"}).deltas
        (0, 0, 0, 0)
        >>> _ = unregister("demo")
    """
    entry = Entry(name, settle, play)
    _ENTRIES[name] = entry
    return entry


def unregister(name: str) -> Entry | None:
    """Removes a variant registered with :func:`register` (a built-in one comes back on its
    next lookup).

    Example:
        >>> unregister("no such variant") is None
        True
    """
    return _ENTRIES.pop(name, None)


def names() -> list[str]:
    """Every variant name known, sorted.

    Example:
        >>> names()[:3]
        ['nanchang', 'nanjing', 'pingxiang']
    """
    return sorted({*_BUILT_IN, *_ENTRIES})


def lookup(name: object) -> Entry:
    """The variant registered as ``name``; RulesError for anything else.

    Example:
        >>> lookup("gb-2006")
        Traceback (most recent call last):
        ...
        majiang.errors.RulesError: unknown variant 'gb-2006'; known: nanchang, nanjing, pingxiang
    """
    if isinstance(name, str):
        entry = _ENTRIES.get(name)
        if entry is not None:
            return entry
        if name in _BUILT_IN:
            module = importlib.import_module(f"majiang.variants.{name}")
            return register(name, module.settle, module.PLAY)
    shown = repr(name) if len(repr(name)) <= 60 else repr(name)[:57] + "..."
    raise RulesError(f"unknown variant {shown}; known: {', '.join(names())}")
