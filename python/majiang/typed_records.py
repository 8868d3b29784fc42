"""Settling a hand the engine finished from its typed values: the variant builds its typed
record from the record dict's scalar fields and the engine's state (counts, melds, ponds as
they are), so no tile text is written and read back. The record dict the engine stores is
the same either way; a record from anywhere else is checked in full.

A built-in variant whose record module (in its package, ``registry.package_of``) has
``from_engine(record, state)`` (every built-in one) settles this way; any other variant, or
one registered anew under a built-in name, settles its record dict. (Nanjing's
``from_engine`` also remembers the typed record for the dict: the engine's 比下胡 question,
``next_dealer``, reads that dict right after.)

Example:
    >>> from majiang.game import Game, EfficiencyBot, play
    >>> g = play(Game("gb", seed=5), [EfficiencyBot() for _ in range(4)])
    >>> settle = engine_settle("gb")
    >>> settle(g.records[-1], g.state) == settle(g.records[-1])
    True
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from majiang.variants.registry import lookup, package_of

if TYPE_CHECKING:
    from majiang.settlement import Settlement

__all__ = ["EngineSettle", "engine_settle"]


@dataclass(frozen=True)
class EngineSettle:
    """A variant's settlement for the engine: ``settle`` (the registry's, a record in) and,
    when the variant has one, ``typed`` (the record dict and the engine's state in, the
    variant's typed record out).

    Example:
        >>> engine_settle("nanjing").typed.__module__
        'majiang.variants.nanjing.record'
    """

    settle: Callable[[Any], Settlement]
    typed: Callable[[Mapping[str, Any], Any], Any] | None = None

    def __call__(self, record: Mapping[str, Any], state: Any = None) -> Settlement:
        """The settlement of ``record``; with the engine's ``state`` of the hand that wrote
        it, from the typed record built from that state.

        Example:
            >>> engine_settle("pingxiang")({"dealer": 0, "players": []})
            Traceback (most recent call last):
            ...
            majiang.errors.RecordError: players: expected exactly four players, got 0
        """
        if state is None or self.typed is None:
            return self.settle(record)
        return self.settle(self.typed(record, state))


def engine_settle(name: str) -> EngineSettle:
    """The engine's settlement of the variant registered as ``name``.

    Example:
        >>> engine_settle("pingxiang").typed.__name__
        'from_engine'
    """
    entry = lookup(name)
    typed = None
    package = f"majiang.variants.{package_of(name)}"
    if getattr(entry.settle, "__module__", None) == f"{package}.settle":
        module = importlib.import_module(f"{package}.record")
        typed = getattr(module, "from_engine", None)
    return EngineSettle(entry.settle, typed)
