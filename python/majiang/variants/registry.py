"""The one registry of rule variants: ``majiang.settle``, ``Game``, the command line and
replay all find a variant here by name.

Each built-in variant is a package ``majiang.variants.<name>`` exporting ``settle`` (a hand
record in, a :class:`~majiang.settlement.Settlement` out), ``PLAY`` (its
:class:`~majiang.variants.protocol.Variant` class for the engine) and how a settled hand is
called (``describe``, ``highlights``, ``TALLIED``: the command line's headlines and the
simulation's tallies); the package is imported on first use. :func:`register` adds another
variant (or replaces one) from outside the library.

Example:
    >>> lookup("nanchang").name, "pingxiang" in names()
    ('nanchang', True)
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from majiang.errors import RulesError, quoted
from majiang.variants.protocol import named_hands

if TYPE_CHECKING:
    from majiang.settlement import Settlement
    from majiang.variants.protocol import Variant

__all__ = ["DEFAULT", "Entry", "lookup", "names", "register"]

_BUILT_IN = ("nanchang", "pingxiang", "nanjing", "sichuan", "gb")
"""The registry lines: one per variant folder."""

DEFAULT = "nanchang"
"""The variant ``Game()``, ``simulate`` and the command line play when none is named."""


def _generic_describe(pattern: Mapping[str, Any]) -> str:
    return " ".join(named_hands(pattern)) or "a win"


Notes = Callable[[Sequence[int], Collection[str], Collection[str]], list[tuple[str, bool, str]]]
"""(counts, waits, wild kinds) of a waiting hand → (JSON key, value, line shown when true)."""


def _no_notes(
    counts: Sequence[int], waits: Collection[str], wilds: Collection[str]
) -> list[tuple[str, bool, str]]:
    return []


@dataclass(frozen=True)
class Entry:
    """A registered variant: its ``name``, its ``settle`` function, its engine ``play``
    class (None: it can be settled but not played), and how a won hand's settlement pattern
    is called: ``describe`` (a headline), ``highlights`` (the patterns a simulation tallies)
    and ``tallied`` (those listed even when never seen); what ``majiang analyze`` says of a
    waiting hand in the variant's words (``analysis_notes``) and of a decomposition's flags
    (``decomposition_tags``).

    Example:
        >>> e = lookup("nanjing"); e.play().table.kept_back
        16
        >>> lookup("nanchang").describe({"shape": "平胡", "jing_diao": True})
        '平胡 精钓'
    """

    name: str
    settle: Callable[[Any], Settlement]
    play: Callable[[], Variant] | None = None
    describe: Callable[[Mapping[str, Any]], str] = _generic_describe
    highlights: Callable[[Mapping[str, Any]], list[str]] = named_hands
    tallied: tuple[str, ...] = ()
    analysis_notes: Notes = _no_notes
    decomposition_tags: Mapping[str, str] = field(default_factory=dict)


_ENTRIES: dict[str, Entry] = {}


def register(
    name: str,
    settle: Callable[[Any], Settlement],
    play: Callable[[], Variant] | None = None,
    **wording: Any,
) -> Entry:
    """Registers (or replaces) a variant under ``name`` (``wording``: the :class:`Entry`
    fields ``describe``, ``highlights``, ``tallied``, ``analysis_notes``,
    ``decomposition_tags``).

    Example:
        >>> from majiang.settlement import Settlement
        >>> e = register("demo", lambda record: Settlement.from_items([]))
        >>> import majiang; majiang.settle({"variant": "demo"}).deltas
        (0, 0, 0, 0)
        >>> _ = unregister("demo")
    """
    entry = Entry(name, settle, play, **wording)
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
        ['gb', 'nanchang', 'nanjing']
    """
    return sorted({*_BUILT_IN, *_ENTRIES})


def lookup(name: object) -> Entry:
    """The variant registered as ``name``; RulesError for anything else.

    Example:
        >>> lookup("gb-2006")
        Traceback (most recent call last):
        ...
        majiang.errors.RulesError: unknown variant 'gb-2006'; known: gb, nanchang, nanjing, ...
    """
    if isinstance(name, str):
        entry = _ENTRIES.get(name)
        if entry is not None:
            return entry
        if name in _BUILT_IN:
            module = importlib.import_module(f"majiang.variants.{name}")
            return register(
                name,
                module.settle,
                module.PLAY,
                describe=module.describe,
                highlights=module.highlights,
                tallied=module.TALLIED,
                analysis_notes=getattr(module, "analysis_notes", _no_notes),
                decomposition_tags=getattr(module, "DECOMPOSITION_TAGS", {}),
            )
    raise RulesError(f"unknown variant {quoted(name)}; known: {', '.join(names())}")
