"""``docs/options.md``, generated from the code: one table per variant of every option.

Each variant's ``options.py`` holds a frozen dataclass of options, each field with its
default, its type (the values: a ``Literal``'s choices, true/false, or a whole number) and a
docstring saying what it changes, and an ``OPTION_SOURCES`` dict naming where each comes from.
:func:`options_markdown` reads them all (the docstrings from the class's source), so the
document cannot drift from the code: ``tests/test_options_doc.py`` compares the committed file
with it, and ``python -m majiang.variants.options_doc docs/options.md`` rewrites it.

Example:
    >>> from majiang.variants.options_doc import option_rows
    >>> row = next(r for r in option_rows("nanchang") if r.name == "discard_payers")
    >>> row.default, row.values
    ('"all_three"', '"all_three", "discarder"')
    >>> row.source.startswith("all_three: [000] [002]")
    True
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import inspect
import itertools
import sys
import textwrap
import typing
from collections.abc import Mapping
from typing import Any, NamedTuple

from majiang.bounds import range_text
from majiang.errors import MajiangError

__all__ = ["VARIANT_OPTIONS", "OptionRow", "number_range", "option_rows", "options_markdown"]


def _variant_options() -> dict[str, str]:
    """Every registered variant with an options class ``majiang.variants.<name>.options``
    (a dataclass whose name ends in ``Options``, with ``from_dict``), and that class's name."""
    from majiang.variants import names

    out: dict[str, str] = {}
    for variant in names():
        try:
            module = importlib.import_module(f"majiang.variants.{variant}.options")
        except ImportError:
            continue
        for attr, value in vars(module).items():
            if (
                attr.endswith("Options")
                and isinstance(value, type)
                and dataclasses.is_dataclass(value)
                and hasattr(value, "from_dict")
                and value.__module__ == module.__name__
            ):
                out[variant] = attr
                break
    return out


VARIANT_OPTIONS: dict[str, str] = _variant_options()
"""The variants with an options class, and its name in ``majiang.variants.<name>.options``."""


class OptionRow(NamedTuple):
    """One option: its name, the values it takes, its default (as JSON), where it comes from
    and what it changes."""

    name: str
    values: str
    default: str
    source: str
    changes: str


def _json(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


def _docstrings(cls: type) -> dict[str, str]:
    """The attribute docstrings of a dataclass (the string right after each field)."""
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
        shown = [_json(v) for v in choices[name]]
    elif literals:
        shown = [_json(v) for lit in literals for v in typing.get_args(lit)]
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
    module = importlib.import_module(f"majiang.variants.{variant}.options")
    cls = getattr(module, VARIANT_OPTIONS[variant])
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
                _json(default),
                _source(sources, f.name),
                docs.get(f.name, ""),
            )
        )
    return rows


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def options_markdown() -> str:
    """The text of ``docs/options.md``.

    Example:
        >>> options_markdown().splitlines()[0]
        '# Room and rule options'
    """
    lines = [
        "# Room and rule options",
        "",
        "Generated by `python -m majiang.variants.options_doc docs/options.md` from each",
        "variant's `options.py` (the field's type, default and docstring, and the module's",
        "`OPTION_SOURCES`); `tests/test_options_doc.py` fails when this file and the code",
        'differ. Options go in a record\'s `"options"` object and in `Game(options=...)`; an',
        "unknown name or a value that does not fit is refused naming the option. Seed tags",
        "(`[000]` …) are those of the variant's rules document.",
        "",
        "Every whole number has a range (`majiang.bounds`), checked before anything is built:",
        "a stake (底分) or a cap at most 1000000, a point amount, a 番 value or a count at most",
        "1000, a match at most 1000 hands. No real table comes near them, and within them every",
        "amount a hand settles to stays an exact float and every match total a 64-bit integer.",
        'Hand records are bounded too (docs/reliability.md, "Bounds").',
    ]
    lines += _room_section()
    for variant in VARIANT_OPTIONS:
        lines += [
            "",
            f"## {variant}",
            "",
            f"Rules, sources and conflicts: [rules/{variant}.md](rules/{variant}.md).",
            "",
            "| option | values | default | source | what it changes |",
            "| --- | --- | --- | --- | --- |",
        ]
        for r in option_rows(variant):
            cells = (f"`{r.name}`", r.values, f"`{r.default}`", r.source, r.changes)
            lines.append("| " + " | ".join(_cell(c) for c in cells) + " |")
    return "\n".join(lines) + "\n"


def _room_section() -> list[str]:
    """The ``majiang.RoomConfig`` fields and, per variant, the options its common fields set."""
    from majiang.room import ROOM_KEYS, RoomConfig

    props = RoomConfig.json_schema()["properties"]
    lines = [
        "",
        "## Room configuration (`majiang.RoomConfig`)",
        "",
        "A room gives a match's variant, options, length, stake, caps and seats at once, checked",
        "when it is built: `RoomConfig.from_dict(...)` / `from_json(...)`, then `Game(room)`,",
        "`simulate(hands, config=room)`, `majiang simulate --config room.json` or `majiang",
        "play --config room.json` (its `human` seat is yours).",
        "`RoomConfig.json_schema()` is its JSON Schema.",
        "",
        "| field | values | default | what it is |",
        "| --- | --- | --- | --- |",
    ]
    for key in ROOM_KEYS:
        prop = props[key]
        if "enum" in prop:
            values = ", ".join(_json(v) for v in prop["enum"])
        elif prop.get("type") == "integer":
            values = range_text(prop["minimum"], prop["maximum"]).removeprefix("a ")
        elif prop.get("type") == "array":
            values = "four of " + ", ".join(_json(v) for v in prop["items"]["enum"])
        else:
            values = "object: the variant's options (below)"
        default = _json(getattr(RoomConfig(), key))
        if key == "bots":
            default = '["efficiency", …]'
        elif key == "options":
            default = "{}"
        what = prop.get("description", "the variant")
        lines.append(f"| `{key}` | {_cell(values)} | `{default}` | {_cell(what)} |")
    lines += ["", "The common fields are these options of each variant:", ""]
    for variant in VARIANT_OPTIONS:
        module = importlib.import_module(f"majiang.variants.{variant}.options")
        fields = getattr(module, "ROOM_FIELDS", {})
        shown = ", ".join(f"`{k}` → `{v}`" for k, v in fields.items()) or "none"
        lines.append(f"- {variant}: {shown}")
    return lines


def main(argv: list[str]) -> None:
    """Writes the document to the path given (or prints it).

    Example:
        >>> import io, contextlib
        >>> with contextlib.redirect_stdout(io.StringIO()) as out:
        ...     main([])
        >>> out.getvalue().startswith("# Room and rule options")
        True
    """
    text = options_markdown()
    if argv:
        with open(argv[0], "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main(sys.argv[1:])
