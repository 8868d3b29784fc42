"""Each variant's options, read from its options class: the rows the options document
(:mod:`majiang.variants.options_doc`) and the room schema (:class:`majiang.RoomConfig`) show.

A variant's options class is its :class:`~majiang.variants.spec.VariantSpec` ``options``: a
frozen dataclass whose fields each have a default, a type (the values: a ``Literal``'s
choices, true/false, or a whole number) and a docstring saying what it changes; its module
holds ``OPTION_SOURCES`` (where each comes from), ``_NUMBERS`` (each whole number's range),
``_CHOICES`` and ``ROOM_FIELDS``.

Example:
    >>> row = next(r for r in option_rows("nanchang") if r.name == "discard_payers")
    >>> row.default, row.values
    ('"all_three"', '"all_three", "discarder"')
    >>> row.source.startswith("all_three: [000] [002]")
    True
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import itertools
import sys
import textwrap
import typing
from collections.abc import Mapping
from types import ModuleType
from typing import Any, NamedTuple

from majiang.bounds import range_text
from majiang.errors import MajiangError, RulesError
from majiang.variants.registry import lookup, names

__all__ = [
    "OptionRow",
    "json_text",
    "number_range",
    "option_rows",
    "options_class",
    "options_module",
    "room_fields",
    "variant_options",
]


def variant_options() -> dict[str, type[Any]]:
    """Every registered variant with an options class, and that class.

    Example:
        >>> variant_options()["gb"].__name__
        'GbOptions'
    """
    out: dict[str, type[Any]] = {}
    for name in names():
        cls = lookup(name).options
        if cls is not None:
            out[name] = cls
    return out


def options_class(variant: str) -> type[Any]:
    """The options class of ``variant``; RulesError when it has none.

    Example:
        >>> options_class("pingxiang").__name__
        'PingxiangOptions'
    """
    cls = lookup(variant).options
    if cls is None:
        raise RulesError(f"variant {variant!r} has no options class")
    return cls


def options_module(variant: str) -> ModuleType:
    """The module that defines ``variant``'s options class (its tables of sources, ranges,
    choices and room fields).

    Example:
        >>> options_module("nanjing").__name__
        'majiang.variants.nanjing.options'
    """
    return sys.modules[options_class(variant).__module__]


def room_fields(variant: str) -> Mapping[str, str]:
    """The variant's options behind a room's ``stake``, ``hand_cap`` and ``match_cap`` (none
    for a variant without options).

    Example:
        >>> room_fields("nanchang")["stake"]
        'di_fen'
    """
    if lookup(variant).options is None:
        return {}
    fields: Mapping[str, str] = getattr(options_module(variant), "ROOM_FIELDS", {})
    return fields


class OptionRow(NamedTuple):
    """One option: its name, the values it takes, its default (as JSON), where it comes from
    and what it changes."""

    name: str
    values: str
    default: str
    source: str
    changes: str


def json_text(value: Any) -> str:
    """An option value as JSON text.

    Example:
        >>> json_text(None), json_text(True), json_text("x"), json_text(5)
        ('null', 'true', '"x"', '5')
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


def _docstrings(cls: type) -> dict[str, str]:
    """The attribute docstrings of a dataclass (the string right after each field), a base
    class's first, then those its subclass declares again (a profile's own defaults)."""
    out: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        if dataclasses.is_dataclass(klass):
            out.update(_own_docstrings(klass))
    return out


def _own_docstrings(cls: type) -> dict[str, str]:
    tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    body = tree.body[0].body if isinstance(tree.body[0], ast.ClassDef) else []
    out: dict[str, str] = {}
    for field, after in itertools.pairwise(body):
        if (
            isinstance(field, ast.AnnAssign)
            and isinstance(field.target, ast.Name)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            out[field.target.id] = " ".join(after.value.value.split())
    return out


def number_range(module: Any, name: str) -> tuple[int, int]:
    """The range of the whole-number option ``name`` of the options module ``module``: its
    ``_NUMBERS`` entry (every variant's options module lists each whole-number option there,
    with the bounds of :mod:`majiang.bounds`).

    Example:
        >>> import majiang.variants.nanchang.options as nanchang
        >>> number_range(nanchang, "di_fen"), number_range(nanchang, "de_bonus")
        ((1, 1000000), (0, 1000))
    """
    numbers: Mapping[str, tuple[int, int]] = getattr(module, "_NUMBERS", {})
    if name not in numbers:
        raise MajiangError(f"{module.__name__}: whole-number option {name} has no range")
    return numbers[name]


def _values(hint: Any, name: str, module: Any) -> str:
    choices: Mapping[str, tuple[Any, ...]] = getattr(module, "_CHOICES", {})
    args = typing.get_args(hint)
    literals = [a for a in args if typing.get_origin(a) is typing.Literal]
    if typing.get_origin(hint) is typing.Literal:
        literals = [hint]
    if name in choices:
        shown = [json_text(v) for v in choices[name]]
    elif literals:
        shown = [json_text(v) for lit in literals for v in typing.get_args(lit)]
    elif hint is bool or bool in args:
        shown = ["true", "false"]
    else:
        least, most = number_range(module, name)
        shown = [range_text(least, most).removeprefix("a ")]
    if type(None) in args:
        shown.append("null")
    return ", ".join(shown)


def _source(sources: Mapping[str, Any], name: str) -> str:
    entry = sources.get(name, "")
    if isinstance(entry, tuple):  # Nanchang: (the default and its seeds, the alternatives)
        return "; ".join(entry)
    return str(entry)


def option_rows(variant: str) -> list[OptionRow]:
    """Every option of ``variant``, in the order its class declares them.

    Example:
        >>> [r.name for r in option_rows("pingxiang")][:2]
        ['pinghu_self_draw_only', 'luanjiang_fan']
    """
    cls = options_class(variant)
    module = options_module(variant)
    hints = typing.get_type_hints(cls, vars(module))
    docs = _docstrings(cls)
    sources = getattr(module, "OPTION_SOURCES", {})
    rows = []
    for f in dataclasses.fields(cls):
        default = f.default
        rows.append(
            OptionRow(
                f.name,
                _values(hints[f.name], f.name, module),
                json_text(default),
                _source(sources, f.name),
                docs.get(f.name, ""),
            )
        )
    return rows
