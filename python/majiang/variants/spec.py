"""What one rule variant is, as a single object: :class:`VariantSpec`.

Each built-in variant package defines exactly one, ``VARIANT`` in its ``__init__.py``: its name,
its engine plug-in (the :class:`~majiang.variants.protocol.Variant` class whose ``table`` and
hooks the engine reads), its options class, its typed hand record, its settlement, and how a
settled hand is called. :mod:`majiang.variants.registry` lists the packages and serves their
``VARIANT`` by name; a variant from outside the library is a ``VariantSpec`` given to
:func:`~majiang.variants.registry.register`.

This module imports neither the engine nor any variant.

Example:
    >>> from majiang.variants import nanjing
    >>> spec = nanjing.VARIANT
    >>> spec.name, spec.table.kept_back, spec.options.__name__, spec.record.__name__
    ('nanjing', 16, 'NanjingOptions', 'HandRecord')
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from majiang.variants.protocol import TableRules, Variant, named_hands

if TYPE_CHECKING:
    from majiang.settlement import Settlement

__all__ = ["Notes", "VariantSpec"]


def _generic_describe(pattern: Mapping[str, Any]) -> str:
    return " ".join(named_hands(pattern)) or "a win"


Notes = Callable[[Sequence[int], Collection[str], Collection[str]], list[tuple[str, bool, str]]]
"""(counts, waits, wild kinds) of a waiting hand → (JSON key, value, line shown when true)."""


def _no_notes(
    counts: Sequence[int], waits: Collection[str], wilds: Collection[str]
) -> list[tuple[str, bool, str]]:
    return []


@dataclass(frozen=True)
class VariantSpec:
    """A rule variant, whole: its ``name``; its ``settle`` function (a hand record in, a
    :class:`~majiang.settlement.Settlement` out); its engine ``play`` class (None: it can be
    settled but not played; its ``table`` is :attr:`table`); how a won hand's settlement
    pattern is called: ``describe`` (a headline), ``highlights`` (the patterns a simulation
    tallies) and ``tallied`` (those listed even when never seen); what ``majiang analyze`` says
    of a waiting hand in the variant's words (``analysis_notes``) and of a decomposition's flags
    (``decomposition_tags``); its ``options`` class (a frozen dataclass with ``from_dict``,
    each field documented: the options document and the room schema read it; None: no
    options) and its typed hand ``record`` class (``from_dict`` reads a record's JSON form).

    Example:
        >>> from majiang.variants.registry import lookup
        >>> lookup("nanchang").describe({"shape": "平胡", "jing_diao": True})
        '平胡 精钓'
        >>> lookup("gb").options().min_fan
        8
    """

    name: str
    settle: Callable[[Any], Settlement]
    play: Callable[[], Variant] | None = None
    describe: Callable[[Mapping[str, Any]], str] = _generic_describe
    highlights: Callable[[Mapping[str, Any]], list[str]] = named_hands
    tallied: tuple[str, ...] = ()
    analysis_notes: Notes = _no_notes
    decomposition_tags: Mapping[str, str] = field(default_factory=dict)
    options: type[Any] | None = None
    record: type[Any] | None = None

    @property
    def table(self) -> TableRules | None:
        """The table the engine plays (its plug-in's ``table``; None when it cannot be played).

        Example:
            >>> from majiang.variants.registry import lookup
            >>> lookup("sichuan").table.wins_to_end
            3
        """
        return None if self.play is None else self.play().table
