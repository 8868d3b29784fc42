"""The one registry of rule variants: ``majiang.settle``, ``Game``, the command line, the
options document and the room schema all find a variant here by name.

A variant is one :class:`~majiang.variants.spec.VariantSpec` (its table and hooks, options
class, record class, settlement and wording). Each built-in variant lives in a package
``majiang.variants.<package>`` whose ``__init__.py`` defines it as ``VARIANT`` (the package
named as the variant) or, for a family of profiles sharing one package, as ``VARIANTS`` (name
-> spec; :data:`PACKAGES` names the package of each such profile); :data:`BUILT_IN` lists the
names, each package imported on its first lookup (the variants' engine plug-ins use the
game's actions, and the game looks variants up here). :func:`register` adds another variant
(or replaces one) from outside the library.

Example:
    >>> lookup("nanchang").name, "pingxiang" in names()
    ('nanchang', True)
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from majiang.errors import ArgumentTypeError, RulesError, quoted
from majiang.variants.spec import VariantSpec

if TYPE_CHECKING:
    from majiang.settlement import Settlement
    from majiang.variants.protocol import Variant

__all__ = [
    "BUILT_IN",
    "DEFAULT",
    "PACKAGES",
    "Entry",
    "VariantSpec",
    "lookup",
    "names",
    "package_of",
    "register",
]

BUILT_IN = (
    "nanchang", "pingxiang", "nanjing", "sichuan", "gb", "guangdong", "hebei", "guiyang",
    "tongren", "two_player",
)  # fmt: skip
"""The built-in variants: ``majiang.variants.<name>`` defines each as ``VARIANT`` (or the
package :data:`PACKAGES` names, as one of its ``VARIANTS``). Adding a variant folder means
adding its name here (and its profiles' package there), and nothing else."""

PACKAGES: dict[str, str] = {"guiyang": "guizhou", "tongren": "guizhou"}
"""The built-in variants whose package is not named after them: the profiles of one family
(Guizhou 捉鸡's Guiyang and Tongren), each one of the package's ``VARIANTS``."""

DEFAULT = "nanchang"
"""The variant ``Game()``, ``simulate`` and the command line play when none is named."""

Entry = VariantSpec
"""The former name of a registered variant (:class:`~majiang.variants.spec.VariantSpec`)."""

_ENTRIES: dict[str, VariantSpec] = {}


def register(
    variant: str | VariantSpec,
    settle: Callable[[Any], Settlement] | None = None,
    play: Callable[[], Variant] | None = None,
    **fields: Any,
) -> VariantSpec:
    """Registers (or replaces) a variant: a :class:`VariantSpec`, or its name, ``settle``,
    ``play`` and any other of its fields (``describe``, ``highlights``, ``tallied``,
    ``analysis_notes``, ``decomposition_tags``, ``options``, ``record``) by keyword.

    Example:
        >>> from majiang.settlement import Settlement
        >>> e = register("demo", lambda record: Settlement.from_items([]))
        >>> import majiang; majiang.settle({"variant": "demo"}).deltas
        (0, 0, 0, 0)
        >>> register(VariantSpec("demo", e.settle, tallied=("x",))).tallied
        ('x',)
        >>> _ = unregister("demo")
    """
    if isinstance(variant, VariantSpec):
        if settle is not None or play is not None or fields:
            raise ArgumentTypeError("register: a VariantSpec comes alone, without other fields")
        spec = variant
    elif settle is None:
        raise ArgumentTypeError(f"register: variant {quoted(variant)} needs a settle function")
    else:
        spec = VariantSpec(variant, settle, play, **fields)
    _ENTRIES[spec.name] = spec
    return spec


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
        >>> names()[:2]
        ['gb', 'guangdong']
    """
    return sorted({*BUILT_IN, *_ENTRIES})


def package_of(name: str) -> str:
    """The package ``majiang.variants.<package>`` that holds the built-in variant ``name``.

    Example:
        >>> package_of("tongren"), package_of("gb")
        ('guizhou', 'gb')
    """
    return PACKAGES.get(name, name)


def lookup(name: object) -> VariantSpec:
    """The variant registered as ``name``; RulesError for anything else.

    Example:
        >>> lookup("gb-2006")
        Traceback (most recent call last):
        ...
        majiang.errors.RulesError: unknown variant 'gb-2006'; known: gb, guangdong, ...
    """
    if isinstance(name, str):
        spec = _ENTRIES.get(name)
        if spec is not None:
            return spec
        if name in BUILT_IN:
            module = importlib.import_module(f"majiang.variants.{package_of(name)}")
            family = getattr(module, "VARIANTS", None)
            return register(family[name] if family is not None else module.VARIANT)
    raise RulesError(f"unknown variant {quoted(name)}; known: {', '.join(names())}")
