"""Attributes of a package imported on first use (PEP 562), so that importing the package
does not import every module it names.

Example:
    >>> getattr_, dir_ = lazy_attributes("json", {"loads": ("json", "loads")}, {})
    >>> getattr_("loads")('[1]')
    [1]
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["lazy_attributes"]


def lazy_attributes(
    package: str, table: Mapping[str, tuple[str, str | None]], namespace: dict[str, Any]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """A module ``__getattr__`` and ``__dir__`` for ``package``: ``table`` maps an attribute
    to (module, attribute in it, or None for the module itself); a value once imported is
    stored in ``namespace`` (the package's globals), so it is looked up only once."""

    def getattr_(name: str) -> Any:
        try:
            module, attribute = table[name]
        except KeyError:
            raise AttributeError(f"module {package!r} has no attribute {name!r}") from None
        value: Any = importlib.import_module(module)
        if attribute is not None:
            value = getattr(value, attribute)
        namespace[name] = value
        return value

    def dir_() -> list[str]:
        return sorted(set(namespace) | set(table))

    return getattr_, dir_
